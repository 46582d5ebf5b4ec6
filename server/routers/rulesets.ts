import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { completeness, loadRuleset, overlaySource } from '../../engine';
import { fsSource } from '../../engine/load/fs-source';
import { listRulesets, rulesetExists } from '../catalog';
import { PathError, normalizeDocPath, rulesetsRoot } from '../paths';
import { publicProcedure, router } from '../trpc';

const rulesetRef = z.strictObject({
  id: z.string().min(1).max(100),
  /** Optional patch sets of the manifest to apply, in order (e.g. provisional-fill). */
  optionalPatchSets: z.array(z.string().min(1).max(100)).max(20).default([]),
});

/** A ruleset with unsaved document texts (by path inside the ruleset) to take the place of its files. */
const withDocuments = rulesetRef.extend({ documents: z.record(z.string().min(1).max(500), z.string().max(20_000_000)).default({}) });

/** Loads a ruleset, with unsaved document texts taking the place of its files. */
function resolve(input: z.infer<typeof rulesetRef>, documents: Record<string, string> = {}) {
  let exists: boolean;
  try {
    exists = rulesetExists(input.id);
  } catch (e) {
    if (e instanceof PathError) throw new TRPCError({ code: 'BAD_REQUEST', message: e.message });
    throw e;
  }
  if (!exists) throw new TRPCError({ code: 'NOT_FOUND', message: `No ruleset "${input.id}" in the library` });
  const drafts = new Map<string, string>();
  for (const [path, text] of Object.entries(documents)) {
    try {
      drafts.set(`${input.id}/${normalizeDocPath(path)}`, text);
    } catch (e) {
      if (e instanceof PathError) throw new TRPCError({ code: 'BAD_REQUEST', message: e.message });
      throw e;
    }
  }
  return loadRuleset(overlaySource(fsSource(rulesetsRoot()), drafts), input.id, { optionalPatchSets: input.optionalPatchSets });
}

/** The loaded ruleset with its completeness, as the API gives it. */
function load(input: z.infer<typeof rulesetRef>, documents: Record<string, string> = {}) {
  const loaded = resolve(input, documents);
  return {
    id: loaded.id,
    hash: loaded.hash ?? null,
    diagnostics: loaded.diagnostics,
    patchSets: loaded.patchSets,
    completeness: loaded.ruleset ? completeness(loaded.ruleset) : null,
    ruleset: loaded.ruleset ?? null,
  };
}

export const rulesetsRouter = router({
  list: publicProcedure.query(() => listRulesets()),

  /** The resolved ruleset with its diagnostics, patch sets and completeness. */
  get: publicProcedure.input(rulesetRef).query(({ input }) => load(input)),

  /** Diagnostics of the ruleset as it would be with these unsaved documents; nothing is stored. */
  validate: publicProcedure.input(withDocuments).mutation(({ input }) => {
    const { ruleset: _omitted, ...result } = load(input, input.documents);
    return result;
  }),

  /** The resolved ruleset as it would be with these unsaved documents (null when it does not resolve); nothing is stored. */
  resolved: publicProcedure.input(withDocuments).mutation(({ input }) => resolve(input, input.documents).ruleset ?? null),
});
