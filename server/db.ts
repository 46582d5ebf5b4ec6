import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { readText } from './files';
import { displayPath, projectRoot, resolveRulesetPath } from './paths';

/** Applied in order; the database's `user_version` pragma counts how many have run. Never edit one, append. */
const MIGRATIONS = [
  `CREATE TABLE draft_revisions (
     ruleset_id TEXT NOT NULL,
     path       TEXT NOT NULL,
     revision   INTEGER NOT NULL CHECK (revision >= 1),
     content    TEXT NOT NULL,
     saved_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
     PRIMARY KEY (ruleset_id, path, revision)
   ) WITHOUT ROWID`,
  // Test games (server/games.ts): a game is its ruleset snapshot, seed and action log.
  `CREATE TABLE games (
     id            TEXT PRIMARY KEY,
     ruleset_id    TEXT NOT NULL,
     ruleset_hash  TEXT NOT NULL,
     scenario      TEXT NOT NULL,
     seed          INTEGER NOT NULL,
     options       TEXT NOT NULL,
     ruleset       TEXT NOT NULL,
     from_draft    INTEGER NOT NULL DEFAULT 0,
     summary       TEXT NOT NULL DEFAULT '{}',
     pending       TEXT,
     created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
     updated_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
   );
   CREATE INDEX games_by_ruleset ON games (ruleset_id, updated_at);
   CREATE TABLE game_log (
     game_id  TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
     seq      INTEGER NOT NULL CHECK (seq >= 0),
     action   TEXT NOT NULL,
     answers  TEXT,
     PRIMARY KEY (game_id, seq)
   ) WITHOUT ROWID`,
  // Balance runs (server/simulation-runs.ts): a run's settings, its report, and each game's outcome.
  `CREATE TABLE simulations (
     id            TEXT PRIMARY KEY,
     ruleset_id    TEXT NOT NULL,
     source        TEXT NOT NULL CHECK (source IN ('drafts', 'files')),
     ruleset_hash  TEXT NOT NULL,
     options       TEXT NOT NULL,
     state         TEXT NOT NULL CHECK (state IN ('playing', 'done', 'stopped', 'failed', 'interrupted')),
     report        TEXT,
     played        TEXT,
     error         TEXT,
     started_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
     ended_at      TEXT
   );
   CREATE INDEX simulations_by_ruleset ON simulations (ruleset_id, started_at)`,
  // Playtest notes (server/games.ts): a tester's words on an entry of a game's log.
  `CREATE TABLE game_notes (
     id          INTEGER PRIMARY KEY,
     game_id     TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
     seq         INTEGER NOT NULL CHECK (seq >= 0),
     text        TEXT NOT NULL,
     created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
   );
   CREATE INDEX game_notes_by_game ON game_notes (game_id, seq)`,
  // A document's file as it was before publishing wrote a draft over it, so the history can bring it back.
  `CREATE TABLE replaced_files (
     id           INTEGER PRIMARY KEY,
     ruleset_id   TEXT NOT NULL,
     path         TEXT NOT NULL,
     content      TEXT NOT NULL,
     replaced_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
   );
   CREATE INDEX replaced_files_by_document ON replaced_files (ruleset_id, path, id)`,
  // Why a bot chose a log entry's action, in words (a greedy bot's reason).
  `ALTER TABLE game_log ADD COLUMN why TEXT`,
  // The file's text a document's draft stands on: its file when the draft was started (NULL: it had none), or the
  // text it last took in (publishing, discarding, the file's changes merged in). Publishing compares it with the
  // file on disk, so that an edit made outside the studio is never written over unseen.
  `CREATE TABLE draft_bases (
     ruleset_id  TEXT NOT NULL,
     path        TEXT NOT NULL,
     file        TEXT,
     PRIMARY KEY (ruleset_id, path)
   )`,
];

export interface DraftKey {
  rulesetId: string;
  /** Document path inside the ruleset folder, already normalised by `normalizeDocPath`. */
  path: string;
}

export interface Draft extends DraftKey {
  revision: number;
  content: string;
  savedAt: string;
}

/** `startedFrom`: with the first revision, the file's text the edit was made on, as its saver read it (else the file as it is now). */
export type DraftSave = DraftKey & { baseRevision: number; content: string; startedFrom?: string | null };

export interface RevisionInfo {
  revision: number;
  savedAt: string;
  bytes: number;
}

/** A file publishing replaced, listed without its content. */
export interface ReplacedFileInfo {
  id: number;
  replacedAt: string;
  bytes: number;
}

/** A save whose base revision is not the stored one. Nothing was written; `current` is what is stored. */
export class DraftConflictError extends Error {
  override name = 'DraftConflictError';
  constructor(
    readonly key: DraftKey,
    readonly baseRevision: number,
    readonly current: { revision: number; content: string | null },
  ) {
    super(
      `Draft ${key.rulesetId}/${key.path} is at revision ${current.revision}, not ${baseRevision}: ` +
        'it was saved elsewhere since you loaded it',
    );
  }
}

export function openDatabase(file: string): Database.Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  try {
    migrate(db, file);
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}

function migrate(db: Database.Database, file: string): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > MIGRATIONS.length) {
    throw new Error(
      `Database ${displayPath(file)} has schema version ${version}, newer than this Sandtable knows (${MIGRATIONS.length})`,
    );
  }
  db.transaction(() => {
    MIGRATIONS.slice(version).forEach((sql) => db.exec(sql));
    db.pragma(`user_version = ${MIGRATIONS.length}`);
  }).immediate();
}

export type DraftStore = ReturnType<typeof createDraftStore>;

/** A document's file as it is now (null: it has none): what a draft started now stands on. */
export type FileOf = (key: DraftKey) => string | null;

/**
 * Drafts of ruleset documents. Every save is a new revision; no revision is ever changed, and revisions are
 * deleted only with their document (a patch set removed, a ruleset deleted, a draft nothing lists deleted by the
 * designer): left behind, they would stand
 * over a later file of the same name. The files publishing replaced are kept beside them, and the file's text each
 * draft stands on (`fileOf` read as its first revision is saved), and go with them.
 */
export function createDraftStore(db: Database.Database, fileOf: FileOf) {
  const columns = 'ruleset_id AS rulesetId, path, revision, content, saved_at AS savedAt';
  const where = 'WHERE ruleset_id = @rulesetId AND path = @path';
  const latest = db.prepare<DraftKey, Draft>(
    `SELECT ${columns} FROM draft_revisions ${where} ORDER BY revision DESC LIMIT 1`,
  );
  const atRevision = db.prepare<DraftKey & { revision: number }, Draft>(
    `SELECT ${columns} FROM draft_revisions ${where} AND revision = @revision`,
  );
  const revisions = db.prepare<DraftKey, RevisionInfo>(
    `SELECT revision, saved_at AS savedAt, length(CAST(content AS BLOB)) AS bytes FROM draft_revisions ${where} ORDER BY revision DESC`,
  );
  const latestOfEach = db.prepare<{ rulesetId: string }, Draft>(
    `SELECT ${columns} FROM draft_revisions d WHERE ruleset_id = @rulesetId
       AND revision = (SELECT MAX(revision) FROM draft_revisions WHERE ruleset_id = d.ruleset_id AND path = d.path) ORDER BY path`,
  );
  const insert = db.prepare<DraftKey & { revision: number; content: string }, Draft>(
    `INSERT INTO draft_revisions (ruleset_id, path, revision, content) VALUES (@rulesetId, @path, @revision, @content) RETURNING ${columns}`,
  );

  const baseOf = db.prepare<DraftKey, { file: string | null }>(`SELECT file FROM draft_bases ${where}`);
  const setBase = db.prepare<DraftKey & { file: string | null }>(
    'INSERT OR REPLACE INTO draft_bases (ruleset_id, path, file) VALUES (@rulesetId, @path, @file)',
  );

  // IMMEDIATE takes the write lock before reading, so another process cannot save in between.
  const save = db.transaction(({ rulesetId, path, baseRevision, content, startedFrom }: DraftSave) => {
    const current = latest.get({ rulesetId, path });
    const currentRevision = current?.revision ?? 0;
    if (baseRevision !== currentRevision) {
      throw new DraftConflictError({ rulesetId, path }, baseRevision, {
        revision: currentRevision,
        content: current?.content ?? null,
      });
    }
    if (currentRevision === 0) setBase.run({ rulesetId, path, file: startedFrom !== undefined ? startedFrom : fileOf({ rulesetId, path }) });
    return insert.get({ rulesetId, path, revision: currentRevision + 1, content })!;
  });

  // Drafts saved before their bases were recorded stand on their files as they are when this Sandtable first
  // opens the database: an edit on disk before then cannot be told from the file the draft started from.
  const unrecorded = db.prepare<[], DraftKey>(
    `SELECT DISTINCT ruleset_id AS rulesetId, path FROM draft_revisions d
       WHERE NOT EXISTS (SELECT 1 FROM draft_bases b WHERE b.ruleset_id = d.ruleset_id AND b.path = d.path)`,
  );
  db.transaction(() => {
    for (const key of unrecorded.all()) {
      let file: string | null;
      try {
        file = fileOf(key);
      } catch {
        continue; // unreadable (a link leading out of the rulesets, say): left unrecorded, never publishable anyway
      }
      setBase.run({ ...key, file });
    }
  }).immediate();

  const forgetRevisions = db.prepare<{ rulesetId: string; path: string | null }>(
    'DELETE FROM draft_revisions WHERE ruleset_id = @rulesetId AND (@path IS NULL OR path = @path)',
  );
  const forgetReplaced = db.prepare<{ rulesetId: string; path: string | null }>(
    'DELETE FROM replaced_files WHERE ruleset_id = @rulesetId AND (@path IS NULL OR path = @path)',
  );
  const forgetBases = db.prepare<{ rulesetId: string; path: string | null }>(
    'DELETE FROM draft_bases WHERE ruleset_id = @rulesetId AND (@path IS NULL OR path = @path)',
  );
  const forget = db.transaction((key: { rulesetId: string; path: string | null }, keepReplacedFiles: boolean) => {
    if (!keepReplacedFiles) forgetReplaced.run(key);
    forgetBases.run(key);
    return forgetRevisions.run(key).changes;
  });
  const keepReplaced = db.prepare<DraftKey & { content: string }>(
    'INSERT INTO replaced_files (ruleset_id, path, content) VALUES (@rulesetId, @path, @content)',
  );
  const replacedList = db.prepare<DraftKey, ReplacedFileInfo>(
    `SELECT id, replaced_at AS replacedAt, length(CAST(content AS BLOB)) AS bytes FROM replaced_files ${where} ORDER BY id DESC`,
  );
  const replacedOne = db.prepare<DraftKey & { id: number }, { content: string }>(`SELECT content FROM replaced_files ${where} AND id = @id`);

  return {
    /** The latest revision, or the one asked for; undefined when there is none. */
    getDraft({ rulesetId, path, revision }: DraftKey & { revision?: number }): Draft | undefined {
      return revision === undefined ? latest.get({ rulesetId, path }) : atRevision.get({ rulesetId, path, revision });
    },

    /** The latest revision of each document of the ruleset that has a draft, by path. */
    latestDrafts(rulesetId: string): Draft[] {
      return latestOfEach.all({ rulesetId });
    },

    /** Newest first, without content: a history list should stay cheap however large the documents are. */
    listRevisions({ rulesetId, path }: DraftKey): RevisionInfo[] {
      return revisions.all({ rulesetId, path });
    },

    /**
     * Stores `content` as the revision after `baseRevision` (0 for a document with no draft yet).
     * Throws DraftConflictError, writing nothing, when someone else saved in between.
     */
    saveDraft({ rulesetId, path, baseRevision, content, startedFrom }: DraftSave): Draft {
      return save.immediate({ rulesetId, path, baseRevision, content, startedFrom });
    },

    /**
     * Deletes every revision of a document, or (without `path`) of every document of the ruleset, and the files
     * publishing replaced (unless `keepReplacedFiles`: the document's file stays, and they are its history); returns
     * how many revisions.
     */
    forget({ rulesetId, path, keepReplacedFiles = false }: { rulesetId: string; path?: string; keepReplacedFiles?: boolean }): number {
      return forget({ rulesetId, path: path ?? null }, keepReplacedFiles);
    },

    /**
     * The file's text the document's draft stands on (`file` null: it had none when the draft was started);
     * undefined when it has no draft.
     */
    baseOf(key: DraftKey): { file: string | null } | undefined {
      return baseOf.get(key);
    },

    /** Records that the draft now stands on this text of its file: published, discarded to it, or its changes merged in. */
    standOn(key: DraftKey, file: string | null): void {
      setBase.run({ ...key, file });
    },

    /** Keeps a document's file as it was before publishing replaced it. */
    keepReplacedFile({ rulesetId, path, content }: DraftKey & { content: string }): void {
      keepReplaced.run({ rulesetId, path, content });
    },

    /** The files publishing replaced, newest first, without content. */
    listReplacedFiles(key: DraftKey): ReplacedFileInfo[] {
      return replacedList.all(key);
    },

    /** One replaced file's text; undefined when the document has none of that id. */
    getReplacedFile(key: DraftKey & { id: number }): string | undefined {
      return replacedOne.get(key)?.content;
    },

    /** Runs `work` in one write transaction: the drafts it changes are all stored, or (when it throws) none. */
    atomically<T>(work: () => T): T {
      return db.transaction(work).immediate();
    },
  };
}

let shared: DraftStore | undefined;

/** The app's database file: `SANDTABLE_DB`, else data/sandtable.db. */
export const databaseFile = () => process.env.SANDTABLE_DB ?? path.join(projectRoot(), 'data', 'sandtable.db');

/** The app's store, opened on first use so that importing this module (e.g. during `next build`) touches no file. */
export function draftStore(): DraftStore {
  shared ??= createDraftStore(openDatabase(databaseFile()), ({ rulesetId, path }) => readText(resolveRulesetPath(rulesetId, path)));
  return shared;
}
