// The random bot: a random legal action, ending its step now and then so games progress.
// In a movement step it looks at the moves of one unit drawn at random (another when that one cannot
// move), so a decision never works out the reach of every unit on the board.
import type { Game } from '../game';
import type { PlayerAction } from '../actions';
import type { Listing } from '../legal';
import type { GameState } from '../state';
import type { BotRng } from './rng';
import type { BotChoice } from './play';

/** Chance of ending the step when other actions are open (losses and placements are never skipped). */
export const END_STEP_CHANCE = 0.1;
/** Units whose moves one look covers: one, drawn at random, then the next if it cannot move. */
const MOVERS_PER_LOOK = 1;

/** Says no reason: it has none, and a game of random bots keeps a lighter log. */
export function randomBot(game: Game, state: GameState, side: string, rng: BotRng): BotChoice | undefined {
  const movers = rng.sample(game.movers(state, side), Infinity);
  for (let i = 0; ; i += MOVERS_PER_LOOK) {
    const listing = game.legalListing(state, side, { movers: movers.slice(i, i + MOVERS_PER_LOOK) });
    if (i + MOVERS_PER_LOOK >= movers.length || listing.moves.length > 0) {
      const action = randomOf(listing, rng);
      return action && { action };
    }
  }
}

/** Any listed action but ending the step, all alike; ending the step now and then, or when nothing else is listed. */
export function randomOf({ side, moves, others }: Listing, rng: BotRng): PlayerAction | undefined {
  const end = others.find((a) => a.type === 'endStep');
  let count = others.length - (end ? 1 : 0);
  for (const m of moves) count += m.to.length + (m.rail?.length ?? 0);
  if (count === 0 || (end && rng.chance(END_STEP_CHANCE))) return end;
  // The k-th action other than ending the step; only the move taken is made.
  let k = rng.int(count);
  for (const m of moves) {
    if (k < m.to.length) return { type: 'move', side, unit: m.unit, to: m.to[k] };
    k -= m.to.length;
    if (m.rail && k < m.rail.length) return { type: 'move', side, unit: m.unit, to: m.rail[k], rail: true };
    k -= m.rail?.length ?? 0;
  }
  for (const a of others) if (a !== end && k-- === 0) return a;
}
