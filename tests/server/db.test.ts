import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { DraftConflictError, createDraftStore, openDatabase, type DraftStore } from '@/server/db';

const units = { rulesetId: 'europa', path: 'units.json' };

describe('draft store', () => {
  let store: DraftStore;
  beforeEach(() => {
    store = createDraftStore(openDatabase(':memory:'), () => null);
  });

  it('starts a document at revision 1 and adds one per save, keeping content as typed', () => {
    const typed = '{\n  "units": [] // trailing comment kept as typed\n}';
    expect(store.getDraft(units)).toBeUndefined();
    expect(store.saveDraft({ ...units, baseRevision: 0, content: typed })).toMatchObject({
      ...units,
      revision: 1,
      content: typed,
    });
    expect(store.saveDraft({ ...units, baseRevision: 1, content: '{}' }).revision).toBe(2);
    expect(store.getDraft(units)).toMatchObject({ revision: 2, content: '{}' });
    expect(store.getDraft({ ...units, revision: 1 })?.content).toBe(typed);
    expect(store.getDraft({ ...units, revision: 3 })).toBeUndefined();
  });

  it('keeps revisions separate per ruleset and document', () => {
    store.saveDraft({ ...units, baseRevision: 0, content: 'a' });
    expect(store.saveDraft({ rulesetId: 'europa', path: 'map.json', baseRevision: 0, content: 'b' }).revision).toBe(1);
    expect(store.saveDraft({ rulesetId: 'pacific', path: 'units.json', baseRevision: 0, content: 'c' }).revision).toBe(
      1,
    );
  });

  it('refuses a save on a stale revision, reporting the stored version and leaving it untouched', () => {
    store.saveDraft({ ...units, baseRevision: 0, content: 'mine' });
    store.saveDraft({ ...units, baseRevision: 1, content: 'theirs' });

    const attempt = () => store.saveDraft({ ...units, baseRevision: 1, content: 'late edit' });
    expect(attempt).toThrow(DraftConflictError);
    expect(attempt).toThrow('Draft europa/units.json is at revision 2, not 1');
    expect(attempt).toThrow(expect.objectContaining({ current: { revision: 2, content: 'theirs' } }));
    expect(store.getDraft(units)).toMatchObject({ revision: 2, content: 'theirs' });
    expect(store.listRevisions(units)).toHaveLength(2);
  });

  it('treats a save that claims a base for a document with no draft as a conflict', () => {
    expect(() => store.saveDraft({ ...units, baseRevision: 4, content: 'x' })).toThrow(
      expect.objectContaining({ current: { revision: 0, content: null } }),
    );
  });

  it('lists history newest first, with sizes in bytes rather than content', () => {
    store.saveDraft({ ...units, baseRevision: 0, content: 'é' });
    store.saveDraft({ ...units, baseRevision: 1, content: 'abc' });
    const history = store.listRevisions(units);
    expect(history.map(({ revision, bytes }) => ({ revision, bytes }))).toEqual([
      { revision: 2, bytes: 3 },
      { revision: 1, bytes: 2 },
    ]);
    expect(history[0].savedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('keeps the files publishing replaced per document, and forgets them with the document', () => {
    const map = { rulesetId: 'europa', path: 'map.json' };
    store.saveDraft({ ...units, baseRevision: 0, content: 'draft' });
    store.keepReplacedFile({ ...units, content: 'old' });
    store.keepReplacedFile({ ...units, content: 'older?' });
    store.keepReplacedFile({ ...map, content: 'map' });
    const listed = store.listReplacedFiles(units);
    expect(listed.map((r) => r.bytes)).toEqual([6, 3]);
    expect(store.getReplacedFile({ ...units, id: listed[1].id })).toBe('old');
    expect(store.getReplacedFile({ ...map, id: listed[1].id })).toBeUndefined();
    expect(store.forget(units)).toBe(1);
    expect(store.listReplacedFiles(units)).toEqual([]);
    expect(store.listReplacedFiles(map)).toHaveLength(1);
    store.forget({ rulesetId: 'europa' });
    expect(store.listReplacedFiles(map)).toEqual([]);
  });

  it('records the file a draft is started from, as its first revision is saved, until it stands on another; forgets it with the document', () => {
    let file: string | null = 'file 1';
    const files = createDraftStore(openDatabase(':memory:'), () => file);
    expect(files.baseOf(units)).toBeUndefined();
    files.saveDraft({ ...units, baseRevision: 0, content: 'draft 1' });
    file = 'file 2';
    files.saveDraft({ ...units, baseRevision: 1, content: 'draft 2' });
    expect(files.baseOf(units)).toEqual({ file: 'file 1' });
    files.standOn(units, 'draft 2');
    expect(files.baseOf(units)).toEqual({ file: 'draft 2' });
    file = null;
    files.saveDraft({ rulesetId: 'europa', path: 'new.json', baseRevision: 0, content: '{}' });
    expect(files.baseOf({ rulesetId: 'europa', path: 'new.json' })).toEqual({ file: null });
    files.forget(units);
    expect(files.baseOf(units)).toBeUndefined();
    files.forget({ rulesetId: 'europa' });
    expect(files.baseOf({ rulesetId: 'europa', path: 'new.json' })).toBeUndefined();
  });
});

describe('openDatabase', () => {
  it('creates the folder, uses WAL and keeps drafts across reopening', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandtable-db-'));
    const file = path.join(dir, 'nested', 'sandtable.db');
    try {
      const db = openDatabase(file);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      createDraftStore(db, () => null).saveDraft({ ...units, baseRevision: 0, content: 'kept' });
      db.close();

      const reopened = openDatabase(file);
      expect(createDraftStore(reopened, () => null).getDraft(units)?.content).toBe('kept');
      reopened.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('upgrades a database from before drafts recorded their files: each draft stands on its file as it is when first opened', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandtable-db-'));
    const file = path.join(dir, 'sandtable.db');
    try {
      // A database as the Sandtable before wrote it: six migrations run, a draft saved.
      const old = openDatabase(file);
      old.exec('DROP TABLE draft_bases');
      old.pragma('user_version = 6');
      old.prepare("INSERT INTO draft_revisions (ruleset_id, path, revision, content) VALUES ('europa', 'units.json', 1, 'draft')").run();
      old.close();

      const upgraded = openDatabase(file);
      expect(upgraded.pragma('user_version', { simple: true })).toBe(7);
      const store = createDraftStore(upgraded, ({ path: p }) => (p === 'units.json' ? 'file as it is' : null));
      expect(store.getDraft(units)).toMatchObject({ revision: 1, content: 'draft' });
      expect(store.baseOf(units)).toEqual({ file: 'file as it is' });
      // Opened again, with the file changed since: the record stays.
      upgraded.close();
      const again = openDatabase(file);
      expect(createDraftStore(again, () => 'changed by hand').baseOf(units)).toEqual({ file: 'file as it is' });
      again.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a database written by a newer Sandtable', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandtable-db-'));
    const file = path.join(dir, 'sandtable.db');
    try {
      const db = openDatabase(file);
      db.pragma('user_version = 99');
      db.close();
      expect(() => openDatabase(file)).toThrow(/has schema version 99, newer than this Sandtable knows \(\d+\)/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
