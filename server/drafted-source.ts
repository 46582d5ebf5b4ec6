// A ruleset's documents as last saved: each read from its latest draft where there is one, else from
// its file. The one way the server reads a ruleset as drafted.
import type { RulesetSource } from '@/engine';
import { fsSource } from '@/engine/load/fs-source';

/** A document's text as last saved, with the draft revision it was read at (0: its file). */
export interface DraftText {
  revision: number;
  content: string;
}

/**
 * Ruleset `id` under `root` as drafted (other rulesets, such as the one it extends, as their files are);
 * `seen` is told each of its own documents read, with the revision it was read at.
 */
export function draftedOver(root: string, id: string, draftOf: (path: string) => DraftText | undefined, seen?: (path: string, text: DraftText) => void): RulesetSource {
  const base = fsSource(root);
  return {
    read(rid, path) {
      const draft = rid === id ? draftOf(path) : undefined;
      const result = draft ? ({ kind: 'text', text: draft.content } as const) : base.read(rid, path);
      if (seen && rid === id && result.kind === 'text') seen(path, { revision: draft?.revision ?? 0, content: result.text });
      return result;
    },
  };
}
