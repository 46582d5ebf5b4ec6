// Test games: stored as the resolved ruleset snapshot they were created from, their seed and options,
// and their action log (DESIGN decision 7). A game is compiled from its snapshot and replayed from the
// log when first opened, then kept in a small in-memory cache.
import crypto from 'node:crypto';
import type Database from 'better-sqlite3';
import type { ResolvedRuleset } from '../engine';
import { createGame, type Action, type Answer, type Game, type GameState } from '../engine/game';
import type { Suspended } from '../engine/game/state';
import type { BotKind } from '../engine/game/bots';
import type { Seeding } from '../engine/game/dice';
import { databaseFile, openDatabase } from './db';

export interface GameOptionsRecord {
  optionalPatchSets: string[];
  manualDice: boolean;
  /** How the seed started the dice: games stored before seeds were mixed have none, and keep 'direct' to replay as they were played. */
  seeding?: Seeding;
  /** Bot kind by side; sides not listed are played by people. */
  bots: Record<string, BotKind>;
  /** The sides played by people pass the steps where the engine offers them nothing but ending the step. */
  passEmptySteps?: boolean;
  /** Who plays a side, as changed during the game, oldest first (absent until the first change). */
  playerChanges?: PlayerChange[];
}

/** Who plays a side: a person, or a bot of a kind. */
export type Player = 'person' | BotKind;

/** A side handed from one player to another during a game, when its log had `logLength` entries. */
export interface PlayerChange {
  side: string;
  from: Player;
  to: Player;
  logLength: number;
  /** When, as an ISO date. */
  at: string;
}

export interface GameSummary {
  /** How many values are provisional, a few by pointer, and the notes of those that have one (absent in games stored before they were kept). */
  provisional: { count: number; examples: string[]; notes?: Record<string, string> };
  gaps: number;
  /**
   * The patch sets the snapshot was resolved with that its ruleset, and any it extends, apply always (errata, and
   * a variant's differences from its base), in order. The snapshot keeps only its own ruleset's paths: the
   * titles, and a base's patch sets, are recorded here. Absent in games stored before it was.
   */
  errata?: PlayedPatchSet[];
  /**
   * The rulesets the game's ruleset extends, nearest first: a game reads them as published (their files), as the
   * variant's workbench does, whatever its own documents are read from; with how many of their drafts (those their
   * manifests list, differing from the files) it so did not play. Absent in games stored before it was.
   */
  bases?: PlayedBase[];
}

/** A ruleset a game's ruleset extends, read as published, and how many of its drafts were not played. */
export interface PlayedBase {
  id: string;
  draftsNotPlayed: number;
}

/** A patch set a game was played with, by document (`<ruleset>/<path>`) and title. */
export interface PlayedPatchSet {
  path: string;
  title: string;
  /** The ruleset that the patch set's own ruleset extends: the patch set is one of that variant's differences from it, not an erratum. */
  over?: string;
}

export interface GameRecord {
  id: string;
  rulesetId: string;
  rulesetHash: string;
  scenario: string;
  seed: number;
  options: GameOptionsRecord;
  ruleset: ResolvedRuleset;
  fromDraft: boolean;
  summary: GameSummary;
  createdAt: string;
  updatedAt: string;
}

export interface StoredEntry {
  action: Action;
  answers?: Record<string, Answer>;
  /** Why a bot chose the action, where it said. */
  why?: string;
}

/** A tester's note on an entry of a game's log (`seq`), kept with the game until that entry is undone. */
export interface GameNote {
  id: number;
  seq: number;
  text: string;
  createdAt: string;
}

export interface GameListItem {
  gameId: string;
  rulesetId: string;
  rulesetTitle: string;
  scenarioId: string;
  /** The scenario's name as the game's snapshot has it (its id where it has none). */
  scenarioName: string;
  seed: number;
  fromDraft: boolean;
  optionalPatchSets: string[];
  bots: Record<string, BotKind>;
  logLength: number;
  notes: number;
  createdAt: string;
  updatedAt: string;
}

/** The log in the database moved on since it was read (another tab or process acted). Nothing was written. */
export class GameConflictError extends Error {
  override name = 'GameConflictError';
}

/** A stored game whose log no longer replays against its own snapshot (should not happen: the snapshot never changes). */
export class GameCorruptError extends Error {
  override name = 'GameCorruptError';
}

interface Row {
  id: string;
  rulesetId: string;
  rulesetHash: string;
  scenario: string;
  seed: number;
  options: string;
  ruleset: string;
  fromDraft: number;
  summary: string;
  pending: string | null;
  createdAt: string;
  updatedAt: string;
}

export type GameStore = ReturnType<typeof createGameStore>;

export function createGameStore(db: Database.Database) {
  const cols =
    'id, ruleset_id AS rulesetId, ruleset_hash AS rulesetHash, scenario, seed, options, ruleset, from_draft AS fromDraft, summary, pending, created_at AS createdAt, updated_at AS updatedAt';
  const selectGame = db.prepare<[string], Row>(`SELECT ${cols} FROM games WHERE id = ?`);
  const selectLog = db.prepare<[string], { seq: number; action: string; answers: string | null; why: string | null }>(
    'SELECT seq, action, answers, why FROM game_log WHERE game_id = ? ORDER BY seq',
  );
  const countLog = db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM game_log WHERE game_id = ?');
  /** The length of the log of game `g`, in a query over games. */
  const logLengthOf = '(SELECT count(*) FROM game_log l WHERE l.game_id = g.id)';
  const selectLength = db.prepare<[string], { n: number }>(`SELECT ${logLengthOf} AS n FROM games g WHERE g.id = ?`);
  const insertGame = db.prepare(
    `INSERT INTO games (id, ruleset_id, ruleset_hash, scenario, seed, options, ruleset, from_draft, summary, pending)
     VALUES (@id, @rulesetId, @rulesetHash, @scenario, @seed, @options, @ruleset, @fromDraft, @summary, @pending)`,
  );
  const insertEntry = db.prepare('INSERT INTO game_log (game_id, seq, action, answers, why) VALUES (?, ?, ?, ?, ?)');
  const deleteFrom = db.prepare('DELETE FROM game_log WHERE game_id = ? AND seq >= ?');
  const updateOptions = db.prepare("UPDATE games SET options = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?");
  const touch = db.prepare(
    "UPDATE games SET pending = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?",
  );
  const listCols = `g.id AS gameId, g.ruleset_id AS rulesetId, coalesce(json_extract(g.ruleset, '$.title'), g.ruleset_id) AS rulesetTitle,
     g.scenario AS scenarioId, coalesce(json_extract(g.ruleset, '$.scenarios."' || g.scenario || '".name'), g.scenario) AS scenarioName, g.seed, g.from_draft AS fromDraft, g.options, g.created_at AS createdAt, g.updated_at AS updatedAt,
     ${logLengthOf} AS logLength,
     (SELECT count(*) FROM game_notes n WHERE n.game_id = g.id) AS notes`;
  type ListRow = Omit<GameListItem, 'fromDraft' | 'optionalPatchSets' | 'bots'> & { fromDraft: number; options: string };
  const listAll = db.prepare<[], ListRow>(`SELECT ${listCols} FROM games g ORDER BY g.updated_at DESC`);
  const listBy = db.prepare<[string], ListRow>(`SELECT ${listCols} FROM games g WHERE g.ruleset_id = ? ORDER BY g.updated_at DESC`);

  const writeEntries = (id: string, from: number, entries: readonly StoredEntry[]) =>
    entries.forEach((e, i) => insertEntry.run(id, from + i, JSON.stringify(e.action), e.answers ? JSON.stringify(e.answers) : null, e.why ?? null));

  const selectNotes = db.prepare<[string], GameNote>('SELECT id, seq, text, created_at AS createdAt FROM game_notes WHERE game_id = ? ORDER BY seq, id');
  const insertNote = db.prepare<[string, number, string, string | null], GameNote>(
    "INSERT INTO game_notes (game_id, seq, text, created_at) VALUES (?, ?, ?, coalesce(?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))) RETURNING id, seq, text, created_at AS createdAt",
  );
  const selectNotesOf = db.prepare<[string], GameNote & { gameId: string }>(
    `SELECT n.id, n.game_id AS gameId, n.seq, n.text, n.created_at AS createdAt FROM game_notes n JOIN games g ON g.id = n.game_id
     WHERE g.ruleset_id = ? ORDER BY n.created_at DESC, n.id DESC`,
  );
  const deleteNote = db.prepare('DELETE FROM game_notes WHERE game_id = ? AND id = ?');
  const deleteNotesFrom = db.prepare('DELETE FROM game_notes WHERE game_id = ? AND seq >= ?');

  const addNote = db.transaction((id: string, seq: number, text: string) => {
    const n = countLog.get(id)?.n ?? 0;
    if (seq >= n) throw new GameConflictError(`Game ${id} has ${n} log entries: no entry #${seq} to note (it was undone elsewhere)`);
    return insertNote.get(id, seq, text, null)!;
  });

  const create = db.transaction((record: Omit<GameRecord, 'createdAt' | 'updatedAt'>, entries: readonly StoredEntry[], pending: Suspended | undefined, notes: readonly Omit<GameNote, 'id'>[]) => {
    insertGame.run({
      id: record.id,
      rulesetId: record.rulesetId,
      rulesetHash: record.rulesetHash,
      scenario: record.scenario,
      seed: record.seed,
      options: JSON.stringify(record.options),
      ruleset: JSON.stringify(record.ruleset),
      fromDraft: record.fromDraft ? 1 : 0,
      summary: JSON.stringify(record.summary),
      pending: pending ? JSON.stringify(pending) : null,
    });
    writeEntries(record.id, 0, entries);
    for (const note of notes) insertNote.get(record.id, note.seq, note.text, note.createdAt);
  });

  const append = db.transaction((id: string, from: number, entries: readonly StoredEntry[], pending: Suspended | undefined, options: GameOptionsRecord | undefined) => {
    const n = countLog.get(id)?.n ?? 0;
    if (n !== from) throw new GameConflictError(`Game ${id} has ${n} log entries, not ${from}: it was played elsewhere since it was loaded`);
    writeEntries(id, from, entries);
    if (options) updateOptions.run(JSON.stringify(options), id);
    touch.run(pending ? JSON.stringify(pending) : null, id);
  });

  const deleteLog = db.prepare('DELETE FROM game_log WHERE game_id = ?');
  const deleteGame = db.prepare('DELETE FROM games WHERE id = ?');
  const remove = db.transaction((id: string) => {
    deleteNotesFrom.run(id, 0);
    deleteLog.run(id);
    return deleteGame.run(id).changes > 0;
  });

  const truncate = db.transaction((id: string, expected: number, length: number, options: GameOptionsRecord | undefined) => {
    const n = countLog.get(id)?.n ?? 0;
    if (n !== expected) throw new GameConflictError(`Game ${id} has ${n} log entries, not ${expected}: it was played elsewhere since it was loaded`);
    deleteFrom.run(id, length);
    deleteNotesFrom.run(id, length);
    if (options) updateOptions.run(JSON.stringify(options), id);
    touch.run(null, id);
  });

  return {
    db,
    /** Stores a new game with its first log entries (at least the start), and the notes on them it comes with. */
    create(record: Omit<GameRecord, 'createdAt' | 'updatedAt'>, entries: readonly StoredEntry[], pending?: Suspended, notes: readonly Omit<GameNote, 'id'>[] = []): void {
      create.immediate(record, entries, pending, notes);
    },
    get(id: string): { record: GameRecord; entries: StoredEntry[]; pending?: Suspended } | undefined {
      const row = selectGame.get(id);
      if (!row) return undefined;
      const entries = selectLog.all(id).map((e): StoredEntry => {
        const entry: StoredEntry = { action: JSON.parse(e.action) as Action };
        if (e.answers) entry.answers = JSON.parse(e.answers) as Record<string, Answer>;
        if (e.why !== null) entry.why = e.why;
        return entry;
      });
      const { options, ruleset, fromDraft, summary, pending, ...rest } = row;
      return {
        record: {
          ...rest,
          options: JSON.parse(options) as GameOptionsRecord,
          ruleset: JSON.parse(ruleset) as ResolvedRuleset,
          fromDraft: fromDraft === 1,
          summary: JSON.parse(summary) as GameSummary,
        },
        entries,
        pending: pending ? (JSON.parse(pending) as Suspended) : undefined,
      };
    },
    /**
     * Appends entries at `from` (the stored log length) in one transaction, with the options that made
     * them where given; GameConflictError, writing nothing, when the log moved.
     */
    append(id: string, from: number, entries: readonly StoredEntry[], pending?: Suspended, options?: GameOptionsRecord): void {
      append.immediate(id, from, entries, pending, options);
    },
    /** How many entries a game's log has; undefined when there is no such game. */
    logLength(id: string): number | undefined {
      return selectLength.get(id)?.n;
    },
    /** A game's notes, in log order. */
    notes(id: string): GameNote[] {
      return selectNotes.all(id);
    },
    /** The notes on every test game of a ruleset, newest first. */
    notesOf(rulesetId: string): (GameNote & { gameId: string })[] {
      return selectNotesOf.all(rulesetId);
    },
    /** Notes an entry of a game's log; GameConflictError, writing nothing, when the log has no such entry. */
    addNote(id: string, seq: number, text: string): GameNote {
      return addNote.immediate(id, seq, text);
    },
    /** Deletes a note; false when the game has no such note. */
    removeNote(id: string, noteId: number): boolean {
      return deleteNote.run(id, noteId).changes > 0;
    },
    /**
     * Cuts the log back to `length` entries (undo), with the notes on the entries cut, storing the options
     * where given (the changes of player that undo moves); GameConflictError when it no longer has `expected` entries.
     */
    truncate(id: string, expected: number, length: number, options?: GameOptionsRecord): void {
      truncate.immediate(id, expected, length, options);
    },
    /** Deletes a game, its log and its notes in one transaction; false when there was none. */
    remove(id: string): boolean {
      return remove.immediate(id);
    },
    list(rulesetId?: string): GameListItem[] {
      const rows = rulesetId === undefined ? listAll.all() : listBy.all(rulesetId);
      return rows.map(({ options, fromDraft, ...r }) => {
        const o = JSON.parse(options) as GameOptionsRecord;
        return { ...r, fromDraft: fromDraft === 1, optionalPatchSets: o.optionalPatchSets, bots: o.bots };
      });
    },
  };
}

/** The test games of rulesets not among `known` (imported from game files), by ruleset: its title and how many. */
export function gamesElsewhere(known: ReadonlySet<string>, list: readonly GameListItem[]): { rulesetId: string; rulesetTitle: string; games: number }[] {
  const by = new Map<string, { rulesetId: string; rulesetTitle: string; games: number }>();
  for (const g of list) {
    if (known.has(g.rulesetId)) continue;
    const entry = by.get(g.rulesetId) ?? { rulesetId: g.rulesetId, rulesetTitle: g.rulesetTitle, games: 0 };
    entry.games++;
    by.set(g.rulesetId, entry);
  }
  return [...by.values()].sort((a, b) => a.rulesetId.localeCompare(b.rulesetId));
}

/** A game opened for play: its record, the compiled game and the current state. */
export interface OpenGame {
  record: GameRecord;
  game: Game;
  state: GameState;
}

export function compile(record: Pick<GameRecord, 'ruleset' | 'scenario' | 'seed' | 'rulesetHash' | 'options' | 'id'>): Game {
  const created = createGame(record.ruleset, record.scenario, record.seed, { rulesetHash: record.rulesetHash, manualDice: record.options.manualDice, seeding: record.options.seeding ?? 'direct' });
  if (!created.ok) throw new GameCorruptError(`Game ${record.id} no longer compiles: ${created.problems.map((p) => p.message).join('; ')}`);
  return created.game;
}

/** Compiles a stored game from its snapshot and replays its log. */
export function revive(stored: NonNullable<ReturnType<GameStore['get']>>): OpenGame {
  const { record, entries, pending } = stored;
  const game = compile(record);
  const replayed = game.replay(entries);
  if (!replayed.ok) throw new GameCorruptError(`Game ${record.id} does not replay at log entry ${replayed.at}: ${replayed.refusal.message}`);
  const state = pending ? { ...replayed.state, suspended: pending } : replayed.state;
  return { record, game, state };
}

const CACHE_SIZE = 16;

/** Open games by id, most recently used last; a compiled game is worth keeping (compiling and replaying take a while). */
export class GameCache {
  private readonly map = new Map<string, OpenGame>();
  get(id: string): OpenGame | undefined {
    const hit = this.map.get(id);
    if (hit) {
      this.map.delete(id);
      this.map.set(id, hit);
    }
    return hit;
  }
  set(id: string, open: OpenGame) {
    this.map.delete(id);
    this.map.set(id, open);
    while (this.map.size > CACHE_SIZE) this.map.delete(this.map.keys().next().value!);
  }
  delete(id: string) {
    this.map.delete(id);
  }
  clear() {
    this.map.clear();
  }
}

export const newGameId = () => crypto.randomUUID();

let shared: { store: GameStore; cache: GameCache } | undefined;

/** The app's game store, on the same database file as the drafts (opened on first use). */
export function games(): { store: GameStore; cache: GameCache } {
  shared ??= {
    store: createGameStore(openDatabase(databaseFile())),
    cache: new GameCache(),
  };
  return shared;
}

/** Closes the app's game store and forgets every open game (a server restart, as far as games go). */
export function closeGames(): void {
  if (!shared) return;
  shared.cache.clear();
  shared.store.db.close();
  shared = undefined;
}

/** Opens a game: from the cache, else from storage. Undefined when there is no such game. */
export function openGame(id: string): OpenGame | undefined {
  const { store, cache } = games();
  const hit = cache.get(id);
  if (hit) return hit;
  const stored = store.get(id);
  if (!stored) return undefined;
  const open = revive(stored);
  cache.set(id, open);
  return open;
}
