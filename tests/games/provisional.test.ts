// A game of a draft whose designer filled values provisionally (a table's cells, a placement dropped on the
// scenario map) names them with their notes: the units placed provisionally, for the play map.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appRouter } from '@/server/router';
import { fixtureCopy } from '../authoring/tempCopy';

const root = fixtureCopy();
const caller = appRouter.createCaller({});
const read = (p: string) => JSON.parse(fs.readFileSync(path.join(root, 'skirmish', p), 'utf8'));

const CELL_NOTE = 'a guess to make the draft playable';
const PLACED_NOTE = 'moved by the designer from hex 0201';

/** Skirmish as a designer drafted it: the fire table's two gaps filled, and Red's armor placed on the scenario map. */
function drafted() {
  const tables = read('tables/combat.json');
  const provisional = { kind: 'provisional', rule: '4.1', note: CELL_NOTE };
  tables.tables.fire.cells['5']['6+'] = { value: 1, source: provisional };
  tables.tables.fire.cells['6']['6+'] = { value: 0, source: provisional };
  const setup = read('setup.json');
  setup.scenarios.campaign.placements[1] = { ...setup.scenarios.campaign.placements[1], location: { hex: '0102' }, source: { kind: 'provisional', rule: '8.1', note: PLACED_NOTE } };
  return { 'tables/combat.json': JSON.stringify(tables), 'setup.json': JSON.stringify(setup) };
}

describe('a game of provisional values the ruleset’s own documents hold', () => {
  it('lists the units placed provisionally, where they start and why', async () => {
    const { gameId } = await caller.games.create({ rulesetId: 'skirmish', documents: drafted(), seed: 1 });
    expect(await caller.games.provisionalPlacements({ gameId })).toEqual({ 'red-2-arm': { at: 'hex:0102', note: PLACED_NOTE } });
  });
});
