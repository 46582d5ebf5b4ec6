// The random bot: uniform among the legal actions, ending its step now and then so games progress.
import type { Game } from '../game';
import type { PlayerAction } from '../actions';
import type { GameState } from '../state';
import type { BotRng } from './rng';

/** Chance of ending the step when other actions are open (losses and placements are never skipped). */
export const END_STEP_CHANCE = 0.1;

export function randomBot(game: Game, state: GameState, side: string, rng: BotRng): PlayerAction | undefined {
  return randomOf(game.legalActions(state, side), rng);
}

export function randomOf(actions: readonly PlayerAction[], rng: BotRng): PlayerAction | undefined {
  if (actions.length === 0) return undefined;
  const end = actions.find((a) => a.type === 'endStep');
  const others = actions.filter((a) => a.type !== 'endStep');
  if (others.length === 0 || (end && rng.chance(END_STEP_CHANCE))) return end ?? rng.pick(others);
  return rng.pick(others);
}
