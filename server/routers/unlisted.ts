// Drafts the manifest does not list: a new erratum or scenario whose listing went with the manifest's draft
// ("Discard draft" on ruleset.json takes it back to its file), or a document a designer took out of the manifest
// by hand with edits not published. Nothing reads them and publishing never writes them, so the workbench lists
// them apart, each to be listed in the manifest again or deleted for good: none is lost unseen.
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import type { RulesetManifest } from '../../engine';
import { isRecord } from '../../engine/json/record';
import { DOCUMENT_KEYS, DOCUMENT_KINDS, MANIFEST } from '../../engine/schema/kinds';
import { draftStore } from '../db';
import { differingDrafts } from '../unpublished';
import { publicProcedure, router } from '../trpc';
import { asArray, checkedPath, checkedRuleset, documents, expectManifestSaved, listedBetween, listedDocuments, listedIn, listIn, listingKey, normalizedOrBadRequest, normalizedPath, parseLoosely, readFile, rulesetId, type DocumentEntryKind, type Listing } from './authoring';
import type { Between } from './list-place';

export interface UnlistedDraft {
  path: string;
  revision: number;
  savedAt: string;
  content: string;
  /** Its file, where it has one (publishing never writes the draft over it while it is unlisted). */
  file: string | null;
  /** Where listing it again puts it ("documents.setup", "patchSets"), as an earlier manifest listed it or its content says; null when neither tells. */
  listAt: string | null;
  /** The kind of document it is, by the same (null when neither tells). */
  kind: DocumentEntryKind | null;
  /** Between which entries of that list, as the manifest is drafted now, it goes (null: an optional patch set, or listAt null). */
  between: Between | null;
}

const documentRef = z.strictObject({ id: rulesetId, path: z.string().min(1).max(500) });

/** Merged into the authoring router: authoring.unlistedDrafts, authoring.listDraft and authoring.deleteDraft. */
export const unlistedRouter = router({
  /** The ruleset's drafts that its manifest, as drafted, does not list and that differ from their files (or have none): work publishing would never write. */
  unlistedDrafts: publicProcedure.input(z.strictObject({ id: rulesetId })).query(({ input }): UnlistedDraft[] => {
    const id = checkedRuleset(input.id);
    const manifest = manifestAsDrafted(id);
    return unlisted(id).map(({ listing, ...draft }) => ({ ...draft, listAt: listing && listingKey(listing), kind: listing?.kind ?? null, between: listing && listedBetween(manifest, listing, draft.path) }));
  }),

  /**
   * Lists an unlisted draft in the manifest again, where an earlier manifest listed it (else where its content
   * says: a patch set among the errata, a document under its kind), as the next draft of the manifest: an edit
   * like any other, taken back by undoing it there. `documents` holds the workbench's unsaved texts: an unsaved
   * manifest is refused rather than lost.
   */
  listDraft: publicProcedure.input(documentRef.extend({ documents })).mutation(({ input }) => {
    const { id, docPath } = documentOf(input);
    const store = draftStore();
    return store.atomically(() => {
      const manifest = store.getDraft({ rulesetId: id, path: MANIFEST });
      expectManifestSaved(id, input.documents[MANIFEST], manifest?.content);
      const draft = unlistedOne(id, docPath);
      if (!draft.listing) {
        throw new TRPCError({ code: 'UNPROCESSABLE_CONTENT', message: `No manifest of ${id} ever listed ${docPath}, and its content does not say what kind of document it is: list it in ${MANIFEST} yourself (under documents.<kind>, or in patchSets)` });
      }
      const text = manifest?.content ?? readFile(id, MANIFEST) ?? '';
      const optional = draft.listing.kind === 'patchset' && draft.listing.optional;
      const taken = optional && (parseLoosely(text) as Partial<RulesetManifest> | undefined)?.optionalPatchSets?.[optional.name];
      if (taken) {
        throw new TRPCError({ code: 'CONFLICT', message: `${MANIFEST} already has an optional patch set "${optional.name}" (${taken.path}): list ${docPath} there yourself, under another name` });
      }
      const saved = store.saveDraft({ rulesetId: id, path: MANIFEST, baseRevision: manifest?.revision ?? 0, content: listIn(text, draft.listing, docPath) });
      return { path: docPath, listAt: listingKey(draft.listing), between: listedBetween(text, draft.listing, docPath), manifest: { text: saved.content, revision: saved.revision } };
    });
  }),

  /**
   * Deletes every revision of an unlisted draft, once the designer has seen it: `revision` is the one shown, and a
   * draft saved since (listed again and edited elsewhere) is refused. Its file, if it has one, stays, with the
   * files publishing replaced (its history).
   */
  deleteDraft: publicProcedure.input(documentRef.extend({ revision: z.int().min(1) })).mutation(({ input }) => {
    const { id, docPath } = documentOf(input);
    const store = draftStore();
    return store.atomically(() => {
      const draft = unlistedOne(id, docPath);
      if (draft.revision !== input.revision) {
        throw new TRPCError({ code: 'CONFLICT', message: `${id}/${docPath} was saved as revision ${draft.revision} after the revision ${input.revision} you saw: nothing was deleted. Reload to see it` });
      }
      return { path: docPath, revisions: store.forget({ rulesetId: id, path: docPath, keepReplacedFiles: draft.file !== null }) };
    });
  }),
});

/** The ruleset and the document's path, both checked (a bad path refused as every path is). */
function documentOf(input: { id: string; path: string }) {
  const id = checkedRuleset(input.id);
  const docPath = normalizedOrBadRequest(input.path);
  checkedPath(id, docPath);
  return { id, docPath };
}

/** Ruleset `id`'s unlisted drafts (by its manifest as drafted), each with where it would be listed again. */
function unlisted(id: string): (Omit<UnlistedDraft, 'listAt' | 'kind' | 'between'> & { listing: Listing | null })[] {
  // A draft that is its file's text holds nothing the file does not: not among them.
  return differingDrafts(draftStore(), id).flatMap(({ draft: d, file, unlisted }) =>
    unlisted ? [{ path: d.path, revision: d.revision, savedAt: d.savedAt, content: d.content, file, listing: listingOf(id, d.path, d.content) }] : [],
  );
}

/** The manifest and the documents it lists, as drafted (its latest draft, else its file). */
function listedAsDrafted(id: string): Set<string> {
  const listed = listedIn(manifestAsDrafted(id));
  if (!listed) throw new TRPCError({ code: 'UNPROCESSABLE_CONTENT', message: `${MANIFEST} of ${id}, as drafted, cannot be read (a syntax error): which documents it lists is unknown until it is mended` });
  return listed;
}

/** The manifest's text as drafted: its latest draft, else its file. */
const manifestAsDrafted = (id: string) => draftStore().getDraft({ rulesetId: id, path: MANIFEST })?.content ?? readFile(id, MANIFEST) ?? '';

/** One unlisted draft; refuses a document the manifest lists (the tree shows it) or one with no such draft. */
function unlistedOne(id: string, docPath: string) {
  const draft = unlisted(id).find((d) => d.path === docPath);
  if (draft) return draft;
  if (docPath !== MANIFEST && listedAsDrafted(id).has(docPath)) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: `${docPath} is listed in ${MANIFEST} (as drafted): it is in the document tree, not among the unlisted drafts` });
  }
  throw new TRPCError({ code: 'NOT_FOUND', message: `${id} has no unlisted draft ${docPath} (a draft ${MANIFEST} does not list, differing from its file)` });
}

/**
 * Where the document was listed: by the latest manifest that listed it (its drafts, newest first, then its file and
 * the files publishing replaced), else by its content (a patch set has operations; another document the keys of
 * one kind).
 */
function listingOf(id: string, docPath: string, content: string): Listing | null {
  const store = draftStore();
  const key = { rulesetId: id, path: MANIFEST };
  const texts = function* () {
    for (const { revision } of store.listRevisions(key)) yield store.getDraft({ ...key, revision })?.content;
    yield readFile(id, MANIFEST);
    for (const { id: replaced } of store.listReplacedFiles(key)) yield store.getReplacedFile({ ...key, id: replaced });
  };
  for (const text of texts()) {
    const manifest = text == null ? undefined : (parseLoosely(text) as Partial<RulesetManifest> | undefined);
    const listed = listedDocuments(manifest).find((d) => d.path === docPath);
    if (!listed) continue;
    if (listed.kind === 'manifest') return null;
    // The list that held it, whose order it goes back into.
    const docs = (manifest?.documents ?? {}) as Record<string, unknown>;
    const former = asArray(listed.kind === 'patchset' ? manifest?.patchSets : docs[listed.kind]).map((p) => (typeof p === 'string' ? normalizedPath(p) : undefined)).filter((p) => p !== undefined);
    if (listed.kind !== 'patchset') return { kind: listed.kind, former };
    if (!listed.optional) return { kind: 'patchset', former };
    const entry = Object.entries(manifest?.optionalPatchSets ?? {}).find(([, s]) => isRecord(s) && typeof s.path === 'string' && normalizedPath(s.path) === docPath);
    return entry ? { kind: 'patchset', optional: { name: entry[0], set: { ...entry[1] } } } : { kind: 'patchset' };
  }
  const value = parseLoosely(content);
  if (isRecord(value) && Array.isArray(value.operations)) return { kind: 'patchset' };
  const kinds = DOCUMENT_KINDS.filter((kind) => DOCUMENT_KEYS[kind].some((k) => isRecord(value) && Object.hasOwn(value, k)));
  return kinds.length === 1 ? { kind: kinds[0] } : null;
}
