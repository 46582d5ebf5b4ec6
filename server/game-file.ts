// Game files: a test game as one JSON file (its ruleset snapshot, seed, options and log), to hand to
// someone else's studio — a playtester's bug report to a designer, or a game carried on elsewhere.
// Reading one trusts nothing in it: the snapshot must match its hash and its schema, and the log must
// replay entry by entry, and the patch sets it names are its snapshot's own. A question waiting for
// an answer is not written: the game read stands before the action that asked it.
import { z } from 'zod';
import { newerFormat, type ResolvedRuleset } from '../engine';
import { contentHash } from '../engine/load/hash';
import { schemaErrors } from '../engine/schema/validator';
import { schemaFindings } from '../engine/schema/errors';
import type { Action, Game, GameState } from '../engine/game';
import { malformed } from '../engine/game/actions';
import { BOT_KINDS, type BotKind } from '../engine/game/bots';
import { snapshotPatchSets } from './played-patch-sets';
import { compile, type GameNote, type GameRecord, type GameStore, type Player, type StoredEntry } from './games';
import { RULESET_ID_FORM, RULESET_ID_PATTERN } from '../engine/schema/id';
import { counted } from '../engine/words';
import { plainWords } from './issues';
import { MAX_NOTE } from './limits';

export const GAME_FILE_VERSION = 1;
/** The largest game file read: a 2WW game played out is about 0.6 MB. */
export const MAX_GAME_FILE = 20_000_000;

/** What a game file holds: the stored game (without its id and dates), its log and the notes on it. */
export type GameFile = Omit<GameRecord, 'id' | 'createdAt' | 'updatedAt'> & {
  sandtable: 'game';
  version: number;
  exportedAt: string;
  log: StoredEntry[];
  notes: Omit<GameNote, 'id'>[];
};

/** A game refused on import: what is wrong and where, nothing stored. */
export class GameFileError extends Error {
  override name = 'GameFileError';
}

/** The file of a stored game (its log, without an action waiting for an answer) with its notes. */
export function toGameFile({ record, entries }: NonNullable<ReturnType<GameStore['get']>>, notes: readonly GameNote[]): GameFile {
  const { id: _, createdAt: __, updatedAt: ___, ...game } = record;
  return { sandtable: 'game', version: GAME_FILE_VERSION, exportedAt: new Date().toISOString(), ...game, log: entries, notes: notes.map(({ id: _, ...note }) => note) };
}

const outline = z.object({
  sandtable: z.literal('game', { error: 'not a Sandtable game file (no "sandtable": "game")' }),
  version: z.number().int(),
});

const player = z.enum(['person', ...BOT_KINDS] as [Player, ...Player[]]);
const playerWords: Record<Player, string> = { person: 'a person', random: 'a random bot', greedy: 'a greedy bot' };

const shape = z.object({
  rulesetId: z.string().regex(RULESET_ID_PATTERN, `a ruleset id: ${RULESET_ID_FORM}`).max(100),
  rulesetHash: z.string().min(1).max(200),
  scenario: z.string().min(1).max(100),
  seed: z.number().int().min(-(2 ** 31)).max(2 ** 31 - 1),
  options: z.object({
    optionalPatchSets: z.array(z.string().min(1).max(100)).max(20),
    manualDice: z.boolean(),
    seeding: z.enum(['mixed', 'direct']).optional(),
    bots: z.record(z.string().min(1).max(100), z.enum(BOT_KINDS as [BotKind, ...BotKind[]])),
    passEmptySteps: z.boolean().optional(),
    playerChanges: z
      .array(z.object({ side: z.string().min(1).max(100), from: player, to: player, logLength: z.number().int().min(0), at: z.iso.datetime() }))
      .max(10_000)
      .optional(),
  }),
  fromDraft: z.boolean(),
  summary: z.object({
    provisional: z.object({ count: z.number().int().min(0), examples: z.array(z.string()), notes: z.record(z.string(), z.string()).optional() }),
    gaps: z.number().int().min(0),
    errata: z.array(z.object({ path: z.string().min(1).max(600), title: z.string().min(1).max(200) })).max(200).optional(),
    bases: z.array(z.object({ id: z.string().min(1).max(100), draftsNotPlayed: z.number().int().min(0) })).max(20).optional(),
  }),
  ruleset: z.record(z.string(), z.unknown()),
  log: z.array(z.object({ action: z.looseObject({ type: z.string() }), answers: z.record(z.string(), z.looseObject({ value: z.union([z.number(), z.string()]) })).optional(), why: z.string().max(2000).optional() })).min(1),
  notes: z.array(z.object({ seq: z.number().int().min(0), text: z.string().trim().min(1).max(MAX_NOTE), createdAt: z.iso.datetime() })).default([]),
});

/** A stored game read back from a file, with its position replayed: ready to store under a new id. */
export interface ReadGame {
  record: Omit<GameRecord, 'id' | 'createdAt' | 'updatedAt'>;
  entries: StoredEntry[];
  notes: Omit<GameNote, 'id'>[];
  /** The game compiled from the snapshot, and its position after the log: opening it needs no second replay. */
  game: Game;
  state: GameState;
}

/** Reads a game file, or GameFileError saying what is wrong and where. */
export function readGameFile(text: string): ReadGame {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new GameFileError(`not JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  const head = outline.safeParse(json, { error: plainWords });
  if (!head.success) throw new GameFileError(head.error.issues[0].message);
  if (head.data.version > GAME_FILE_VERSION) throw new GameFileError(`written by a newer Sandtable (game file version ${head.data.version}; this studio reads version ${GAME_FILE_VERSION})`);
  const parsed = shape.safeParse(json, { error: plainWords });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new GameFileError(`${issue.path.length ? `/${issue.path.join('/')}` : 'the file'}: ${issue.message}`);
  }
  const { log, notes, ...game } = parsed.data;
  const stray = notes.find((n) => n.seq >= log.length);
  if (stray) throw new GameFileError(`a note is on entry #${stray.seq}, past the log's ${counted(log.length, 'entry', 'entries')}`);
  // A change is made when the log has `logLength` entries: at most the log's length, never past it.
  const late = game.options.playerChanges?.find((c) => c.logLength > log.length);
  if (late) throw new GameFileError(`a change of player (${late.side}: ${playerWords[late.from]} → ${playerWords[late.to]}) is from entry #${late.logLength}, past the log's ${counted(log.length, 'entry', 'entries')}`);
  const ruleset = game.ruleset as unknown as ResolvedRuleset;
  if (ruleset.id !== game.rulesetId) throw new GameFileError(`/rulesetId: "${game.rulesetId}", but the snapshot is of ruleset "${String(ruleset.id)}"`);
  if (contentHash(ruleset) !== game.rulesetHash) throw new GameFileError('the ruleset snapshot does not match its hash: the file was edited or damaged');
  const newer = newerFormat(ruleset.format);
  if (newer) throw new GameFileError(`its ruleset is ${newer}`);
  const invalid = schemaFindings(schemaErrors('ruleset', ruleset));
  if (invalid.length) throw new GameFileError(`the ruleset snapshot is not a valid ruleset: /ruleset${invalid[0].pointer}: ${invalid[0].message}${invalid.length > 1 ? ` (and ${invalid.length - 1} more)` : ''}`);
  const sides = Object.keys(ruleset.sides ?? {});
  const stranger = game.options.playerChanges?.find((c) => !sides.includes(c.side));
  if (stranger) throw new GameFileError(`a change of player names side "${stranger.side}", which the ruleset does not have (sides: ${sides.join(', ')})`);
  const record = { ...game, ruleset, summary: { ...game.summary, errata: snapshotPatchSets(ruleset, game.summary.errata) } };
  let compiled;
  try {
    compiled = compile({ ...record, id: 'in the file' });
  } catch (e) {
    throw new GameFileError(e instanceof Error ? e.message : String(e));
  }
  const entries = log as StoredEntry[];
  const bad = entries.findIndex((e) => malformed(e.action as Action) !== undefined);
  if (bad >= 0) throw new GameFileError(`log entry ${bad}: ${malformed(entries[bad].action)}`);
  let replayed;
  try {
    replayed = compiled.replay(entries);
  } catch (e) {
    // An action of the right outline with values the rules never expect (a crafted file) breaks the replay rather than being refused.
    throw new GameFileError(`the log does not replay on its ruleset: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (!replayed.ok) throw new GameFileError(`the log does not replay on its ruleset at entry ${replayed.at}: ${replayed.refusal.message}`);
  return { record, entries, notes, game: compiled, state: replayed.state };
}

