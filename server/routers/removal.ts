// Taking away what the workbench made: a whole ruleset (its folder and its drafts), or one of its errata
// (the patch set's file, its drafts and its place in the manifest). Each goes entirely or not at all: files
// are first moved aside under a hidden name in the rulesets root (../aside), the drafts change in one
// transaction, and a failure puts the files back; only then is what was moved aside deleted, and a failure
// there no longer undoes the removal.
import fs from 'node:fs';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { loadRuleset, type Diagnostic, type RulesetManifest } from '../../engine';
import { schemaErrors } from '../../engine/schema/validator';
import { asidePath, deleteAside } from '../aside';
import { draftStore } from '../db';
import { replaceFile } from '../files';
import { resolveRulesetPath } from '../paths';
import { publicProcedure, router } from '../trpc';
import { asArray, checkedPath, checkedRuleset, documents, draftedVariantsOf, draftedWith, expectManifestSaved, normalizedOrBadRequest, parseLoosely, readFile, rulesetId, setJson, withPathErrors } from './authoring';
import { MANIFEST } from '../../engine/schema/kinds';

/** Merged into the authoring router: its procedures are authoring.deleteRuleset and authoring.removePatchSet. */
export const removalRouter = router({
  /**
   * Deletes a ruleset: its folder and every draft of its documents. Refused while another ruleset extends it
   * (by its manifest's file or its draft).
   * Its test games and balance runs stay: a game carries the ruleset it was played on.
   */
  deleteRuleset: publicProcedure.input(z.strictObject({ id: rulesetId })).mutation(({ input }) => {
    const id = checkedRuleset(input.id);
    const variants = draftedVariantsOf(id).map((v) => v.id);
    if (variants.length) {
      throw new TRPCError({ code: 'CONFLICT', message: `${id} cannot be deleted: ${variants.map((v) => `"${v}"`).join(', ')} ${variants.length > 1 ? 'extend' : 'extends'} it. Delete ${variants.length > 1 ? 'those variants' : 'that variant'} first` });
    }
    const folder = withPathErrors(() => resolveRulesetPath(id));
    const aside = asidePath(id);
    moveOrRefuse(folder, aside, `the ruleset folder ${id}`);
    let drafts: number;
    try {
      drafts = draftStore().forget({ rulesetId: id });
    } catch (e) {
      fs.renameSync(aside, folder);
      throw e;
    }
    deleteAside(aside);
    return { id, drafts };
  }),

  /**
   * What the variants of the ruleset (by their manifests as drafted) would lose were one of its errata removed:
   * each error of theirs that removing it would bring, most often an operation of a patch set of theirs that
   * changes what the erratum adds. removePatchSet refuses while there is any; the confirmation says so first.
   */
  reliantOnPatchSet: publicProcedure.input(z.strictObject({ id: rulesetId, path: z.string().min(1).max(500) })).query(({ input }) => {
    const { id, manifestText, withoutIt } = erratumOf(input.id, input.path);
    return reliantOn(id, withoutIt(manifestText)).map((r) => ({ ...r, said: relianceText(r) }));
  }),

  /**
   * Removes one of the ruleset's errata (a patch set its manifest applies always, as "save as errata" adds them):
   * out of the manifest's file and its draft, its file and its drafts deleted. `documents` holds the workbench's
   * unsaved texts, as a guard: an unsaved manifest is refused rather than lost. Refused while a variant relies on
   * what the erratum adds (reliantOnPatchSet): its file going for good would take with it what the variant's
   * patch sets change, and the variant, perhaps another designer's, would no longer resolve.
   */
  removePatchSet: publicProcedure.input(z.strictObject({ id: rulesetId, path: z.string().min(1).max(500), documents })).mutation(({ input }) => {
    const { id, docPath, draft, fileText, manifestText, withoutIt } = erratumOf(input.id, input.path);
    const store = draftStore();
    expectManifestSaved(id, input.documents[MANIFEST], draft?.content);
    const reliant = reliantOn(id, withoutIt(manifestText));
    if (reliant.length) {
      const [first] = reliant;
      const more = reliant.length > 1 ? ` (and ${reliant.length - 1} more: ${reliant.slice(1).map((r) => `${r.variant}/${r.document}`).join(', ')})` : '';
      throw new TRPCError({
        code: 'CONFLICT',
        message: `${id}/${docPath} is not removed: ${relianceText(first)}${more}. Change ${first.variant}/${first.document} first (a patch set of the variant may add the value itself)`,
      });
    }

    const manifestFile = checkedPath(id, MANIFEST);
    const patchFile = checkedPath(id, docPath);
    const aside = asidePath(id);
    const newFileText = withoutIt(fileText);
    let manifest = { text: newFileText, revision: null as number | null };
    let moved = false;
    let manifestWritten = false;
    try {
      store.atomically(() => {
        if (draft) {
          const saved = store.saveDraft({ rulesetId: id, path: MANIFEST, baseRevision: draft.revision, content: withoutIt(draft.content) });
          manifest = { text: saved.content, revision: saved.revision };
        }
        store.forget({ rulesetId: id, path: docPath });
        if (fs.existsSync(patchFile)) {
          moveOrRefuse(patchFile, aside, `${id}/${docPath}`);
          moved = true;
        }
        // A patch set only the manifest's draft lists leaves the file as it is.
        if (newFileText !== fileText) {
          replaceFile(manifestFile, newFileText);
          manifestWritten = true;
          // The draft stands on its file without the erratum too: this write is no change made outside the studio.
          const base = store.baseOf({ rulesetId: id, path: MANIFEST })?.file;
          if (draft && base != null) store.standOn({ rulesetId: id, path: MANIFEST }, withoutIt(base));
        }
      });
    } catch (e) {
      if (moved) fs.renameSync(aside, patchFile);
      if (manifestWritten) replaceFile(manifestFile, fileText);
      throw e;
    }
    deleteAside(aside);
    return { path: docPath, manifest };
  }),
});

/**
 * One of the ruleset's errata, once known to be one: its path, the manifest as the workbench shows it (its draft,
 * else its file) and how to take the erratum out of a manifest's text. Refuses what is not an erratum.
 */
function erratumOf(rulesetId: string, requested: string) {
  const id = checkedRuleset(rulesetId);
  const docPath = normalizedOrBadRequest(requested);
  const store = draftStore();
  const draft = store.getDraft({ rulesetId: id, path: MANIFEST });
  const fileText = readFile(id, MANIFEST) ?? '';
  const manifestText = draft?.content ?? fileText;
  const shown = parseLoosely(manifestText) as Partial<RulesetManifest> | undefined;
  if (!listsPatchSet(shown, docPath)) {
    const optional = Object.entries(shown?.optionalPatchSets ?? {}).find(([, set]) => samePath(set?.path, docPath));
    throw new TRPCError(
      optional
        ? { code: 'BAD_REQUEST', message: `${docPath} is the optional patch set "${optional[0]}", not an erratum: remove it from optionalPatchSets in ${MANIFEST}` }
        : { code: 'NOT_FOUND', message: `${id}/${MANIFEST} applies no patch set ${docPath}` },
    );
  }
  refuseNonPatchSet(id, docPath, shown, store.getDraft({ rulesetId: id, path: docPath })?.content);
  const withoutIt = (text: string) => {
    const manifest = parseLoosely(text) as Partial<RulesetManifest> | undefined;
    if (!listsPatchSet(manifest, docPath)) return text;
    const rest = asArray(manifest!.patchSets).filter((p) => !samePath(p, docPath));
    // An empty list goes with its key: the manifest reads as it did before its first erratum was saved.
    return setJson(text, ['patchSets'], rest.length ? rest : undefined);
  };
  return { id, docPath, draft, fileText, manifestText, withoutIt };
}

/** An error a variant would have, in a document of its own, were ruleset `id`'s manifest `without` the erratum. */
export interface Reliance {
  variant: string;
  title: string;
  /** The variant's document, most often one of its patch sets. */
  document: string;
  line: number;
  message: string;
}

/** A reliance as the refusal and the confirmation say it. */
const relianceText = (r: Reliance) => `variant ${r.title} (${r.variant}) relies on what it adds: without it, ${r.document} line ${r.line}: ${r.message}`;

/**
 * The errors the variants of `id` (each as drafted) would have in their own documents with `id`'s manifest as
 * `without`, and have not now: what they rely on that the change takes away.
 */
function reliantOn(id: string, without: string): Reliance[] {
  const variants = draftedVariantsOf(id);
  if (!variants.length) return [];
  const [now, after] = [draftedWith(id, {}), draftedWith(id, { [MANIFEST]: without })];
  return variants.flatMap((v) => {
    const own = (d: Diagnostic) => d.severity === 'error' && d.document.startsWith(`${v.id}/`);
    const key = (d: Diagnostic) => `${d.document}\n${d.pointer}\n${d.code}`;
    const had = new Set(loadRuleset(now, v.id).diagnostics.filter(own).map(key));
    return loadRuleset(after, v.id)
      .diagnostics.filter((d) => own(d) && !had.has(key(d)))
      .map((d) => ({ variant: v.id, title: v.title, document: d.document.slice(v.id.length + 1), line: d.line, message: d.message }));
  });
}

/**
 * Refuses to delete, as an erratum, what a manifest listing it wrongly among its patch sets would take with it:
 * the manifest, one of its documents, or a file that is no patch set. The text checked is the file's (what is
 * deleted), or the draft's when there is no file yet; a patch set midway through an edit keeps its file.
 */
function refuseNonPatchSet(id: string, docPath: string, manifest: Partial<RulesetManifest> | undefined, draft: string | undefined): void {
  const refuse = (why: string) => {
    throw new TRPCError({ code: 'BAD_REQUEST', message: `${id}/${docPath} is not removed: ${why}. Take it out of patchSets in ${MANIFEST} instead` });
  };
  if (docPath === MANIFEST) refuse('it is the manifest');
  const kind = Object.entries((manifest?.documents ?? {}) as Record<string, unknown>).find(([, paths]) => asArray(paths).some((p) => samePath(p, docPath)))?.[0];
  if (kind) refuse(`it is the ruleset's ${kind} document`);
  const text = readFile(id, docPath) ?? draft;
  const value = text === undefined ? undefined : parseLoosely(text);
  if (text !== undefined && (value === undefined || schemaErrors('patchset', value).length > 0)) refuse('it is not a patch set (it does not validate as one)');
}

/** Whether the manifest's patch sets (those always applied) name the document. */
function listsPatchSet(manifest: Partial<RulesetManifest> | undefined, docPath: string): boolean {
  return asArray(manifest?.patchSets).some((p) => samePath(p, docPath));
}

/** A path as a manifest writes it and a normalised one name the same document ("./errata/a.json" is "errata/a.json"). */
function samePath(listed: unknown, docPath: string): boolean {
  if (typeof listed !== 'string') return false;
  try {
    return normalizedOrBadRequest(listed) === docPath;
  } catch {
    return false; // a bad path in the manifest is the validator's to report
  }
}

/** Renames `from` to `to`; a file system that refuses becomes an error naming what could not be moved. */
function moveOrRefuse(from: string, to: string, what: string): void {
  try {
    fs.renameSync(from, to);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM' || code === 'EBUSY' || code === 'EROFS') {
      throw new TRPCError({ code: 'FORBIDDEN', message: `${what} cannot be removed: the server may not change the rulesets folder (${code}). Nothing was changed`, cause: e });
    }
    throw e;
  }
}
