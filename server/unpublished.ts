// The library shows each ruleset as its published files have it, the workbench as its drafts do: which
// documents' drafts differ from their files, so that the library can say its figures are not the workbench's.
import type { DraftStore } from './db';
import { readText } from './files';
import { resolveRulesetPath, rulesetsRoot } from './paths';

/** Paths of the ruleset's documents whose latest draft is not their file's text (or that have no file yet). */
export function unpublishedDrafts(store: DraftStore, rulesetId: string, root = rulesetsRoot()): string[] {
  return store.latestDrafts(rulesetId).flatMap((d) => (d.content === readText(resolveRulesetPath(rulesetId, d.path, root)) ? [] : [d.path]));
}
