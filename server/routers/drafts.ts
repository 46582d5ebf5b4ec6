import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { rulesetExists } from '../catalog';
import { DraftConflictError, draftStore, type DraftKey } from '../db';
import { readText } from '../files';
import { PathError, normalizeDocPath, resolveRulesetPath } from '../paths';
import { publicProcedure, router } from '../trpc';
import { expectDocumentOf } from './authoring';
import { MAX_DOCUMENT_CHARS, tooLarge } from '../../engine/json/document';

/** Rulebook-sized maps run to a few MB of JSON; beyond this a save is surely a mistake. */
const MAX_CONTENT_CHARS = 20_000_000;

const documentRef = z.strictObject({
  rulesetId: z.string().min(1).max(100),
  path: z.string().min(1).max(500),
});

/**
 * A document's text to save, on the revision it was read at. `startedFrom`, with the first revision (baseRevision 0): the
 * file's text the edit was made on (null: none), so that a change made on disk since the workbench read it is not
 * taken for the file the draft started from; without it, the file as it is now is.
 */
const saving = { baseRevision: z.int().min(0), content: z.string().max(MAX_CONTENT_CHARS), startedFrom: z.string().max(MAX_CONTENT_CHARS).nullable().optional() };

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
    .input(documentRef.extend(saving))
    .mutation(({ input }) => {
      const { baseRevision, content, startedFrom } = input;
      const key = draftKey(input);
      expectSavable(key, content);
      const { rulesetId, path, revision, savedAt } = conflictsReported(() => draftStore().saveDraft({ ...key, baseRevision, content, startedFrom }));
      // The client has the content it just sent; echoing megabytes back would be waste.
      return { rulesetId, path, revision, savedAt };
    }),

  /**
   * Saves several documents of one ruleset, each on the revision it was read at, in one transaction: all are stored, or
   * none (a conflict on any, naming its document, or any other refusal). An edit that writes two documents (a place's
   * kinds in the map, its power's capital in the manifest) is then never saved half.
   */
  saveAll: publicProcedure
    .input(
      documentRef.pick({ rulesetId: true }).extend({
        documents: z.array(documentRef.pick({ path: true }).extend(saving)).min(1).max(50),
      }),
    )
    .mutation(({ input }) => {
      const keys = input.documents.map((d) => draftKey({ rulesetId: input.rulesetId, path: d.path }));
      const twice = keys.find((k, i) => keys.findIndex((x) => x.path === k.path) !== i);
      if (twice) throw new TRPCError({ code: 'BAD_REQUEST', message: `${twice.path} is given twice: save each document once` });
      keys.forEach((key, i) => expectSavable(key, input.documents[i].content));
      const store = draftStore();
      return conflictsReported(() =>
        store.atomically(() =>
          keys.map((key, i) => {
            const { baseRevision, content, startedFrom } = input.documents[i];
            const { path, revision, savedAt } = store.saveDraft({ ...key, baseRevision, content, startedFrom });
            return { path, revision, savedAt };
          }),
        ),
      );
    }),

  history: publicProcedure.input(documentRef).query(({ input }) => draftStore().listRevisions(draftKey(input))),

  /** The document's files as they were before publishing replaced them, newest first; `replacedFile` reads one. */
  replacedFiles: publicProcedure.input(documentRef).query(({ input }) => draftStore().listReplacedFiles(draftKey(input))),

  replacedFile: publicProcedure.input(documentRef.extend({ id: z.int().min(1) })).query(({ input }) => {
    const key = draftKey(input);
    const content = draftStore().getReplacedFile({ ...key, id: input.id });
    if (content === undefined) throw new TRPCError({ code: 'NOT_FOUND', message: `${key.rulesetId}/${key.path} has no replaced file ${input.id}` });
    return { content };
  }),

  /**
   * Discards a document's draft: the published file, as it is now, becomes the revision after `baseRevision`,
   * so the discarded draft stays in the history (no revision is ever deleted) and a stale discard is a
   * conflict like any save. Nothing is written when the latest revision is the file already.
   */
  discard: publicProcedure.input(documentRef.extend({ baseRevision: z.int().min(1) })).mutation(({ input }) => {
    const key = draftKey(input);
    const store = draftStore();
    const current = store.getDraft(key);
    if (!current) throw new TRPCError({ code: 'NOT_FOUND', message: `${key.rulesetId}/${key.path} has no draft to discard` });
    const content = publishedFile(key);
    if (current.revision === input.baseRevision && current.content === content) {
      store.standOn(key, content);
      return { revision: current.revision, savedAt: current.savedAt, content };
    }
    try {
      // The draft now stands on the file as it is: a change made on disk before is taken, not written over.
      const { revision, savedAt } = store.atomically(() => {
        const saved = store.saveDraft({ ...key, baseRevision: input.baseRevision, content });
        store.standOn(key, content);
        return saved;
      });
      return { revision, savedAt, content };
    } catch (err) {
      if (err instanceof DraftConflictError) throw new TRPCError({ code: 'CONFLICT', message: err.message, cause: err });
      throw err;
    }
  }),
});

/** The document's file as published, read as the workbench reads it; NOT_FOUND when it has none. */
function publishedFile({ rulesetId, path }: DraftKey): string {
  const text = readText(resolveRulesetPath(rulesetId, path));
  if (text === null) throw new TRPCError({ code: 'NOT_FOUND', message: `${rulesetId}/${path} has no published file to go back to: it exists only as a draft` });
  return text;
}

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

/** Refuses a document that may not be saved as a draft: not one of the ruleset's, or over the limit (no tool reads it: stored, it would only wait to be refused at publishing). */
function expectSavable(key: DraftKey, content: string) {
  expectDocumentOf(key.rulesetId, key.path);
  if (content.length > MAX_DOCUMENT_CHARS) {
    throw new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: `${key.path} is not saved: it ${tooLarge(content.length)}. Split it into several files of the same kind` });
  }
}

/** Runs a save, a draft saved elsewhere since its base revision answering CONFLICT (the stored version in its data). */
function conflictsReported<T>(save: () => T): T {
  try {
    return save();
  } catch (err) {
    if (err instanceof DraftConflictError) throw new TRPCError({ code: 'CONFLICT', message: err.message, cause: err });
    throw err;
  }
}
