import { describe, expect, it } from 'vitest';
import { graphOf, nearestTwo, stepsFrom } from '@/engine/game/graph';
import { fixture, newGame } from './play';

describe('steps over the board', () => {
  const game = newGame(fixture('ridge'));
  const g = graphOf(game.rules);
  const board = g.keys.flatMap((at, i) => (at.startsWith('hex:') ? [i] : []));

  it('finds, for each location, the nearest of some starts and the nearest of the others, as searches without the nearest would', () => {
    // Every set of two and three hexes of the ridge: the second nearest is the nearest once the first's start is left out.
    const sets = board.flatMap((a, x) => board.slice(x + 1).flatMap((b, y) => [[a, b], ...board.slice(x + y + 2).map((c) => [a, b, c])]));
    for (const starts of sets) {
      const { first, from, second } = nearestTwo(g, starts);
      expect([...first]).toEqual([...stepsFrom(g, starts)]);
      for (const i of board) {
        expect(starts).toContain(from[i]);
        expect(second[i]).toBe(stepsFrom(g, starts.filter((s) => s !== from[i]))[i]);
      }
    }
  });
});
