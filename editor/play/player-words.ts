// Changes of player ("Played by") in words, and what an undo does to them.
import type { PlayerChange } from '@/server/games';
import { playerChangesAfterUndo } from '@/server/player-changes';
import { counted } from '@/engine/words';

export type Player = PlayerChange['to'];

export const PLAYERS: { id: Player; label: string }[] = [
  { id: 'person', label: 'a person' },
  { id: 'random', label: 'a random bot' },
  { id: 'greedy', label: 'a greedy bot' },
];
const playerLabel = (p: Player) => PLAYERS.find((x) => x.id === p)?.label ?? p;

/** "Allies: a random bot → a person from entry #501": a change of player in words. */
export const changeText = (c: PlayerChange, sideName: (id: string) => string) => `${sideName(c.side)}: ${playerLabel(c.from)} → ${playerLabel(c.to)} from entry #${c.logLength}`;

/**
 * What undoing to entry #`to` does to the changes made after it, as games.undo does it: a side's become one
 * change at the undo point, or none where it ends with the player it had there. Undefined where there are none.
 */
export function undoneChangesText(changes: readonly PlayerChange[], to: number, sideName: (id: string) => string): string | undefined {
  const moving = changes.filter((c) => c.logLength > to);
  if (!moving.length) return undefined;
  const sides = [...new Set(moving.map((c) => c.side))];
  const after = playerChangesAfterUndo(changes, to).filter((c) => c.logLength === to && sides.includes(c.side));
  const same = sides.filter((s) => !after.some((c) => c.side === s)).map(sideName);
  const become = [
    ...(after.length ? [`as ${after.map((c) => changeText(c, sideName)).join('; ')}`] : []),
    ...(same.length ? [`where ${same.join(' and ')} ${same.length === 1 ? 'has' : 'have'} the same player as now, leaving no change for ${same.length === 1 ? 'it' : 'them'}`] : []),
  ];
  const made = moving.length === 1 ? 'the change of player made after it' : `the ${counted(moving.length, 'change')} of player made after it`;
  return `Who plays each side stays as it is now: ${made} (${moving.map((c) => changeText(c, sideName)).join('; ')}) ${moving.length === 1 ? 'moves' : 'move'} to the undo point, ${become.join(', and ')}.`;
}
