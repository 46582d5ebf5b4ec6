// What extends what is read as each ruleset's workbench reads it: a manifest's latest draft, else its file
// (without a byte-order mark). A variant drafted and not yet published keeps its base from being deleted,
// is listed among its base's variants, and has its errors counted in its base's header, its drafts included.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appRouter } from '@/server/router';
import { fixtureCopy } from './tempCopy';

const root = fixtureCopy();
const caller = appRouter.createCaller({});
const read = (p: string) => fs.readFileSync(path.join(root, p), 'utf8');
const ERRATUM = 'errata/second-printing.json';

/** Saves a draft of a document over its file (or over nothing, for a new one). */
const draft = (rulesetId: string, docPath: string, content: string) => caller.drafts.save({ rulesetId, path: docPath, baseRevision: 0, content });

describe('variants as drafted', () => {
  it('a ruleset whose drafted manifest extends another is its variant: listed, and its base not deleted', async () => {
    await caller.authoring.createRuleset({ id: 'solo', title: 'Solo', copyOf: 'skirmish' });
    expect(await caller.authoring.variants({ id: 'skirmish-errata' })).toEqual([]);
    const manifest = JSON.parse(read('solo/ruleset.json'));
    await draft('solo', 'ruleset.json', JSON.stringify({ ...manifest, title: 'Solo, drafted', extends: 'skirmish-errata' }, null, 2));

    expect(await caller.authoring.variants({ id: 'skirmish-errata' })).toEqual([{ id: 'solo', title: 'Solo, drafted', extends: 'skirmish-errata' }]);
    expect((await caller.authoring.variants({ id: 'skirmish' })).map((v) => [v.id, v.extends])).toEqual([
      ['skirmish-errata', 'skirmish'],
      ['solo', 'skirmish-errata'],
    ]);
    await expect(caller.authoring.deleteRuleset({ id: 'skirmish-errata' })).rejects.toMatchObject({ code: 'CONFLICT', message: 'skirmish-errata cannot be deleted: "solo" extends it. Delete that variant first' });
    expect(fs.existsSync(path.join(root, 'skirmish-errata', 'ruleset.json'))).toBe(true);

    // Its draft taken back to the file, which extends nothing: no longer a variant.
    await caller.drafts.discard({ rulesetId: 'solo', path: 'ruleset.json', baseRevision: 1 });
    expect(await caller.authoring.variants({ id: 'skirmish-errata' })).toEqual([]);
    await caller.authoring.deleteRuleset({ id: 'solo' });
  });

  it('a manifest file beginning with a byte-order mark still extends its base', async () => {
    await caller.authoring.createRuleset({ id: 'marked', title: 'Marked', copyOf: 'skirmish-errata' });
    fs.writeFileSync(path.join(root, 'marked', 'ruleset.json'), `\uFEFF${read('marked/ruleset.json')}`);
    expect((await caller.authoring.variants({ id: 'skirmish' })).map((v) => v.id)).toEqual(['marked', 'skirmish-errata']);
    await expect(caller.authoring.deleteRuleset({ id: 'skirmish' })).rejects.toMatchObject({ message: expect.stringContaining('"marked", "skirmish-errata" extend it') });
    await caller.authoring.deleteRuleset({ id: 'marked' });
  });

  it("the base's header counts the errors its unsaved texts give a variant as drafted", async () => {
    // The variant's erratum, drafted and not published, changes the fort, which the base's unsaved units take away.
    const erratum = JSON.parse(read(`skirmish-errata/${ERRATUM}`));
    erratum.operations.push({ op: 'replace', path: '/unitTypes/fort/movement', value: 1 });
    await draft('skirmish-errata', ERRATUM, JSON.stringify(erratum, null, 2));
    const units = JSON.parse(read('skirmish/units.json'));
    delete units.unitTypes.fort;
    const { counts } = await caller.authoring.check({ id: 'skirmish', documents: { 'units.json': JSON.stringify(units, null, 2) }, counts: true });
    expect(counts?.variants).toEqual([
      {
        id: 'skirmish-errata',
        title: 'Skirmish at the Fords, second printing',
        errors: 1,
        first: [expect.stringMatching(/^skirmish-errata\/errata\/second-printing\.json:\d+:\d+ \/operations\/2\/path: .*\/unitTypes\/fort\/movement/)],
        here: [],
        unread: [],
      },
    ]);
    // The published files alone: the variant's erratum does not touch the fort.
    await caller.drafts.discard({ rulesetId: 'skirmish-errata', path: ERRATUM, baseRevision: 1 });
    expect((await caller.authoring.check({ id: 'skirmish', documents: { 'units.json': JSON.stringify(units, null, 2) }, counts: true })).counts?.variants).toEqual([]);
  });

  it("an error a base's texts give only in a variant's resolution, in the base's own document, is counted on the base's header", async () => {
    // The variant's erratum takes the 3rd Infantry out; the base's new placement of it is then unknown there only.
    const erratum = JSON.parse(read(`skirmish-errata/${ERRATUM}`));
    erratum.operations.push({ op: 'remove', path: '/scenarios/campaign/reinforcements/0' }, { op: 'remove', path: '/roster/red-3-inf' });
    await caller.drafts.save({ rulesetId: 'skirmish-errata', path: ERRATUM, baseRevision: 2, content: JSON.stringify(erratum, null, 2) });
    const setup = JSON.parse(read('skirmish/setup.json'));
    setup.scenarios.campaign.placements.push({ power: 'redland', unit: 'red-3-inf', location: { place: 'red-city' }, source: { kind: 'rulebook', rule: '8.1' } });
    const texts = { 'setup.json': JSON.stringify(setup, null, 2) };

    const { diagnostics, counts } = await caller.authoring.check({ id: 'skirmish', documents: texts, counts: true });
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(counts?.variants).toEqual([
      { id: 'skirmish-errata', title: 'Skirmish at the Fords, second printing', errors: 1, first: [expect.stringMatching(/^skirmish\/setup\.json:\d+:\d+ \/scenarios\/campaign\/placements\/5\/unit: unknown unit "red-3-inf"/)], here: ['setup.json'], unread: [] },
    ]);
    await caller.drafts.discard({ rulesetId: 'skirmish-errata', path: ERRATUM, baseRevision: 3 });
  });
});
