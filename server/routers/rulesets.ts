import { z } from 'zod';
import { completeness, loadRuleset } from '../../engine';
import { listRulesets } from '../catalog';
import { publicProcedure, router } from '../trpc';
import { checkedRuleset, draftedSource, loadWith } from './authoring';
import { writtenAt } from './gaps';

const rulesetRef = z.strictObject({
  id: z.string().min(1).max(100),
  /** Optional patch sets of the manifest to apply, in order (e.g. provisional-fill). */
  optionalPatchSets: z.array(z.string().min(1).max(100)).max(20).default([]),
});

/** A ruleset with unsaved document texts (by path inside the ruleset) to take the place of its files. */
const withDocuments = rulesetRef.extend({ documents: z.record(z.string().min(1).max(500), z.string().max(20_000_000)).default({}) });

/** The loaded ruleset with its completeness, as the API gives it: from its files with unsaved texts over them, or (`drafted`) with its saved drafts. */
function load(input: z.infer<typeof rulesetRef>, documents: Record<string, string> = {}, drafted = false) {
  const id = checkedRuleset(input.id);
  const options = { optionalPatchSets: input.optionalPatchSets };
  const loaded = drafted ? loadRuleset(draftedSource(id), id, options) : loadWith(id, documents, options);
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

  /** The resolved ruleset with its diagnostics, patch sets and completeness: as published, or with its saved drafts (`drafts`), as the balance lab plays it. */
  get: publicProcedure.input(rulesetRef.extend({ drafts: z.boolean().default(false) })).query(({ input }) => load(input, {}, input.drafts)),

  /** Diagnostics of the ruleset as it would be with these unsaved documents; nothing is stored. */
  validate: publicProcedure.input(withDocuments).mutation(({ input }) => {
    const { ruleset: _omitted, ...result } = load(input, input.documents);
    return result;
  }),

  /** The resolved ruleset as it would be with these unsaved documents (null when it does not resolve); nothing is stored. */
  resolved: publicProcedure.input(withDocuments).mutation(({ input }) => loadWith(checkedRuleset(input.id), input.documents, { optionalPatchSets: input.optionalPatchSets }).ruleset ?? null),

  /**
   * Where each pointer into the resolved ruleset (as it would be with these unsaved documents) is written: the document
   * (its ruleset's id first: another's, for what a ruleset extended writes), line and column; a value that is absent,
   * where its nearest enclosing one is. Null where no document writes it.
   */
  whereIs: publicProcedure.input(withDocuments.extend({ pointers: z.array(z.string().max(1000)).max(1000) })).mutation(({ input }) => {
    const loaded = loadWith(checkedRuleset(input.id), input.documents, { optionalPatchSets: input.optionalPatchSets });
    return input.pointers.map((pointer) => {
      const at = writtenAt(loaded, pointer);
      return at && { document: at.document, line: at.line, column: at.column };
    });
  }),
});
