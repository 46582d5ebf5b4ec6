// Bots at play: let bot sides act until a human must, and play whole games headless.
import type { PlayerAction } from '../actions';
import type { Game } from '../game';
import type { GameEvent } from '../log';
import { copyPlain, type GameState, type Question } from '../state';
import { byHand } from '../reminders';
import { currentSlot } from '../sequence-slots';
import { greedyBot } from './greedy';
import { randomBot, randomOf } from './random';
import { botRng, type BotRng } from './rng';

export type BotKind = 'random' | 'greedy';
export const BOT_KINDS: readonly BotKind[] = ['random', 'greedy'];

/** A bot's choice: the action, and why it chose it where the bot says (kept in the log entry). */
export interface BotChoice {
  action: PlayerAction;
  why?: string;
}

export type Bot = (game: Game, state: GameState, side: string, rng: BotRng) => BotChoice | undefined;
export const BOTS: Record<BotKind, Bot> = { random: randomBot, greedy: greedyBot };

/** Why bots stopped: a human must act, the game is over, something only a person can settle, or the cap. */
export type Halt =
  | { kind: 'human'; sides: string[] }
  | { kind: 'over' }
  | { kind: 'stuck'; reason: string }
  | { kind: 'capped' };

/** What the bots cannot settle at this position (a question, a task, nobody able to act: `sides` are those who may), or undefined. */
export function manualStep(s: GameState, sides: readonly string[]): string | undefined {
  if (s.suspended) return `question: ${s.suspended.question.text}`;
  if (s.tasks.length) return `task: ${s.tasks[0].text}`;
  if (!s.over && sides.length === 0) return 'nobody can act';
  return undefined;
}

export interface BotRun {
  state: GameState;
  events: GameEvent[];
  actions: number;
  halt: Halt;
}

export interface RunOptions {
  /** Most actions made. */
  limit: number;
  /** Change the state given instead of copying it, and keep no events (a headless game). */
  headless?: boolean;
  /** Sees the position after every action. */
  each?: (s: GameState) => void;
  /** Sides played by people pass the steps where the engine offers them nothing but ending the step. */
  passing?: boolean;
  /** Collects, by key, the values the data lacks for want of which the bots' listings left actions out. */
  unlisted?: Map<string, Question>;
}

/**
 * The game as bots see it, with the values the data lacks gathered into `unlisted`: those for want of which their
 * listings leave actions out, and those an action they look ahead at would ask (a greedy bot passes it over).
 */
function watching(game: Game, unlisted: Map<string, Question>): Game {
  const met = (question: Question) => void (unlisted.has(question.key) || unlisted.set(question.key, question));
  return {
    ...game,
    legalListing: (s, side, options) => {
      const listing = game.legalListing(s, side, options);
      for (const { question } of listing.waiting ?? []) met(question);
      return listing;
    },
    lookAhead: (s, action) => {
      const result = game.lookAhead(s, action);
      if (result.ok && result.question) met(result.question);
      return result;
    },
  };
}

/**
 * Lets the bot sides act (each through `rngFor(state)`), and where `passing`, the other sides pass the
 * steps they can do nothing in, until a side without a bot must act, the game ends, it needs a person,
 * or the limit of actions has passed.
 */
export function runBots(game: Game, state: GameState, bots: Partial<Record<string, BotKind>>, rngFor: (s: GameState) => BotRng, { limit, headless = false, each, passing = false, unlisted }: RunOptions): BotRun {
  const seen = unlisted ? watching(game, unlisted) : game;
  let s = state;
  const events: GameEvent[] = [];
  const apply = headless ? game.applyInPlace : game.applyAction;
  for (let n = 0; ; n++) {
    if (s.over) return { state: s, events, actions: n, halt: { kind: 'over' } };
    const sides = game.activeSides(s);
    const stuck = manualStep(s, sides);
    if (stuck) return { state: s, events, actions: n, halt: { kind: 'stuck', reason: stuck } };
    const side = sides.find((x) => bots[x]);
    const idle = side || !passing ? undefined : sides.find((x) => nothingToDo(game, s, x));
    if (!side && !idle) return { state: s, events, actions: n, halt: { kind: 'human', sides } };
    if (n >= limit) return { state: s, events, actions: n, halt: { kind: 'capped' } };
    const choice: BotChoice | undefined = side ? BOTS[bots[side]!](seen, s, side, rngFor(s)) : { action: { type: 'endStep', side: idle!, idle: true } };
    if (!choice) return { state: s, events, actions: n, halt: { kind: 'stuck', reason: `no legal action for ${game.rules.party(side!)}` } };
    const r = apply(s, choice.action);
    if (!r.ok) return { state: s, events, actions: n, halt: { kind: 'stuck', reason: `the engine refused a bot's action (${r.refusal.code}: ${r.refusal.message})` } };
    s = r.state;
    if (choice.why) s.log[s.log.length - 1].why = choice.why;
    each?.(s);
    if (!headless) events.push(...r.events);
  }
}

/**
 * Whether a side can do nothing in the step but end it: the engine offers it no other action, leaves
 * none out for want of a value the tester may give, and the step is not one the tester adjudicates by hand.
 */
function nothingToDo(game: Game, s: GameState, side: string): boolean {
  const slot = currentSlot(game.rules, s);
  if ((slot && byHand(game.rules, slot)) || game.movers(s, side).length > 0) return false;
  const { moves, others, waiting } = game.legalListing(s, side, { movers: [] });
  return moves.length === 0 && others.length === 1 && others[0].type === 'endStep' && !waiting?.length;
}

/**
 * Places a side's units left to place, one after another, each where the random bot puts it (a place
 * drawn among those it may go to, through `rngFor(state)`), for as long as the game waits on that side
 * to place units and nothing else: the setup a tester need not make by hand. Each placement is an
 * action in the log like any other, so undo takes it back.
 */
export function placeRest(game: Game, state: GameState, side: string, rngFor: (s: GameState) => BotRng): Pick<BotRun, 'state' | 'events' | 'actions'> {
  let s = state;
  const events: GameEvent[] = [];
  for (let n = 0; ; n++) {
    const sides = game.activeSides(s);
    if (s.over || manualStep(s, sides) || !sides.includes(side)) return { state: s, events, actions: n };
    const listing = game.legalListing(s, side);
    if (listing.others.length === 0 || listing.others.some((a) => a.type !== 'place')) return { state: s, events, actions: n };
    const r = game.applyAction(s, randomOf(listing, rngFor(s))!);
    if (!r.ok) throw new Error(`a listed placement was refused: ${r.refusal.message}`);
    s = r.state;
    events.push(...r.events);
  }
}

export interface PlayedGame {
  seed: number;
  /** 'over' with the level reached (or none), 'stuck' with the reason, or 'capped'. */
  end: 'over' | 'stuck' | 'capped';
  level?: string;
  levelName?: string;
  reason?: string;
  turns: number;
  actions: number;
  /** Turn by turn, the level a victory check would reach at the turn's first decision ('none' when none): the position as the turn began. */
  byTurn: string[];
  /** The values the data lacks for want of which the bots were offered fewer actions (rail moves while the rail distance is a gap, say). */
  unlisted: Unlisted[];
}

/** A value the data lacks, as the engine would ask for it, with where it stands. */
export interface Unlisted {
  pointer: string;
  rule?: string;
  text: string;
}

/** Plays a whole game with a bot on every side (the same kind), from its start, headless. */
export function playOut(game: Game, seed: number, kind: BotKind, maxActions: number): PlayedGame {
  const rng = botRng(seed);
  const bots = Object.fromEntries(game.rules.sides.map((side) => [side, kind]));
  const byTurn: string[] = [];
  const each = (x: GameState) => {
    while (byTurn.length < x.turn && !x.over) byTurn.push(game.levelNow(x) ?? 'none');
  };
  const initial = copyPlain(game.initial);
  each(initial);
  const unlisted = new Map<string, Question>();
  const run = runBots(game, initial, bots, () => rng, { limit: maxActions, headless: true, each, unlisted });
  const s = run.state;
  const base = { seed, turns: s.turn, actions: run.actions, byTurn, unlisted: [...unlisted.values()].map((q) => ({ pointer: q.cite.pointer, rule: q.cite.rule, text: q.text })) };
  if (run.halt.kind === 'over') return { ...base, end: 'over', level: s.over?.level?.id, levelName: s.over?.level?.name ?? s.over?.text };
  if (run.halt.kind === 'capped') return { ...base, end: 'capped' };
  return { ...base, end: 'stuck', reason: run.halt.kind === 'stuck' ? run.halt.reason : 'no bot for a side' };
}
