// Earlier positions of a game, replayed from its log for the play page's history and for undo.
// Positions every CHECKPOINT entries are kept for the last few games viewed, so a step through a long
// game (or an undo) replays at most that many entries instead of the whole log. Positions past an undo
// are forgotten, all of a game's when it is deleted; entries appended later leave the earlier ones as
// they were.
import type { GameState } from '../engine/game';
import type { OpenGame } from './games';

const CHECKPOINT = 200;
const GAMES = 4;

/** By game id (least recently viewed first): the positions kept, by log length. */
const kept = new Map<string, Map<number, GameState>>();

/** The game as it stood when its log had `at` entries (1 ≤ at ≤ its length). */
export function positionAt(g: OpenGame, at: number): GameState {
  const id = g.record.id;
  const points = kept.get(id) ?? new Map<number, GameState>();
  kept.delete(id);
  kept.set(id, points);
  while (kept.size > GAMES) kept.delete(kept.keys().next().value!);
  let from: GameState | undefined;
  for (const [n, s] of points) if (n <= at && n > (from?.log.length ?? 0)) from = s;
  let state = from;
  let n = from?.log.length ?? 0;
  while (n < at) {
    const next = Math.min(at, (Math.floor(n / CHECKPOINT) + 1) * CHECKPOINT);
    const replayed = g.game.replay(g.state.log.slice(n, next), state);
    if (!replayed.ok) throw new Error(`game ${id} does not replay at entry ${replayed.at}: ${replayed.refusal.message}`);
    state = replayed.state;
    n = next;
    if (n % CHECKPOINT === 0) points.set(n, state);
  }
  return state!;
}

/** Forgets a game's positions past `length` entries (all of them without): its log was cut back there, or it is gone. */
export function forgetPositions(gameId: string, length = 0) {
  const points = kept.get(gameId);
  if (length === 0) kept.delete(gameId);
  else for (const n of points?.keys() ?? []) if (n > length) points!.delete(n);
}
