// A game's log played again on another ruleset (an edited draft, an errata applied): where it first
// goes another way. Each entry is replayed on both games; the positions are compared every STRIDE
// entries, and a stretch whose end differs is stepped again entry by entry to find the first one.
import type { Game } from './game';
import type { GameEvent, LogEntry, Refusal } from './log';
import type { GameState } from './state';
import { unitLabel } from './units';
import { counted, possessive } from '../words';

export type Rerun =
  /** Every entry leads to the same position on the other ruleset. */
  | { kind: 'same'; entries: number }
  /** The other ruleset refuses entry `at` (or asks the tester something the log has no answer to). */
  | { kind: 'refused'; at: number; entry: LogEntry; refusal: Refusal }
  /**
   * Entry `at` is accepted, from the same position, but leads elsewhere: `events` are the other ruleset's,
   * `changes` the first few things the positions after it differ in (where events alone may read the same).
   */
  | { kind: 'differs'; at: number; entry: LogEntry; events: GameEvent[]; changes: string[] };

/** Entries replayed between comparisons: a comparison digests two whole positions (about 1 ms for a hundred units). */
const STRIDE = 50;

/** A position as two rulesets can share it: the game's hash (no log events), without the ruleset's. */
const position = (game: Game, s: GameState) => game.hash({ ...s, rulesetHash: '' });

/** Replays `log` (a game of `played`, whose own log it is) on `other`, created with the same scenario, seed and options. */
export function rerun(played: Game, other: Game, log: readonly LogEntry[]): Rerun {
  // The positions before entry n on each; undefined before the start.
  let mine: GameState | undefined;
  let theirs: GameState | undefined;
  for (let n = 0; n < log.length; n += STRIDE) {
    const stretch = log.slice(n, n + STRIDE);
    const a = own(played, stretch, mine);
    const b = other.replay(stretch, theirs);
    if (!b.ok || position(played, a) !== position(other, b.state)) return parting(played, other, log, n, mine, theirs);
    mine = a;
    theirs = b.state;
  }
  return { kind: 'same', entries: log.length };
}

/** The first entry from `n` on that `other` refuses or leads to another position, the positions before `n` being the same. */
function parting(played: Game, other: Game, log: readonly LogEntry[], n: number, mine: GameState | undefined, theirs: GameState | undefined): Rerun {
  for (let i = n; i < log.length; i++) {
    const a = own(played, [log[i]], mine);
    const b = other.replay([log[i]], theirs);
    if (!b.ok) return { kind: 'refused', at: i, entry: log[i], refusal: b.refusal };
    if (position(played, a) !== position(other, b.state)) return { kind: 'differs', at: i, entry: log[i], events: b.state.log[i].events, changes: differences(played, a, b.state) };
    mine = a;
    theirs = b.state;
  }
  throw new Error('the positions differed, yet no entry parts them');
}

/** Things named where two positions differ, at most. */
const NAMED = 6;

/**
 * What two positions of a game differ in, as played (`a`) and on the other ruleset (`b`), in words: where
 * units stand and the steps they lost, who controls a location, the powers' sides, statuses and stocks.
 * The first few, and how many more.
 */
function differences(game: Game, a: GameState, b: GameState): string[] {
  const { rules } = game;
  const found: string[] = [];
  const differ = (x: unknown, y: unknown) => JSON.stringify(x) !== JSON.stringify(y);
  const where = (at: string | undefined) => (at === undefined ? 'not in play' : rules.label(at));
  for (const id of new Set([...Object.keys(a.units), ...Object.keys(b.units)])) {
    const [u, v] = [a.units[id], b.units[id]];
    const name = unitLabel(rules, (u ?? v)!);
    if (u?.at !== v?.at) found.push(`${name}: ${where(u?.at)} as played, ${where(v?.at)} now`);
    else if (u && v && u.stepsLost !== v.stepsLost) found.push(`${name}: ${counted(u.stepsLost, 'step')} lost as played, ${v.stepsLost} now`);
  }
  const holder = (c: string | undefined) => (c === undefined ? 'nobody' : rules.party(c));
  for (const at of new Set([...Object.keys(a.control), ...Object.keys(b.control)])) {
    if (a.control[at] !== b.control[at]) found.push(`${rules.label(at)}: held by ${holder(a.control[at])} as played, ${holder(b.control[at])} now`);
  }
  const standing = (p: GameState['powers'][string] | undefined) => `${p?.side ? `on ${rules.party(p.side)}'s side` : 'on no side'}${p?.status ? `, ${p.status}` : ''}`;
  const stock = (r: Record<string, number> | undefined) => Object.entries(r ?? {}).map(([res, n]) => `${n} ${res}`).join(', ') || 'nothing';
  for (const power of new Set([...Object.keys(a.powers), ...Object.keys(b.powers)])) {
    if (differ(a.powers[power], b.powers[power])) found.push(`${rules.party(power)}: ${standing(a.powers[power])} as played, ${standing(b.powers[power])} now`);
  }
  for (const power of new Set([...Object.keys(a.resources), ...Object.keys(b.resources)])) {
    if (differ(a.resources[power], b.resources[power])) found.push(`${possessive(rules.party(power))} stock: ${stock(a.resources[power])} as played, ${stock(b.resources[power])} now`);
  }
  if (found.length === 0) found.push('the positions differ in what the game keeps beyond units, control and stocks (the step, the turn, a pending choice)');
  return found.length > NAMED ? [...found.slice(0, NAMED), `and ${counted(found.length - NAMED, 'more difference')}`] : found;
}

function own(game: Game, entries: readonly LogEntry[], from: GameState | undefined): GameState {
  const r = game.replay(entries, from);
  if (!r.ok) throw new Error(`the game's own log does not replay at entry ${r.at}: ${r.refusal.message}`);
  return r.state;
}
