// RFC 6901 JSON Pointers.
// Most segments need no escaping; testing first spares two regular-expression passes over each.
export const escapeSegment = (s: string) => (s.includes('~') || s.includes('/') ? s.replace(/~/g, '~0').replace(/\//g, '~1') : s);
export const unescapeSegment = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');

export function toPointer(path: readonly (string | number)[]): string {
  let pointer = '';
  for (const p of path) pointer += '/' + escapeSegment(String(p));
  return pointer;
}

export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer.slice(1).split('/').map(unescapeSegment);
}

export const joinPointer = (base: string, ...segments: (string | number)[]) => base + toPointer(segments);

/** The value at a pointer, or undefined. Only own properties are followed. */
export function getAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const seg of parsePointer(pointer)) {
    if (Array.isArray(node)) node = /^(0|[1-9]\d*)$/.test(seg) ? node[Number(seg)] : undefined;
    else if (node !== null && typeof node === 'object' && Object.hasOwn(node, seg)) node = (node as Record<string, unknown>)[seg];
    else return undefined;
  }
  return node;
}

export const isPrefix = (prefix: string, pointer: string) => pointer === prefix || pointer.startsWith(prefix + '/');
