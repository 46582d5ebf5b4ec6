// What a variant's own patch sets do to the entries of its rules, read from their operations, for its Rules view to
// mark them: the entries they add, those they change (anything inside, a citation included) and those they remove.
// Optional sets are left out: the ruleset the view shows is resolved without them, as games play it unless asked.
import type { PatchSetOps } from '@/editor/tables/overrides';
import { isPrefix, parsePointer } from '@/engine/json/pointer';

export interface OwnChange {
  patchSet: string;
  /** Written whole by the set (an `add` there), else changed. */
  added: boolean;
  /** The index of the set's first operation on it, to show it at. */
  operation: number;
}

/** What the view says of a change: "added in patches/a.json", "changed in …" (and what the search finds it by). */
export const changeWords = (c: OwnChange) => `${c.added ? 'added' : 'changed'} in ${c.patchSet}`;

/** What the sets do to the entry at `pointer` (`/triggers/<id>`), one change a set, in their order. */
export function changesOf(sets: readonly PatchSetOps[], pointer: string): OwnChange[] {
  return sets
    .filter((s) => !s.optional)
    .flatMap((s) => {
      const touching = s.operations.flatMap((op, i) => (typeof op.path === 'string' && op.op !== 'test' && (isPrefix(pointer, op.path) || isPrefix(op.path, pointer)) ? [{ op, i }] : []));
      // An entry removed and not written again is not in the ruleset the view shows.
      const kept = touching.filter(({ op }) => !(op.path === pointer && op.op === 'remove'));
      if (!kept.length) return [];
      const added = kept.find(({ op }) => op.path === pointer && (op.op === 'add' || op.op === 'copy' || op.op === 'move'));
      return [{ patchSet: s.path, added: added !== undefined, operation: (added ?? kept[0]).i }];
    });
}

/** The entries of a section (`triggers`) the patch sets remove, each with the last set that does. */
export function removedIn(sets: readonly PatchSetOps[], key: string): { id: string; patchSet: string }[] {
  const removed = new Map<string, string>();
  for (const s of sets.filter((x) => !x.optional)) {
    for (const op of s.operations) {
      const [top, id, ...rest] = typeof op.path === 'string' ? parsePointer(op.path) : [];
      if (top !== key || id === undefined || rest.length > 0 || op.op === 'test') continue;
      if (op.op === 'remove') removed.set(id, s.path);
      else removed.delete(id);
    }
  }
  return [...removed].map(([id, patchSet]) => ({ id, patchSet }));
}
