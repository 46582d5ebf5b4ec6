// Authoring: what the workbench reads (documents with their drafts, the resolved ruleset, patch sets
// with before/after views) and, with ./removal (deleting rulesets and patch sets), the only code that
// writes ruleset files (new rulesets, variants, scenarios, errata, publishing drafts). Every write goes
// through the path checks of ../paths and is atomic: a temporary file, then a rename (or a hard link when
// the target must not exist yet).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { TRPCError } from '@trpc/server';
import { applyEdits, modify, parse as parseJsonc, type JSONPath, type ParseError } from 'jsonc-parser';
import { createPatch } from 'rfc6902';
import { z } from 'zod';
import { completeness, loadRuleset, overlaySource, RULESET_FORMAT, type Diagnostic, type LoadOptions, type Operation, type PatchSet, type ResolvedRuleset, type RulesetManifest, type RulesetSource } from '../../engine';
import { fsSource } from '../../engine/load/fs-source';
import { getAt } from '../../engine/json/pointer';
import { isRecord } from '../../engine/json/record';
import { parseDocument, whyUnreadable } from '../../engine/json/document';
import { DOCUMENT_KINDS, type DocumentKind, MANIFEST } from '../../engine/schema/kinds';
import { templateDocuments, templateManifest, type MapKind } from '../../engine/schema/template';
import { ID, rulesetIdProblem } from '../../engine/schema/id';
import { dateProblem } from '../../engine/schema/date';
import { PATCH_SET_MAX } from '../../engine/schema/patchset-fields';
import { newStartProblem } from '../../engine/lint/calendar-range';
import { schemaFindings } from '../../engine/schema/errors';
import { schemaDiagnostics, schemaErrors } from '../../engine/schema/validator';
import { rulesetExists } from '../catalog';
import { draftStore } from '../db';
import { PathError, displayPath, normalizeDocPath, resolveRulesetPath, rulesetsRoot } from '../paths';
import { publicProcedure, router } from '../trpc';
import { schemaRef, schemasFolder } from '../schema-ref';
import { draftedOver, draftedRulesets, type DraftOf } from '../drafted-source';
import { variantsOf, type Variant } from '../variants';
import { guardedByIds } from '../patch-guards';
import { readText, replaceFile } from '../files';
import { changedOnDisk } from '../on-disk';
import { betweenAt, placeIn, type Between } from './list-place';

const MAX_TEXT = 20_000_000;
const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };
const PROVENANCE = ['rulebook', 'example', 'inference', 'provisional', 'bootstrap'] as const;
/** Manifest fields a patch must not change: they say how the ruleset is assembled, not what it holds. */
const STRUCTURAL = ['/id', '/extends', '/documents', '/patchSets', '/optionalPatchSets'];

/** The resolved ruleset a designer edits for errata: without what the loader records of its patch sets (`patched`). */
const editable = ({ patched: _, ...rest }: ResolvedRuleset) => rest;

export const rulesetId = z.string().min(1).max(100);
/** An id as the schemas' Id has it: its characters and length, and no name of JavaScript object internals. */
export const idField = z
  .string()
  .regex(new RegExp(ID.pattern), 'use lowercase letters, digits, "-", "_" or ".", beginning with a letter or digit')
  .max(ID.maxLength)
  .refine((s) => !(ID.not.enum as readonly string[]).includes(s), 'is a name JavaScript objects keep for themselves: choose another');
/** A new ruleset's id, which names its folder: one rule, said once (a ruleset id is an Id in fewer characters). */
const newRulesetId = z.string().superRefine((s, ctx) => {
  const problem = rulesetIdProblem(s);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
/** Unsaved texts by document path, as rulesets.validate takes them. */
export const documents = z.record(z.string().min(1).max(500), z.string().max(MAX_TEXT)).default({});
const turn = z.union([
  z.strictObject({ year: z.int().min(1800).max(2200), season: z.enum(['spring', 'summer', 'autumn', 'winter']) }),
  z.strictObject({ turn: z.int().min(1).max(1000) }),
]);

/** The drafts a designer reviewed for publishing, each by its revision. */
const publishing = z.strictObject({
  id: rulesetId,
  documents: z
    .array(
      z.strictObject({
        path: z.string().min(1).max(500),
        revision: z.number().int().min(1),
        /** The file's text changed on disk that the designer chose to publish over, as authoring.changedOnDisk hashes it. */
        overwrite: z.string().regex(/^[0-9a-f]{64}$/).optional(),
      }),
    )
    .min(1)
    .max(500),
});

export type DocumentEntryKind = DocumentKind | 'manifest' | 'patchset';

export interface DocumentEntry {
  path: string;
  kind: DocumentEntryKind;
  /** An optional patch set (applied only when asked for). */
  optional?: boolean;
  /** The file's text; null when the file does not exist yet. */
  file: string | null;
  /** The latest draft, shown over the file. */
  draft: { revision: number; content: string; savedAt: string } | null;
  /** Whether the manifest's file lists it too (the manifest is listed by itself): "Discard draft" on the manifest keeps only those that are. */
  listedByFile: boolean;
}

export const authoringRouter = router({
  /** The ruleset's own documents, as its manifest (draft over file) lists them, each with its file text and latest draft. */
  workspace: publicProcedure.input(z.strictObject({ id: rulesetId })).query(({ input }) => {
    const id = checkedRuleset(input.id);
    const store = draftStore();
    const manifestFile = readFile(id, MANIFEST);
    const inFile = new Set([MANIFEST, ...listedDocuments(parseLoosely(manifestFile ?? '') as Partial<RulesetManifest> | undefined).map((d) => d.path)]);
    const entry = (docPath: string, kind: DocumentEntryKind, optional = false): DocumentEntry => {
      const draft = store.getDraft({ rulesetId: id, path: docPath });
      return {
        path: docPath,
        kind,
        ...(optional ? { optional } : {}),
        file: readFile(id, docPath),
        draft: draft ? { revision: draft.revision, content: draft.content, savedAt: draft.savedAt } : null,
        listedByFile: inFile.has(docPath),
      };
    };
    const manifestEntry = entry(MANIFEST, 'manifest');
    const manifest = parseLoosely(manifestEntry.draft?.content ?? manifestEntry.file ?? '') as Partial<RulesetManifest> | undefined;
    const listed = listedDocuments(manifest).map((d) => entry(d.path, d.kind, d.optional));
    return {
      id,
      title: typeof manifest?.title === 'string' ? manifest.title : id,
      extends: typeof manifest?.extends === 'string' ? manifest.extends : null,
      documents: [manifestEntry, ...listed],
      /** The schemas folder as the ruleset's folder names it (relative, or a file: URL), for the `$schema` of a document started in the workbench. */
      schemas: schemasFolder(resolveRulesetPath(id)),
      /** Where new rulesets are written, as the dialogs name it. */
      rulesetsFolder: displayPath(rulesetsRoot()),
    };
  }),

  /**
   * The rulesets that extend this one, directly or through another, by their manifests as drafted (a draft's
   * `extends` counts before it is published), each with its title and the ruleset it extends.
   */
  variants: publicProcedure.input(z.strictObject({ id: rulesetId })).query(({ input }) => draftedVariantsOf(checkedRuleset(input.id))),

  /**
   * Diagnostics of the ruleset with unsaved texts overlaid, as rulesets.validate gives them but without the full
   * completeness report: the answer to every pause in typing, so it is kept small. Gap and provisional counts
   * only when asked for.
   */
  check: publicProcedure.input(z.strictObject({ id: rulesetId, documents, counts: z.boolean().default(false) })).mutation(({ input }) => {
    const loaded = loadWith(checkedRuleset(input.id), input.documents);
    const total = input.counts && loaded.ruleset ? completeness(loaded.ruleset).total : undefined;
    return { diagnostics: loaded.diagnostics, counts: total ? { gap: total.gap, provisional: total.provisional, variants: variantErrors(input.id, input.documents, loaded.diagnostics) } : null };
  }),

  /** The resolved ruleset (unsaved documents overlaid) as pretty JSON, with its hash: the copy a designer edits for "save as errata". */
  errataCopy: publicProcedure.input(z.strictObject({ id: rulesetId, documents })).mutation(({ input }) => {
    const loaded = loadWith(checkedRuleset(input.id), input.documents);
    if (!loaded.ruleset) throw new TRPCError({ code: 'UNPROCESSABLE_CONTENT', message: `${input.id} does not resolve: fix its manifest first` });
    return { text: JSON.stringify(editable(loaded.ruleset), null, 2) + '\n', hash: loaded.hash! };
  }),

  /**
   * The ruleset's own patch sets in order (optional ones last), each with its metadata, operations and the
   * parts of the resolved ruleset it touches, before and after, for a diff.
   */
  patchSets: publicProcedure.input(z.strictObject({ id: rulesetId, documents })).mutation(({ input }) => {
    const id = checkedRuleset(input.id);
    const texts = new Map(Object.entries(input.documents).map(([p, t]) => [normalizedOrBadRequest(p), t]));
    const manifestText = texts.get(MANIFEST) ?? readFile(id, MANIFEST) ?? '';
    const manifest = parseLoosely(manifestText) as Partial<RulesetManifest> | undefined;
    if (!manifest) throw new TRPCError({ code: 'UNPROCESSABLE_CONTENT', message: `${id}/${MANIFEST} is not valid JSON` });

    const fixed = asArray(manifest.patchSets).filter((p): p is string => typeof p === 'string').map((p) => ({ path: p, optional: false, name: undefined as string | undefined }));
    const optional = Object.entries(manifest.optionalPatchSets ?? {}).map(([name, set]) => ({ path: set.path, optional: true, name }));
    // Each set read once, with the parts of the ruleset its operations touch.
    const read = new Map(
      [...fixed, ...optional].map(({ path }) => {
        const text = texts.get(path) ?? readFile(id, path);
        const patch = text === null ? undefined : (parseLoosely(text) as Partial<PatchSet> | undefined);
        const operations = Array.isArray(patch?.operations) ? patch.operations : [];
        return [path, { text, patch, operations, sections: touchedSections(operations) }];
      }),
    );
    // Each set is seen as the loader applies it (a variant's fixed sets before its own documents; a provisional
    // set keeping the ruleset's own values), by watching loads: the fixed sets in the first, and each optional
    // set in a load of its own, against the ruleset with every fixed set applied, as it would be used.
    const views = new Map<string, { before?: string; after?: string; failures: (string | null)[] }>();
    const watchedLoad = (optionalPatchSets: string[], watched: readonly { path: string }[]) => {
      const paths = new Set(watched.map((set) => set.path));
      const loaded = loadWith(id, Object.fromEntries(texts), {
        optionalPatchSets,
        watch: (path, moment, ruleset) => {
          if (!paths.has(path)) return;
          const view = views.get(path) ?? { failures: [] };
          view[moment] = snapshot(ruleset, read.get(path)!.sections);
          views.set(path, view);
        },
      });
      if (!loaded.ruleset) throw new TRPCError({ code: 'UNPROCESSABLE_CONTENT', message: `${id} does not resolve: fix its manifest first` });
      for (const path of paths) views.get(path)!.failures = failuresOf(loaded.diagnostics, `${id}/${path}`, read.get(path)!.operations.length);
    };
    watchedLoad([], fixed);
    for (const set of optional) watchedLoad([set.name], [set]);

    const sets = [...fixed, ...optional].map((set) => {
      const { text, patch, operations } = read.get(set.path)!;
      const view = views.get(set.path);
      return {
        path: set.path,
        optional: set.optional,
        name: set.name,
        missing: text === null,
        title: typeof patch?.title === 'string' ? patch.title : set.path,
        date: patch?.date,
        citation: patch?.citation,
        reason: patch?.reason,
        source: patch?.source,
        operations: operations.map((op, i) => ({ ...op, failure: view?.failures[i] ?? null })),
        before: view?.before ?? EMPTY_VIEW,
        after: view?.after ?? EMPTY_VIEW,
      };
    });
    return { extends: typeof manifest.extends === 'string' ? manifest.extends : null, sets };
  }),

  /** A new ruleset: a blank template, or a copy of another (its files with the given unsaved texts over them). */
  createRuleset: publicProcedure
    .input(
      z.strictObject({
        id: newRulesetId,
        title: z.string().trim().min(1).max(200),
        edition: z.string().trim().max(200).optional(),
        rulebook: z.string().trim().min(1).max(300).optional(),
        copyOf: rulesetId.optional(),
        /** The blank template's map: a hex grid (the default) or areas joined by adjacency. A copy keeps its original's. */
        mapKind: z.enum(['hex', 'area']).optional(),
        documents,
      }),
    )
    .mutation(({ input }) => {
      if (input.copyOf && input.mapKind) throw new TRPCError({ code: 'BAD_REQUEST', message: 'A copy keeps the map of the ruleset it copies: change its kind in map.json' });
      const folder = newRulesetFolder(input.id);
      let files: Map<string, string>;
      if (input.copyOf) {
        const from = checkedRuleset(input.copyOf);
        files = copyOfFiles(from, input.documents);
        const manifest = files.get(MANIFEST)!;
        let text = setJson(manifest, ['id'], input.id);
        text = setJson(text, ['title'], input.title);
        text = setJson(text, ['edition'], input.edition || undefined);
        if (input.rulebook) text = setJson(text, ['source', 'title'], input.rulebook);
        files.set(MANIFEST, text);
      } else {
        files = blankTemplate(folder, input.title, input.edition, input.rulebook ?? input.title, input.mapKind ?? 'hex');
      }
      writeNewRuleset(folder, files);
      return { id: input.id };
    }),

  /**
   * A ruleset that extends another: a manifest only, with no documents and no patch sets yet (no `patchSets` key:
   * the first erratum saved adds it, as removing the last takes it away).
   */
  createVariant: publicProcedure
    .input(z.strictObject({ base: rulesetId, id: newRulesetId, title: z.string().trim().min(1).max(200), edition: z.string().trim().max(200).optional() }))
    .mutation(({ input }) => {
      const base = checkedRuleset(input.base);
      const folder = newRulesetFolder(input.id);
      const baseManifest = parseLoosely(effectiveText(base, MANIFEST) ?? '') as Partial<RulesetManifest> | undefined;
      const manifest = {
        $schema: schemaRef(folder, 'manifest'),
        format: RULESET_FORMAT,
        id: input.id,
        title: input.title,
        ...(input.edition ? { edition: input.edition } : {}),
        source: baseManifest?.source ?? { title: input.title },
        extends: base,
        documents: {},
      };
      writeNewRuleset(folder, new Map([[MANIFEST, json(manifest)]]));
      return { id: input.id };
    }),

  /**
   * A new scenario copied from an existing one (of this ruleset or the one it extends, as drafted) into a setup
   * document of its own, which the manifest then lists: both saved as drafts, published with the rest.
   * Placements, force pools and the rest are then edited like any document.
   */
  createScenario: publicProcedure
    .input(z.strictObject({ id: rulesetId, from: idField, newId: idField, name: z.string().trim().min(1).max(200), start: turn.optional(), documents }))
    .mutation(({ input }) => {
      const id = checkedRuleset(input.id);
      const resolved = loadWith(id, input.documents).ruleset;
      const source = resolved?.scenarios?.[input.from];
      if (!source) throw new TRPCError({ code: 'NOT_FOUND', message: `No scenario "${input.from}" in ${id}` });
      if (resolved.scenarios && Object.hasOwn(resolved.scenarios, input.newId)) {
        throw new TRPCError({ code: 'CONFLICT', message: `${id} already has a scenario "${input.newId}"` });
      }
      // A start the calendar does not have would leave the ruleset with errors, every test game refused.
      const startWrong = input.start && newStartProblem(resolved, source, input.start);
      if (startWrong) throw new TRPCError({ code: 'BAD_REQUEST', message: startWrong });
      const docPath = `scenarios/${input.newId}.json`;
      const file = checkedPath(id, docPath);
      if (documentTaken(id, docPath)) throw new TRPCError({ code: 'CONFLICT', message: `${id} already has a document ${docPath}` });
      const scenario = { ...structuredClone(source), name: input.name, ...(input.start ? { start: input.start } : {}) };
      const text = json({ $schema: schemaRef(path.dirname(file), 'setup'), scenarios: { [input.newId]: scenario } });
      const manifest = draftNewDocument(id, input.documents[MANIFEST], docPath, text, (m) => listIn(m, { kind: 'setup' }, docPath));
      return { path: docPath, manifest };
    }),

  /**
   * "Save as errata": the difference between the resolved ruleset and the designer's edited copy of it becomes a
   * new patch set, appended to the manifest's patch sets: both saved as drafts (the copy is the ruleset as drafted,
   * so the patch may change what only drafts hold), published with the rest. Refused when the ruleset changed since the copy was
   * taken (`baseHash`), so the patch never undoes someone else's change.
   */
  saveAsErrata: publicProcedure
    .input(
      z.strictObject({
        id: rulesetId,
        documents,
        baseHash: z.string().regex(/^[0-9a-f]{64}$/),
        edited: z.string().max(MAX_TEXT),
        title: z.string().trim().min(1).max(PATCH_SET_MAX.title),
        date: z
          .string()
          .trim()
          .superRefine((date, ctx) => {
            const problem = dateProblem(date);
            if (problem) ctx.addIssue({ code: 'custom', message: problem });
          })
          .optional(),
        citation: z.string().trim().max(PATCH_SET_MAX.citation).optional(),
        reason: z.string().trim().min(1).max(PATCH_SET_MAX.reason),
        source: z.strictObject({ kind: z.enum(PROVENANCE), rule: z.string().trim().min(1).max(120).optional() }),
      }),
    )
    .mutation(({ input }) => {
      const id = checkedRuleset(input.id);
      const loaded = loadWith(id, input.documents);
      if (!loaded.ruleset) throw new TRPCError({ code: 'UNPROCESSABLE_CONTENT', message: `${id} does not resolve: fix its manifest first` });
      if (loaded.hash !== input.baseHash) {
        throw new TRPCError({ code: 'CONFLICT', message: 'The ruleset changed since you started editing its resolved copy: reload the copy and make your change again' });
      }
      // Its faults by line and column: the resolved copy runs to thousands of lines.
      const parsed = parseDocument('edited', input.edited);
      if (!parsed.document) {
        const [first] = parsed.diagnostics;
        const what = first.code === 'json-syntax' ? 'is not valid JSON' : 'cannot be read';
        throw new TRPCError({ code: 'BAD_REQUEST', message: `The edited ruleset ${what}: line ${first.line}, column ${first.column}: ${first.message}` });
      }
      // A value the schema refuses would be an erratum no game can start with: those the edit brings are named, by line and path.
      const finding = (f: { pointer: string; code: string; message: string }) => `${f.pointer}|${f.code}|${f.message}`;
      const before = new Set(schemaFindings(schemaErrors('ruleset', editable(loaded.ruleset))).map(finding));
      const brought = schemaDiagnostics(parsed.document, 'ruleset').filter((d) => d.severity === 'error' && !before.has(finding(d)));
      if (brought.length) {
        const named = brought.slice(0, 3).map((d) => `line ${d.line}, column ${d.column} (${d.pointer || '/'}): ${d.message}`);
        throw new TRPCError({ code: 'BAD_REQUEST', message: `The edited ruleset does not match the schema: ${named.join('; ')}${brought.length > 3 ? `; and ${brought.length - 3} more` : ''}. Fix ${brought.length > 1 ? 'them' : 'it'} to save the change as errata` });
      }
      const edited = parsed.document.value;
      const changes = resourced(createPatch(editable(loaded.ruleset), edited) as Operation[], loaded.ruleset, { kind: input.source.kind, ...(input.source.rule ? { rule: input.source.rule } : {}), note: `${input.title}: ${input.reason}`.slice(0, 4000) });
      const operations = guardedByIds(changes, editable(loaded.ruleset));
      if (changes.length === 0) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Nothing changed: edit the resolved ruleset first' });
      const structural = operations.find((op) => STRUCTURAL.some((p) => op.path === p || op.path.startsWith(p + '/')));
      if (structural) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: `${structural.path} says how the ruleset is assembled: change it in ${MANIFEST}, not in errata` });
      }

      const docPath = freeErrataPath(id, input.title);
      const file = checkedPath(id, docPath);
      const patchSet = {
        $schema: schemaRef(path.dirname(file), 'patchset'),
        title: input.title,
        ...(input.date ? { date: input.date } : {}),
        source: { kind: input.source.kind, ...(input.source.rule ? { rule: input.source.rule } : {}) },
        ...(input.citation ? { citation: input.citation } : {}),
        reason: input.reason,
        operations,
      };
      // Drafts, as every other edit: the erratum may change values only the drafts hold, and the published files
      // stay a ruleset that validates until the designer publishes the erratum with the rest.
      const manifest = draftNewDocument(id, input.documents[MANIFEST], docPath, json(patchSet), (m) => listIn(m, { kind: 'patchset' }, docPath));
      return { path: docPath, operations: operations.length, manifest };
    }),

  /**
   * Writes the draft revision of each document the designer reviewed to its file. A draft that cannot be read (not JSON, over the
   * size limit), one saved again since the revision reviewed (from another tab), or one whose file changed on disk since the draft was
   * started (unless named in `overwrite`), is refused, named with why, before anything is written. The text a file had is kept first
   * (drafts.replacedFiles), so the history can bring it back; the draft then stands on the text published.
   */
  publish: publicProcedure.input(publishing).mutation(({ input }) => {
    const id = checkedRuleset(input.id);
    const store = draftStore();
    const writes = input.documents.map(({ path: p, revision, overwrite }) => {
      const docPath = normalizedOrBadRequest(p);
      // A document reviewed that the manifest no longer lists was taken away since, from another tab most likely.
      expectDocumentOf(id, docPath, 'if it was removed elsewhere since you reviewed it, reload to see the ruleset as it is');
      const draft = store.getDraft({ rulesetId: id, path: docPath });
      if (!draft) throw new TRPCError({ code: 'NOT_FOUND', message: `${id}/${docPath} has no draft to publish` });
      const changed = changedOnDisk(store, { rulesetId: id, path: docPath }, draft, readFile(id, docPath));
      return { file: checkedPath(id, docPath), path: docPath, draft, reviewed: revision, unreadable: whyUnreadable(draft.content), changed: changed?.hash === overwrite ? undefined : changed };
    });
    // What was reviewed is what is written: a draft saved again elsewhere since is never published unseen.
    const newer = writes.filter((w) => w.draft.revision !== w.reviewed);
    if (newer.length) {
      const each = newer.map((w) => `${id}/${w.path} was saved elsewhere as revision ${w.draft.revision} after the revision ${w.reviewed} you reviewed`);
      throw new TRPCError({ code: 'CONFLICT', message: `Nothing was published: ${each.join('; ')}. Reload to see ${newer.length > 1 ? 'them' : 'it'}, then publish again` });
    }
    // A file no tool could read is never written: each such draft named, with why.
    const unreadable = writes.filter((w) => w.unreadable);
    if (unreadable.length) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: `Nothing was published: ${unreadable.map((w) => `${id}/${w.path} cannot be published: ${w.unreadable}`).join('; ')}. Fix it first` });
    }
    // A file changed outside the studio since its draft was started is never written over unseen: its change is
    // taken into the draft first (authoring.takeFileChanges), or the designer names it to publish over it.
    const changed = writes.flatMap((w) => (w.changed ? [w.changed] : []));
    if (changed.length) {
      const each = changed.map((c) => `${id}/${c.path} changed on disk since its draft was started (${c.changes})`);
      throw new TRPCError({ code: 'CONFLICT', message: `Nothing was published: ${each.join('; ')}. Take the file’s changes into the draft, or confirm publishing over them (the file’s text is kept in the history)` });
    }
    for (const w of writes) {
      const before = readFile(id, w.path);
      if (before !== null && before !== w.draft.content) store.keepReplacedFile({ rulesetId: id, path: w.path, content: before });
      replaceFile(w.file, w.draft.content);
      store.standOn({ rulesetId: id, path: w.path }, w.draft.content);
    }
    return { published: writes.map((w) => ({ path: w.path, revision: w.draft.revision })) };
  }),
});

/**
 * An erratum's operations, where one changes the value of a record that cites its source (`{value, source}`)
 * and the designer left that source as it was, with the source replaced by the erratum's: the old one cites
 * the rule the value no longer follows.
 */
function resourced(operations: Operation[], before: unknown, source: Record<string, string>): Operation[] {
  const sourced = operations.flatMap((op) => {
    if (op.op !== 'replace' || !op.path.endsWith('/value')) return [];
    const at = op.path.slice(0, -'/value'.length);
    const record = getAt(before, at);
    const path = `${at}/source`;
    if (!isRecord(record) || !isRecord(record.source) || operations.some((o) => o.path === path || o.path.startsWith(`${path}/`))) return [];
    return [{ op: 'replace', path, value: source } as Operation];
  });
  return [...operations, ...sourced];
}

/** Loads a ruleset with unsaved texts over its files, as rulesets.validate does. */
export function loadWith(id: string, texts: Record<string, string>, options?: LoadOptions) {
  return loadRuleset(withTexts(id, texts), id, options);
}

/** The rulesets' files (or `under`) with ruleset `id`'s unsaved texts over its own. */
function withTexts(id: string, texts: Record<string, string>, under: RulesetSource = fsSource(rulesetsRoot())): RulesetSource {
  return overlaySource(under, new Map(Object.entries(texts).map(([p, t]) => [`${id}/${normalizedOrBadRequest(p)}`, t])));
}

/**
 * The variants of a ruleset with errors when it has these texts (an edit of a base can break what extends
 * it: a patch set's path, a reference to an id), each with its first few errors, where one has any. Those
 * in the variant's own documents count, and those in this ruleset's documents that only the variant's
 * resolution gives (a new scenario placing a unit the variant removes): the variant cannot fix them, and
 * this header is the only one that sees them.
 */
function variantErrors(id: string, texts: Record<string, string>, own: readonly Diagnostic[]): VariantErrors[] {
  const source = draftedWith(id, texts);
  const key = (d: Diagnostic) => `${d.document}|${d.pointer}|${d.code}|${d.message}`;
  const ownKeys = new Set(own.map(key));
  return variantsOf(id, rulesetsRoot(), source).flatMap((variant) => {
    const loaded = loadRuleset(source, variant.id);
    // A document left unread (a syntax error) leaves out what it holds, and the variant's errors are then mostly
    // that absence: none are counted until it can be read.
    const unread = [...new Set(loaded.diagnostics.flatMap((d) => (d.unread ? [d.unread] : [])))];
    if (unread.length) return [{ id: variant.id, title: loaded.ruleset?.title ?? variant.title, errors: 0, first: [], here: [], unread }];
    const errors = loaded.diagnostics.filter(
      (d) => d.severity === 'error' && (d.document.startsWith(`${variant.id}/`) || (d.document.startsWith(`${id}/`) && !ownKeys.has(key(d)))),
    );
    if (!errors.length) return [];
    const first = errors.slice(0, 5).map((e) => `${e.document}:${e.line}:${e.column} ${e.pointer}: ${e.message}`);
    const here = [...new Set(errors.flatMap((e) => (e.document.startsWith(`${id}/`) ? [e.document.slice(id.length + 1)] : [])))];
    return [{ id: variant.id, title: loaded.ruleset?.title ?? variant.title, errors: errors.length, first, here, unread }];
  });
}

/**
 * A variant's errors with a base's texts; `here` names the base's documents they lie in. `unread`: the documents
 * (of either ruleset, by "<ruleset>/<path>") that cannot be read, the errors not counted until they can.
 */
interface VariantErrors {
  id: string;
  title: string;
  errors: number;
  first: string[];
  here: string[];
  unread: string[];
}

const latestDraft: DraftOf = (rulesetId, docPath) => draftStore().getDraft({ rulesetId, path: docPath });

/** Ruleset `id` as the workbench shows it: each of its documents' latest draft over its file. */
export function draftedSource(id: string): RulesetSource {
  return draftedOver(rulesetsRoot(), id, (docPath) => latestDraft(id, docPath));
}

/**
 * Every ruleset as its own workbench shows it (drafts over files), ruleset `id` with the unsaved texts of its
 * workbench over that: what the variants of `id` are, and how they resolve, while `id` is being edited.
 */
export function draftedWith(id: string, texts: Record<string, string>): RulesetSource {
  return withTexts(id, texts, draftedRulesets(rulesetsRoot(), latestDraft));
}

/** The rulesets that extend `id` (and those that extend them), by their manifests as drafted. */
export function draftedVariantsOf(id: string): Variant[] {
  return variantsOf(id, rulesetsRoot(), draftedWith(id, {}));
}

/**
 * The paths a manifest's text lists, itself included; undefined while the text cannot be read (a syntax error, as
 * it is typed): what it lists is unknown then, and no draft is to be called unlisted for it.
 */
export function listedIn(text: string): Set<string> | undefined {
  const errors: ParseError[] = [];
  const value = parseJsonc(text, errors, { allowTrailingComma: true });
  if (errors.length || !isRecord(value)) return undefined;
  return new Set([MANIFEST, ...listedDocuments(value as Partial<RulesetManifest>).map((d) => d.path)]);
}

/** The documents and patch sets a manifest lists, each once, by normalized path (a malformed path left to the validator to report). */
export function listedDocuments(manifest: Partial<RulesetManifest> | undefined): { path: string; kind: DocumentEntryKind; optional: boolean }[] {
  const listed: { path: string; kind: DocumentEntryKind; optional: boolean }[] = [];
  const seen = new Set([MANIFEST]);
  const add = (docPath: unknown, kind: DocumentEntryKind, optional = false) => {
    if (typeof docPath !== 'string') return;
    let normalized: string;
    try {
      normalized = normalizeDocPath(docPath);
    } catch {
      return;
    }
    if (seen.has(normalized)) return;
    seen.add(normalized);
    listed.push({ path: normalized, kind, optional });
  };
  const docs = (manifest?.documents ?? {}) as Record<string, unknown>;
  for (const kind of DOCUMENT_KINDS) for (const p of asArray(docs[kind])) add(p, kind);
  for (const p of asArray(manifest?.patchSets)) add(p, 'patchset');
  for (const set of Object.values(manifest?.optionalPatchSets ?? {})) add((set as { path?: unknown })?.path, 'patchset', true);
  return listed;
}

/**
 * Where a manifest lists a document: under `documents.<kind>`, among the patch sets always applied (errata), or as an
 * optional patch set (by its name, with the rest of its entry). `former`: the list (by normalized path) that last held
 * it, whose order it goes back into.
 */
export type Listing = { kind: DocumentKind; former?: string[] } | { kind: 'patchset'; optional?: { name: string; set: Record<string, unknown> }; former?: string[] };

/** Where a listing puts a document in the manifest, as its JSON names it ("documents.setup", "patchSets", "optionalPatchSets.fill"). */
export const listingKey = (listing: Listing) => (listing.kind !== 'patchset' ? `documents.${listing.kind}` : listing.optional ? `optionalPatchSets.${listing.optional.name}` : 'patchSets');

/** The list of the manifest's text a listing goes in (not an optional patch set's: its own entry), and the index the document takes there. */
function listPlace(text: string, listing: Listing, docPath: string) {
  const manifest = parseLoosely(text) as Partial<RulesetManifest> | undefined;
  const at = listing.kind !== 'patchset' ? ['documents', listing.kind] : ['patchSets'];
  const value = listing.kind !== 'patchset' ? (manifest?.documents as Record<string, unknown> | undefined)?.[listing.kind] : manifest?.patchSets;
  const entries = asArray(value);
  const paths = entries.map((e) => (typeof e === 'string' ? normalizedPath(e) : undefined));
  return { at, value, entries, paths, index: placeIn(paths, listing.former, docPath) };
}

/** Between which entries of its list a listing puts the document in the manifest's text; null for an optional patch set (a named entry: no order). */
export function listedBetween(text: string, listing: Listing, docPath: string): Between | null {
  if (listing.kind === 'patchset' && listing.optional) return null;
  const { paths, index } = listPlace(text, listing, docPath);
  return betweenAt(paths, index);
}

/**
 * The manifest's text with the document listed as `listing` says, keeping the rest of its formatting: back at its
 * place among the entries of the list that last held it (`former`), else after those of its kind (a patch set last,
 * so applied last).
 */
export function listIn(text: string, listing: Listing, docPath: string): string {
  if (listing.kind === 'patchset' && listing.optional) return setJson(text, ['optionalPatchSets', listing.optional.name], { ...listing.optional.set, path: docPath });
  const { at, value, entries, index } = listPlace(text, listing, docPath);
  if (listing.kind !== 'patchset' && value === undefined) return setJson(text, at, docPath);
  return setJson(text, at, entries.toSpliced(index, 0, docPath));
}

/** A path normalized, or undefined where it is malformed (the validator reports it). */
export function normalizedPath(p: string): string | undefined {
  try {
    return normalizeDocPath(p);
  } catch {
    return undefined;
  }
}

/**
 * Refuses (BAD_REQUEST, naming the path and the ruleset) a path that is not one of the ruleset's documents: its
 * manifest, or a .json file that its manifest lists, as drafted or as published. A document a designer adds is
 * listed in the manifest first (by hand, or by the workbench's new scenario and errata), and drafted after; `unlisted`
 * says what to do where the manifest lists no such document.
 */
export function expectDocumentOf(id: string, docPath: string, unlisted = 'list it there first'): void {
  const normalized = normalizedOrBadRequest(docPath);
  if (normalized === MANIFEST) return;
  const refuse = (why: string) => new TRPCError({ code: 'BAD_REQUEST', message: `No document "${normalized}" in ${id}: ${why}` });
  if (!normalized.endsWith('.json')) throw refuse("a ruleset's documents are .json files its manifest lists");
  const manifests = [draftStore().getDraft({ rulesetId: id, path: MANIFEST })?.content, readFile(id, MANIFEST)];
  const listed = manifests.some((text) => text != null && listedDocuments(parseLoosely(text) as Partial<RulesetManifest> | undefined).some((d) => d.path === normalized));
  if (!listed) throw refuse(`${MANIFEST} (as drafted or published) lists no such document or patch set: ${unlisted}`);
}

/** The id, once known to be well-formed and in the library. */
export function checkedRuleset(id: string): string {
  const exists = withPathErrors(() => rulesetExists(id));
  if (!exists) throw new TRPCError({ code: 'NOT_FOUND', message: `No ruleset "${id}" in the library` });
  return id;
}

export function checkedPath(id: string, docPath: string): string {
  return withPathErrors(() => resolveRulesetPath(id, docPath));
}

export function normalizedOrBadRequest(docPath: string): string {
  return withPathErrors(() => normalizeDocPath(docPath));
}

export function withPathErrors<T>(run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof PathError) throw new TRPCError({ code: 'BAD_REQUEST', message: e.message, cause: e });
    throw e;
  }
}

/** The folder a new ruleset will have; refuses an id that is taken, even by a folder without a manifest. */
function newRulesetFolder(id: string): string {
  const folder = withPathErrors(() => resolveRulesetPath(id));
  if (fs.existsSync(/*turbopackIgnore: true*/ folder)) throw new TRPCError({ code: 'CONFLICT', message: `There is already a ruleset folder "${id}": choose another id` });
  return folder;
}

export function readFile(id: string, docPath: string): string | null {
  return readText(checkedPath(id, docPath));
}

/** What the workbench shows for a document: its latest draft, else its file. */
function effectiveText(id: string, docPath: string): string | null {
  return draftStore().getDraft({ rulesetId: id, path: docPath })?.content ?? readFile(id, docPath);
}

/** A ruleset's files for a copy: the manifest's documents and patch sets, drafts and then unsaved texts over them. */
function copyOfFiles(from: string, unsaved: Record<string, string>): Map<string, string> {
  const text = (p: string) => unsaved[p] ?? effectiveText(from, p);
  const manifestText = text(MANIFEST);
  const manifest = manifestText === null ? undefined : (parseLoosely(manifestText) as Partial<RulesetManifest> | undefined);
  if (!manifest) throw new TRPCError({ code: 'UNPROCESSABLE_CONTENT', message: `${from}/${MANIFEST} is not valid JSON: fix it before copying` });
  const files = new Map([[MANIFEST, manifestText!]]);
  const paths = [
    ...Object.values(manifest.documents ?? {}).flatMap((p) => asArray(p)),
    ...asArray(manifest.patchSets),
    ...Object.values(manifest.optionalPatchSets ?? {}).map((s) => s?.path),
  ];
  for (const p of paths) {
    if (typeof p !== 'string') continue;
    const docPath = normalizedOrBadRequest(p);
    const content = text(docPath);
    if (content !== null) files.set(docPath, content);
  }
  return files;
}

function blankTemplate(folder: string, title: string, edition: string | undefined, rulebook: string, mapKind: MapKind): Map<string, string> {
  const documents = templateDocuments(mapKind);
  const paths = Object.fromEntries(Object.keys(documents).map((kind) => [kind, `${kind}.json`]));
  const manifest = {
    $schema: schemaRef(folder, 'manifest'),
    format: RULESET_FORMAT,
    id: path.basename(folder),
    title,
    ...(edition ? { edition } : {}),
    source: { title: rulebook },
    documents: paths,
    ...templateManifest(mapKind),
  };
  return new Map([
    [MANIFEST, json(manifest)],
    ...Object.entries(documents).map(([kind, doc]) => [paths[kind], json({ $schema: schemaRef(folder, kind), ...doc })] as [string, string]),
  ]);
}

/**
 * Writes every file into a hidden folder beside the target, renames the folder into place, and only then gives
 * the manifest its name: the library never sees half a ruleset.
 */
function writeNewRuleset(folder: string, files: Map<string, string>): void {
  const root = path.dirname(folder);
  fs.mkdirSync(root, { recursive: true });
  const staging = path.join(root, `.new-${path.basename(folder)}-${randomUUID()}`);
  const pendingManifest = `${MANIFEST}.pending`;
  try {
    for (const [docPath, text] of files) {
      const file = path.join(staging, docPath === MANIFEST ? pendingManifest : docPath);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text, { flag: 'wx' });
    }
    fs.renameSync(staging, folder);
  } catch (e) {
    fs.rmSync(staging, { recursive: true, force: true });
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOTEMPTY' || code === 'EEXIST') {
      throw new TRPCError({ code: 'CONFLICT', message: `There is already a ruleset folder "${path.basename(folder)}": choose another id` });
    }
    throw e;
  }
  fs.renameSync(path.join(folder, pendingManifest), path.join(folder, MANIFEST));
}

/**
 * A new document saved as a draft together with the manifest (its draft, else its file) edited by `list` to
 * name it, in one transaction: published with the rest, as every other edit. Refused while the workbench
 * holds unsaved changes to the manifest (`unsaved`). Returns the manifest as the workbench now shows it.
 */
function draftNewDocument(id: string, unsaved: string | undefined, docPath: string, content: string, list: (manifest: string) => string): { text: string; revision: number } {
  const store = draftStore();
  return store.atomically(() => {
    const drafted = store.getDraft({ rulesetId: id, path: MANIFEST });
    expectManifestSaved(id, unsaved, drafted?.content);
    const text = drafted?.content ?? readFile(id, MANIFEST);
    if (text === null) throw new TRPCError({ code: 'NOT_FOUND', message: `${id} has no ${MANIFEST}` });
    store.saveDraft({ rulesetId: id, path: docPath, baseRevision: 0, content });
    const saved = store.saveDraft({ rulesetId: id, path: MANIFEST, baseRevision: drafted?.revision ?? 0, content: list(text) });
    return { text: saved.content, revision: saved.revision };
  });
}

/**
 * Refuses a manifest edit while the workbench holds unsaved changes to the manifest (`unsaved`, its text there):
 * they would be lost under the new draft. `drafted` is the latest draft's text, if any. A text stored before (an
 * earlier draft, or the file) is no unsaved change: that workbench is behind another's save, which the edit keeps.
 */
export function expectManifestSaved(id: string, unsaved: string | undefined, drafted: string | undefined): void {
  if (unsaved === undefined || unsaved === drafted || storedBefore(id, unsaved)) return;
  throw new TRPCError({ code: 'CONFLICT', message: `${MANIFEST} has unsaved changes: save them first` });
}

/** Whether a manifest text is one stored before: its file, or one of its recent drafts. */
function storedBefore(id: string, text: string): boolean {
  if (readFile(id, MANIFEST) === text) return true;
  const store = draftStore();
  return store
    .listRevisions({ rulesetId: id, path: MANIFEST })
    .slice(0, RECENT_REVISIONS)
    .some(({ revision }) => store.getDraft({ rulesetId: id, path: MANIFEST, revision })?.content === text);
}

/** How far back a workbench behind another's saves is looked for among a document's drafts. */
const RECENT_REVISIONS = 50;

/** errata/<title as a slug>.json, numbered when that name is taken. */
function freeErrataPath(id: string, title: string): string {
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60).replace(/-+$/, '') || 'errata';
  for (let n = 1; ; n++) {
    const docPath = `errata/${slug}${n > 1 ? `-${n}` : ''}.json`;
    if (!documentTaken(id, docPath)) return docPath;
  }
}

/** Whether a path is a document of the ruleset already: a file, or a draft (a new document is saved as one). */
const documentTaken = (id: string, docPath: string) => fs.existsSync(/*turbopackIgnore: true*/ checkedPath(id, docPath)) || draftStore().getDraft({ rulesetId: id, path: docPath }) !== undefined;

/**
 * The parts of the resolved ruleset that operations touch: two pointer segments deep (a unit type, a table),
 * three inside the map (its places, its hexes), so a diff shows whole records without the whole ruleset.
 */
function touchedSections(operations: readonly Operation[]): string[] {
  const sections = new Set<string>();
  for (const op of operations) {
    for (const pointer of [op.path, op.from]) {
      if (typeof pointer !== 'string') continue;
      const segments = pointer.split('/').slice(1);
      sections.add('/' + segments.slice(0, segments[0] === 'map' ? 3 : 2).join('/'));
    }
  }
  return [...sections].sort();
}

/** The view of a set whose operations were not read. */
const EMPTY_VIEW = snapshot({}, []);

/**
 * Why the load did not make each of a set's `count` operations (from its diagnostics), or null where it made it: the
 * operation's own failure, or the set's, when the set was not applied at all (it breaks its schema, or a test of it failed).
 */
function failuresOf(diagnostics: readonly Diagnostic[], document: string, count: number): (string | null)[] {
  const own = diagnostics.filter((d) => d.document === document && d.severity === 'error');
  const failed = new Map<string, string>();
  for (const d of own) if (d.code === 'patch-failed' && !failed.has(d.pointer)) failed.set(d.pointer, d.message);
  const whole = own.find((d) => d.code === 'patch-not-applied')?.message ?? null;
  return Array.from({ length: count }, (_, i) => failed.get(`/operations/${i}/path`) ?? whole);
}

function snapshot(root: object, sections: readonly string[]): string {
  const view: Record<string, unknown> = {};
  for (const section of sections) {
    const value = valueAt(root, section);
    if (value !== undefined) view[section] = value;
  }
  return JSON.stringify(view, null, 2) + '\n';
}

function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Sets (or, for undefined, removes) a value in JSON text, keeping the rest of its formatting. */
export function setJson(text: string, at: JSONPath, value: unknown): string {
  return applyEdits(text, modify(text, at, value, FORMAT));
}

export function parseLoosely(text: string): unknown {
  const value = parseJsonc(text, [], { allowTrailingComma: true });
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

const json = (value: unknown) => JSON.stringify(value, null, 2) + '\n';
export const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);

