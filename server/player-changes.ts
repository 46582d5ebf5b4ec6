// Who played each side, as the log stands after an undo.
import type { PlayerChange } from './games';

/**
 * The changes of player once the log is cut back to `length` entries. Those made before stand as they
 * were. Undo takes back the board, not the seats: whoever plays a side now goes on playing it, so a
 * side's changes from the cut on (whose entries are gone) become one change at the cut, from the player
 * the side had there to the one it has now, or none where that is the same player.
 */
export function playerChangesAfterUndo(changes: readonly PlayerChange[], length: number): PlayerChange[] {
  const kept = changes.filter((c) => c.logLength < length);
  const bySide = new Map<string, PlayerChange>();
  for (const c of changes) {
    if (c.logLength < length) continue;
    const first = bySide.get(c.side);
    bySide.set(c.side, first ? { ...first, to: c.to, at: c.at } : { ...c, logLength: length });
  }
  return [...kept, ...[...bySide.values()].filter((c) => c.from !== c.to)];
}
