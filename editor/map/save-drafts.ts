// Saving a map view's edited documents as drafts, shared by the hex and area map editors.
import { TRPCClientError } from '@trpc/client';
import type { DraftText } from '@/server/drafted-source';

export type SaveDraft = (input: { rulesetId: string; path: string; baseRevision: number; content: string }) => Promise<{ revision: number }>;

export interface SaveProblem {
  message: string;
  /** Saved elsewhere since the view was read: only a reload can go on. */
  conflict?: boolean;
}

/**
 * Saves each document as a draft on the revision it was read at, in turn, giving it its new revision;
 * stops at the first that cannot be saved and says why. Returns the paths saved.
 */
export async function saveDrafts(save: SaveDraft, rulesetId: string, documents: readonly [string, DraftText][], what: string): Promise<{ saved: string[]; problem?: SaveProblem }> {
  const saved: string[] = [];
  for (const [path, doc] of documents) {
    try {
      doc.revision = (await save({ rulesetId, path, baseRevision: doc.revision, content: doc.content })).revision;
      saved.push(path);
    } catch (err) {
      const conflict = err instanceof TRPCClientError && err.data?.code === 'CONFLICT';
      const problem = conflict
        ? { message: `${path} was saved elsewhere since this page loaded: reload to see that version (${what} not saved)`, conflict }
        : { message: `Could not save ${path}: ${(err as Error).message}` };
      return { saved, problem };
    }
  }
  return { saved };
}
