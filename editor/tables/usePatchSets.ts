// The ruleset's own patch sets as drafted: for the tables grid, the cells they write over; for a variant's Rules view,
// the entries they add, change and remove.
import { useEffect, useState } from 'react';
import { api } from '@/editor/workbench/api';
import type { DocState, Workspace } from '@/editor/workbench/workspace';
import type { PatchSetOps } from './overrides';

export interface OwnPatchSets {
  /** The ruleset the drafted manifest extends, if any. */
  extends: string | null;
  sets: readonly PatchSetOps[];
}

const NONE: OwnPatchSets = { extends: null, sets: [] };

export function usePatchSets(ws: Workspace, docs: readonly DocState[], active: boolean): OwnPatchSets {
  const [own, setOwn] = useState<OwnPatchSets>(NONE);
  // Asked again when a draft is saved, as the resolved ruleset is: not on every keystroke.
  const saved = docs.map((d) => `${d.path}@${d.revision}`).join('\n');
  useEffect(() => {
    if (!active) return;
    let live = true;
    // A failure keeps the sets last had: the validation says what is wrong with the patch sets.
    api.authoring.patchSets.mutate({ id: ws.rulesetId, documents: ws.overlay() }).then((r) => live && setOwn(r), () => {});
    return () => {
      live = false;
    };
  }, [ws, saved, active]);
  return own;
}
