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
    manifest.mechanics.combat = { land: { model: 'factor-table', table: 'fire', rounds: [{ id: 'fire', factor: 'attack' }] } };
    const drafted = await caller.games.leftToTester({ rulesetId: 'skirmish', scenarioId: 'campaign', documents: { 'ruleset.json': JSON.stringify(manifest) } });
    expect(drafted.blocking).toEqual([]);
    expect(drafted.byHand.map((e) => e.text)).toContainEqual(expect.stringContaining('combat model "factor-table" is not automated'));
    await expect(caller.games.leftToTester({ rulesetId: 'skirmish', scenarioId: 'nowhere' })).rejects.toMatchObject({ code: 'UNPROCESSABLE_CONTENT' });
  });

  it('names the patch sets a game applies, not one that fails (a patch set applies whole or not at all)', async () => {
    const scenarioId = Object.keys((await caller.rulesets.get({ id: 'skirmish-errata' })).ruleset!.scenarios!)[0];
    const named = (left: { errata: { title: string }[]; variantPatchSets: { title: string }[] }) => [...left.errata, ...left.variantPatchSets].map((e) => e.title);
    expect(named(await caller.games.leftToTester({ rulesetId: 'skirmish-errata', scenarioId }))).toEqual(['Second printing errata']);
    const errata = JSON.parse(fs.readFileSync(path.join(root, 'skirmish-errata', 'errata', 'second-printing.json'), 'utf8'));
    errata.operations[1].path = '/map/places/fjord/hex';
    const failing = await caller.games.leftToTester({ rulesetId: 'skirmish-errata', scenarioId, documents: { 'errata/second-printing.json': JSON.stringify(errata) } });
    expect(named(failing)).toEqual([]);
    expect(failing.blocking.map((d) => d.message)).toContainEqual(expect.stringContaining('so none of the operations of patch set "Second printing errata" is made'));
  });

  it('counts the gaps a game meets that only a person settles, which keep bots from playing', async () => {
    const plain = (await caller.games.leftToTester({ rulesetId: 'skirmish', scenarioId: 'campaign' })).botGaps;
    const units = JSON.parse(fs.readFileSync(path.join(root, 'skirmish', 'units.json'), 'utf8'));
    units.unitTypes.infantry.movement = { gap: 'not printed', rule: '3' };
    const gapped = await caller.games.leftToTester({ rulesetId: 'skirmish', scenarioId: 'campaign', documents: { 'units.json': JSON.stringify(units) } });
    expect(gapped.botGaps).toBe(plain + 1);
  });

  it('names the errors that would refuse the game instead, and lists nothing as left to the tester then', async () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'skirmish', 'ruleset.json'), 'utf8'));
    delete manifest.mechanics;
    const documents = { 'ruleset.json': JSON.stringify(manifest) };
    const left = await caller.games.leftToTester({ rulesetId: 'skirmish', scenarioId: 'campaign', documents });
    expect(left.errors).toBeGreaterThan(0);
    expect(left.blocking.map((d) => d.message)).toContainEqual(expect.stringContaining('procedure "movement" has no model'));
    expect(left.blocking[0]).toMatchObject({ document: 'skirmish/sequence.json', line: expect.any(Number) });
    // Not "adjudicate movement by hand": games.create refuses it.
    expect(left.byHand).toEqual([]);
    await expect(caller.games.create({ rulesetId: 'skirmish', scenarioId: 'campaign', documents })).rejects.toMatchObject({ message: expect.stringContaining('has no model') });
    // Without a scenario chosen (the ruleset has none yet), the errors still.
    expect((await caller.games.leftToTester({ rulesetId: 'skirmish', documents })).errors).toBe(left.errors);
    expect(await caller.games.leftToTester({ rulesetId: 'skirmish' })).toEqual({ errors: 0, blocking: [], byHand: [], reminded: [], botGaps: 0, errata: [], variantPatchSets: [] });
  });

  it('names the patch sets always applied: a variant\'s own, by the ruleset it changes, and the errata', async () => {
    expect(await caller.games.leftToTester({ rulesetId: 'skirmish-errata', scenarioId: 'campaign' })).toMatchObject({ errata: [], variantPatchSets: [{ path: 'skirmish-errata/errata/second-printing.json', title: 'Second printing errata', over: 'skirmish' }] });
  });
});
