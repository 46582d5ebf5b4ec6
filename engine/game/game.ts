// A game: the ruleset compiled for one scenario, and pure functions over plain states. Each action
// is applied to a copy; the log keeps it with the tester's answers, so replaying the log from the
// seed gives the same state, and undo is a replay of the log without its tail.
import type { ResolvedRuleset } from '../generated/schema-types';
import { malformed, perform, type Action, type PlayerAction } from './actions';
import { settleAftermath } from './combat/aftermath';
import { settleAssaults } from './combat/assault';
import { settleBattle } from './combat';
import { settleDiceBattles } from './combat/per-unit-dice';
import { lossRoom } from './combat/losses';
import { displace } from './displacement';
import { placeable } from './arrivals';
import type { Seeding } from './dice';
import { digest } from './hash';
import { legalActions, legalListing, movers, type LegalOptions, type Listing } from './legal';
import type { GameEvent, LogEntry, Refusal } from './log';
import { compileRules, type Rules } from './rules';
import { waitingSides, advance } from './sequence';
import { currentSlot } from './sequence-slots';
import { overview, type Overview } from './overview';
import { waitingText, waits } from './pending';
import { initialState } from './setup';
import type { Answer, GameResult, GameState, PendingLoss, Question, Task } from './state';
import { copyPlain, copyUnits, unitList } from './state';
import { NeedAnswer, Refused, Tx } from './tx';
import { awaitingPlacement } from './whereabouts';
import { readResource } from './stocks';
import { checkVictory, levelNow, resultWhy, resultWords } from './victory';

export type ActionResult =
  | { ok: true; state: GameState; events: GameEvent[]; /** Set when the action waits for the tester's answer. */ question?: Question }
  | {
      ok: false;
      refusal: Refusal;
      /**
       * Set when the refused action is one a question held, refused once answered: it is withdrawn, and the
       * game stands before it, no question waiting, the rulings its answers were to keep kept all the same.
       */
      withdrawn?: { action: Action; state: GameState };
    };

/** What a finished game answers every action, and every question of what a side could do. */
export const gameOver = (rules: Rules, over: GameResult): Refusal => ({ code: 'game-over', message: `the game is over: ${resultWords(rules, over)}`, cite: over.cite });

export type ReplayResult = { ok: true; state: GameState } | { ok: false; at: number; refusal: Refusal };

export interface GameStatus {
  turn: number;
  turnLabel: string;
  /** The turn as the log names it where it begins ("Turn 3 (spring 1940)"). */
  turnTitle: string;
  lastTurn?: number;
  phase?: string;
  step?: string;
  procedure?: string;
  /** The combats the step runs (none outside a combat step): a unit sent at a location then attacks it. */
  combats: string[];
  /** Sides that may act now. */
  sides: string[];
  /** The power whose turn the step is, where each power takes its own (a production step): the side acts for it. None while a choice in the middle of an action waits. */
  power?: string;
  question?: Question;
  tasks: Task[];
  /** Losses awaiting allocation, with the points due and what each unit can take. */
  losses: (PendingLoss & ReturnType<typeof lossRoom>)[];
  /** What the game waits for in the middle of an action, and what follows: "Red to allocate 1 loss point; then the battle at hex 0403 is fought on". */
  waiting?: string;
  unplaced: string[];
  /** The result, and why it was reached: the level's condition with what the last check counted. */
  over?: GameResult & { /** The result in words, with who won (resultWords). */ words: string; why?: string };
  /** Each power's stock of each resource it has (its starting economy, or what the game gave it since); no amount where the data leaves a gap; whether the power is conquered (the conquest model's status), its stock then buying nothing until it is liberated. */
  stocks: { power: string; resource: string; amount?: number; conquered?: true }[];
  /** The resources each income replaces rather than adds to (the production model saves none): what is left unspent of them is lost then. */
  lapsing: string[];
}

export interface Game {
  readonly rules: Rules;
  /** The state after the `start` action (possibly waiting on a question). */
  readonly initial: GameState;
  applyAction(state: GameState, action: Action): ActionResult;
  /**
   * Applies an action to the state itself rather than a copy, for headless games that keep no earlier
   * position and read no explanations: its log entry keeps the action (the log still replays), and no
   * events are made. Faster, but an action refused (or stopped by a question) midway leaves the state
   * half-changed: the caller must then drop it.
   */
  applyInPlace(state: GameState, action: Action): ActionResult;
  /** Applies an action to a copy of the state, making no events: for a bot looking ahead at a position it will not show. */
  lookAhead(state: GameState, action: Action): ActionResult;
  legalActions(state: GameState, side: string, options?: LegalOptions): PlayerAction[];
  /** The same actions, with the moves kept as each unit's places until one is taken (for bots). */
  legalListing(state: GameState, side: string, options?: LegalOptions): Listing;
  /** Units of a side that may still move now. */
  movers(state: GameState, side: string): string[];
  activeSides(state: GameState): string[];
  status(state: GameState): GameStatus;
  /** What the position shows a side beyond its counters: hostile zones of control, its units out of supply. */
  overview(state: GameState, side: string): Overview;
  /** Recomputes a game from its log entries (actions with their answers, and a bot's reason kept with its entry), from its start or from a position of it whose log they continue. */
  replay(entries: readonly Pick<LogEntry, 'action' | 'answers' | 'why'>[], from?: GameState): ReplayResult;
  /** The state just before log entry `seq` (at least 1: the start is never undone). */
  undo(state: GameState, seq: number): GameState;
  /** A digest of the position (everything but the log's events), equal for equal games. */
  hash(state: GameState): string;
  /** The id of the victory level a check would reach now, if any (games in progress, turn by turn). */
  levelNow(state: GameState): string | undefined;
}

export interface GameOptions {
  /** The resolved ruleset's content hash (as loadRuleset gives it); the game's own digest of it otherwise. */
  rulesetHash?: string;
  /** Every die is rolled by the tester and entered, instead of by the seeded generator. */
  manualDice?: boolean;
  /** How the seed starts the dice ('mixed' unless given): see Seeding. */
  seeding?: Seeding;
}

export type CreateResult = { ok: true; game: Game } | { ok: false; problems: Refusal[] };

export function createGame(ruleset: ResolvedRuleset, scenario: string, seed: number, options: GameOptions = {}): CreateResult {
  if (!Number.isSafeInteger(seed)) return { ok: false, problems: [{ code: 'bad-seed', message: 'the seed must be an integer', cite: { pointer: '' } }] };
  const rules = compiled(ruleset, options.rulesetHash ?? digest(ruleset), scenario);
  if ('error' in rules) return { ok: false, problems: [{ code: 'not-playable', message: rules.error, cite: { pointer: rules.pointer } }] };
  const raw = initialState(rules, seed, options.manualDice ?? false, options.seeding ?? 'mixed');
  if (Array.isArray(raw)) return { ok: false, problems: raw };
  const started = run(rules, raw, { type: 'start' }, {});
  if (!started.ok) return { ok: false, problems: [started.refusal] };

  const replay = (entries: readonly Pick<LogEntry, 'action' | 'answers' | 'why'>[], from?: GameState): ReplayResult => {
    let state = from ?? raw;
    for (let i = 0; i < entries.length; i++) {
      const result = run(rules, state, entries[i].action, entries[i].answers ?? {});
      const seq = state.log.length;
      if (!result.ok) return { ok: false, at: seq, refusal: result.refusal };
      if (result.question) return { ok: false, at: seq, refusal: { code: 'needs-answer', message: `entry ${seq} needs an answer the log lacks: ${result.question.text}`, cite: result.question.cite } };
      state = result.state;
      if (entries[i].why) state.log[seq].why = entries[i].why;
    }
    return { ok: true, state };
  };

  const game: Game = {
    rules,
    initial: started.state,
    applyAction: (state, action) => applyAction(rules, state, action),
    applyInPlace: (state, action) => (state.suspended ? applyAction(rules, state, action) : run(rules, state, action, {}, true)),
    lookAhead: (state, action) => (state.suspended ? applyAction(rules, state, action) : run(rules, state, action, {}, false, false)),
    legalActions: (state, side, options) => legalActions(rules, state, side, options),
    legalListing: (state, side, options) => legalListing(rules, state, side, options),
    movers: (state, side) => movers(rules, state, side),
    activeSides: (state) => activeSides(rules, state),
    status: (state) => status(rules, state),
    overview: (state, side) => overview(rules, state, side),
    replay,
    undo(state, seq) {
      const result = replay(state.log.slice(0, Math.max(1, seq)));
      if (!result.ok) throw new Error(`the log no longer replays at entry ${result.at}: ${result.refusal.message}`);
      return result.state;
    },
    hash: (state) => digest({ ...state, log: state.log.length }),
    levelNow: (state) => levelNow(rules, state)?.id,
  };
  return { ok: true, game };
}

const compiledRules = new WeakMap<ResolvedRuleset, Map<string, ReturnType<typeof compileRules>>>();

/**
 * The ruleset compiled for a scenario, shared by the games made from the same ruleset object and
 * hash, so what the rules keep for a game (route costs, zones around hexes) serves the next one too.
 */
function compiled(ruleset: ResolvedRuleset, hash: string, scenario: string) {
  let byScenario = compiledRules.get(ruleset);
  if (!byScenario) compiledRules.set(ruleset, (byScenario = new Map()));
  const key = `${hash}\u0000${scenario}`;
  let rules = byScenario.get(key);
  if (!rules) byScenario.set(key, (rules = compileRules(ruleset, hash, scenario)));
  return rules;
}

function applyAction(rules: Rules, state: GameState, action: Action): ActionResult {
  const bad = malformed(action);
  if (bad) return refused('bad-action', bad, { pointer: '' });
  if (state.over) return { ok: false, refusal: gameOver(rules, state.over) };
  const held = state.suspended;
  if (!held) return run(rules, state, action, {});
  if (action.type === 'cancel') {
    if (held.action.type === 'start') return refused('cannot-cancel', 'the start of the game cannot be withdrawn: answer the question', held.question.cite);
    const { suspended: _, ...rest } = state;
    return { ok: true, state: rest, events: [] };
  }
  if (action.type !== 'answer') return refused('question-pending', `first answer: ${held.question.text}`, held.question.cite);
  const q = held.question;
  if (action.key !== q.key) return refused('wrong-question', `the question waiting is "${q.key}"`, q.cite);
  const value = q.expects === 'number' && typeof action.value === 'string' && action.value.trim() !== '' ? Number(action.value) : action.value;
  if (q.expects === 'number' && (typeof value !== 'number' || !Number.isFinite(value))) return refused('bad-answer', 'the answer must be a number', q.cite);
  if ((q.whole && !Number.isInteger(value)) || (q.min !== undefined && (value as number) < q.min)) return refused('bad-answer', `the answer must be ${q.whole ? 'a whole number' : 'a number'}${q.min !== undefined ? `, ${q.min} or more` : ''}, not ${value}`, q.cite);
  if (q.choices && !q.choices.some((c) => String(c) === String(value))) return refused('bad-answer', `the answer must be one of ${q.choices.join(', ')}`, q.cite);
  if (action.remember && !q.rememberable) return refused('bad-answer', 'this answer holds for this action only', q.cite);
  const answer: Answer = action.remember ? { value, remember: true, question: q.text } : { value };
  const answers = { ...held.answers, [q.key]: answer };
  const result = run(rules, state, held.action, answers);
  return result.ok ? result : { ...result, withdrawn: { action: held.action, state: withdrawnFrom(rules, state, answers) } };
}

/**
 * The game after the action a question held is refused once answered: it stands before the action, and
 * each ruling the tester asked to keep is logged as kept (it answered its question; the refusal is about the action).
 */
function withdrawnFrom(rules: Rules, state: GameState, answers: Record<string, Answer>): GameState {
  const { suspended: _, ...before } = state;
  let after: GameState = before;
  for (const [key, a] of Object.entries(answers)) {
    if (!a.remember) continue;
    const kept = run(rules, after, { type: 'manual', op: { op: 'keepRuling', key, value: a.value, question: a.question ?? key } }, {});
    if (kept.ok) after = kept.state;
  }
  return after;
}

/** Applies an action to a copy of the state (or the state itself), running the sequence on to the next decision; its events are made unless in place, or when asked not to. */
function run(rules: Rules, state: GameState, action: Action, answers: Record<string, Answer>, inPlace = false, explains = !inPlace): ActionResult {
  const { log, turn } = state;
  const draft = inPlace ? state : draftOf(state);
  const tx = new Tx(rules, draft, answers, false, inPlace, explains);
  // The board is first settled once every unit of the set-up stands on it (displacement.ts).
  if (action.type === 'start' || awaitingPlacement(tx)) tx.lookAtAll = true;
  try {
    perform(tx, action);
    settleBattle(tx);
    settleAftermath(tx);
    settleDiceBattles(tx);
    displace(tx);
    settleAssaults(tx);
    advance(tx);
    displace(tx);
    if (!draft.over) checkVictory(tx, 'immediately');
  } catch (e) {
    if (e instanceof NeedAnswer) {
      const { suspended: _, ...base } = state;
      return { ok: true, state: { ...base, suspended: { action, answers, question: e.question, events: tx.events } }, events: tx.events, question: e.question };
    }
    if (e instanceof Refused) return { ok: false, refusal: e.refusal };
    throw e;
  }
  for (const [key, a] of Object.entries(answers)) if (a.remember) draft.rulings[key] = a.value;
  const entry: LogEntry = { seq: log.length, action, manual: action.type === 'manual', turn, events: tx.events };
  if (Object.keys(answers).length) entry.answers = answers;
  if (inPlace) log.push(entry);
  else draft.log = [...log, entry];
  return { ok: true, state: draft, events: tx.events };
}

/** A copy of a state for an action to change, without its log; control is shared until the action changes it (Tx.controlToChange). */
function draftOf(state: GameState): GameState {
  const { log: _, suspended: __, control, units: ___, ...rest } = state;
  return { ...copyPlain(rest), units: copyUnits(state), control, log: [] };
}

const refused = (code: string, message: string, cite: Refusal['cite']): ActionResult => ({ ok: false, refusal: { code, message, cite } });

function activeSides(rules: Rules, s: GameState): string[] {
  if (s.over || s.suspended || s.tasks.length) return [];
  // A choice in the middle of an action is its sides' to make, as the play page's line on it says.
  const pending = waits(rules, s).waits;
  if (pending.length) return [...new Set(pending.map((w) => w.side))];
  if (unitList(s).some((u) => u.at === 'unplaced')) return rules.sides.filter((side) => placeable(rules, s, side).length > 0);
  return waitingSides(rules, s);
}

function status(rules: Rules, s: GameState): GameStatus {
  const slot = currentSlot(rules, s);
  // A question asked mid-action is what the game waits on: the choice that action makes is the tester's already.
  // A finished game waits on nobody, whatever choice it ended in the middle of.
  const waiting = s.suspended || s.over ? undefined : waitingText(rules, s);
  const phase = slot ? rules.r.sequence?.phases.find((p) => p.id === slot.phaseId) : undefined;
  return {
    turn: s.turn,
    turnLabel: rules.clock.label(s.turn),
    turnTitle: rules.clock.title(s.turn),
    lastTurn: rules.clock.last,
    phase: phase?.name,
    step: slot?.stepId ? phase?.steps?.find((st) => st.id === slot.stepId)?.name : undefined,
    procedure: slot?.procedure,
    combats: slot?.combats ?? [],
    sides: activeSides(rules, s),
    // Not while a choice in the middle of an action waits (losses, a retreat), which may be another side's.
    power: slot && rules.powers.includes(slot.actor) && !waiting ? slot.actor : undefined,
    question: s.suspended?.question,
    tasks: s.tasks,
    losses: s.losses.map((l) => ({ ...l, ...lossRoom(rules, s, l) })),
    waiting,
    unplaced: unitList(s).filter((u) => u.at === 'unplaced').map((u) => u.id),
    over: s.over && { ...s.over, words: resultWords(rules, s.over), why: resultWhy(rules, s) },
    stocks: stocksOf(rules, s),
    lapsing: lapsing(rules),
  };
}

function lapsing(rules: Rules): string[] {
  const model = rules.r.mechanics?.production;
  return !model || model.saving ? [] : [...new Set([model.resource, ...(model.bonuses ?? []).map((b) => b.resource ?? model.resource)])];
}

function stocksOf(rules: Rules, s: GameState): GameStatus['stocks'] {
  const tx = new Tx(rules, s, {}, true);
  const held = new Map<string, Set<string>>();
  for (const holdings of [rules.scenario.economy ?? {}, s.resources]) {
    for (const [power, stock] of Object.entries(holdings)) for (const resource of Object.keys(stock ?? {})) (held.get(power) ?? held.set(power, new Set()).get(power)!).add(resource);
  }
  const conquered = rules.r.mechanics?.conquest?.conquered;
  const isConquered = (power: string) => (conquered !== undefined && s.powers[power]?.status === conquered ? { conquered: true as const } : {});
  return tx.probe(() => [...held].flatMap(([power, resources]) => [...resources].map((resource) => ({ power, resource, amount: readResource(tx, power, resource), ...isConquered(power) }))));
}
