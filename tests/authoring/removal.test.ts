// authoring.deleteRuleset and authoring.removePatchSet over the tRPC caller, on a copy of the fixture rulesets:
// what goes, what is refused, and that a failure midway changes nothing.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { draftStore } from '@/server/db';
import { appRouter } from '@/server/router';
import { saveErrata } from './save-errata';
import { fixtureCopy, listFiles } from './tempCopy';

const root = fixtureCopy();
const caller = appRouter.createCaller({});
const read = (p: string) => fs.readFileSync(path.join(root, p), 'utf8');
const ERRATUM = 'errata/second-printing.json';
/** What removals moved aside and left in the rulesets root. */
const hidden = () => fs.readdirSync(root).filter((n) => n.startsWith('.'));

afterEach(() => vi.restoreAllMocks());

/** What removals move aside cannot be deleted (the file system says it is busy), which is logged: returns the log's spy. */
function hiddenStaysBusy() {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  const rm = fs.rmSync;
  vi.spyOn(fs, 'rmSync').mockImplementation((target, options) => {
    if (hidden().some((n) => String(target).endsWith(n))) throw Object.assign(new Error('EBUSY: resource busy'), { code: 'EBUSY' });
    rm(target, options);
  });
  return logged;
}

describe('authoring.deleteRuleset', () => {
  it('deletes a variant with its files and drafts, once; a new one of that id starts clean', async () => {
    await caller.authoring.createVariant({ base: 'skirmish', id: 'house', title: 'House rules' });
    const manifest = read('house/ruleset.json');
    await caller.drafts.save({ rulesetId: 'house', path: 'ruleset.json', baseRevision: 0, content: manifest.replace('House rules', 'House rules, drafted') });
    expect(await caller.authoring.deleteRuleset({ id: 'house' })).toEqual({ id: 'house', drafts: 1 });
    expect(fs.existsSync(path.join(root, 'house'))).toBe(false);
    expect(hidden()).toEqual([]);
    expect((await caller.rulesets.list()).map((r) => r.id)).not.toContain('house');
    // Twice: it is no longer there.
    await expect(caller.authoring.deleteRuleset({ id: 'house' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'No ruleset "house" in the library' });
    // The old draft does not come back over a new ruleset of the same id.
    await caller.authoring.createVariant({ base: 'skirmish', id: 'house', title: 'Other house rules' });
    expect((await caller.authoring.workspace({ id: 'house' })).documents[0].draft).toBeNull();
    await caller.authoring.deleteRuleset({ id: 'house' });
  });

  it('refuses a ruleset another extends, bad ids and path tricks, changing nothing', async () => {
    const before = listFiles(root);
    await expect(caller.authoring.deleteRuleset({ id: 'skirmish' })).rejects.toMatchObject({ code: 'CONFLICT', message: 'skirmish cannot be deleted: "skirmish-errata" extends it. Delete that variant first' });
    for (const id of ['../skirmish', 'skirmish/..', '.', '..', 'Skirmish', '/tmp']) {
      await expect(caller.authoring.deleteRuleset({ id })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('Invalid ruleset id') });
    }
    await expect(caller.authoring.deleteRuleset({ id: 'nope' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(listFiles(root)).toEqual(before);
  });

  it('puts the folder back when its drafts cannot be deleted', async () => {
    await caller.authoring.createRuleset({ id: 'kept', title: 'Kept', copyOf: 'skirmish' });
    await caller.drafts.save({ rulesetId: 'kept', path: 'units.json', baseRevision: 0, content: '{}' });
    const before = listFiles(path.join(root, 'kept'));
    vi.spyOn(draftStore(), 'forget').mockImplementationOnce(() => {
      throw new Error('database is locked');
    });
    await expect(caller.authoring.deleteRuleset({ id: 'kept' })).rejects.toThrow('database is locked');
    expect(listFiles(path.join(root, 'kept'))).toEqual(before);
    expect(hidden()).toEqual([]);
    expect(draftStore().getDraft({ rulesetId: 'kept', path: 'units.json' })?.content).toBe('{}');
    await caller.authoring.deleteRuleset({ id: 'kept' });
  });

  it('stands when what it moved aside cannot be deleted: that is logged, and swept when the library lists the rulesets', async () => {
    await caller.authoring.createRuleset({ id: 'leftover', title: 'Leftover', copyOf: 'skirmish' });
    const logged = hiddenStaysBusy();
    expect(await caller.authoring.deleteRuleset({ id: 'leftover' })).toEqual({ id: 'leftover', drafts: 0 });
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^Could not delete .*\.deleting-leftover-.*EBUSY: resource busy$/));
    expect(hidden()).toEqual([expect.stringMatching(/^\.deleting-leftover-/)]);
    vi.restoreAllMocks();
    expect((await caller.rulesets.list()).map((r) => r.id)).not.toContain('leftover');
    expect(hidden()).toEqual([]);
  });
});

describe('authoring.removePatchSet', () => {
  it('takes an erratum out of the manifest, its draft too, deleting its file and drafts', async () => {
    await caller.authoring.createRuleset({ id: 'errata-copy', title: 'Copy', copyOf: 'skirmish-errata' });
    const manifest = read('errata-copy/ruleset.json');
    const drafted = await caller.drafts.save({ rulesetId: 'errata-copy', path: 'ruleset.json', baseRevision: 0, content: manifest.replace('"Copy"', '"Copy, drafted"') });
    await caller.drafts.save({ rulesetId: 'errata-copy', path: ERRATUM, baseRevision: 0, content: read(`errata-copy/${ERRATUM}`) });
    const { ruleset: before } = await caller.rulesets.get({ id: 'errata-copy' });
    expect(before?.unitTypes?.armor?.movement).toBe(4);

    const removed = await caller.authoring.removePatchSet({ id: 'errata-copy', path: `./${ERRATUM}`, documents: {} });
    expect(removed).toMatchObject({ path: ERRATUM, manifest: { revision: drafted.revision + 1 } });
    // The list emptied goes with its key, in the file and the draft; the rest of the text is as it was.
    expect(read('errata-copy/ruleset.json')).toBe(manifest.replace(`,\n  "patchSets": ["${ERRATUM}"]`, ''));
    expect(removed.manifest.text).toBe(manifest.replace('"Copy"', '"Copy, drafted"').replace(`,\n  "patchSets": ["${ERRATUM}"]`, ''));
    expect(fs.existsSync(path.join(root, 'errata-copy', ERRATUM))).toBe(false);
    expect(listFiles(path.join(root, 'errata-copy'))).toEqual(['ruleset.json']);
    expect(draftStore().getDraft({ rulesetId: 'errata-copy', path: ERRATUM })).toBeUndefined();
    const { ruleset: after, diagnostics } = await caller.rulesets.get({ id: 'errata-copy' });
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(after?.unitTypes?.armor?.movement).toBe(5);
    // Twice: the manifest no longer applies it.
    await expect(caller.authoring.removePatchSet({ id: 'errata-copy', path: ERRATUM, documents: {} })).rejects.toMatchObject({ code: 'NOT_FOUND', message: `errata-copy/ruleset.json applies no patch set ${ERRATUM}` });
  });

  it('keeps the key while other errata stay listed', async () => {
    await caller.authoring.createRuleset({ id: 'two-errata', title: 'Two', copyOf: 'skirmish-errata' });
    const other = 'errata/third-printing.json';
    fs.writeFileSync(path.join(root, 'two-errata', other), read(`two-errata/${ERRATUM}`));
    fs.writeFileSync(path.join(root, 'two-errata/ruleset.json'), read('two-errata/ruleset.json').replace(`["${ERRATUM}"]`, `["${ERRATUM}", "${other}"]`));
    await caller.authoring.removePatchSet({ id: 'two-errata', path: ERRATUM, documents: {} });
    expect(JSON.parse(read('two-errata/ruleset.json')).patchSets).toEqual([other]);
  });

  it('refuses optional patch sets, unlisted files, path tricks and an unsaved manifest, changing nothing', async () => {
    const before = listFiles(root);
    const manifest = read('skirmish-errata/ruleset.json');
    await expect(caller.authoring.removePatchSet({ id: 'skirmish', path: 'patches/provisional-fill.json', documents: {} })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('is the optional patch set "provisional-fill", not an erratum') });
    await expect(caller.authoring.removePatchSet({ id: 'skirmish', path: 'units.json', documents: {} })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(caller.authoring.removePatchSet({ id: 'skirmish-errata', path: `../skirmish-errata/${ERRATUM}`, documents: {} })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('must not contain ".."') });
    await expect(caller.authoring.removePatchSet({ id: 'skirmish-errata', path: '/etc/passwd', documents: {} })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.authoring.removePatchSet({ id: 'skirmish-errata', path: ERRATUM, documents: { 'ruleset.json': manifest.replace('second printing', 'third') } })).rejects.toMatchObject({ code: 'CONFLICT', message: 'ruleset.json has unsaved changes: save them first' });
    expect(listFiles(root)).toEqual(before);
    expect(read('skirmish-errata/ruleset.json')).toBe(manifest);
  });

  it('refuses what a manifest lists wrongly among its patch sets: itself, its documents, a file that is no patch set', async () => {
    await caller.authoring.createRuleset({ id: 'odd', title: 'Odd', copyOf: 'skirmish' });
    const listed = ['ruleset.json', './units.json', 'tables/combat.json', 'notes.json'];
    fs.writeFileSync(path.join(root, 'odd/ruleset.json'), read('odd/ruleset.json').replace('"documents"', `"patchSets": ${JSON.stringify(listed)},\n  "documents"`));
    fs.writeFileSync(path.join(root, 'odd/notes.json'), '{ "title": "Notes", "operations": "none" }\n');
    const before = listFiles(root);
    const manifest = read('odd/ruleset.json');
    const refused = async (docPath: string, why: string) =>
      expect(caller.authoring.removePatchSet({ id: 'odd', path: docPath, documents: {} })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: `odd/${docPath.replace('./', '')} is not removed: ${why}. Take it out of patchSets in ruleset.json instead` });
    await refused('ruleset.json', 'it is the manifest');
    await refused('./units.json', "it is the ruleset's units document");
    await refused('tables/combat.json', "it is the ruleset's tables document");
    await refused('notes.json', 'it is not a patch set (it does not validate as one)');
    expect(listFiles(root)).toEqual(before);
    expect(read('odd/ruleset.json')).toBe(manifest);
  });

  it('refuses an erratum a variant relies on (a patch set of the variant changes what it adds), naming both; not once the variant, as drafted, does without', async () => {
    // The base's erratum adds a unit type; its variant's own erratum makes that unit type faster.
    await caller.authoring.createRuleset({ id: 'tanks', title: 'Tanks', copyOf: 'skirmish' });
    const tanks = await saveErrata(caller, 'tanks', 'Tanks arrive', (r) => (r.unitTypes!.tank = { ...r.unitTypes!.armor, name: 'Tank' }));
    await caller.authoring.createVariant({ base: 'tanks', id: 'fast-tanks', title: 'Fast tanks' });
    const fast = await saveErrata(caller, 'fast-tanks', 'Faster tanks', (r) => (r.unitTypes!.tank.movement = 7));
    const before = listFiles(root);

    const reliant = await caller.authoring.reliantOnPatchSet({ id: 'tanks', path: tanks });
    expect(reliant).toEqual([
      {
        variant: 'fast-tanks',
        title: 'Fast tanks',
        document: fast,
        line: expect.any(Number),
        message: 'replace /unitTypes/tank/movement: no value at /unitTypes/tank/movement (or its parent) in the resolved ruleset; so none of the operations of patch set "Faster tanks" is made (a patch applies whole or not at all)',
        said: expect.stringMatching(/^variant Fast tanks \(fast-tanks\) relies on what it adds: without it, errata\/faster-tanks\.json line \d+: replace \/unitTypes\/tank\/movement: no value/),
      },
    ]);
    await expect(caller.authoring.removePatchSet({ id: 'tanks', path: tanks, documents: {} })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: `tanks/${tanks} is not removed: ${reliant[0].said}. Change fast-tanks/${fast} first (a patch set of the variant may add the value itself)`,
    });
    expect(listFiles(root)).toEqual(before);
    // Another erratum of the base, which the variant does not rely on, goes.
    const slow = await saveErrata(caller, 'tanks', 'Slow infantry', (r) => (r.unitTypes!.infantry.movement = 2));
    expect(await caller.authoring.reliantOnPatchSet({ id: 'tanks', path: slow })).toEqual([]);
    await caller.authoring.removePatchSet({ id: 'tanks', path: slow, documents: {} });

    // The variant's erratum drafted to add the tank itself: it no longer relies on the base's, which goes.
    const drafted = JSON.parse(read(`fast-tanks/${fast}`));
    drafted.operations = [{ op: 'add', path: '/unitTypes/tank', value: { ...JSON.parse(read(`tanks/${tanks}`)).operations[0].value, movement: 7 } }];
    await caller.drafts.save({ rulesetId: 'fast-tanks', path: fast, baseRevision: 1, content: JSON.stringify(drafted, null, 2) });
    expect(await caller.authoring.reliantOnPatchSet({ id: 'tanks', path: tanks })).toEqual([]);
    await caller.authoring.removePatchSet({ id: 'tanks', path: tanks, documents: {} });
    expect((await caller.rulesets.get({ id: 'tanks' })).ruleset?.unitTypes?.tank).toBeUndefined();
    for (const id of ['fast-tanks', 'tanks']) await caller.authoring.deleteRuleset({ id });
  });

  it('moves the file aside hidden in the rulesets root; left there when it cannot be deleted, it is swept later', async () => {
    await caller.authoring.createRuleset({ id: 'aside', title: 'Aside', copyOf: 'skirmish-errata' });
    const logged = hiddenStaysBusy();
    expect(await caller.authoring.removePatchSet({ id: 'aside', path: ERRATUM, documents: {} })).toMatchObject({ path: ERRATUM });
    expect(logged).toHaveBeenCalledOnce();
    expect(listFiles(path.join(root, 'aside'))).toEqual(['ruleset.json']);
    expect(hidden()).toEqual([expect.stringMatching(/^\.deleting-aside-/)]);
    vi.restoreAllMocks();
    await caller.rulesets.list();
    expect(hidden()).toEqual([]);
  });

  it('changes nothing when the manifest cannot be written', async () => {
    await caller.authoring.createRuleset({ id: 'stuck', title: 'Stuck', copyOf: 'skirmish-errata' });
    const manifest = read('stuck/ruleset.json');
    const erratum = read(`stuck/${ERRATUM}`);
    const drafted = await caller.drafts.save({ rulesetId: 'stuck', path: 'ruleset.json', baseRevision: 0, content: manifest });
    await caller.drafts.save({ rulesetId: 'stuck', path: ERRATUM, baseRevision: 0, content: erratum });
    const rename = fs.renameSync;
    vi.spyOn(fs, 'renameSync').mockImplementation((from, to) => {
      if (String(to) === path.join(root, 'stuck', 'ruleset.json')) throw Object.assign(new Error('EIO: i/o error'), { code: 'EIO' });
      rename(from, to);
    });
    await expect(caller.authoring.removePatchSet({ id: 'stuck', path: ERRATUM, documents: {} })).rejects.toThrow('EIO');
    vi.restoreAllMocks();
    expect(read('stuck/ruleset.json')).toBe(manifest);
    expect(read(`stuck/${ERRATUM}`)).toBe(erratum);
    expect(listFiles(path.join(root, 'stuck'))).toEqual([ERRATUM, 'ruleset.json']);
    expect(draftStore().getDraft({ rulesetId: 'stuck', path: 'ruleset.json' })?.revision).toBe(drafted.revision);
    expect(draftStore().getDraft({ rulesetId: 'stuck', path: ERRATUM })?.content).toBe(erratum);
  });
});
