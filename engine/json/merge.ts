// A stale save's two versions merged: the changes from the common base revision to mine (RFC 6902, as
// rfc6902 computes them) applied to theirs, unless one touches what theirs changed.
import { applyEdits } from 'jsonc-parser';
import { applyPatch, createPatch, type Operation } from 'rfc6902';
import { jsonValue } from './document';
import { editAt, type JSONPath } from './edit';
import { getAt, isPrefix, parsePointer, toPointer } from './pointer';

/** Where my change and theirs meet: the pointer mine changed and the one theirs changed. */
export interface Overlap {
  mine: string;
  theirs: string;
}

export type Merge =
  /** Mine applied over theirs: `text` keeps theirs' layout; `changes` is how many of mine it took (none when theirs had them all). */
  | { kind: 'merged'; text: string; changes: number }
  | { kind: 'overlap'; overlaps: Overlap[] }
  /** A text that is not JSON: nothing to diff. */
  | { kind: 'unreadable'; which: 'base' | 'mine' | 'theirs' };

const same = (a: unknown, b: unknown) => createPatch(a, b).length === 0;
const pointers = (op: Operation) => ('from' in op ? [op.from, op.path] : [op.path]);
const parentOf = (pointer: string) => pointer.slice(0, pointer.lastIndexOf('/'));
/** An add or remove in an array moves every element after it: a change elsewhere in that array may land on another element. */
const shiftedArray = (op: Operation, base: unknown) => ((op.op === 'add' || op.op === 'remove') && Array.isArray(getAt(base, parentOf(op.path))) ? parentOf(op.path) : undefined);

/** Where one of mine meets one of theirs: the same value, one inside the other, or an array one of them shifts. */
function meets(m: Operation, t: Operation, base: unknown): boolean {
  if (pointers(m).some((p) => pointers(t).some((q) => isPrefix(p, q) || isPrefix(q, p)))) return true;
  const [mArray, tArray] = [shiftedArray(m, base), shiftedArray(t, base)];
  return (tArray !== undefined && pointers(m).some((p) => isPrefix(tArray, p))) || (mArray !== undefined && pointers(t).some((q) => isPrefix(mArray, q)));
}

export function mergeDrafts(baseText: string, mineText: string, theirsText: string): Merge {
  const [base, mine, theirs] = [jsonValue(baseText), jsonValue(mineText), jsonValue(theirsText)];
  if (!base.ok) return { kind: 'unreadable', which: 'base' };
  if (!mine.ok) return { kind: 'unreadable', which: 'mine' };
  if (!theirs.ok) return { kind: 'unreadable', which: 'theirs' };
  const ours = createPatch(base.value, mine.value);
  const other = createPatch(base.value, theirs.value);
  // A change both made alike is theirs already.
  const todo = ours.filter((m) => !other.some((t) => t.op === m.op && t.path === m.path && same('value' in t ? t.value : null, 'value' in m ? m.value : null)));
  const overlaps: Overlap[] = [];
  for (const m of todo) for (const t of other) if (meets(m, t, base.value)) overlaps.push({ mine: m.path, theirs: t.path });
  if (overlaps.length) return { kind: 'overlap', overlaps: dedupe(overlaps) };

  const merged = structuredClone(theirs.value);
  let text = theirsText;
  let layoutKept = true;
  for (const op of todo) {
    const path = jsonPath(merged, op.path);
    const inArray = Array.isArray(getAt(merged, parentOf(op.path)));
    const failed = applyPatch(merged, [op])[0];
    if (failed) return { kind: 'overlap', overlaps: [{ mine: op.path, theirs: parentOf(op.path) }] };
    if (!path || op.op === 'move' || op.op === 'copy' || op.op === 'test') layoutKept = false;
    else text = applyEdits(text, editAt(text, path, op.op === 'remove' ? undefined : op.value, { insert: op.op === 'add' && inArray }));
  }
  // Edited in place where the text allows, else written afresh; either way the merged value.
  const kept = layoutKept && jsonValue(text);
  return { kind: 'merged', text: kept && kept.ok && same(kept.value, merged) ? text : `${JSON.stringify(merged, null, 2)}\n`, changes: todo.length };
}

/** A pointer as jsonc-parser's path, array indexes as numbers ("-", the end, as -1), read against `root` before the change. */
function jsonPath(root: unknown, pointer: string): JSONPath | undefined {
  const path: JSONPath = [];
  let node = root;
  for (const seg of parsePointer(pointer)) {
    if (Array.isArray(node)) {
      const index = seg === '-' ? -1 : Number(seg);
      if (!Number.isInteger(index)) return undefined;
      path.push(index);
      node = node[index];
    } else {
      path.push(seg);
      node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[seg] : undefined;
    }
  }
  return path;
}

function dedupe(overlaps: Overlap[]): Overlap[] {
  const seen = new Set<string>();
  return overlaps.filter((o) => !seen.has(toPointer([o.mine, o.theirs])) && seen.add(toPointer([o.mine, o.theirs])));
}
