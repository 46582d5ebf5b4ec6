// The workbench's calls that are not screen data: saves, validation, authoring actions.
import { createTRPCClient, httpBatchLink, isTRPCClientError } from '@trpc/client';
import type { AppRouter } from '@/server/router';
import { DraftConflict, type WorkspaceDeps } from './workspace';

export const api = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: '/api/trpc' })] });

export function workspaceDeps(rulesetId: string): WorkspaceDeps {
  return {
    saveDraft: (path, baseRevision, content, startedFrom) => conflictsAsDraftConflict(api.drafts.save.mutate({ rulesetId, path, baseRevision, content, startedFrom })),
    discardDraft: (path, baseRevision) => conflictsAsDraftConflict(api.drafts.discard.mutate({ rulesetId, path, baseRevision })),
    validate: (documents, counts) => api.authoring.check.mutate({ id: rulesetId, documents, counts }),
  };
}

/** A call that may meet a newer revision: that answer becomes a DraftConflict holding it. */
async function conflictsAsDraftConflict<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    const conflict = isTRPCClientError(err) ? (err.data as { conflict?: DraftConflict['current'] } | undefined)?.conflict : undefined;
    throw conflict ? new DraftConflict(conflict) : err;
  }
}

/** The error's message as a person should read it. */
export const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Saves drafts while the tab is closing: a plain keepalive request outlives the page, where the batching
 * client's would be cancelled. Browsers cap keepalive bodies at 64 KB, so bigger texts rely on autosave.
 */
export function saveOnExit(rulesetId: string, docs: readonly { path: string; revision: number; text: string }[]): void {
  for (const d of docs) {
    const body = JSON.stringify({ rulesetId, path: d.path, baseRevision: d.revision, content: d.text });
    if (body.length > 60_000) continue;
    void fetch('/api/trpc/drafts.save', { method: 'POST', keepalive: true, headers: { 'content-type': 'application/json' }, body }).catch(() => {});
  }
}
