// Edits to JSON text that keep its layout: forms and grids change one value, and the rest of the file,
// including hand-aligned one-line records, stays as the designer wrote it.
import { findNodeAtLocation, getNodeValue, modify, parseTree, type Edit, type JSONPath, type Node } from 'jsonc-parser';

export type { Edit, JSONPath };

const FORMAT = { insertSpaces: true, tabSize: 2, eol: '\n' };
/** A one-line record stays on one line unless this would make it longer than this. */
const MAX_INLINE = 160;

/**
 * The edits that set `value` at `path` (or remove it, for undefined; or insert it into an array at the path's
 * last index, -1 for the end, with `insert`). When the nearest existing node on the path is written on one
 * line, that node is rewritten on one line too.
 */
export function editAt(text: string, path: JSONPath, value: unknown, { insert = false } = {}): Edit[] {
  const root = parseTree(text);
  if (root && !insert) {
    for (let depth = path.length; depth >= 1; depth--) {
      const node = findNodeAtLocation(root, path.slice(0, depth));
      if (!node) continue;
      if (!isOneLine(text, node)) break;
      // A value removed leaves its parent: that is what is rewritten on one line.
      if (depth === path.length && value === undefined) continue;
      const updated = depth === path.length ? value : withValue(getNodeValue(node), path.slice(depth), value);
      if (updated === undefined) break;
      const content = inline(updated);
      if (content.length > MAX_INLINE) break;
      return [{ offset: node.offset, length: node.length, content }];
    }
  }
  return modify(text, path, value, { formattingOptions: FORMAT, isArrayInsertion: insert });
}

/** Offset and length of the node at `path`, or of its nearest existing ancestor. */
export function rangeAt(text: string, path: JSONPath): { offset: number; length: number } | undefined {
  const root = parseTree(text);
  if (!root) return undefined;
  for (let depth = path.length; depth >= 0; depth--) {
    const node = findNodeAtLocation(root, path.slice(0, depth));
    if (node) return { offset: node.offset, length: node.length };
  }
  return undefined;
}

/** JSON on one line, spaced as people write it: `{ "value": 1, "source": { "kind": "example" } }`. */
export function inline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return entries.length ? `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`).join(', ')} }` : '{}';
  }
  return JSON.stringify(value);
}

const isOneLine = (text: string, node: Node) => !text.slice(node.offset, node.offset + node.length).includes('\n');

/** A copy of `container` with `value` set (or removed) at `rest`; undefined when `rest` leads through a non-object. */
function withValue(container: unknown, rest: JSONPath, value: unknown): unknown {
  if (rest.length === 0) return value;
  const [key, ...tail] = rest;
  if (Array.isArray(container) && typeof key === 'number') {
    const copy = [...container];
    const child = withValue(copy[key] ?? {}, tail, value);
    if (child === undefined && tail.length) return undefined;
    if (child === undefined) copy.splice(key, 1);
    else copy[key] = child;
    return copy;
  }
  if (container === null || typeof container !== 'object' || Array.isArray(container)) return undefined;
  const record = container as Record<string, unknown>;
  const child = withValue(record[key] ?? {}, tail, value);
  if (child === undefined && tail.length) return undefined;
  const copy = { ...record };
  if (child === undefined) delete copy[key];
  else copy[key] = child;
  return copy;
}
