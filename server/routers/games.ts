// Test games over tRPC: create a game from a ruleset (with unsaved documents overlaid), play it, let
// bots take sides, undo, read the play-by-play. An illegal action is an answer (the refusal with its
// rule), not an error; errors are for unknown games, bad input and stale logs.
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { isSeed, SEED_FORM, SEED_MAX } from '../../engine/seed';
import { botBlockingGaps, completeness, loadRuleset, type LoadedRuleset, type ResolvedRuleset } from '../../engine';
import { attackOdds, gameOver, playByPlay, rerun, type Action, type Game, type GameEvent, type GameState } from '../../engine/game';
import { listedActions } from '../../engine/game/legal';
import { leftOutOfAttack } from '../../engine/game/combat/left-out';
import { graphOf } from '../../engine/game/graph';
import { BOT_KINDS, botRng, labelActions, placeRest, positionSeed, runBots, type BotKind, type BotRun } from '../../engine/game/bots';
import { GameConflictError, games, newGameId, openGame, compile, type GameRecord, type OpenGame, type PlayedBase, type StoredEntry } from '../games';
import { draftStore } from '../db';
import { unpublishedDrafts } from '../unpublished';
import { rulesetExists } from '../catalog';
import { GameFileError, MAX_GAME_FILE, readGameFile, toGameFile } from '../game-file';
import { byKind, patchSetsPlayed, recordedPatchSets } from '../played-patch-sets';
import { MAX_NOTE } from '../limits';
import { leftToTester } from '../left-to-tester';
import { provisionalPlacements, provisionalSummary } from '../provisional';
import { gameMapView } from '../geo/game-map';
import { forgetPositions, positionAt } from '../history';
import { playerChangesAfterUndo } from '../player-changes';
import { publicProcedure, router } from '../trpc';
import { checkedRuleset, documents, draftedSource, loadWith } from './authoring';
import { viewing } from './map';
import { counted } from '../../engine/words';

/** Bot actions after one human action at most. */
export const BOT_ACTIONS_PER_TURN = 500;
/** Bot actions when asked to play a game out: more than any bundled game takes (2WW: about 2,500). */
export const BOT_ACTIONS_TO_END = 50_000;
const MAX_LISTED = 20;

const gameId = z.string().min(1).max(100);
const botKind = z.enum(BOT_KINDS as [BotKind, ...BotKind[]]);
/** A free text of a manual adjudication (how the game ends, what a roll is for, why): as long as a note on the log at most. */
const freeText = z.string().max(MAX_NOTE).optional();
/**
 * Actions are checked by the engine itself (malformed() and the rules); here only their outline, and the length of a
 * manual adjudication's free texts, which the log and the page show whole.
 */
const action = z.looseObject({ type: z.string().min(1).max(40), note: freeText, op: z.looseObject({ text: freeText, purpose: freeText }).optional() });

const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });
const notFound = (id: string) => new TRPCError({ code: 'NOT_FOUND', message: `No game "${id}"` });

const listed = (items: string[]) => items.slice(0, MAX_LISTED).join('; ') + (items.length > MAX_LISTED ? `; and ${items.length - MAX_LISTED} more` : '');

/**
 * The errors that stop a game: errors within another scenario than the game's do not, as a game reads its
 * own scenario only, and a draft of a new scenario (or one a variant inherits) should not keep every other
 * from being played.
 */
function blockingErrors(loaded: LoadedRuleset, scenario?: string) {
  const elsewhere = (pointer: string) => scenario !== undefined && pointer.startsWith('/scenarios/') && !`${pointer}/`.startsWith(`/scenarios/${scenario}/`);
  return loaded.diagnostics.filter((d) => d.severity === 'error' && !elsewhere(d.pointer));
}

/** The ruleset loaded, or BAD_REQUEST listing the errors that must be fixed before `doing`. */
function usable(loaded: LoadedRuleset, rulesetId: string, doing: string, scenario?: string): ResolvedRuleset {
  const errors = blockingErrors(loaded, scenario);
  if (!loaded.ruleset || errors.length) {
    throw badRequest(
      `Ruleset "${rulesetId}" has ${counted(errors.length, 'error')}; fix them before ${doing}: ` +
        listed(errors.map((d) => `${d.document}${d.pointer ? ' ' + d.pointer : ''}${d.line ? `:${d.line}` : ''}: ${d.message}`)),
    );
  }
  return loaded.ruleset;
}

function open(id: string): OpenGame {
  const g = openGame(id);
  if (!g) throw notFound(id);
  return g;
}

/** How many entries a stored game's log has, without opening the game (which may replay it). */
function logLength(id: string): number {
  const n = games().store.logLength(id);
  if (n === undefined) throw notFound(id);
  return n;
}

/**
 * A game as the play page shows it; `presentLogLength` is the whole log's, where `state` is an earlier
 * position. The state comes without its log (games.log serves that by pages): a whole game's log is
 * megabytes, and the state is asked for after every action.
 */
function view(g: OpenGame, presentLogLength = g.state.log.length) {
  const { record, game, state } = g;
  const { log, ...board } = state;
  return {
    gameId: record.id,
    rulesetId: record.rulesetId,
    rulesetTitle: record.ruleset.title ?? record.rulesetId,
    /** Whether the library has the ruleset (a game imported from a file may be of one it lacks). */
    inLibrary: rulesetExists(record.rulesetId),
    scenarioId: record.scenario,
    scenarioName: record.ruleset.scenarios?.[record.scenario]?.name ?? record.scenario,
    seed: record.seed,
    createdAt: record.createdAt,
    optionalPatchSets: record.options.optionalPatchSets,
    /** The errata, and apart from them a variant's own patch sets (its differences from the ruleset it extends). */
    ...patchSetsPlayed(record),
    fromDraft: record.fromDraft,
    /** The rulesets it extends, read as published, each with how many of its drafts the game did not play. */
    bases: record.summary.bases ?? [],
    provisional: record.summary.provisional,
    gaps: record.summary.gaps,
    bots: record.options.bots,
    /** Who played a side before, and since when another plays it. */
    playerChanges: record.options.playerChanges ?? [],
    /** How many actions the bots play at most after each of the tester's. */
    botActionsPerRun: BOT_ACTIONS_PER_TURN,
    passEmptySteps: record.options.passEmptySteps === true,
    status: game.status(state),
    rulings: rulingsIn(state),
    state: board,
    hash: game.hash(state),
    logLength: log.length,
    presentLogLength,
  };
}

/** The ruling on `key` an action keeps by hand (for an action refused once answered), if it is one. */
const keptBy = (a: Action, key: string) => (a.type === 'manual' && a.op.op === 'keepRuling' && a.op.key === key ? a.op : undefined);

/** The rulings kept in a game, each with the question it answered (as asked) and the log entry that kept it, read from the log. */
function rulingsIn(state: GameState): { key: string; value: number | string; question?: string; seq?: number }[] {
  return Object.entries(state.rulings).map(([key, value]) => {
    const entry = state.log.findLast((e) => e.answers?.[key]?.remember || keptBy(e.action, key));
    const kept = entry && keptBy(entry.action, key);
    return { key, value, question: kept ? kept.question : entry?.answers?.[key]?.question, seq: entry?.seq };
  });
}

const toStored = (s: GameState, from: number): StoredEntry[] =>
  s.log.slice(from).map(({ action, answers, why }) => ({ action, ...(answers ? { answers } : {}), ...(why ? { why } : {}) }));

/** Refuses a side the game's ruleset does not have, naming those it has. */
function expectSide(game: Game, side: string) {
  if (!game.rules.sides.includes(side)) throw badRequest(`No side "${side}" (sides: ${game.rules.sides.join(', ')})`);
}

/** Refuses bots on a ruleset with gaps they would meet, listing them. */
function expectBotsCanPlay(report: ReturnType<typeof completeness>, optionalPatchSets: readonly string[]) {
  const blocking = botBlockingGaps(report);
  if (blocking.length) {
    throw badRequest(
      `A bot cannot adjudicate: the ruleset has ${counted(blocking.length, 'gap')} in the tables, units or mechanics a game uses` +
        `${optionalPatchSets.length ? '' : ' (an optional patch set such as a provisional fill may fill them)'}: ` +
        listed(blocking.map((g) => g.pointer)),
    );
  }
}

/**
 * Whether the bots wait after the tester's action rather than play on: the tester acted for a side a bot
 * plays, or in a position where only bots were to act (their run stopped at its cap, or an undo went back
 * into their turn). The tester stepped in for the bots there, and they play on when asked ("Let the bots
 * play"), not for hundreds of actions unasked.
 */
function botsHold(bots: GameRecord['options']['bots'], toAct: readonly string[], action: { side?: unknown }): boolean {
  if (typeof action.side === 'string' && bots[action.side]) return true;
  return toAct.length > 0 && toAct.every((side) => bots[side]);
}

/** The most actions made together (actAll): a stack's worth, and more. */
const MAX_ACTIONS_TOGETHER = 50;

/** Makes actions in turn, all or none, then lets the bot sides play (unless the tester acted in a bot's place, or a question waits). */
function actAll(gameId: string, actions: Action[], expectedLogLength: number | undefined) {
  const g = open(gameId);
  const before = g.state;
  expectLength(before, expectedLogLength);
  const events: GameEvent[] = [];
  let after = before;
  for (const [index, action] of actions.entries()) {
    const result = g.game.applyAction(after, action);
    if (!result.ok) {
      // An answered action refused is withdrawn (an answer comes first, with the game as the page read it): stored so, its kept rulings with it.
      if (result.withdrawn && index === 0) commit(g, before, result.withdrawn.state);
      return { ok: false as const, refusal: result.refusal, index, ...(result.withdrawn && index === 0 ? { withdrawn: result.withdrawn.action, logLength: result.withdrawn.state.log.length } : {}) };
    }
    if (result.question && index < actions.length - 1) {
      const { question } = result;
      return { ok: false as const, refusal: { code: 'question-waits', message: `nothing was done: action ${index + 1} of ${actions.length} asks first: ${question.text}; make them one at a time`, cite: question.cite }, index };
    }
    events.push(...result.events);
    after = result.state;
  }
  const held = botsHold(g.record.options.bots, g.game.activeSides(before), actions[0] as { side?: unknown });
  if (!after.suspended && !held) {
    const run = letBotsPlay(g.record, g, after);
    after = run.state;
    events.push(...run.events);
  }
  commit(g, before, after);
  return { ok: true as const, events, question: after.suspended?.question, status: g.game.status(after), botsHeld: held, logLength: after.log.length };
}

/** A CONFLICT when the caller saw another log length than the game has: it acted on a position that moved on. */
function expectLength(state: GameState, expected: number | undefined) {
  if (expected !== undefined && expected !== state.log.length) {
    throw new TRPCError({ code: 'CONFLICT', message: `The game's log has ${counted(state.log.length, 'entry', 'entries')}, not ${expected}: reload it` });
  }
}

/** Runs the bot sides from `state` (each decision seeded by the game's seed and the log length), and passes the people's empty steps where the game says. */
function letBotsPlay(record: Pick<GameRecord, 'seed' | 'options'>, g: Pick<OpenGame, 'game'>, state: GameState, limit = BOT_ACTIONS_PER_TURN): Pick<BotRun, 'state' | 'events'> & Partial<BotRun> {
  const passing = record.options.passEmptySteps === true;
  if (Object.keys(record.options.bots).length === 0 && !passing) return { state, events: [] };
  return runBots(g.game, state, record.options.bots, (s) => botRng(positionSeed(record.seed, s.log.length)), { limit, passing });
}

/**
 * A write to a game's stored log: should it fail, the cached game (which may no longer match the
 * store) is dropped, and a log that moved elsewhere answers CONFLICT.
 */
function writing<T>(gameId: string, write: () => T): T {
  try {
    return write();
  } catch (e) {
    games().cache.delete(gameId);
    if (e instanceof GameConflictError) throw new TRPCError({ code: 'CONFLICT', message: e.message });
    throw e;
  }
}

/** Stores what changed from `before` to `after` (and the game's options, when they changed with it) and caches the new state. */
function commit(g: OpenGame, before: GameState, after: GameState, options?: GameRecord['options']) {
  writing(g.record.id, () => games().store.append(g.record.id, before.log.length, toStored(after, before.log.length), after.suspended, options));
  games().cache.set(g.record.id, { ...g, state: after });
}

/**
 * The rulesets a loaded ruleset extends (those whose documents it read, nearest first): read as published, as its
 * workbench reads them, each with how many of its drafts a game of it does not play, for the game's header to say.
 */
function basesRead(loaded: LoadedRuleset): PlayedBase[] {
  const read = [...new Set([...loaded.documents.keys()].map((p) => p.slice(0, p.indexOf('/'))))].filter((rid) => rid !== loaded.id);
  return read.map((id) => ({ id, draftsNotPlayed: unpublishedDrafts(draftStore(), id).filter((d) => !d.unlisted).length }));
}

export const gamesRouter = router({
  create: publicProcedure
    .input(
      z.strictObject({
        rulesetId: z.string().min(1).max(100),
        scenarioId: z.string().min(1).max(100).optional(),
        // One message for every wrong seed (zod's int and max checks would each give a limit of their own).
        seed: z.number().refine(isSeed, SEED_FORM).optional(),
        optionalPatchSets: z.array(z.string().min(1).max(100)).max(20).default([]),
        documents,
        bots: z.record(z.string().min(1).max(100), botKind).default({}),
        manualDice: z.boolean().default(false),
        passEmptySteps: z.boolean().default(false),
      }),
    )
    .mutation(({ input }) => {
      const loaded = loadWith(checkedRuleset(input.rulesetId), input.documents, { optionalPatchSets: input.optionalPatchSets });
      const scenarios = Object.keys(loaded.ruleset?.scenarios ?? {});
      const scenario = input.scenarioId ?? scenarios[0];
      const ruleset = usable(loaded, input.rulesetId, 'starting a game', scenario);
      const sides = Object.keys(ruleset.sides ?? {});
      const unknownSides = Object.keys(input.bots).filter((s) => !sides.includes(s));
      if (unknownSides.length) throw badRequest(`No side ${unknownSides.map((s) => `"${s}"`).join(', ')} in ${input.rulesetId} (sides: ${sides.join(', ')})`);
      const report = completeness(ruleset);
      if (Object.keys(input.bots).length) expectBotsCanPlay(report, input.optionalPatchSets);
      if (!scenario || !scenarios.includes(scenario)) {
        throw badRequest(scenario ? `No scenario "${scenario}" in ${input.rulesetId} (scenarios: ${scenarios.join(', ') || 'none'})` : `Ruleset ${input.rulesetId} has no scenario`);
      }
      const record: Omit<GameRecord, 'createdAt' | 'updatedAt'> = {
        id: newGameId(),
        rulesetId: input.rulesetId,
        rulesetHash: loaded.hash ?? '',
        scenario,
        seed: input.seed ?? Math.floor(Math.random() * (SEED_MAX + 1)),
        options: { optionalPatchSets: input.optionalPatchSets, manualDice: input.manualDice, bots: input.bots, seeding: 'mixed', passEmptySteps: input.passEmptySteps },
        ruleset,
        fromDraft: Object.keys(input.documents).length > 0,
        summary: {
          provisional: provisionalSummary(report),
          gaps: report.gaps.length,
          errata: recordedPatchSets(loaded),
          bases: basesRead(loaded),
        },
      };
      let game;
      try {
        game = compile(record);
      } catch (e) {
        throw badRequest(e instanceof Error ? e.message : String(e));
      }
      const run = letBotsPlay(record, { game }, game.initial);
      const { store } = games();
      store.create(record, toStored(run.state, 0), run.state.suspended);
      return { gameId: record.id };
    }),

  /**
   * What stands in the way of a game of the draft (its errors, as games.create would refuse them: `blocking`), and,
   * when nothing does, what it would leave to the tester (launch's dialog says both before the game starts): the
   * engine's reminders over the scenario's sequence, the work it does not do apart from what it only reminds of.
   */
  leftToTester: publicProcedure
    .input(z.strictObject({ rulesetId: z.string().min(1).max(100), scenarioId: z.string().min(1).max(100).optional(), optionalPatchSets: z.array(z.string().min(1).max(100)).max(20).default([]), documents }))
    .mutation(({ input }) => {
      const loaded = loadWith(checkedRuleset(input.rulesetId), input.documents, { optionalPatchSets: input.optionalPatchSets });
      const errors = blockingErrors(loaded, input.scenarioId);
      // The first few named, all counted.
      // With the patch sets always applied (errata, a variant's own), which the dialog names before the game starts.
      const nothing = { errors: errors.length, blocking: errors.slice(0, MAX_LISTED), byHand: [], reminded: [], botGaps: 0, ...byKind(recordedPatchSets(loaded)) };
      if (errors.length || !input.scenarioId) return nothing;
      if (!loaded.ruleset || !loaded.hash) throw new TRPCError({ code: 'UNPROCESSABLE_CONTENT', message: `${input.rulesetId} does not resolve` });
      const left = leftToTester(loaded.ruleset, loaded.hash, input.scenarioId);
      if ('error' in left) throw new TRPCError({ code: 'UNPROCESSABLE_CONTENT', message: left.error });
      // The gaps a game meets that only a person can settle: a bot may take a side only without them.
      return { ...nothing, ...left, botGaps: botBlockingGaps(completeness(loaded.ruleset)).length };
    }),

  /** The game now, or (`at`) the position when its log had that many entries, replayed from the log: its history, read only. */
  state: publicProcedure.input(z.strictObject({ gameId, at: z.number().int().min(1).optional() })).query(({ input }) => {
    const g = open(input.gameId);
    const length = g.state.log.length;
    if (input.at === undefined || input.at === length) return view(g);
    if (input.at > length) throw badRequest(`The log has ${counted(length, 'entry', 'entries')}: there is no position after entry #${input.at - 1}`);
    return view({ ...g, state: positionAt(g, input.at) }, length);
  }),

  legalActions: publicProcedure.input(z.strictObject({ gameId, side: z.string().min(1).max(100) })).query(({ input }) => {
    const { game, state } = open(input.gameId);
    expectSide(game, input.side);
    const listing = game.legalListing(state, input.side);
    const actions = listedActions(listing);
    const labels = labelActions(game, state, actions);
    // The gaps that left actions out: a unit's move waiting on one is made by trying it, which asks for the value.
    const waiting = (listing.waiting ?? []).map(({ question, units }) => ({ text: question.text, cite: question.cite, units }));
    // A finished game lists nothing, and says why, as its actions are answered.
    const over = state.over && { refusal: gameOver(game.rules, state.over) };
    return { actions: actions.map((action, i) => ({ action, label: labels[i] })), waiting, endHeld: listing.endHeld, endWarning: listing.endWarning, ...over };
  }),

  /**
   * The game's log played again on its ruleset as the workbench shows it now (each document's latest
   * draft over its file, the game's patch sets applied, the same scenario, seed and dice): where it
   * first goes another way (an entry refused, or leading elsewhere), or that it goes the same way
   * throughout. Nothing is stored.
   */
  rerun: publicProcedure.input(z.strictObject({ gameId })).query(({ input }) => {
    const g = open(input.gameId);
    const { record } = g;
    const loaded = loadRuleset(draftedSource(checkedRuleset(record.rulesetId)), record.rulesetId, { optionalPatchSets: record.options.optionalPatchSets });
    const ruleset = usable(loaded, record.rulesetId, 'replaying a game on it', record.scenario);
    const rulesetHash = loaded.hash ?? '';
    if (rulesetHash === record.rulesetHash) return { changed: false, result: { kind: 'same' as const, entries: g.state.log.length } };
    let other;
    try {
      other = compile({ ...record, ruleset, rulesetHash });
    } catch (e) {
      throw badRequest(e instanceof Error ? e.message : String(e));
    }
    return { changed: true, result: rerun(g.game, other, g.state.log) };
  }),

  /** The resolved ruleset the game was created from (its patch sets and unsaved drafts included): its snapshot. */
  ruleset: publicProcedure.input(z.strictObject({ gameId })).query(({ input }) => open(input.gameId).record.ruleset),

  /** The game's map as the play page draws it, from the ruleset it was created from (patch sets and unsaved drafts included). */
  map: publicProcedure.input(z.strictObject({ gameId })).query(({ input }) => {
    const { record } = open(input.gameId);
    return viewing(() => gameMapView(record.rulesetId, record.ruleset));
  }),

  /** The units the scenario places provisionally, by id, with where and the placement's note: the play map marks them while they stand there. */
  provisionalPlacements: publicProcedure.input(z.strictObject({ gameId })).query(({ input }) => provisionalPlacements(open(input.gameId).game)),

  /** What the position shows a side beyond its counters: hostile zones of control, its units out of supply now. */
  overview: publicProcedure.input(z.strictObject({ gameId, side: z.string().min(1).max(100) })).query(({ input }) => {
    const { game, state } = open(input.gameId);
    expectSide(game, input.side);
    return game.overview(state, input.side);
  }),

  /** How an attack tends to go from the position now: fought `runs` times on fresh dice, nothing stored. */
  odds: publicProcedure
    .input(z.strictObject({ gameId, action, runs: z.number().int().min(1).max(5000).default(1000) }))
    .query(({ input }) => {
      if (input.action.type !== 'attack') throw badRequest(`Odds are for attacks, not "${input.action.type}"`);
      const { game, state } = open(input.gameId);
      return attackOdds(game, state, input.action as unknown as Extract<Action, { type: 'attack' }>, input.runs);
    }),

  /**
   * Why the side's units near a location (within two steps, or with it in reach) are left out of the
   * attacks listed on it: each tried in the attack on a copy of the position, with its refusal and rule.
   * Asked when the tester opens the list, never with the listing. A finished game names none, and says
   * why (`refusal`), as it answers an action.
   */
  whyNotAttacking: publicProcedure.input(z.strictObject({ gameId, side: z.string().min(1).max(100), target: z.string().min(1).max(200) })).query(({ input }) => {
    const { game, state } = open(input.gameId);
    expectSide(game, input.side);
    if (!graphOf(game.rules).index.has(input.target)) throw badRequest(`"${input.target}" is not a location on this game's map (a hex, area or box, as hex:0601)`);
    if (state.over) return { units: [], refusal: gameOver(game.rules, state.over) };
    return { units: leftOutOfAttack(game, state, input.side, input.target) };
  }),

  act: publicProcedure
    .input(z.strictObject({ gameId, action, expectedLogLength: z.number().int().min(0).optional() }))
    .mutation(({ input }) => actAll(input.gameId, [input.action as unknown as Action], input.expectedLogLength)),

  /**
   * Several actions made in turn, all or none (a stack's moves to one place): the first refused leaves the
   * game as it was, and its refusal says which it was (`index`). One that asks a question before the last is
   * refused too, the rest waiting on its answer.
   */
  actAll: publicProcedure
    .input(z.strictObject({ gameId, actions: z.array(action).min(1).max(MAX_ACTIONS_TOGETHER), expectedLogLength: z.number().int().min(0).optional() }))
    .mutation(({ input }) => actAll(input.gameId, input.actions as unknown as Action[], input.expectedLogLength)),

  /**
   * Lets the bot sides play on from where the game stands: after an undo into a bot's turn, or where
   * one request's bots stopped at the cap (`toEnd`: until a person is to act or the game ends). Says
   * how many actions they made and why they stopped.
   */
  botsPlay: publicProcedure.input(z.strictObject({ gameId, expectedLogLength: z.number().int().min(0).optional(), toEnd: z.boolean().default(false) })).mutation(({ input }) => {
    const g = open(input.gameId);
    const before = g.state;
    expectLength(before, input.expectedLogLength);
    if (Object.keys(g.record.options.bots).length === 0) throw badRequest(`Game ${g.record.id} has no bots`);
    const run = letBotsPlay(g.record, g, before, input.toEnd ? BOT_ACTIONS_TO_END : BOT_ACTIONS_PER_TURN);
    if (run.actions) commit(g, before, run.state);
    // Played out, the events are the whole game's: the log has them, by pages.
    return { actions: run.actions ?? 0, halt: run.halt, events: input.toEnd ? [] : run.events, status: g.game.status(run.state), logLength: run.state.log.length };
  }),

  /**
   * Places a side's units left to place, each at a place drawn among those it may go to (seeded by the
   * game and the position, as the bots are), while the game waits on that side to place units; then
   * the bot sides play on. Says how many units were placed.
   */
  placeRest: publicProcedure.input(z.strictObject({ gameId, side: z.string().min(1).max(100), expectedLogLength: z.number().int().min(0).optional() })).mutation(({ input }) => {
    const g = open(input.gameId);
    const before = g.state;
    expectLength(before, input.expectedLogLength);
    expectSide(g.game, input.side);
    // Where the set-up goes from side to side (the neutrals' units placed after the other side's), the bots'
    // turns are played between, and the side's placements go on to the end of its set-up.
    let state = before;
    let actions = 0;
    const events: GameEvent[] = [];
    for (;;) {
      const placed = placeRest(g.game, state, input.side, (s) => botRng(positionSeed(g.record.seed, s.log.length)));
      if (placed.actions === 0) break;
      const run = letBotsPlay(g.record, g, placed.state);
      actions += placed.actions;
      events.push(...placed.events, ...run.events);
      state = run.state;
    }
    if (actions === 0) throw badRequest(`${g.game.rules.party(input.side)} have no units to place now`);
    commit(g, before, state);
    return { actions, events, status: g.game.status(state), logLength: state.log.length };
  }),

  /**
   * Whether the sides played by people pass the steps where the engine offers them nothing but ending
   * the step; turned on, they pass those from where the game stands. Says how many steps were passed.
   */
  passEmptySteps: publicProcedure.input(z.strictObject({ gameId, pass: z.boolean(), expectedLogLength: z.number().int().min(0).optional() })).mutation(({ input }) => {
    const g = open(input.gameId);
    const before = g.state;
    expectLength(before, input.expectedLogLength);
    const record = { ...g.record, options: { ...g.record.options, passEmptySteps: input.pass } };
    const opened = { ...g, record };
    const run = input.pass ? letBotsPlay(record, opened, before) : { state: before, events: [], actions: 0 };
    // The option and the passes it makes are stored together, or neither when the game moved on meanwhile.
    commit(opened, before, run.state, record.options);
    return { actions: run.actions ?? 0, events: run.events, status: g.game.status(run.state), logLength: run.state.log.length };
  }),

  /**
   * Hands a side to a person or to a bot of a kind, from where the game stands; the change is stored with the
   * game and listed with when it was made (`playerChanges`). Nothing is played: where a bot is now to act, it
   * plays when asked (games.botsPlay). A bot is refused on a ruleset with gaps it would meet.
   */
  setPlayer: publicProcedure
    .input(z.strictObject({ gameId, side: z.string().min(1).max(100), player: z.union([z.literal('person'), botKind]), expectedLogLength: z.number().int().min(0).optional() }))
    .mutation(({ input }) => {
      const g = open(input.gameId);
      const { state } = g;
      expectLength(state, input.expectedLogLength);
      expectSide(g.game, input.side);
      const { options } = g.record;
      const from = options.bots[input.side] ?? 'person';
      if (from === input.player) return { bots: options.bots, playerChanges: options.playerChanges ?? [] };
      if (input.player !== 'person') expectBotsCanPlay(completeness(g.record.ruleset), options.optionalPatchSets);
      const { [input.side]: _, ...others } = options.bots;
      const bots = input.player === 'person' ? others : { ...others, [input.side]: input.player };
      const change = { side: input.side, from, to: input.player, logLength: state.log.length, at: new Date().toISOString() };
      const record = { ...g.record, options: { ...options, bots, playerChanges: [...(options.playerChanges ?? []), change] } };
      // Stored only while the log is as the caller saw it.
      commit({ ...g, record }, state, state, record.options);
      return { bots, playerChanges: record.options.playerChanges };
    }),

  undo: publicProcedure.input(z.strictObject({ gameId, toLogLength: z.number().int().min(1) })).mutation(({ input }) => {
    const g = open(input.gameId);
    const length = g.state.log.length;
    if (input.toLogLength > length) throw badRequest(`The log has ${counted(length, 'entry', 'entries')}: cannot undo to ${input.toLogLength}`);
    // Replayed from the history's nearest checkpoint, as viewing that position would.
    const state = positionAt(g, input.toLogLength);
    forgetPositions(g.record.id, input.toLogLength);
    const { options } = g.record;
    const playerChanges = options.playerChanges && playerChangesAfterUndo(options.playerChanges, input.toLogLength);
    const record = playerChanges ? { ...g.record, options: { ...options, playerChanges } } : g.record;
    writing(g.record.id, () => games().store.truncate(g.record.id, length, input.toLogLength, playerChanges && record.options));
    const next = { ...g, record, state };
    games().cache.set(g.record.id, next);
    return view(next);
  }),

  /** The play-by-play from entry `from` on (all of it by default), as entries with their events and as lines of text. */
  log: publicProcedure.input(z.strictObject({ gameId, from: z.number().int().min(0).default(0) })).query(({ input }) => {
    const { state } = open(input.gameId);
    const entries = state.log.slice(input.from);
    return { total: state.log.length, from: Math.min(input.from, state.log.length), lines: playByPlay(entries), entries };
  }),

  /** The tester's notes on the game's log entries, in log order. */
  notes: publicProcedure.input(z.strictObject({ gameId })).query(({ input }) => {
    logLength(input.gameId);
    return games().store.notes(input.gameId);
  }),

  /** The notes on every test game of a ruleset, newest first: what the playtesters saw, for the designer. */
  notesOf: publicProcedure.input(z.strictObject({ rulesetId: z.string().min(1).max(100) })).query(({ input }) => games().store.notesOf(input.rulesetId)),

  /** Notes a log entry: what a playtester saw there, for the designer (kept until the entry is undone). */
  addNote: publicProcedure.input(z.strictObject({ gameId, seq: z.number().int().min(0), text: z.string().trim().min(1, 'a note needs some words').max(MAX_NOTE) })).mutation(({ input }) => {
    const length = logLength(input.gameId);
    if (input.seq >= length) throw badRequest(`The log has ${counted(length, 'entry', 'entries')}: no entry #${input.seq} to note`);
    return writing(input.gameId, () => games().store.addNote(input.gameId, input.seq, input.text));
  }),

  removeNote: publicProcedure.input(z.strictObject({ gameId, noteId: z.number().int() })).mutation(({ input }) => {
    logLength(input.gameId);
    if (!games().store.removeNote(input.gameId, input.noteId)) throw new TRPCError({ code: 'NOT_FOUND', message: `Game ${input.gameId} has no note ${input.noteId}` });
    return { removed: input.noteId };
  }),

  /** The game as a file (its ruleset snapshot, seed, options and log) for another studio to import. */
  export: publicProcedure.input(z.strictObject({ gameId })).query(({ input }) => {
    const stored = games().store.get(input.gameId);
    if (!stored) throw notFound(input.gameId);
    return toGameFile(stored, games().store.notes(input.gameId));
  }),

  /**
   * Stores a game file's game as a new test game, once its snapshot matches its hash and its schema
   * and its log replays (BAD_REQUEST saying what is wrong otherwise, nothing stored).
   */
  import: publicProcedure.input(z.strictObject({ file: z.string().min(1).max(MAX_GAME_FILE) })).mutation(({ input }) => {
    let read;
    try {
      read = readGameFile(input.file);
    } catch (e) {
      if (e instanceof GameFileError) throw badRequest(`Cannot import this game file: ${e.message}`);
      throw e;
    }
    const id = newGameId();
    const { store, cache } = games();
    store.create({ ...read.record, id }, read.entries, undefined, read.notes);
    cache.set(id, { record: store.get(id)!.record, game: read.game, state: read.state });
    return { gameId: id, rulesetId: read.record.rulesetId, logLength: read.state.log.length };
  }),

  /** Deletes a test game for good: its record and its log. */
  delete: publicProcedure.input(z.strictObject({ gameId })).mutation(({ input }) => {
    const { store, cache } = games();
    cache.delete(input.gameId);
    forgetPositions(input.gameId);
    if (!store.remove(input.gameId)) throw notFound(input.gameId);
    return { deleted: input.gameId };
  }),

  list: publicProcedure.input(z.strictObject({ rulesetId: z.string().min(1).max(100).optional() }).default({})).query(({ input }) => {
    return { games: games().store.list(input.rulesetId) };
  }),
});
