// Which patch set's kind of source a value has, when a patch set wrote it without a source of its own.
import type { ProvenanceKind, ResolvedRuleset } from '../generated/schema-types';

/**
 * A lookup of the kind of the patch set that wrote a pointer or, nearest above it, what holds it (a patch
 * replacing a table's cells writes every cell). The loader keeps no record beneath a later write, so the
 * nearest record is the last writer's. Looking up each ancestor keeps a lookup proportional to the
 * pointer's depth, not to the number of pointers written.
 */
export function patchedKinds(patched: ResolvedRuleset['patched'] = {}): (pointer: string) => ProvenanceKind | undefined {
  return (pointer) => {
    for (let end = pointer.length; end > 0; end = pointer.lastIndexOf('/', end - 1)) {
      const prefix = pointer.slice(0, end);
      if (Object.hasOwn(patched, prefix)) return patched[prefix];
    }
    return undefined;
  };
}
