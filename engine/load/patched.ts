// Which patch set's kind of source a value has, when a patch set wrote it without a source of its own.
import type { ProvenanceKind, ResolvedRuleset } from '../generated/schema-types';

/**
 * A lookup of the kind of the patch set that last wrote at a pointer or at one of its ancestors (a patch
 * replacing a table's cells writes every cell). Looking up each ancestor keeps a lookup proportional to the
 * pointer's depth, not to the number of pointers written.
 */
export function patchedKinds(patched: ResolvedRuleset['patched'] = {}): (pointer: string) => ProvenanceKind | undefined {
  const order = new Map(Object.keys(patched).map((p, i) => [p, i]));
  return (pointer) => {
    let latest = -1;
    let found: string | undefined;
    for (let end = pointer.length; end > 0; end = pointer.lastIndexOf('/', end - 1)) {
      const prefix = pointer.slice(0, end);
      const at = order.get(prefix);
      if (at !== undefined && at > latest) (latest = at), (found = prefix);
    }
    return found === undefined ? undefined : patched[found];
  };
}
