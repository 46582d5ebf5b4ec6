// What the undo confirmation says of the changes of player made after the entry undone: they move to the
// undo point, as games.undo moves them.
import { describe, expect, it } from 'vitest';
import { undoneChangesText } from '@/editor/play/player-words';
import type { PlayerChange } from '@/server/games';

const at = '2025-01-01T00:00:00.000Z';
const change = (side: string, from: PlayerChange['from'], to: PlayerChange['to'], logLength: number): PlayerChange => ({ side, from, to, logLength, at });
const sideName = (id: string) => ({ axis: 'Axis', allies: 'Allies' })[id] ?? id;

describe('undoneChangesText', () => {
  it('says nothing where no change was made after the entry', () => {
    expect(undoneChangesText([change('axis', 'random', 'person', 3), change('allies', 'person', 'random', 5)], 5, sideName)).toBeUndefined();
  });

  it('names a change made after the entry, moved to the undo point', () => {
    expect(undoneChangesText([change('axis', 'random', 'person', 3), change('allies', 'person', 'random', 8)], 5, sideName)).toBe(
      'Who plays each side stays as it is now: the change of player made after it (Allies: a person → a random bot from entry #8) moves to the undo point, as Allies: a person → a random bot from entry #5.',
    );
  });

  it('makes a side\u2019s changes one, or none where they cancel out', () => {
    const changes = [change('allies', 'person', 'random', 6), change('allies', 'random', 'greedy', 8), change('axis', 'person', 'greedy', 9), change('axis', 'greedy', 'person', 9)];
    expect(undoneChangesText(changes, 5, sideName)).toBe(
      'Who plays each side stays as it is now: the 4 changes of player made after it (Allies: a person → a random bot from entry #6; Allies: a random bot → a greedy bot from entry #8; Axis: a person → a greedy bot from entry #9; Axis: a greedy bot → a person from entry #9) move to the undo point, as Allies: a person → a greedy bot from entry #5, and where Axis has the same player as now, leaving no change for it.',
    );
  });
});
