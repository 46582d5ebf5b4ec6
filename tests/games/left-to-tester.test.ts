// What the launch dialog says a test game leaves to the tester, from the engine's own reminders over the
// scenario's sequence: the work it does not do (a combat model it does not fight, steps by hand) apart from
// what it only reminds of (special rules, manual parts of models).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appRouter } from '@/server/router';
import { fixtureCopy } from '../authoring/tempCopy';

const root = fixtureCopy();
const caller = appRouter.createCaller({});

describe('games.leftToTester', () => {
  it('names a combat model the engine does not fight, with the steps its battles come in', async () => {
    fs.cpSync(path.join(import.meta.dirname, '..', 'fixtures', 'sketches', 'blitz'), path.join(root, 'blitz'), { recursive: true });
    const scenarioId = Object.keys((await caller.rulesets.get({ id: 'blitz' })).ruleset!.scenarios!)[0];
    const left = await caller.games.leftToTester({ rulesetId: 'blitz', scenarioId });
    expect(left.byHand).toContainEqual({
      text: 'combat model "factor-table" is not automated: adjudicate battles by hand',
      pointer: '/mechanics/combat/area',
      steps: ['C. Sea Area Combat', 'F. Land Area Combat'],
    });
    // Each once, however many steps it comes in.
    expect(new Set(left.byHand.map((e) => `${e.pointer} ${e.text}`)).size).toBe(left.byHand.length);
  });

  it('has nothing by hand for a ruleset the engine plays whole; reminders apart; the draft as sent', async () => {
    const left = await caller.games.leftToTester({ rulesetId: 'skirmish', scenarioId: 'campaign' });
    expect(left.byHand).toEqual([]);
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'skirmish', 'ruleset.json'), 'utf8'));
    manifest.mechanics.combat = Object.fromEntries(Object.entries(manifest.mechanics.combat).map(([id, c]) => [id, { ...(c as object), model: 'factor-table' }]));
    const drafted = await caller.games.leftToTester({ rulesetId: 'skirmish', scenarioId: 'campaign', documents: { 'ruleset.json': JSON.stringify(manifest) } });
    expect(drafted.byHand.map((e) => e.text)).toContainEqual(expect.stringContaining('combat model "factor-table" is not automated'));
    await expect(caller.games.leftToTester({ rulesetId: 'skirmish', scenarioId: 'nowhere' })).rejects.toMatchObject({ code: 'UNPROCESSABLE_CONTENT' });
  });
});
