// The ruleset's own patch sets as drafted, for the tables grid to show the cells they write over. A variant's
// own documents are merged after its patch sets, so only a ruleset that extends none has cells overridden.
import { useEffect, useState } from 'react';
import { api } from '@/editor/workbench/api';
import type { DocState, Workspace } from '@/editor/workbench/workspace';
import type { PatchSetOps } from './overrides';

export function usePatchSets(ws: Workspace, docs: readonly DocState[], active: boolean): readonly PatchSetOps[] {
  const [sets, setSets] = useState<readonly PatchSetOps[]>([]);
  // Asked again when a draft is saved, as the resolved ruleset is: not on every keystroke.
  const saved = docs.map((d) => `${d.path}@${d.revision}`).join('\n');
  useEffect(() => {
    if (!active) return;
    let live = true;
    // A failure keeps the sets last had: the validation says what is wrong with the patch sets.
    api.authoring.patchSets.mutate({ id: ws.rulesetId, documents: ws.overlay() }).then((r) => live && setSets(r.extends ? [] : r.sets), () => {});
    return () => {
      live = false;
    };
  }, [ws, saved, active]);
  return sets;
}
