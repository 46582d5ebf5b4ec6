// The resolved ruleset as the designer sees it, drafts and unsaved texts over the files: the names in the
// sentences, the scenarios a test game may start from and the setup's forms come from it. The published files
// alone may lack what the drafts add (the powers and the map of a ruleset not published yet).
import { useEffect, useState } from 'react';
import type { ResolvedRuleset } from '@/engine';
import { api } from './api';
import type { DocState, Workspace } from './workspace';

export function useDraftedRuleset(ws: Workspace, docs: readonly DocState[]): ResolvedRuleset | null {
  const [ruleset, setRuleset] = useState<ResolvedRuleset | null>(null);
  // Asked again whenever a draft is saved (autosave follows typing), restored or discarded, or the documents change:
  // not on every keystroke, the whole ruleset being large.
  const saved = docs.map((d) => `${d.path}@${d.revision}`).join('\n');
  useEffect(() => {
    let live = true;
    // A failed request, or drafts that do not resolve, keep the ruleset last had: the validation says what is wrong.
    api.rulesets.resolved.mutate({ id: ws.rulesetId, documents: ws.overlay() }).then((r) => live && r && setRuleset(r), () => {});
    return () => {
      live = false;
    };
  }, [ws, saved]);
  return ruleset;
}
