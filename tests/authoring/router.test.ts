// The authoring router over the tRPC caller, on a copy of the fixture rulesets.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { skeletonText } from '@/engine/schema/skeletons';
import { DATE_PATTERN } from '@/engine/schema/date';
import { RULESET_ID_FORM, rulesetIdProblem } from '@/engine/schema/id';
import { schemaFindings } from '@/engine/schema/errors';
import { schemaErrors } from '@/engine/schema/validator';
import { draftStore } from '@/server/db';
import { appRouter } from '@/server/router';
import { publishDrafts } from './save-errata';
import { refusal } from '../server/failure';
import { fixtureCopy, listFiles } from './tempCopy';

const root = fixtureCopy();
const caller = appRouter.createCaller({});
const read = (p: string) => fs.readFileSync(path.join(root, p), 'utf8');
const drafted = async (rulesetId: string, p: string) => (await caller.drafts.get({ rulesetId, path: p }))!.content;
/** New files in a folder outside the project point at the project's schemas by URL, wherever they are written. */
const schemaRef = (_dir: string, kind: string) => pathToFileURL(path.join(fs.realpathSync(process.cwd()), 'schemas', `${kind}.schema.json`)).href;

describe('authoring.workspace', () => {
  it('lists the manifest and every document by kind, with the file text and the latest draft', async () => {
    const draft = read('skirmish/victory.json').replace('Blue victory', 'Blue wins');
    await caller.drafts.save({ rulesetId: 'skirmish', path: 'victory.json', baseRevision: 0, content: draft });
    const ws = await caller.authoring.workspace({ id: 'skirmish' });
    expect(ws.title).toBe('Skirmish at the Fords');
    expect(ws.documents.map((d) => [d.path, d.kind, d.optional ?? false])).toEqual([
      ['ruleset.json', 'manifest', false],
      ['units.json', 'units', false],
      ['tables/combat.json', 'tables', false],
      ['tables/terrain.json', 'tables', false],
      ['map.json', 'map', false],
      ['setup.json', 'setup', false],
      ['sequence.json', 'sequence', false],
      ['victory.json', 'victory', false],
      ['rules.json', 'rules', false],
      ['facts.json', 'facts', false],
      ['patches/provisional-fill.json', 'patchset', true],
    ]);
    const victory = ws.documents.find((d) => d.path === 'victory.json')!;
    expect(victory.file).toBe(read('skirmish/victory.json'));
    expect(victory.draft).toMatchObject({ revision: 1, content: draft });
  });

  it('lists a variant with its patch sets and the ruleset it extends', async () => {
    const ws = await caller.authoring.workspace({ id: 'skirmish-errata' });
    expect(ws.extends).toBe('skirmish');
    expect(ws.documents.map((d) => d.path)).toEqual(['ruleset.json', 'errata/second-printing.json']);
  });

  it('refuses bad and unknown ids', async () => {
    await expect(caller.authoring.workspace({ id: '../etc' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.authoring.workspace({ id: 'nope' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('authoring.check', () => {
  it('gives the diagnostics of unsaved texts, and the gap counts only when asked', async () => {
    const units = read('skirmish/units.json').replace('"type": "armor"', '"type": "tank"');
    const quick = await caller.authoring.check({ id: 'skirmish', documents: { 'units.json': units } });
    expect(quick.counts).toBeNull();
    expect(quick.diagnostics).toEqual([expect.objectContaining({ document: 'skirmish/units.json', code: 'dangling-ref', pointer: '/roster/red-2-arm/type' })]);
    const full = await caller.authoring.check({ id: 'skirmish', counts: true });
    expect(full).toEqual({ diagnostics: [], counts: { gap: 4, provisional: expect.any(Number), variants: [] } });
  });
});

describe('authoring.check of a base', () => {
  it('names each variant its unsaved texts give errors, with the first, along with the counts', async () => {
    // The errata of skirmish-errata replace the armor's movement: a draft of skirmish without it breaks them.
    const units = read('skirmish/units.json').replace('"movement": 5, "steps": 2', '"steps": 2');
    const broken = await caller.authoring.check({ id: 'skirmish', documents: { 'units.json': units }, counts: true });
    expect(broken.diagnostics.map((d) => d.code)).toEqual(['no-allowance']);
    expect(broken.counts!.variants).toEqual([
      { id: 'skirmish-errata', title: expect.any(String), errors: 1, first: [expect.stringMatching(/^skirmish-errata\/errata\/second-printing\.json:\d+:\d+ \/operations\/0\/path: .*\/unitTypes\/armor\/movement/)], here: [], unread: [] },
    ]);
    expect((await caller.authoring.check({ id: 'skirmish', counts: true })).counts!.variants).toEqual([]);
    // An error of the base's own is not the variant's.
    const typo = read('skirmish/units.json').replace('"type": "armor"', '"type": "tank"');
    const own = await caller.authoring.check({ id: 'skirmish', documents: { 'units.json': typo }, counts: true });
    expect(own.diagnostics).not.toEqual([]);
    expect(own.counts!.variants).toEqual([]);
  });

  it('counts no errors of a variant while a document cannot be read, naming that document instead', async () => {
    // A missing comma: without the units, the variant's errors would be that absence, dozens of them.
    const units = read('skirmish/units.json').replace(/("movement": 5), /, '$1 ');
    const broken = await caller.authoring.check({ id: 'skirmish', documents: { 'units.json': units }, counts: true });
    expect(broken.diagnostics.some((d) => d.unread === 'skirmish/units.json')).toBe(true);
    expect(broken.counts!.variants).toEqual([{ id: 'skirmish-errata', title: expect.any(String), errors: 0, first: [], here: [], unread: ['skirmish/units.json'] }]);
  });
});

describe('authoring.patchSets', () => {
  it('shows each patch set with the parts it touches before and after', async () => {
    const { sets, extends: base } = await caller.authoring.patchSets({ id: 'skirmish-errata' });
    expect(base).toBe('skirmish');
    expect(sets).toHaveLength(1);
    const [errata] = sets;
    expect(errata).toMatchObject({ title: 'Second printing errata', citation: expect.stringContaining('errata sheet'), optional: false });
    expect(errata.operations.map((o) => o.failure)).toEqual([null, null]);
    expect(JSON.parse(errata.before)['/unitTypes/armor'].movement).toBe(5);
    expect(JSON.parse(errata.after)['/unitTypes/armor'].movement).toBe(4);
    expect(JSON.parse(errata.after)['/map/places/ford'].hex).toBe('0302');
  });

  it("applies a variant's fixed sets as loading does, before its own documents, so an optional set finds what they add", async () => {
    // The variant's fixed set replaces the base's hexes; its own map document then adds a hex its optional set changes.
    const set = (title: string, operations: object[]) => JSON.stringify({ title, date: '2027-02', source: { kind: 'rulebook', rule: 'errata' }, citation: 'errata sheet', reason: 'regridded', operations });
    const manifest = JSON.parse(read('skirmish-errata/ruleset.json'));
    manifest.documents = { map: 'more-hexes.json' };
    manifest.patchSets = ['errata/regrid.json'];
    manifest.optionalPatchSets = { marsh: { path: 'errata/marsh.json', title: 'Marsh' } };
    const documents = {
      'ruleset.json': JSON.stringify(manifest),
      'more-hexes.json': JSON.stringify({ map: { hexes: { '0909': { terrain: 'clear', source: { kind: 'rulebook', rule: 'map' } } } } }),
      'errata/regrid.json': set('Regrid', [{ op: 'replace', path: '/map/hexes', value: { '0101': { terrain: 'clear', source: { kind: 'rulebook', rule: 'map' } } } }]),
      'errata/marsh.json': set('Marsh', [{ op: 'replace', path: '/map/hexes/0909/terrain', value: 'forest' }]),
    };
    expect((await caller.rulesets.validate({ id: 'skirmish-errata', documents })).diagnostics.filter((d) => d.code === 'patch-failed')).toEqual([]);
    const { sets } = await caller.authoring.patchSets({ id: 'skirmish-errata', documents });
    expect(sets.map((s) => s.operations.map((o) => o.failure))).toEqual([[null], [null]]);
    expect(Object.keys(JSON.parse(sets[0].after)['/map/hexes'])).toEqual(['0101']);
    expect(JSON.parse(sets[1].before)['/map/hexes/0909'].terrain).toBe('clear');
    expect(JSON.parse(sets[1].after)['/map/hexes/0909'].terrain).toBe('forest');
  });

  it('names why an operation was not made: the failure of its own, or of the whole set', async () => {
    const errata = JSON.parse(read('skirmish-errata/errata/second-printing.json'));
    errata.operations[1].path = '/map/places/no-such-place/hex';
    const failed = await caller.authoring.patchSets({ id: 'skirmish-errata', documents: { 'errata/second-printing.json': JSON.stringify(errata) } });
    expect(failed.sets[0].operations.map((o) => o.failure)).toEqual([null, expect.stringContaining('/map/places/no-such-place/hex')]);
    errata.operations.unshift({ op: 'test', path: '/unitTypes/armor/movement', value: 7 });
    const untested = await caller.authoring.patchSets({ id: 'skirmish-errata', documents: { 'errata/second-printing.json': JSON.stringify(errata) } });
    expect(untested.sets[0].operations.map((o) => o.failure)).toEqual(Array(3).fill(expect.stringContaining('is not applied')));
  });

  it('shows an optional patch set against the fully patched ruleset, with unsaved texts overlaid', async () => {
    const fill = JSON.parse(read('skirmish/patches/provisional-fill.json'));
    fill.operations[0].value = 9;
    const { sets } = await caller.authoring.patchSets({ id: 'skirmish', documents: { 'patches/provisional-fill.json': JSON.stringify(fill) } });
    expect(sets[0]).toMatchObject({ optional: true, name: 'provisional-fill' });
    expect(JSON.parse(sets[0].after)['/tables/fire'].cells['5']['6+']).toBe(9);
    expect(JSON.parse(sets[0].before)['/tables/fire'].cells['5']['6+']).toMatchObject({ gap: expect.any(String) });
  });
});

describe('authoring.saveAsErrata', () => {
  it('turns an edit of the resolved ruleset into a patch set that reproduces it', async () => {
    const { text, hash } = await caller.authoring.errataCopy({ id: 'skirmish-errata' });
    const edited = JSON.parse(text);
    edited.unitTypes.infantry.movement = 2;
    edited.map.places['red-city'].name = 'Red Capital';
    const result = await caller.authoring.saveAsErrata({
      id: 'skirmish-errata',
      baseHash: hash,
      edited: JSON.stringify(edited),
      title: 'Errata of 2027-06',
      date: '2027-06-01',
      citation: 'Errata sheet 2',
      reason: 'Infantry was too fast.',
      source: { kind: 'rulebook', rule: 'errata 2' },
    });
    expect(result).toMatchObject({ path: 'errata/errata-of-2027-06.json', operations: 2, manifest: { revision: 1 } });

    // Saved as drafts, as every other edit: nothing is written to the files until they are published.
    const patch = JSON.parse(await drafted('skirmish-errata', 'errata/errata-of-2027-06.json'));
    expect(patch).toMatchObject({ $schema: schemaRef('skirmish-errata/errata', 'patchset'), title: 'Errata of 2027-06', citation: 'Errata sheet 2', source: { kind: 'rulebook', rule: 'errata 2' } });
    expect(patch.operations).toContainEqual({ op: 'replace', path: '/unitTypes/infantry/movement', value: 2 });
    expect(JSON.parse(await drafted('skirmish-errata', 'ruleset.json')).patchSets).toEqual(['errata/second-printing.json', 'errata/errata-of-2027-06.json']);
    expect(fs.existsSync(path.join(root, 'skirmish-errata/errata/errata-of-2027-06.json'))).toBe(false);
    expect(JSON.parse(read('skirmish-errata/ruleset.json')).patchSets).toEqual(['errata/second-printing.json']);
    expect(result.manifest.text).toBe(await drafted('skirmish-errata', 'ruleset.json'));

    await publishDrafts(caller, 'skirmish-errata', ['ruleset.json', result.path]);
    expect(JSON.parse(read('skirmish-errata/errata/errata-of-2027-06.json'))).toEqual(patch);
    const after = await caller.rulesets.get({ id: 'skirmish-errata' });
    expect(after.diagnostics).toEqual([]);
    // Equal but for the manifest's list of patch sets, which now names the new one, and for what the loader
    // records of what patch sets wrote (left out of the copy a designer edits), which now has the new one's.
    const { patched, ...rest } = after.ruleset!;
    expect({ ...rest, patchSets: [] }).toEqual({ ...edited, patchSets: [] });
    expect(patched).toMatchObject({ '/unitTypes/infantry/movement': 'rulebook' });
    expect(edited).not.toHaveProperty('patched');
    // The same title again gets a file of its own.
    const again = await caller.authoring.errataCopy({ id: 'skirmish-errata' });
    const edited2 = JSON.parse(again.text);
    edited2.unitTypes.infantry.movement = 1;
    const second = await caller.authoring.saveAsErrata({ id: 'skirmish-errata', baseHash: again.hash, edited: JSON.stringify(edited2), title: 'Errata of 2027-06', reason: 'Slower.', source: { kind: 'provisional' } });
    expect(second.path).toBe('errata/errata-of-2027-06-2.json');
  });

  it("refuses a date not written as the patch set schema has it, naming the form, saving nothing", async () => {
    const { text, hash } = await caller.authoring.errataCopy({ id: 'skirmish' });
    const edited = JSON.parse(text);
    edited.unitTypes.infantry.movement = 2;
    const before = await caller.drafts.get({ rulesetId: 'skirmish', path: 'ruleset.json' });
    const save = (date: string) => caller.authoring.saveAsErrata({ id: 'skirmish', baseHash: hash, edited: JSON.stringify(edited), title: 'Dated', date, reason: 'Slower.', source: { kind: 'provisional' } });
    for (const date of ['yesterday', '21-09-06']) {
      await expect(save(date)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('a year, month or day, written 1995, 2018-05 or 2021-09-06') });
    }
    expect(await caller.drafts.get({ rulesetId: 'skirmish', path: 'ruleset.json' })).toEqual(before);
    // The form checks it before sending, in the same words and by the same pattern, which the schema validates a patch set's date by.
    expect(['1995', '2018-05', '2021-09-06', ' 2021-09-06 '].map((d) => DATE_PATTERN.test(d.trim()))).toEqual([true, true, true, true]);
    expect(schemaErrors('patchset', { title: 't', date: 'yesterday', reason: 'r', source: { kind: 'provisional' }, operations: [] }).map((e) => e.instancePath)).toEqual(['/date']);
  });

  it('refuses a date no calendar has, a title too long or only spaces, in the words the form says them in, saving nothing', async () => {
    const { text, hash } = await caller.authoring.errataCopy({ id: 'skirmish' });
    const edited = JSON.parse(text);
    edited.unitTypes.infantry.movement = 2;
    const before = await caller.drafts.get({ rulesetId: 'skirmish', path: 'ruleset.json' });
    const save = (fields: { title?: string; date?: string }) => refusal(caller.authoring.saveAsErrata({ id: 'skirmish', baseHash: hash, edited: JSON.stringify(edited), title: 'Dated', reason: 'Slower.', source: { kind: 'provisional' }, ...fields }));
    expect(await save({ date: '2021-02-30' })).toBe('date: 2021-02-30 is not a date: February 2021 has 28 days');
    expect(await save({ date: '0000' })).toBe('date: 0000 is not a date: the years run from 0001');
    expect(await save({ date: '2021-13' })).toBe('date: 2021-13 is not a date: the months run from 01 to 12');
    expect(await save({ title: 'x'.repeat(300) })).toBe('title: must be at most 200 characters long, not 300');
    expect(await save({ title: '   ' })).toBe('title: must not be empty');
    expect(await caller.drafts.get({ rulesetId: 'skirmish', path: 'ruleset.json' })).toEqual(before);
    // A patch set file written by hand: the schema's format refuses such a date, in the same words.
    const file = (date: string) => schemaFindings(schemaErrors('patchset', { title: 't', date, reason: 'r', source: { kind: 'provisional' }, operations: [] })).map((f) => `${f.pointer}: ${f.message}`);
    expect(file('2021-02-30')).toEqual(['/date: 2021-02-30 is not a date: February 2021 has 28 days']);
    expect(file('0000')).toEqual(['/date: 0000 is not a date: the years run from 0001']);
    expect(file('2024-02-29')).toEqual([]);
  });

  it("gives a value it changes that cited its source the erratum's source, unless the designer changed that source too", async () => {
    const { text, hash } = await caller.authoring.errataCopy({ id: 'skirmish-errata' });
    const edited = JSON.parse(text);
    edited.unitTypes.armor.cost.pp.value = 5;
    const result = await caller.authoring.saveAsErrata({ id: 'skirmish-errata', baseHash: hash, edited: JSON.stringify(edited), title: 'Dearer armor', reason: 'Armor costs 5.', source: { kind: 'rulebook', rule: 'errata 3' } });
    expect(result.operations).toBe(2);
    const patch = JSON.parse(await drafted('skirmish-errata', result.path));
    expect(patch.operations).toEqual([
      { op: 'replace', path: '/unitTypes/armor/cost/pp/value', value: 5 },
      { op: 'replace', path: '/unitTypes/armor/cost/pp/source', value: { kind: 'rulebook', rule: 'errata 3', note: 'Dearer armor: Armor costs 5.' } },
    ]);
    expect((await caller.rulesets.get({ id: 'skirmish-errata', drafts: true })).ruleset!.unitTypes!.armor.cost).toEqual({ pp: { value: 5, source: { kind: 'rulebook', rule: 'errata 3', note: 'Dearer armor: Armor costs 5.' } } });
  });

  it('also appends the patch set to a manifest draft, as a new revision', async () => {
    const manifest = read('skirmish/ruleset.json');
    await caller.drafts.save({ rulesetId: 'skirmish', path: 'ruleset.json', baseRevision: 0, content: manifest.replace('test fixture', 'draft edition') });
    const { text, hash } = await caller.authoring.errataCopy({ id: 'skirmish' });
    const edited = JSON.parse(text);
    edited.unitTypes.fort.movement = 1;
    const result = await caller.authoring.saveAsErrata({ id: 'skirmish', baseHash: hash, edited: JSON.stringify(edited), title: 'Forts move', reason: 'Test.', source: { kind: 'provisional' } });
    expect(result.manifest.revision).toBe(2);
    expect(JSON.parse(result.manifest.text)).toMatchObject({ edition: 'draft edition', patchSets: ['errata/forts-move.json'] });
    expect(JSON.parse(read('skirmish/ruleset.json'))).toMatchObject({ edition: 'test fixture' });
    expect(JSON.parse(read('skirmish/ruleset.json'))).not.toHaveProperty('patchSets');
  });

  it('saves from a workbench behind another\'s manifest save, whose text is an earlier draft, keeping that save', async () => {
    await caller.authoring.createRuleset({ id: 'behind', title: 'Behind', copyOf: 'skirmish' });
    const manifest = read('behind/ruleset.json');
    const firstText = JSON.stringify({ ...JSON.parse(manifest), edition: 'first edition' }, null, 2);
    const first = { content: firstText, ...(await caller.drafts.save({ rulesetId: 'behind', path: 'ruleset.json', baseRevision: 0, content: firstText })) };
    // This workbench took its copy at the first draft; another then saved a second.
    const { text, hash } = await caller.authoring.errataCopy({ id: 'behind', documents: { 'ruleset.json': first.content } });
    await caller.drafts.save({ rulesetId: 'behind', path: 'ruleset.json', baseRevision: first.revision, content: firstText.replace('first edition', 'second edition') });
    const edited = JSON.parse(text);
    edited.unitTypes.fort.movement = 7;
    const result = await caller.authoring.saveAsErrata({ id: 'behind', documents: { 'ruleset.json': first.content }, baseHash: hash, edited: JSON.stringify(edited), title: 'Forts move', reason: 'Test.', source: { kind: 'provisional' } });
    expect(JSON.parse(result.manifest.text)).toMatchObject({ edition: 'second edition', patchSets: expect.arrayContaining([result.path]) });
    // Changes of its own not saved are still refused, as they would be lost.
    const unsaved = first.content.replace('first edition', 'my edition');
    const copy = await caller.authoring.errataCopy({ id: 'behind', documents: { 'ruleset.json': unsaved } });
    const edited2 = { ...JSON.parse(copy.text), unitTypes: { ...JSON.parse(copy.text).unitTypes, fort: { ...JSON.parse(copy.text).unitTypes.fort, movement: 8 } } };
    await expect(caller.authoring.saveAsErrata({ id: 'behind', documents: { 'ruleset.json': unsaved }, baseHash: copy.hash, edited: JSON.stringify(edited2), title: 'Forts run', reason: 'Test.', source: { kind: 'provisional' } })).rejects.toMatchObject({ code: 'CONFLICT', message: 'ruleset.json has unsaved changes: save them first' });
  });

  it('changing a value only a draft holds leaves the published files valid: the erratum waits, as a draft, to be published with it', async () => {
    await caller.authoring.createRuleset({ id: 'marines', title: 'Marines', copyOf: 'skirmish' });
    // A draft gives the unit type a sourced movement the published file lacks; the erratum changes that value.
    const units = JSON.parse(read('marines/units.json'));
    const marine = { ...units.unitTypes.infantry, name: 'Marine', movement: { value: 1, source: { kind: 'provisional' } } };
    units.unitTypes.marine = marine;
    const unitsText = JSON.stringify(units, null, 2);
    await caller.drafts.save({ rulesetId: 'marines', path: 'units.json', baseRevision: 0, content: unitsText });
    const { text, hash } = await caller.authoring.errataCopy({ id: 'marines', documents: { 'units.json': unitsText } });
    const edited = JSON.parse(text);
    edited.unitTypes.marine.movement.value = 3;
    const before = listFiles(root);
    const result = await caller.authoring.saveAsErrata({ id: 'marines', documents: { 'units.json': unitsText }, baseHash: hash, edited: JSON.stringify(edited), title: 'Fast marines', reason: 'House rule.', source: { kind: 'provisional' } });
    expect(listFiles(root)).toEqual(before);
    expect((await caller.rulesets.get({ id: 'marines' })).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const asDrafted = await caller.rulesets.get({ id: 'marines', drafts: true });
    expect(asDrafted.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(asDrafted.ruleset!.unitTypes!.marine.movement).toMatchObject({ value: 3 });
    await publishDrafts(caller, 'marines', ['units.json', 'ruleset.json', result.path]);
    expect((await caller.rulesets.get({ id: 'marines' })).ruleset!.unitTypes!.marine.movement).toMatchObject({ value: 3 });
  });

  it('guards a change inside an array element that has an id with a test of that id: reordered, the patch fails loudly', async () => {
    await caller.authoring.createRuleset({ id: 'guarded', title: 'Guarded', copyOf: 'skirmish' });
    const { text, hash } = await caller.authoring.errataCopy({ id: 'guarded' });
    const edited = JSON.parse(text);
    edited.victory.levels[1].condition.of[1].places = ['blue-city'];
    edited.victory.levels[1].name = 'Red minor victory';
    const result = await caller.authoring.saveAsErrata({ id: 'guarded', baseHash: hash, edited: JSON.stringify(edited), title: 'Harder', reason: 'House rule.', source: { kind: 'provisional' } });
    const { operations } = JSON.parse(await drafted('guarded', result.path));
    // One test of the level's id, before the first change inside it; none for the condition's terms, which have no id.
    expect(operations).toEqual([
      { op: 'test', path: '/victory/levels/1/id', value: 'red-marginal' },
      { op: 'replace', path: '/victory/levels/1/name', value: 'Red minor victory' },
      { op: 'replace', path: '/victory/levels/1/condition/of/1/places/0', value: 'blue-city' },
    ]);
    const asDrafted = await caller.rulesets.get({ id: 'guarded', drafts: true });
    expect(asDrafted.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(asDrafted.ruleset!.victory!.levels[1]).toMatchObject({ id: 'red-marginal', name: 'Red minor victory' });

    // The last two levels swapped: the erratum's test of the level it changes fails, an error, and none of its
    // operations is made, where without it the Blue level's name would have changed silently.
    const victory = JSON.parse(read('guarded/victory.json'));
    const levels = victory.victory.levels;
    [levels[1], levels[2]] = [levels[2], levels[1]];
    await caller.drafts.save({ rulesetId: 'guarded', path: 'victory.json', baseRevision: 0, content: JSON.stringify(victory, null, 2) });
    const reordered = await caller.rulesets.get({ id: 'guarded', drafts: true });
    expect(reordered.diagnostics).toContainEqual(expect.objectContaining({ severity: 'error', code: 'patch-not-applied', message: expect.stringContaining('test /victory/levels/1/id failed') }));
    expect(reordered.ruleset!.victory!.levels.map((l) => l.name)).not.toContain('Red minor victory');
  });

  it('refuses stale copies, no change, structural edits, bad JSON and values the schema refuses, writing nothing', async () => {
    const before = listFiles(root);
    const manifestDraft = await caller.drafts.get({ rulesetId: 'skirmish-errata', path: 'ruleset.json' });
    const { text, hash } = await caller.authoring.errataCopy({ id: 'skirmish-errata' });
    const base = { id: 'skirmish-errata', title: 'T', reason: 'R', source: { kind: 'rulebook' as const } };
    await expect(caller.authoring.saveAsErrata({ ...base, baseHash: '0'.repeat(64), edited: text })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(caller.authoring.saveAsErrata({ ...base, baseHash: hash, edited: text })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('Nothing changed') });
    const structural = { ...JSON.parse(text), extends: 'other' };
    await expect(caller.authoring.saveAsErrata({ ...base, baseHash: hash, edited: JSON.stringify(structural) })).rejects.toMatchObject({ message: expect.stringContaining('/extends') });
    await expect(caller.authoring.saveAsErrata({ ...base, baseHash: hash, edited: '{\n  "a": 1\n  nope' })).rejects.toMatchObject({ message: expect.stringMatching(/not valid JSON: line 3, column 3: /) });
    // A value of the wrong type: named by line and path, never saved as an erratum no game could start with.
    const resolved = JSON.parse(text);
    const [unit] = Object.keys(resolved.unitTypes);
    resolved.unitTypes[unit].steps = 'two';
    const edited = JSON.stringify(resolved, null, 2);
    const line = edited.split('\n').findIndex((l) => l.includes('"two"')) + 1;
    await expect(caller.authoring.saveAsErrata({ ...base, baseHash: hash, edited })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(new RegExp(`^The edited ruleset does not match the schema: line ${line}, column \\d+ \\(/unitTypes/${unit}/steps\\): .*integer.*\\. Fix it to save the change as errata$`)),
    });
    expect(await caller.drafts.get({ rulesetId: 'skirmish-errata', path: 'ruleset.json' })).toEqual(manifestDraft);
    expect(listFiles(root)).toEqual(before);
  });
});

describe('authoring.createRuleset and createVariant', () => {
  it('makes a blank ruleset with the map kind asked for: areas for an area game, a hex grid by default', async () => {
    await caller.authoring.createRuleset({ id: 'area-war', title: 'Area War', rulebook: 'Area War: Rules', mapKind: 'area' });
    expect(JSON.parse(read('area-war/map.json')).map).toMatchObject({ kind: 'area', areas: { west: { adjacent: ['south', 'north'] } } });
    const got = await caller.rulesets.get({ id: 'area-war' });
    expect(got.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(got.ruleset!.map!.kind).toBe('area');
    await caller.authoring.createRuleset({ id: 'hex-war', title: 'Hex War', rulebook: 'Hex War: Rules' });
    expect(JSON.parse(read('hex-war/map.json')).map).toMatchObject({ kind: 'hex', grid: { columns: { first: 1, last: 4 } } });
    // A copy keeps its original's map.
    await expect(caller.authoring.createRuleset({ id: 'copied-war', title: 'Copied', copyOf: 'skirmish', mapKind: 'area' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    for (const id of ['area-war', 'hex-war']) await caller.authoring.deleteRuleset({ id });
  });

  it('makes a blank ruleset that validates cleanly', async () => {
    await caller.authoring.createRuleset({ id: 'new-war', title: 'New War', rulebook: 'New War: Rules', edition: 'draft' });
    expect(listFiles(path.join(root, 'new-war'))).toEqual(['map.json', 'rules.json', 'ruleset.json', 'sequence.json', 'setup.json', 'tables.json', 'units.json', 'victory.json']);
    const got = await caller.rulesets.get({ id: 'new-war' });
    expect(got.diagnostics).toEqual([]);
    expect(got.ruleset).toMatchObject({ title: 'New War', edition: 'draft', source: { title: 'New War: Rules' } });
  });

  it("gives the skeleton of each kind, which validates cleanly where the manifest lists it", async () => {
    await caller.authoring.createRuleset({ id: 'skeletons', title: 'Skeletons' });
    const ws = await caller.authoring.workspace({ id: 'skeletons' });
    expect(ws.rulesetsFolder).toBe(root);
    const added = { sequence: 'sequence.json', victory: 'victory.json', facts: 'checks/facts.json' } as const;
    const manifest = JSON.parse(read('skeletons/ruleset.json'));
    Object.assign(manifest.documents, added);
    const documents: Record<string, string> = { 'ruleset.json': JSON.stringify(manifest) };
    for (const [kind, docPath] of Object.entries(added)) {
      documents[docPath] = skeletonText(kind as keyof typeof added, docPath, ws.schemas);
      expect(JSON.parse(documents[docPath]).$schema).toBe(schemaRef(path.join('skeletons', path.dirname(docPath)), kind));
    }
    expect((await caller.authoring.check({ id: 'skeletons', documents })).diagnostics).toEqual([]);
  });

  it('copies a ruleset with its drafts, under the new id and title', async () => {
    const units = JSON.parse(read('skirmish/units.json'));
    units.unitTypes.infantry.movement = 7;
    await caller.authoring.createRuleset({ id: 'skirmish-copy', title: 'Skirmish, my copy', copyOf: 'skirmish', documents: { 'units.json': JSON.stringify(units) } });
    const got = await caller.rulesets.get({ id: 'skirmish-copy' });
    expect(got.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(got.ruleset).toMatchObject({ id: 'skirmish-copy', title: 'Skirmish, my copy', unitTypes: { infantry: { movement: 7 } } });
    expect(fs.existsSync(path.join(root, 'skirmish-copy', 'patches', 'provisional-fill.json'))).toBe(true);
  });

  it('makes a variant that extends the base and resolves to it', async () => {
    await caller.authoring.createVariant({ base: 'skirmish', id: 'skirmish-house', title: 'House rules', edition: '2026' });
    const manifest = JSON.parse(read('skirmish-house/ruleset.json'));
    expect(manifest).toMatchObject({ $schema: schemaRef('skirmish-house', 'manifest'), extends: 'skirmish', documents: {} });
    // No empty list: the manifest reads as one whose last erratum was removed, and the first saved adds the key.
    expect(Object.keys(manifest)).not.toContain('patchSets');
    const got = await caller.rulesets.get({ id: 'skirmish-house' });
    expect(got.diagnostics).toEqual([]);
    expect(got.ruleset?.unitTypes).toEqual((await caller.rulesets.get({ id: 'skirmish' })).ruleset?.unitTypes);
    expect((await caller.rulesets.list()).map((r) => r.id)).toContain('skirmish-house');
  });

  it('refuses taken ids, bad ids and unknown bases, writing nothing', async () => {
    const before = listFiles(root);
    await expect(caller.authoring.createRuleset({ id: 'skirmish', title: 'Again' })).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('already a ruleset folder "skirmish"') });
    await expect(caller.authoring.createRuleset({ id: '../escape', title: 'X' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('lowercase letters, digits') });
    await expect(caller.authoring.createRuleset({ id: 'Upper', title: 'X' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    // A ruleset id names a folder, in fewer characters than other ids: no "_" nor ".", as the dialog says.
    await expect(caller.authoring.createRuleset({ id: 'my_set.v2', title: 'X' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('lowercase letters, digits and hyphens') });
    await expect(caller.authoring.createVariant({ base: 'skirmish', id: 'skirmish.v2', title: 'X' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    // What the schemas' Id refuses is refused here too, rather than made into a ruleset that fails its own validation.
    await expect(caller.authoring.createRuleset({ id: 'constructor', title: 'X' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('JavaScript objects keep') });
    await expect(caller.authoring.createVariant({ base: 'skirmish', id: 'v'.repeat(81), title: 'X' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.authoring.createVariant({ base: 'nope', id: 'v', title: 'X' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // One rule for a ruleset id, said once: the dialog says it in the same words as the id is typed.
    expect(await refusal(caller.authoring.createVariant({ base: 'skirmish', id: 'Evil_Name', title: 'X' }))).toBe(`id: use ${RULESET_ID_FORM}`);
    expect(await refusal(caller.authoring.createVariant({ base: 'skirmish', id: 'v'.repeat(81), title: 'X' }))).toBe('id: at most 80 characters, not 81');
    expect(await refusal(caller.authoring.createRuleset({ id: '../x', title: 'X' }))).toBe(`id: use ${RULESET_ID_FORM}`);
    expect(['Evil_Name', '../x', 'v'.repeat(81), 'constructor', 'my-set-2'].map(rulesetIdProblem)).toEqual([`use ${RULESET_ID_FORM}`, `use ${RULESET_ID_FORM}`, 'at most 80 characters, not 81', 'a name JavaScript objects keep for themselves: choose another', undefined]);
    await expect(caller.authoring.createVariant({ base: 'skirmish', id: 'skirmish-errata', title: 'X' })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(listFiles(root)).toEqual(before);
    expect(fs.readdirSync(root).filter((n) => n.startsWith('.'))).toEqual([]);
  });
});

describe('authoring.createScenario', () => {
  it('copies a scenario into a setup document of its own that the manifest lists, both drafts until published', async () => {
    const before = listFiles(root);
    const result = await caller.authoring.createScenario({ id: 'skirmish-errata', from: 'campaign', newId: 'summer', name: 'Summer offensive', start: { year: 1940, season: 'summer' } });
    expect(result.path).toBe('scenarios/summer.json');
    expect(JSON.parse(await drafted('skirmish-errata', 'ruleset.json')).documents).toEqual({ setup: 'scenarios/summer.json' });
    expect(listFiles(root)).toEqual(before);
    const got = await caller.rulesets.get({ id: 'skirmish-errata', drafts: true });
    expect(got.diagnostics).toEqual([]);
    expect(got.ruleset?.scenarios?.summer).toMatchObject({ name: 'Summer offensive', start: { year: 1940, season: 'summer' } });
    expect(got.ruleset?.scenarios?.summer.placements).toEqual(got.ruleset?.scenarios?.campaign.placements);

    // A scenario only drafted is copied as the workbench has it (its drafts, sent as its texts).
    const documents = { 'ruleset.json': await drafted('skirmish-errata', 'ruleset.json'), 'scenarios/summer.json': await drafted('skirmish-errata', 'scenarios/summer.json') };
    await caller.authoring.createScenario({ id: 'skirmish-errata', from: 'summer', newId: 'autumn', name: 'Autumn', documents });
    expect(JSON.parse(await drafted('skirmish-errata', 'ruleset.json')).documents.setup).toEqual(['scenarios/summer.json', 'scenarios/autumn.json']);
    await expect(caller.authoring.createScenario({ id: 'skirmish-errata', from: 'campaign', newId: 'autumn', name: 'Again' })).rejects.toMatchObject({ code: 'CONFLICT' });
    await publishDrafts(caller, 'skirmish-errata', ['ruleset.json', 'scenarios/summer.json', 'scenarios/autumn.json']);
    expect(JSON.parse(read('skirmish-errata/ruleset.json')).documents.setup).toEqual(['scenarios/summer.json', 'scenarios/autumn.json']);
    expect((await caller.rulesets.get({ id: 'skirmish-errata' })).ruleset?.scenarios?.autumn).toMatchObject({ name: 'Autumn' });
  });

  it('refuses an id in use, an unknown source, an unsaved manifest and bad ids, writing nothing', async () => {
    const before = listFiles(root);
    await expect(caller.authoring.createScenario({ id: 'skirmish', from: 'campaign', newId: 'campaign', name: 'X' })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(caller.authoring.createScenario({ id: 'skirmish', from: 'nope', newId: 'x', name: 'X' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(caller.authoring.createScenario({ id: 'skirmish', from: 'campaign', newId: '../x', name: 'X' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(
      caller.authoring.createScenario({ id: 'skirmish-errata', from: 'campaign', newId: 'y', name: 'Y', documents: { 'ruleset.json': read('skirmish-errata/ruleset.json').replace('second printing', 'unsaved') } }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('unsaved') });
    expect(listFiles(root)).toEqual(before);
  });

  it("refuses a start outside the ruleset's calendar, naming the field and the range, saving nothing", async () => {
    const before = await caller.drafts.get({ rulesetId: 'skirmish', path: 'ruleset.json' });
    await expect(caller.authoring.createScenario({ id: 'skirmish', from: 'campaign', newId: 'early', name: 'Early', start: { year: 1930, season: 'autumn' } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: "Start: autumn 1930 (turn -37) is outside the ruleset's calendar, spring 1940 (turn 1) to winter 1940 (turn 4).",
    });
    await expect(caller.authoring.createScenario({ id: 'skirmish', from: 'campaign', newId: 'late', name: 'Late', start: { year: 1941, season: 'spring' } })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('Start: spring 1941 (turn 5) is outside') });
    expect(await caller.drafts.get({ rulesetId: 'skirmish', path: 'ruleset.json' })).toEqual(before);
    expect(await caller.drafts.get({ rulesetId: 'skirmish', path: 'scenarios/early.json' })).toBeFalsy();
  });
});

describe('authoring.publish', () => {
  it('writes the latest drafts to their files, refusing invalid JSON before writing any', async () => {
    const rules = read('skirmish/rules.json').replace('River crossing', 'Crossing rivers');
    await caller.drafts.save({ rulesetId: 'skirmish', path: 'rules.json', baseRevision: 0, content: rules });
    await caller.drafts.save({ rulesetId: 'skirmish', path: 'sequence.json', baseRevision: 0, content: '{ broken' });
    await expect(caller.authoring.publish({ id: 'skirmish', documents: [{ path: 'rules.json', revision: 1 }, { path: 'sequence.json', revision: 1 }] })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('skirmish/sequence.json cannot be published: it is not valid JSON (line 1, column 3: ') });
    expect(read('skirmish/rules.json')).not.toContain('Crossing rivers');

    expect(await caller.authoring.publish({ id: 'skirmish', documents: [{ path: './rules.json', revision: 1 }] })).toEqual({ published: [{ path: 'rules.json', revision: 1 }] });
    expect(read('skirmish/rules.json')).toBe(rules);
    await expect(caller.authoring.publish({ id: 'skirmish', documents: [{ path: 'units.json', revision: 1 }] })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(caller.authoring.publish({ id: 'skirmish', documents: [{ path: '../skirmish-errata/ruleset.json', revision: 1 }] })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('publishes only the revision reviewed: a draft saved again since, from another tab, is refused as a conflict, and nothing is written', async () => {
    await caller.authoring.createRuleset({ id: 'two-tabs', title: 'Two tabs', copyOf: 'skirmish' });
    const original = read('two-tabs/victory.json');
    const key = { rulesetId: 'two-tabs', path: 'victory.json' };
    const reviewed = await caller.drafts.save({ ...key, baseRevision: 0, content: `${original}\n` });
    await caller.drafts.save({ ...key, baseRevision: reviewed.revision, content: `${original}\n\n` });
    await expect(caller.authoring.publish({ id: 'two-tabs', documents: [{ path: 'victory.json', revision: reviewed.revision }] })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Nothing was published: two-tabs/victory.json was saved elsewhere as revision 2 after the revision 1 you reviewed. Reload to see it, then publish again',
    });
    expect(read('two-tabs/victory.json')).toBe(original);
    // A document taken off the manifest elsewhere since: the advice is to reload, not to list it again.
    await expect(caller.authoring.publish({ id: 'two-tabs', documents: [{ path: 'errata/gone.json', revision: 1 }] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/lists no such document or patch set: if it was removed elsewhere since you reviewed it, reload to see the ruleset as it is$/),
    });
    expect(await caller.authoring.publish({ id: 'two-tabs', documents: [{ path: 'victory.json', revision: 2 }] })).toEqual({ published: [{ path: 'victory.json', revision: 2 }] });
  });

  it('refuses to store a draft over the size limit, saying so in MiB; a draft over it from before is not published', async () => {
    const key = { rulesetId: 'skirmish', path: 'map.json' };
    const content = JSON.stringify({ pad: 'x'.repeat(11.6 * 1024 * 1024) });
    await expect(caller.drafts.save({ ...key, baseRevision: 0, content })).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'map.json is not saved: it is 11.6 MiB; the limit is 5 MiB. Split it into several files of the same kind',
    });
    expect(await caller.drafts.get(key)).toBeNull();
    draftStore().saveDraft({ ...key, baseRevision: 0, content });
    await expect(caller.authoring.publish({ id: 'skirmish', documents: [{ path: 'map.json', revision: 1 }] })).rejects.toMatchObject({ message: expect.stringContaining('skirmish/map.json cannot be published: it is 11.6 MiB; the limit is 5 MiB') });
    expect(read('skirmish/map.json')).not.toContain('xxxx');
    draftStore().forget(key);
  });

  it('keeps the text each file had before, newest first, for the history to restore; a file published unchanged adds none', async () => {
    await caller.authoring.createRuleset({ id: 'republished', title: 'Republished', copyOf: 'skirmish' });
    const key = { rulesetId: 'republished', path: 'victory.json' };
    const original = read('republished/victory.json');
    const first = `${original}\n`;
    const second = `${first}\n`;
    expect(await caller.drafts.replacedFiles(key)).toEqual([]);
    const saved = await caller.drafts.save({ ...key, baseRevision: 0, content: first });
    await publishDrafts(caller, 'republished', ['victory.json']);
    await publishDrafts(caller, 'republished', ['victory.json']);
    await caller.drafts.save({ ...key, baseRevision: saved.revision, content: second });
    await publishDrafts(caller, 'republished', ['victory.json']);
    const replaced = await caller.drafts.replacedFiles(key);
    expect(replaced.map((r) => r.bytes)).toEqual([Buffer.byteLength(first), Buffer.byteLength(original)]);
    expect(replaced[0].replacedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await caller.drafts.replacedFile({ ...key, id: replaced[1].id })).toEqual({ content: original });
    await expect(caller.drafts.replacedFile({ ...key, id: 999 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // The draft revisions are the designer's saves alone.
    expect((await caller.drafts.history(key)).map((r) => r.revision)).toEqual([2, 1]);
  });
});

describe('a file changed on disk since its draft was started', () => {
  const combat = 'tables/combat.json';
  const file = (id: string) => path.join(root, id, combat);
  /** The combat table with its fire table's title and description changed as `change` says. */
  const edited = (text: string, change: { title?: string; description?: string }) => {
    const value = JSON.parse(text);
    Object.assign(value.tables.fire, change);
    return JSON.stringify(value, null, 2) + '\n';
  };

  it('is not published over unseen: nothing is written until its change is taken into the draft or the designer publishes over it', async () => {
    await caller.authoring.createRuleset({ id: 'hand-edit', title: 'Hand edit', copyOf: 'skirmish' });
    const original = read(`hand-edit/${combat}`);
    const key = { rulesetId: 'hand-edit', path: combat };
    await caller.drafts.save({ ...key, baseRevision: 0, content: edited(original, { description: 'Drafted.' }) });
    await caller.drafts.save({ ...key, baseRevision: 1, content: edited(original, { description: 'Drafted again.' }) });
    // Edited outside the studio, after the draft was started (its first revision saved).
    const byHand = edited(original, { title: 'Fire table HAND EDIT' });
    fs.writeFileSync(file('hand-edit'), byHand);

    const changed = await caller.authoring.changedOnDisk({ id: 'hand-edit' });
    expect(changed).toEqual([{ path: combat, revision: 2, changes: '/tables/fire/title changed', hash: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    await expect(caller.authoring.publish({ id: 'hand-edit', documents: [{ path: 'ruleset.json', revision: 1 }, { path: combat, revision: 2 }] })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(caller.authoring.publish({ id: 'hand-edit', documents: [{ path: combat, revision: 2 }] })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: `Nothing was published: hand-edit/${combat} changed on disk since its draft was started (/tables/fire/title changed). Take the file’s changes into the draft, or confirm publishing over them (the file’s text is kept in the history)`,
    });
    expect(read(`hand-edit/${combat}`)).toBe(byHand);

    // Taken into the draft: both changes, as the next revision, which then publishes.
    expect(await caller.authoring.takeFileChanges({ id: 'hand-edit', path: combat, revision: 2 })).toEqual({ revision: 3, merged: true });
    const both = JSON.parse(await drafted('hand-edit', combat)).tables.fire;
    expect([both.title, both.description]).toEqual(['Fire table HAND EDIT', 'Drafted again.']);
    expect(await caller.authoring.changedOnDisk({ id: 'hand-edit' })).toEqual([]);
    await publishDrafts(caller, 'hand-edit', [combat]);
    expect(JSON.parse(read(`hand-edit/${combat}`)).tables.fire).toMatchObject({ title: 'Fire table HAND EDIT', description: 'Drafted again.' });

    // Published, the draft stands on the file it wrote: edited on, it publishes without a word.
    const published = (await caller.drafts.get(key))!;
    await caller.drafts.save({ ...key, baseRevision: published.revision, content: edited(published.content, { description: 'Later.' }) });
    expect(await caller.authoring.changedOnDisk({ id: 'hand-edit' })).toEqual([]);
    await publishDrafts(caller, 'hand-edit', [combat]);
  });

  it('a first revision typed on the file as the workbench read it stands on that text, not on a change made on disk since', async () => {
    await caller.authoring.createRuleset({ id: 'read-edit', title: 'Read edit', copyOf: 'skirmish' });
    const original = read(`read-edit/${combat}`);
    // Edited by hand while the workbench held the file as it read it, then typed on there and saved.
    fs.writeFileSync(file('read-edit'), edited(original, { title: 'Fire table HAND EDIT' }));
    await caller.drafts.save({ rulesetId: 'read-edit', path: combat, baseRevision: 0, content: edited(original, { description: 'Drafted.' }), startedFrom: original });
    expect(await caller.authoring.changedOnDisk({ id: 'read-edit' })).toMatchObject([{ path: combat, changes: '/tables/fire/title changed' }]);
    expect(await caller.authoring.takeFileChanges({ id: 'read-edit', path: combat, revision: 1 })).toEqual({ revision: 2, merged: true });
    expect(JSON.parse(await drafted('read-edit', combat)).tables.fire).toMatchObject({ title: 'Fire table HAND EDIT', description: 'Drafted.' });
  });

  it('where both changed the same value, nothing is merged; publishing over it names the file as it was shown, its text kept in the history', async () => {
    await caller.authoring.createRuleset({ id: 'both-edit', title: 'Both edit', copyOf: 'skirmish' });
    const original = read(`both-edit/${combat}`);
    const key = { rulesetId: 'both-edit', path: combat };
    await caller.drafts.save({ ...key, baseRevision: 0, content: edited(original, { title: 'Drafted title' }) });
    const byHand = edited(original, { title: 'Hand title' });
    fs.writeFileSync(file('both-edit'), byHand);

    await expect(caller.authoring.takeFileChanges({ id: 'both-edit', path: combat, revision: 1 })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: `both-edit/${combat}: the draft and the file on disk both changed /tables/fire/title: nothing was merged. Change the draft by hand, or publish over the file (its text is kept in the history)`,
    });
    expect((await caller.drafts.get(key))!.revision).toBe(1);
    const [shown] = await caller.authoring.changedOnDisk({ id: 'both-edit' });
    // Changed again after it was shown: the confirmation does not cover it.
    fs.writeFileSync(file('both-edit'), edited(original, { title: 'Hand title, again' }));
    await expect(caller.authoring.publish({ id: 'both-edit', documents: [{ path: combat, revision: 1, overwrite: shown.hash }] })).rejects.toMatchObject({ code: 'CONFLICT' });
    fs.writeFileSync(file('both-edit'), byHand);
    expect(await caller.authoring.publish({ id: 'both-edit', documents: [{ path: combat, revision: 1, overwrite: shown.hash }] })).toEqual({ published: [{ path: combat, revision: 1 }] });
    expect(JSON.parse(read(`both-edit/${combat}`)).tables.fire.title).toBe('Drafted title');
    const [replaced] = await caller.drafts.replacedFiles(key);
    expect(await caller.drafts.replacedFile({ ...key, id: replaced.id })).toEqual({ content: byHand });
  });

  it('discarding the draft takes the file as it is now: the draft stands on it', async () => {
    await caller.authoring.createRuleset({ id: 'discard-edit', title: 'Discard edit', copyOf: 'skirmish' });
    const original = read(`discard-edit/${combat}`);
    const key = { rulesetId: 'discard-edit', path: combat };
    await caller.drafts.save({ ...key, baseRevision: 0, content: edited(original, { title: 'Drafted title' }) });
    const byHand = edited(original, { title: 'Hand title' });
    fs.writeFileSync(file('discard-edit'), byHand);
    await caller.drafts.discard({ ...key, baseRevision: 1 });
    await caller.drafts.save({ ...key, baseRevision: 2, content: edited(byHand, { description: 'Drafted.' }) });
    expect(await caller.authoring.changedOnDisk({ id: 'discard-edit' })).toEqual([]);
    await publishDrafts(caller, 'discard-edit', [combat]);
    expect(JSON.parse(read(`discard-edit/${combat}`)).tables.fire).toMatchObject({ title: 'Hand title', description: 'Drafted.' });
  });

  it("removing an erratum writes the manifest's file, which is no change on disk to its draft", async () => {
    await caller.authoring.createRuleset({ id: 'removed-edit', title: 'Removed edit', copyOf: 'skirmish-errata' });
    const manifest = read('removed-edit/ruleset.json');
    await caller.drafts.save({ rulesetId: 'removed-edit', path: 'ruleset.json', baseRevision: 0, content: manifest.replace('"Removed edit"', '"Removed, drafted"') });
    await caller.authoring.removePatchSet({ id: 'removed-edit', path: 'errata/second-printing.json' });
    expect(read('removed-edit/ruleset.json')).not.toContain('second-printing');
    expect(await caller.authoring.changedOnDisk({ id: 'removed-edit' })).toEqual([]);
    await publishDrafts(caller, 'removed-edit', ['ruleset.json']);
  });

  it('a file created on disk after its new document was drafted is named too, and cannot be merged', async () => {
    await caller.authoring.createRuleset({ id: 'created-edit', title: 'Created edit', copyOf: 'skirmish' });
    const { path: scenario } = await caller.authoring.createScenario({ id: 'created-edit', from: 'campaign', newId: 'later', name: 'Later' });
    fs.mkdirSync(path.join(root, 'created-edit', 'scenarios'));
    fs.writeFileSync(path.join(root, 'created-edit', scenario), '{}\n');
    expect(await caller.authoring.changedOnDisk({ id: 'created-edit' })).toMatchObject([{ path: scenario, changes: 'it was created' }]);
    await expect(caller.authoring.takeFileChanges({ id: 'created-edit', path: scenario, revision: 1 })).rejects.toMatchObject({ code: 'UNPROCESSABLE_CONTENT', message: expect.stringContaining('its file was created on disk after its draft was started') });
    await expect(publishDrafts(caller, 'created-edit', ['ruleset.json', scenario])).rejects.toMatchObject({ message: expect.stringContaining(`created-edit/${scenario} changed on disk since its draft was started (it was created)`) });
    expect(read(`created-edit/${scenario}`)).toBe('{}\n');
  });
});
