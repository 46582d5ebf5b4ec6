// A ruleset's documents as last saved: each read from its latest draft where there is one, else from
// its file. The one way the server reads a ruleset as drafted.
import type { RulesetSource } from '@/engine';
import { fsSource } from '@/engine/load/fs-source';

/** A document's text as last saved, with the draft revision it was read at (0: its file). */
export interface DraftText {
  revision: number;
  content: string;
}

/** A document's latest draft, if any, by ruleset and path (the draft store's getDraft). */
export type DraftOf = (rulesetId: string, path: string) => DraftText | undefined;

/**
 * Every ruleset under `root` as drafted, each document read from its latest draft, else from its file: as each
 * ruleset's own workbench shows it. `seen` is told each document read, with the revision it was read at.
 */
export function draftedRulesets(root: string, draftOf: DraftOf, seen?: (rulesetId: string, path: string, text: DraftText) => void): RulesetSource {
  const base = fsSource(root);
  return {
    read(rid, path) {
      const draft = draftOf(rid, path);
      const result = draft ? ({ kind: 'text', text: draft.content } as const) : base.read(rid, path);
      if (seen && result.kind === 'text') seen(rid, path, { revision: draft?.revision ?? 0, content: result.text });
      return result;
    },
  };
}

/**
 * Ruleset `id` under `root` as drafted (other rulesets, such as the one it extends, as their files are);
 * `seen` is told each of its own documents read, with the revision it was read at.
 */
export function draftedOver(root: string, id: string, draftOf: (path: string) => DraftText | undefined, seen?: (path: string, text: DraftText) => void): RulesetSource {
  return draftedRulesets(
    root,
    (rid, path) => (rid === id ? draftOf(path) : undefined),
    seen && ((rid, path, text) => rid === id && seen(path, text)),
  );
}
