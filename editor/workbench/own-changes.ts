// What a variant's own patch sets do to the entries of its rules, read from their operations, for its Rules view to
// mark them: the entries they add, those they change, those they only cite anew (a citation alone) and those they remove.
// Optional sets are left out: the ruleset the view shows is resolved without them, as games play it unless asked.
import type { PatchSetOps } from '@/editor/tables/overrides';
import { isPrefix, parsePointer } from '@/engine/json/pointer';

export interface OwnChange {
  patchSet: string;
  /** Written whole by the set (an `add` there), changed, or only cited anew (no operation but on a citation inside it, a `source` or `rule`: a variant citing its own rulebook). */
  kind: 'added' | 'changed' | 'cited';
  /** The index of the set's first operation on it, to show it at. */
  operation: number;
}

const KIND_WORDS: Record<OwnChange['kind'], string> = { added: 'added', changed: 'changed', cited: 're-cited' };

/** What the view says of a change: "added in patches/a.json", "changed in …", "re-cited in …" (and what the search finds it by). */
export const changeWords = (c: OwnChange) => `${KIND_WORDS[c.kind]} in ${c.patchSet}`;

/** The keys that hold citations in every schema: a value's provenance, and the rule number of a roll or condition. */
const CITATIONS = new Set(['source', 'rule']);

/** Whether an operation inside the entry at `pointer` writes only a citation: its path goes through a citation key below the entry. */
const citesOnly = (pointer: string, path: string) => parsePointer(path).slice(parsePointer(pointer).length).some((key) => CITATIONS.has(key));

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
      const kind = added ? 'added' : kept.every(({ op }) => citesOnly(pointer, op.path as string)) ? 'cited' : 'changed';
      return [{ patchSet: s.path, kind, operation: (added ?? kept[0]).i }];
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
