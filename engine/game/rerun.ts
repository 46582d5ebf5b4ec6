// A game's log played again on another ruleset (an edited draft, an errata applied): where it first
// goes another way. Each entry is replayed on both games; the positions are compared every STRIDE
// entries, and a stretch whose end differs is stepped again entry by entry to find the first one.
import type { Game } from './game';
import type { GameEvent, LogEntry, Refusal } from './log';
import type { GameState } from './state';

export type Rerun =
  /** Every entry leads to the same position on the other ruleset. */
  | { kind: 'same'; entries: number }
  /** The other ruleset refuses entry `at` (or asks the tester something the log has no answer to). */
  | { kind: 'refused'; at: number; entry: LogEntry; refusal: Refusal }
  /** Entry `at` is accepted, from the same position, but leads elsewhere: `events` are the other ruleset's. */
  | { kind: 'differs'; at: number; entry: LogEntry; events: GameEvent[] };

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
    if (position(played, a) !== position(other, b.state)) return { kind: 'differs', at: i, entry: log[i], events: b.state.log[i].events };
    mine = a;
    theirs = b.state;
  }
  throw new Error('the positions differed, yet no entry parts them');
}

function own(game: Game, entries: readonly LogEntry[], from: GameState | undefined): GameState {
  const r = game.replay(entries, from);
  if (!r.ok) throw new Error(`the game's own log does not replay at entry ${r.at}: ${r.refusal.message}`);
  return r.state;
}
