// Drafts the manifest does not list (a new erratum or scenario after "Discard draft" on the manifest): listed apart,
// listed in the manifest again, or deleted for good, over the tRPC caller on copies of the skirmish fixture.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { draftStore } from '@/server/db';
import { appRouter } from '@/server/router';
import { publishDrafts } from './save-errata';
import { fixtureCopy, listFiles } from './tempCopy';

const root = fixtureCopy();
const caller = appRouter.createCaller({});
const MANIFEST = 'ruleset.json';

/** A fresh copy of the skirmish fixture, each test its own. */
let copies = 0;
async function freshRuleset(): Promise<string> {
  const id = `unlisted-${++copies}`;
  await caller.authoring.createRuleset({ id, title: `Unlisted ${copies}`, copyOf: 'skirmish' });
  return id;
}

/** "Save as errata" of a change to the ruleset's title, as the workbench saves one: a draft, with a manifest draft listing it. */
async function erratum(id: string, title = 'Corrected title'): Promise<string> {
  const { text, hash } = await caller.authoring.errataCopy({ id });
  const edited = JSON.parse(text);
  edited.title = `${edited.title} (${title})`;
  return (await caller.authoring.saveAsErrata({ id, baseHash: hash, edited: JSON.stringify(edited), title, reason: 'Test.', source: { kind: 'provisional' } })).path;
}

/** "Discard draft" on the manifest: back to its published file. */
async function discardManifest(id: string) {
  const { revision } = (await caller.drafts.get({ rulesetId: id, path: MANIFEST }))!;
  return caller.drafts.discard({ rulesetId: id, path: MANIFEST, baseRevision: revision });
}

const treePaths = async (id: string) => (await caller.authoring.workspace({ id })).documents.map((d) => d.path);
const manifestDraft = async (id: string) => JSON.parse((await caller.drafts.get({ rulesetId: id, path: MANIFEST }))!.content);

describe('drafts the manifest does not list', () => {
  it('are found by reading the latest drafts once', async () => {
    const id = await freshRuleset();
    await erratum(id);
    await discardManifest(id);
    const latest = vi.spyOn(draftStore(), 'latestDrafts');
    try {
      expect(await caller.authoring.unlistedDrafts({ id })).toHaveLength(1);
      expect(latest).toHaveBeenCalledTimes(1);
    } finally {
      latest.mockRestore();
    }
  });

  it('an erratum saved as a draft, its manifest draft discarded, is listed apart with where it was listed; publishing never writes it', async () => {
    const id = await freshRuleset();
    const erratumPath = await erratum(id);
    const ws = await caller.authoring.workspace({ id });
    expect(ws.documents.find((d) => d.path === erratumPath)).toMatchObject({ listedByFile: false });
    expect(ws.documents.find((d) => d.path === 'units.json')).toMatchObject({ listedByFile: true });
    expect(await caller.authoring.unlistedDrafts({ id })).toEqual([]);

    await discardManifest(id);
    expect(await treePaths(id)).not.toContain(erratumPath);
    const [unlisted, ...more] = await caller.authoring.unlistedDrafts({ id });
    expect(more).toEqual([]);
    expect(unlisted).toMatchObject({ path: erratumPath, revision: 1, file: null, listAt: 'patchSets', kind: 'patchset' });
    expect(JSON.parse(unlisted.content).title).toBe('Corrected title');
    // Nothing reads it or writes it while it is unlisted.
    await expect(caller.drafts.save({ rulesetId: id, path: erratumPath, baseRevision: 1, content: unlisted.content })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(publishDrafts(caller, id, [erratumPath])).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(fs.existsSync(path.join(root, id, erratumPath))).toBe(false);
  });

  it('lists an erratum again as the next draft of the manifest, applied as before; an unsaved manifest, a listed, unknown or bad path refused', async () => {
    const id = await freshRuleset();
    const erratumPath = await erratum(id);
    const discarded = await discardManifest(id);
    const files = listFiles(root);

    await expect(caller.authoring.listDraft({ id, path: erratumPath, documents: { [MANIFEST]: `${discarded.content} ` } })).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('unsaved') });
    await expect(caller.authoring.listDraft({ id, path: 'units.json' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('units.json is listed in ruleset.json') });
    await expect(caller.authoring.listDraft({ id, path: 'errata/nope.json' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(caller.authoring.listDraft({ id, path: '../skirmish/units.json' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('must not contain ".."') });
    await expect(caller.authoring.listDraft({ id, path: MANIFEST })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await caller.drafts.get({ rulesetId: id, path: MANIFEST }))!.revision).toBe(discarded.revision);

    const listed = await caller.authoring.listDraft({ id, path: erratumPath, documents: { [MANIFEST]: discarded.content } });
    expect(listed).toMatchObject({ path: erratumPath, listAt: 'patchSets', between: { after: null, before: null }, manifest: { revision: discarded.revision + 1 } });
    expect((await manifestDraft(id)).patchSets).toEqual([erratumPath]);
    expect(listed.manifest.text).toBe((await caller.drafts.get({ rulesetId: id, path: MANIFEST }))!.content);
    expect(await treePaths(id)).toContain(erratumPath);
    expect(await caller.authoring.unlistedDrafts({ id })).toEqual([]);
    expect((await caller.rulesets.get({ id, drafts: true })).ruleset?.title).toMatch(/\(Corrected title\)$/);
    // Its draft saves again, and publishes with the manifest.
    await caller.drafts.save({ rulesetId: id, path: erratumPath, baseRevision: 1, content: (await caller.drafts.get({ rulesetId: id, path: erratumPath }))!.content });
    expect(listFiles(root)).toEqual(files);
    await publishDrafts(caller, id, [MANIFEST, erratumPath]);
    expect((await caller.rulesets.get({ id })).ruleset?.title).toMatch(/\(Corrected title\)$/);
  });

  it('lists errata again at their former places among those still listed, so they apply in the same order; says between which', async () => {
    const id = await freshRuleset();
    const [a, b, c, d, e] = [await erratum(id, 'A'), await erratum(id, 'B'), await erratum(id, 'C'), await erratum(id, 'D'), await erratum(id, 'E')];
    const all = (await manifestDraft(id)).patchSets;
    expect(all).toEqual([a, b, c, d, e]);
    // Published: a manifest listing b and d only; then drafted listing all five again, and that draft discarded.
    const base = await manifestDraft(id);
    const revision = (await caller.drafts.get({ rulesetId: id, path: MANIFEST }))!.revision;
    await caller.drafts.save({ rulesetId: id, path: MANIFEST, baseRevision: revision, content: JSON.stringify({ ...base, patchSets: [b, d] }, null, 2) });
    await publishDrafts(caller, id, [MANIFEST, b, d]);
    await caller.drafts.save({ rulesetId: id, path: MANIFEST, baseRevision: revision + 1, content: JSON.stringify({ ...base, patchSets: all }, null, 2) });
    await discardManifest(id);
    expect((await manifestDraft(id)).patchSets).toEqual([b, d]);
    expect(await caller.authoring.unlistedDrafts({ id })).toMatchObject([
      { path: a, listAt: 'patchSets', between: { after: null, before: b } },
      { path: c, listAt: 'patchSets', between: { after: b, before: d } },
      { path: e, listAt: 'patchSets', between: { after: d, before: null } },
    ]);

    expect(await caller.authoring.listDraft({ id, path: e })).toMatchObject({ between: { after: d, before: null } });
    expect(await caller.authoring.listDraft({ id, path: a })).toMatchObject({ between: { after: null, before: b } });
    expect(await caller.authoring.listDraft({ id, path: c })).toMatchObject({ between: { after: b, before: d } });
    expect((await manifestDraft(id)).patchSets).toEqual(all);
    // The last erratum still wins the title, as before the discard.
    expect((await caller.rulesets.get({ id, drafts: true })).ruleset?.title).toMatch(/\(E\)$/);
  });

  it('lists a scenario again before the setup it preceded, none before it still listed', async () => {
    const id = await freshRuleset();
    const { path: scenario } = await caller.authoring.createScenario({ id, from: 'campaign', newId: 'earlier', name: 'Earlier' });
    const manifest = await manifestDraft(id);
    const revision = (await caller.drafts.get({ rulesetId: id, path: MANIFEST }))!.revision;
    await caller.drafts.save({ rulesetId: id, path: MANIFEST, baseRevision: revision, content: JSON.stringify({ ...manifest, documents: { ...manifest.documents, setup: [scenario, 'setup.json'] } }, null, 2) });
    await discardManifest(id);
    expect(await caller.authoring.unlistedDrafts({ id })).toMatchObject([{ path: scenario, listAt: 'documents.setup', between: { after: null, before: 'setup.json' } }]);
    await caller.authoring.listDraft({ id, path: scenario });
    expect((await manifestDraft(id)).documents.setup).toEqual([scenario, 'setup.json']);
    expect(Object.keys((await caller.rulesets.get({ id, drafts: true })).ruleset?.scenarios ?? {})[0]).toBe('earlier');
  });

  it('lists a new scenario again under documents.setup, after the setup documents there are', async () => {
    const id = await freshRuleset();
    const { path: scenario } = await caller.authoring.createScenario({ id, from: 'campaign', newId: 'later', name: 'Later' });
    await discardManifest(id);
    expect(await caller.authoring.unlistedDrafts({ id })).toMatchObject([{ path: scenario, listAt: 'documents.setup' }]);
    await caller.authoring.listDraft({ id, path: scenario });
    expect((await manifestDraft(id)).documents.setup).toEqual(['setup.json', scenario]);
    expect((await caller.rulesets.get({ id, drafts: true })).ruleset?.scenarios?.later).toMatchObject({ name: 'Later' });
  });

  it('lists an optional patch set again under its name, with its title and description, as the manifest last listing it had it', async () => {
    const id = await freshRuleset();
    const fill = 'patches/provisional-fill.json';
    const text = fs.readFileSync(path.join(root, id, fill), 'utf8');
    await caller.drafts.save({ rulesetId: id, path: fill, baseRevision: 0, content: text.replace('"title"', '"title": "Edited", "x-was-title"') });
    const entry = JSON.parse(fs.readFileSync(path.join(root, id, MANIFEST), 'utf8')).optionalPatchSets['provisional-fill'];
    const manifest = fs.readFileSync(path.join(root, id, MANIFEST), 'utf8').replace(/"optionalPatchSets": \{[^}]*\}\s*\},/, '');
    expect(manifest).not.toContain(fill);
    await caller.drafts.save({ rulesetId: id, path: MANIFEST, baseRevision: 0, content: manifest });
    expect(await caller.authoring.unlistedDrafts({ id })).toMatchObject([{ path: fill, listAt: 'optionalPatchSets.provisional-fill' }]);
    await caller.authoring.listDraft({ id, path: fill });
    expect((await manifestDraft(id)).optionalPatchSets).toEqual({ 'provisional-fill': entry });
  });

  it('a draft no manifest ever listed is listed again where its content says, or, when it says nothing, refused naming what to do', async () => {
    const id = await freshRuleset();
    draftStore().saveDraft({ rulesetId: id, path: 'more/rules.json', baseRevision: 0, content: '{ "triggers": {} }\n' });
    draftStore().saveDraft({ rulesetId: id, path: 'more/notes.json', baseRevision: 0, content: '{ "notes": "?" }\n' });
    expect(await caller.authoring.unlistedDrafts({ id })).toMatchObject([
      { path: 'more/notes.json', listAt: null, kind: null },
      { path: 'more/rules.json', listAt: 'documents.rules', kind: 'rules' },
    ]);
    await expect(caller.authoring.listDraft({ id, path: 'more/notes.json' })).rejects.toMatchObject({ code: 'UNPROCESSABLE_CONTENT', message: expect.stringContaining('list it in ruleset.json yourself') });
    await caller.authoring.listDraft({ id, path: 'more/rules.json' });
    expect((await manifestDraft(id)).documents.rules).toEqual(['rules.json', 'more/rules.json']);
  });

  it('calls no draft unlisted while the manifest, as drafted, cannot be read (a syntax error as it is typed), and lists none again until it is mended', async () => {
    const id = await freshRuleset();
    const docPath = await erratum(id);
    const saved = (await caller.drafts.get({ rulesetId: id, path: MANIFEST }))!;
    // A stray quote, saved as the workbench autosaves what is typed.
    const broken = saved.content.replace('"patchSets"', '"patchSets""');
    await caller.drafts.save({ rulesetId: id, path: MANIFEST, baseRevision: saved.revision, content: broken });
    expect(await caller.authoring.unlistedDrafts({ id })).toEqual([]);
    await expect(caller.authoring.listDraft({ id, path: docPath, documents: {} })).rejects.toThrow(/ruleset\.json of unlisted-\d+, as drafted, cannot be read \(a syntax error\)/);
    // Mended without the erratum: now it is unlisted.
    const mended = JSON.parse(saved.content);
    delete mended.patchSets;
    await caller.drafts.save({ rulesetId: id, path: MANIFEST, baseRevision: saved.revision + 1, content: JSON.stringify(mended, null, 2) });
    expect((await caller.authoring.unlistedDrafts({ id })).map((d) => d.path)).toEqual([docPath]);
  });

  it('deletes an unlisted draft for good once seen at its revision; a listed document, a stale revision, a bad path refused', async () => {
    const id = await freshRuleset();
    const erratumPath = await erratum(id);
    await discardManifest(id);
    await expect(caller.authoring.deleteDraft({ id, path: erratumPath, revision: 2 })).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('nothing was deleted') });
    await expect(caller.authoring.deleteDraft({ id, path: 'units.json', revision: 1 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.authoring.deleteDraft({ id, path: '/etc/passwd', revision: 1 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await caller.drafts.get({ rulesetId: id, path: erratumPath })).not.toBeNull();

    expect(await caller.authoring.deleteDraft({ id, path: erratumPath, revision: 1 })).toEqual({ path: erratumPath, revisions: 1 });
    expect(await caller.drafts.get({ rulesetId: id, path: erratumPath })).toBeNull();
    expect(await caller.authoring.unlistedDrafts({ id })).toEqual([]);
    await expect(caller.authoring.deleteDraft({ id, path: erratumPath, revision: 1 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('a document with a file taken out of the manifest with edits unpublished is unlisted; deleting its draft keeps the file and its history', async () => {
    const id = await freshRuleset();
    const file = path.join(root, id, 'victory.json');
    const text = fs.readFileSync(file, 'utf8');
    await caller.drafts.save({ rulesetId: id, path: 'victory.json', baseRevision: 0, content: `${text}\n` });
    await publishDrafts(caller, id, ['victory.json']);
    await caller.drafts.save({ rulesetId: id, path: 'victory.json', baseRevision: 1, content: `${text}\n\n` });
    const manifest = fs.readFileSync(path.join(root, id, MANIFEST), 'utf8').replace('"victory": "victory.json",', '');
    await caller.drafts.save({ rulesetId: id, path: MANIFEST, baseRevision: 0, content: manifest });
    expect(await caller.authoring.unlistedDrafts({ id })).toMatchObject([{ path: 'victory.json', revision: 2, file: `${text}\n`, listAt: 'documents.victory' }]);

    await caller.authoring.deleteDraft({ id, path: 'victory.json', revision: 2 });
    expect(fs.readFileSync(file, 'utf8')).toBe(`${text}\n`);
    expect(await caller.drafts.replacedFiles({ rulesetId: id, path: 'victory.json' })).toHaveLength(1);
    // A draft that is its file's text again holds nothing more: not listed apart.
    await caller.drafts.save({ rulesetId: id, path: 'victory.json', baseRevision: 0, content: `${text}\n` });
    expect(await caller.authoring.unlistedDrafts({ id })).toEqual([]);
  });
});
