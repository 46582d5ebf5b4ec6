import { describe, expect, it } from 'vitest';
import { botRng } from '@/engine/game/bots';
import { greedyBot } from '@/engine/game/bots/greedy';
import { act, fixture, newGame, playTo } from './play';

// The greedy bot on the ridge: Red's levels want Azure City and, from turn 8, the Pass (0303).
const redToMove = () => {
  const game = newGame(fixture('ridge'));
  const s = act(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' });
  return { game, s: playTo(game, s, 'movement-step', 'red') };
};

describe('the greedy bot', () => {
  it('moves a unit onto a place its levels want when one can reach it', () => {
    const { game, s } = redToMove();
    // The militia leaves the Pass: a red unit may now take it.
    const open = act(game, s, { type: 'manual', op: { op: 'moveUnit', unit: 'slate-militia', to: 'hex:0504' } });
    const listed = game.legalActions(open, 'red').filter((a) => a.type === 'move' && a.to === 'hex:0303');
    expect(listed.length).toBeGreaterThan(0);
    for (let seed = 1; seed <= 5; seed++) expect(greedyBot(game, open, 'red', botRng(seed))).toMatchObject({ type: 'move', to: 'hex:0303' });
  });
});
