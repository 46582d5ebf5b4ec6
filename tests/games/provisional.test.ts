// A game of a draft whose designer filled values provisionally (a table's cells, a placement dropped on the
// scenario map) names them with their notes: the banner's examples, the units placed provisionally for the play
// map, and the note of a cell a lookup read, found in the game's ruleset by the pointer the event cites.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { provisionalAt } from '@/engine/provenance';
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
  it('names them in its summary, each with its note, where no patch set wrote any', async () => {
    const { gameId } = await caller.games.create({ rulesetId: 'skirmish', documents: drafted(), seed: 1 });
    const { provisional } = await caller.games.state({ gameId });
    // The fixture's own two (a cost, a hex), and the designer's three.
    expect(provisional.count).toBe(5);
    expect(provisional.examples).toEqual(['/unitTypes/armor/cost/pp', '/tables/fire/cells/5/6+', '/tables/fire/cells/6/6+', '/map/hexes/0103', '/scenarios/campaign/placements/1']);
    expect(provisional.notes).toEqual({
      '/unitTypes/armor/cost/pp': 'chosen for testing',
      '/tables/fire/cells/5/6+': CELL_NOTE,
      '/tables/fire/cells/6/6+': CELL_NOTE,
      '/map/hexes/0103': 'edge of the printed map',
      '/scenarios/campaign/placements/1': PLACED_NOTE,
    });
  });

  it('names the documents’ own before a provisional fill’s, whose plain values have no note of their own', async () => {
    const { gameId } = await caller.games.create({ rulesetId: 'skirmish', optionalPatchSets: ['provisional-fill'], seed: 1 });
    const { provisional } = await caller.games.state({ gameId });
    expect(provisional.examples.slice(0, 2)).toEqual(['/unitTypes/armor/cost/pp', '/map/hexes/0103']);
    expect(provisional.examples.slice(2)).toEqual(expect.arrayContaining(['/tables/fire/cells/5/6+', '/unitTypes/armor/factors/defense']));
    expect(provisional.notes?.['/unitTypes/armor/factors/defense']).toBe('between infantry and armor attack');
    expect(provisional.notes?.['/tables/fire/cells/5/6+']).toBeUndefined();
  });

  it('gives a lookup of a cell the designer filled the note on it, by the pointer the lookup cites', async () => {
    const { gameId } = await caller.games.create({ rulesetId: 'skirmish', documents: drafted(), seed: 1 });
    const snapshot = await caller.games.ruleset({ gameId });
    expect(provisionalAt(snapshot, '/tables/fire/cells/5/6+')?.note).toBe(CELL_NOTE);
    // A cell the rulebook gives is not provisional; one a worked example gives neither.
    expect(provisionalAt(snapshot, '/tables/fire/cells/1/6+')).toBeUndefined();
    expect(provisionalAt(snapshot, '/tables/fire/cells/4/3-5')).toBeUndefined();
  });

  it('lists the units placed provisionally, where they start and why', async () => {
    const { gameId } = await caller.games.create({ rulesetId: 'skirmish', documents: drafted(), seed: 1 });
    expect(await caller.games.provisionalPlacements({ gameId })).toEqual({ 'red-2-arm': { at: 'hex:0102', note: PLACED_NOTE } });
  });
});
