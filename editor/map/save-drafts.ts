// Saving a map view's edited documents as drafts, shared by the hex and area map editors.
import { TRPCClientError } from '@trpc/client';
import type { DraftText } from '@/server/drafted-source';

/** Saves documents of a ruleset in one transaction (the server's drafts.saveAll): all, or none. */
export type SaveDrafts = (input: { rulesetId: string; documents: { path: string; baseRevision: number; content: string }[] }) => Promise<{ path: string; revision: number }[]>;

export interface SaveProblem {
  message: string;
  /** Saved elsewhere since the view was read: only a reload can go on. */
  conflict?: boolean;
}

/**
 * Saves the documents as drafts together, each on the revision it was read at, giving each its new revision; when
 * one cannot be saved, none is, and the problem says why (naming the document saved elsewhere since). Returns the
 * paths saved: all of them, or none.
 */
export async function saveDrafts(save: SaveDrafts, rulesetId: string, documents: readonly [string, DraftText][], what: string): Promise<{ saved: string[]; problem?: SaveProblem }> {
  if (!documents.length) return { saved: [] };
  try {
    const revisions = await save({ rulesetId, documents: documents.map(([path, doc]) => ({ path, baseRevision: doc.revision, content: doc.content })) });
    for (const { path, revision } of revisions) {
      const doc = documents.find(([p]) => p === path)?.[1];
      if (doc) doc.revision = revision;
    }
    return { saved: documents.map(([path]) => path) };
  } catch (err) {
    const conflict = err instanceof TRPCClientError && err.data?.code === 'CONFLICT';
    const paths = documents.map(([path]) => path);
    const path = (conflict && (err.data?.conflict as { path?: string } | undefined)?.path) || paths.join(' or ');
    const none = paths.length > 1 ? ` in ${paths.join(' nor ')}` : '';
    const problem = conflict
      ? { message: `${path} was saved elsewhere since this page loaded: reload to see that version (${what} not saved${none})`, conflict }
      : { message: `Could not save ${paths.join(', ')}: ${(err as Error).message}` };
    return { saved: [], problem };
  }
}
