import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { rulesetExists } from '../catalog';
import { DraftConflictError, draftStore, type DraftKey } from '../db';
import { PathError, normalizeDocPath, resolveRulesetPath } from '../paths';
import { publicProcedure, router } from '../trpc';

/** Rulebook-sized maps run to a few MB of JSON; beyond this a save is surely a mistake. */
const MAX_CONTENT_CHARS = 20_000_000;

const documentRef = z.strictObject({
  rulesetId: z.string().min(1).max(100),
  path: z.string().min(1).max(500),
});

export const draftsRouter = router({
  get: publicProcedure.input(documentRef.extend({ revision: z.int().min(1).optional() })).query(({ input }) => {
    const key = draftKey(input);
    const draft = draftStore().getDraft({ ...key, revision: input.revision });
    if (draft === undefined && input.revision !== undefined) {
      throw new TRPCError({
        code: 'NOT_FOUND',
        message: `Draft ${key.rulesetId}/${key.path} has no revision ${input.revision}`,
      });
    }
    // null, not undefined: "no draft yet" must survive JSON.
    return draft ?? null;
  }),

  save: publicProcedure
    .input(documentRef.extend({ baseRevision: z.int().min(0), content: z.string().max(MAX_CONTENT_CHARS) }))
    .mutation(({ input }) => {
      try {
        const { baseRevision, content } = input;
        const { rulesetId, path, revision, savedAt } = draftStore().saveDraft({
          ...draftKey(input),
          baseRevision,
          content,
        });
        // The client has the content it just sent; echoing megabytes back would be waste.
        return { rulesetId, path, revision, savedAt };
      } catch (err) {
        if (err instanceof DraftConflictError) {
          throw new TRPCError({ code: 'CONFLICT', message: err.message, cause: err });
        }
        throw err;
      }
    }),

  history: publicProcedure.input(documentRef).query(({ input }) => draftStore().listRevisions(draftKey(input))),
});

/** Checks the id and path and that the ruleset exists, mapping each failure to the tRPC code a client expects. */
function draftKey({ rulesetId, path }: { rulesetId: string; path: string }): DraftKey {
  try {
    if (!rulesetExists(rulesetId)) {
      throw new TRPCError({ code: 'NOT_FOUND', message: `No ruleset "${rulesetId}" in the library` });
    }
    resolveRulesetPath(rulesetId, path);
    return { rulesetId, path: normalizeDocPath(path) };
  } catch (err) {
    if (err instanceof PathError) throw new TRPCError({ code: 'BAD_REQUEST', message: err.message, cause: err });
    throw err;
  }
}
