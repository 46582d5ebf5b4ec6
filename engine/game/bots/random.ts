// The random bot: a random legal action, ending its step now and then so games progress.
// In a movement step it looks at the moves of one unit drawn at random (another when that one cannot
// move), so a decision never works out the reach of every unit on the board.
import type { Game } from '../game';
import type { PlayerAction } from '../actions';
import type { GameState } from '../state';
import type { BotRng } from './rng';

/** Chance of ending the step when other actions are open (losses and placements are never skipped). */
export const END_STEP_CHANCE = 0.1;
/** Units whose moves one look covers: one, drawn at random, then the next if it cannot move. */
const MOVERS_PER_LOOK = 1;

export function randomBot(game: Game, state: GameState, side: string, rng: BotRng): PlayerAction | undefined {
  const movers = rng.sample(game.movers(state, side), Infinity);
  for (let i = 0; ; i += MOVERS_PER_LOOK) {
    const actions = game.legalActions(state, side, { movers: movers.slice(i, i + MOVERS_PER_LOOK) });
    if (i + MOVERS_PER_LOOK >= movers.length || actions.some((a) => a.type === 'move')) return randomOf(actions, rng);
  }
}

export function randomOf(actions: readonly PlayerAction[], rng: BotRng): PlayerAction | undefined {
  if (actions.length === 0) return undefined;
  const end = actions.find((a) => a.type === 'endStep');
  const others = actions.length - (end ? 1 : 0);
  if (others === 0 || (end && rng.chance(END_STEP_CHANCE))) return end;
  // The k-th action other than ending the step, found without copying a list of hundreds of moves.
  let k = rng.int(others);
  for (const a of actions) if (a !== end && k-- === 0) return a;
}
