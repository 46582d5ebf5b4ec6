// An erratum generated from an edit of the resolved ruleset addresses array elements by index
// ("/victory/levels/1/condition"). Where such an element has an `id`, a JSON Patch `test` of that id goes before
// the change: should the ruleset it applies to reorder the array, the patch fails, naming the test, rather
// than change another element silently.
import type { Operation } from '../engine';
import { parsePointer, toPointer } from '../engine/json/pointer';
import { isRecord } from '../engine/json/record';
import { applyOperation } from '../engine/load/patch';

/** The array elements with an id that a pointer passes through (or, `whole`, ends at), as tests of those ids. */
function guardsOf(state: unknown, pointer: string, whole: boolean): Operation[] {
  const segments = parsePointer(pointer);
  const guards: Operation[] = [];
  let node = state;
  for (let i = 0; i < (whole ? segments.length : segments.length - 1) && node !== undefined; i++) {
    const segment = segments[i];
    if (Array.isArray(node)) {
      const element: unknown = /^(0|[1-9]\d*)$/.test(segment) ? node[Number(segment)] : undefined;
      if (isRecord(element) && (typeof element.id === 'string' || typeof element.id === 'number')) {
        // The generated type has an operation's value as an object; the schema allows any JSON value.
        guards.push({ op: 'test', path: toPointer([...segments.slice(0, i + 1), 'id']), value: element.id as unknown as Operation['value'] });
      }
      node = element;
    } else node = isRecord(node) && Object.hasOwn(node, segment) ? node[segment] : undefined;
  }
  return guards;
}

/**
 * The operations, in order, each preceded by tests of the ids of the array elements it addresses, as they stand
 * when it applies to `before`. A test already made is not repeated while the arrays keep their order (until an
 * operation adds, removes, moves or copies, or replaces what the test reads).
 */
export function guardedByIds(operations: readonly Operation[], before: unknown): Operation[] {
  const state = structuredClone(before) as object;
  const out: Operation[] = [];
  let made = new Set<string>();
  for (const op of operations) {
    // The element an add, move or copy writes to is an insertion point, not an element yet.
    const inserts = op.op === 'add' || op.op === 'move' || op.op === 'copy';
    const guards = [...(op.from !== undefined ? guardsOf(state, op.from, true) : []), ...guardsOf(state, op.path, !inserts)];
    for (const guard of guards) {
      const key = `${guard.path} ${JSON.stringify(guard.value)}`;
      if (made.has(key)) continue;
      made.add(key);
      out.push(guard);
    }
    out.push(op);
    applyOperation(state, op);
    if (op.op !== 'replace' && op.op !== 'test') made = new Set();
    else made = new Set([...made].filter((key) => !`${key.split(' ')[0]}/`.startsWith(`${op.path}/`)));
  }
  return out;
}
