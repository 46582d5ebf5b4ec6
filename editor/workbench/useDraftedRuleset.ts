// The resolved ruleset as the designer sees it, drafts and unsaved texts over the files: the names in the
// sentences, the scenarios a test game may start from and the setup's forms come from it. The published files
// alone may lack what the drafts add (the powers and the map of a ruleset not published yet).
import { useEffect, useState } from 'react';
import type { ResolvedRuleset } from '@/engine';
import { api } from './api';
import type { DocState, Workspace } from './workspace';

/** `read`: the server has answered once (with a ruleset or without one): what is derived from it may be trusted. */
export function useDraftedRuleset(ws: Workspace, docs: readonly DocState[]): { ruleset: ResolvedRuleset | null; read: boolean } {
  const [ruleset, setRuleset] = useState<ResolvedRuleset | null>(null);
  const [read, setRead] = useState(false);
  // Asked again whenever a draft is saved (autosave follows typing), restored or discarded, or the documents change:
  // not on every keystroke, the whole ruleset being large.
  const saved = docs.map((d) => `${d.path}@${d.revision}`).join('\n');
  useEffect(() => {
    let live = true;
    // A failed request, or drafts that do not resolve, keep the ruleset last had: the validation says what is wrong.
    api.rulesets.resolved.mutate({ id: ws.rulesetId, documents: ws.overlay() }).then(
      (r) => {
        if (!live) return;
        setRead(true);
        if (r) setRuleset(r);
      },
      () => live && setRead(true),
    );
    return () => {
      live = false;
    };
  }, [ws, saved]);
  return { ruleset, read };
}
