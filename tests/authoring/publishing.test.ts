// What "Publish" writes once the unsaved texts are saved: the documents its dialog listed that still can be
// published, each other one named with why, and nothing sent when nothing is left.
import { describe, expect, it } from 'vitest';
import { publishable, publishedNotice, toBePublished, unpublishable, unresolvedOnDisk } from '@/editor/workbench/publishing';
import type { DocState } from '@/editor/workbench/workspace';

const FILE = '{"a":1}';
const doc = (path: string, change: Partial<DocState>): DocState => ({ path, kind: 'units', optional: false, file: FILE, listedByFile: true, saved: FILE, revision: 0, text: FILE, saving: false, ...change });

describe('publishing', () => {
  it('writes only what was listed and can still be published; says why of each other', () => {
    const after = [
      doc('drafted.json', { revision: 2, saved: '{"a":2}', text: '{"a":2}' }),
      doc('conflict.json', { revision: 1, saved: '{"a":2}', text: '{"a":3}', conflict: { revision: 2, content: '{"a":4}' } }),
      doc('failed.json', { revision: 1, saved: '{"a":2}', text: '{"a":3}', error: 'database is locked' }),
      doc('back.json', { revision: 3 }),
      doc('retyped.json', { revision: 1, saved: '{"a":2}', text: '{"a":5}' }),
      doc('unlisted.json', { revision: 1, saved: '{"a":2}', text: '{"a":2}' }),
    ];
    const { documents, notPublished } = publishable(['drafted.json', 'conflict.json', 'failed.json', 'back.json', 'retyped.json', 'gone.json'], after);
    // Each with the revision the workbench holds: the server writes that one, or refuses a newer one saved elsewhere.
    expect(documents).toEqual([{ path: 'drafted.json', revision: after[0].revision }]);
    expect(publishedNotice(documents.map((d) => d.path), notPublished)).toBe(
      'Published drafted.json to the ruleset’s files. Not published: ' +
        'conflict.json (its save met a newer revision: choose a version first); ' +
        'failed.json (it could not be saved: database is locked); ' +
        'back.json (its text is its file’s again: there is nothing to write); ' +
        'retyped.json (it was edited again while being saved: publish again); ' +
        'gone.json (the ruleset no longer lists it).',
    );
  });

  it('lists a draft whose edits take it back to its file, and after saving has nothing to send', () => {
    const before = [doc('units.json', { revision: 1, saved: '{"a":2}', text: FILE })];
    const listed = toBePublished(before).map((d) => d.path);
    expect(listed).toEqual(['units.json']);
    const { documents, notPublished } = publishable(listed, [doc('units.json', { revision: 2 })]);
    expect(documents).toEqual([]);
    expect(publishedNotice([], notPublished)).toBe('Nothing was published. Not published: units.json (its text is its file’s again: there is nothing to write).');
  });

  it('refuses, naming each, a text that cannot be read as JSON or is over the size limit (in MiB, as the limit counts)', () => {
    const broken = doc('units.json', { revision: 1, saved: '{\n  "unitTypes": {}\n', text: '{\n  "unitTypes": {}\n' });
    const huge = doc('map.json', { text: JSON.stringify({ pad: 'x'.repeat(11.6 * 1024 * 1024) }) });
    const fine = doc('rules.json', { revision: 1, saved: '{"a":2}', text: '{"a":2}' });
    expect(unpublishable([fine])).toBeUndefined();
    expect(unpublishable([fine, broken, huge])).toBe(
      'units.json cannot be published: it is not valid JSON (line 3, column 1: the text ends before the JSON does: a closing } or ] is missing, or the file was cut off). ' +
        'map.json cannot be published: it is 11.6 MiB; the limit is 5 MiB. Fix them first: nothing is published until then.',
    );
  });

  it('holds publishing back while a file changed on disk is neither merged nor ticked, as shown (its hash)', () => {
    const tables = { path: 'tables.json', hash: 'a'.repeat(64) };
    const map = { path: 'map.json', hash: 'b'.repeat(64) };
    expect(unresolvedOnDisk([tables], {})).toBe('tables.json changed on disk since its draft was started: take the file’s changes into the draft, or tick “Publish over it”, first.');
    expect(unresolvedOnDisk([tables, map], { 'tables.json': tables.hash })).toBe('map.json changed on disk since its draft was started: take the file’s changes into the draft, or tick “Publish over it”, first.');
    // Ticked for the file as it was, then changed again: ticked no more.
    expect(unresolvedOnDisk([tables, map], { 'tables.json': tables.hash, 'map.json': 'c'.repeat(64) })).toMatch(/^map\.json changed/);
    expect(unresolvedOnDisk([tables, map], { 'tables.json': tables.hash, 'map.json': map.hash })).toBeUndefined();
    expect(unresolvedOnDisk([], {})).toBeUndefined();
  });
});
