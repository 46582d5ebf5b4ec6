// Resolving a ruleset: manifest, then the extended ruleset, then documents merged by id, then patch sets
// in order; every problem on the way becomes a diagnostic located in the file it comes from. A variant's
// fixed patch sets come before its own documents: they say how it differs from what it extends (a map
// numbered otherwise replaces the hexes), and its documents add what is its own (the grid bootstrapped
// for that numbering) over the result. Optional patch sets always come last.
import type { Diagnostic, Finding } from '../diagnostics';
import { sortDiagnostics } from '../diagnostics';
import type { PatchSet, ProvenanceKind, ResolvedRuleset, RulesetManifest } from '../generated/schema-types';
import { ParsedDocument, parseDocument, tooLarge } from '../json/document';
import { getAt, isPrefix, joinPointer, parsePointer, toPointer } from '../json/pointer';
import { schemaFindings } from '../schema/errors';
import { DOCUMENT_KINDS, MANIFEST, type DocumentKind } from '../schema/kinds';
import { schemaDiagnostics, schemaErrors, type SchemaName } from '../schema/validator';
import { lintRuleset } from '../lint';
import { contentHash } from './hash';
import { counted } from '../words';
import { Origins } from './origins';
import { applyOperation, keptWithin } from './patch';
import type { RulesetSource } from './source';
import { isRecord, type Rec } from '../json/record';

export interface LoadOptions {
  /** Ids of the manifest's optional patch sets to apply, in order. */
  optionalPatchSets?: readonly string[];
  /**
   * Shown the ruleset as it stands just before and just after each of its own patch sets (not those of a
   * ruleset it extends) is applied: what a preview of each set's change reads, applied as a load applies it.
   */
  watch?: (path: string, moment: 'before' | 'after', ruleset: Readonly<Record<string, unknown>>) => void;
}

export interface AppliedPatchSet {
  path: string;
  title: string;
  kind: ProvenanceKind;
  optional: boolean;
  operations: number;
  failed: number;
}

export interface LoadedRuleset {
  id: string;
  /** Absent when the manifest itself cannot be used. */
  ruleset?: ResolvedRuleset;
  /** sha256 of the resolved ruleset. */
  hash?: string;
  diagnostics: Diagnostic[];
  patchSets: AppliedPatchSet[];
  /** Every file read, by its path relative to the rulesets root. */
  documents: Map<string, ParsedDocument>;
  origins: Origins;
}

/**
 * The ruleset format this engine reads, and every earlier one. It goes up with any change to the schemas
 * that a ruleset may use (a new property, kind or model), so an older studio meets a newer ruleset with
 * one clear refusal rather than with errors on everything the newer format added.
 */
export const RULESET_FORMAT = 1;

/** What a newer format is, said of a ruleset: for a whole number above RULESET_FORMAT only (any other value is the schema's to report). */
export function newerFormat(format: unknown): string | undefined {
  return Number.isInteger(format) && (format as number) > RULESET_FORMAT ? `written in ruleset format ${format}, newer than the format ${RULESET_FORMAT} this Sandtable reads` : undefined;
}

/** What a variant does not take from the ruleset it extends. */
const NOT_INHERITED = ['documents', 'patchSets', 'optionalPatchSets', 'facts', 'patched'];

/** How deep each top-level key merges across files: map → hexes → id; unitTypes → id. */
const MERGE_DEPTH: Record<string, number> = { map: 2 };

class Resolver {
  readonly documents = new Map<string, ParsedDocument>();
  readonly diagnostics: Diagnostic[] = [];
  /** Some file could not be read or parsed: cross-references would then report its absence everywhere. */
  unreadable = false;
  /** The rulesets of a cycle of `extends` met, each with the cycle as said: each says so at its own `extends`. */
  private readonly cycles = new Map<string, string>();

  constructor(private readonly source: RulesetSource) {}

  /** Reads and parses a file; reports why not when it cannot (a manifest's path that is no string, the schema reports). */
  read(id: string, path: unknown, from?: { document: string; pointer: string }): ParsedDocument | undefined {
    if (typeof path !== 'string') return undefined;
    const name = `${id}/${path}`;
    const cached = this.documents.get(name);
    if (cached) return cached;
    const result = this.source.read(id, path);
    const report = (code: string, message: string) => {
      const referrer = from && this.documents.get(from.document);
      const d = referrer ? referrer.diagnostic(from!.pointer, 'error', code, message) : { document: name, pointer: '', line: 1, column: 1, severity: 'error' as const, code, message };
      this.diagnostics.push({ ...d, unread: name });
    };
    if (result.kind !== 'text') this.unreadable = true;
    if (result.kind === 'missing') return void report('missing-document', `${name} does not exist`);
    if (result.kind === 'refused') return void report('bad-path', result.reason);
    if (result.kind === 'too-large') return void report('document-too-large', `${name} ${tooLarge(result.bytes)}: split it into several files of the same kind`);
    const parsed = parseDocument(name, result.text);
    // Without a document, its errors (a syntax error, a key twice in one object...) are why it was not read.
    this.diagnostics.push(...(parsed.document ? parsed.diagnostics : parsed.diagnostics.map((d) => (d.severity === 'error' ? { ...d, unread: name } : d))));
    if (parsed.document) this.documents.set(name, parsed.document);
    else this.unreadable = true;
    return parsed.document;
  }

  /** Validates a parsed document; reports each problem in place. Returns false when it has errors. */
  validate(doc: ParsedDocument, schema: SchemaName): boolean {
    const found = schemaDiagnostics(doc, schema);
    this.diagnostics.push(...found);
    return found.length === 0;
  }

  /** `extendedFrom`: where a variant names this ruleset, which a missing manifest is reported at. */
  resolve(id: string, options: LoadOptions, stack: string[], extendedFrom?: { document: string; pointer: string }): Omit<LoadedRuleset, 'diagnostics' | 'documents' | 'hash'> | undefined {
    const manifestDoc = this.read(id, MANIFEST, extendedFrom);
    if (!manifestDoc) return undefined;
    const manifestName = manifestDoc.path;
    const newer = newerFormat(isRecord(manifestDoc.value) ? manifestDoc.value.format : undefined);
    if (newer) {
      this.diagnostics.push(manifestDoc.diagnostic('/format', 'error', 'newer-format', `${id} is ${newer}: open it with a newer Sandtable`));
      return undefined;
    }
    const manifestOk = this.validate(manifestDoc, 'manifest');
    if (!isRecord(manifestDoc.value)) return undefined;
    const manifest = manifestDoc.value as unknown as RulesetManifest;
    // An id that is no string is the schema's to report.
    if (typeof manifest.id === 'string' && manifest.id !== id) {
      this.diagnostics.push(manifestDoc.diagnostic('/id', 'error', 'id-mismatch', `id "${manifest.id}" differs from its folder name "${id}"`));
    }
    if (!manifestOk && !isRecord(manifest.documents)) return undefined;

    // The extended ruleset, resolved with its fixed patch sets only.
    let resolved: Rec = {};
    let origins = new Origins();
    let patched = new Map<string, ProvenanceKind>();
    const patchSets: AppliedPatchSet[] = [];
    const optional = options.optionalPatchSets ?? [];
    const own = isRecord(manifest.optionalPatchSets) ? manifest.optionalPatchSets : {};
    // A variant may apply the optional patch sets of the ruleset it extends (a provisional fill) that it has none
    // of its own by the name: each applies where its ruleset has it, before the variant's documents and patch sets.
    const inherited = typeof manifest.extends === 'string' ? optional.filter((name) => !Object.hasOwn(own, name)) : [];
    let inheritedSets: Rec = {};
    if (typeof manifest.extends === 'string') {
      // A variant of a ruleset that cannot be had goes no further: its documents and patch sets would be found wrong everywhere.
      if (stack.includes(manifest.extends) || manifest.extends === id) {
        const members = [...stack.slice(stack.indexOf(manifest.extends)), id];
        const cycle = [...members, manifest.extends].join(' → ');
        for (const member of members) this.cycles.set(member, cycle);
        this.diagnostics.push(manifestDoc.diagnostic('/extends', 'error', 'extends-cycle', `extends forms a cycle: ${cycle}`));
        return undefined;
      }
      const parent = this.resolve(manifest.extends, { optionalPatchSets: inherited }, [...stack, id], { document: manifestName, pointer: '/extends' });
      if (!parent?.ruleset) {
        // A ruleset in the cycle says so at its own `extends`, each being where it may be broken; a ruleset that is not
        // there is reported once, where it is named; one that is there has its own errors.
        const cycle = this.cycles.get(id);
        if (cycle) this.diagnostics.push(manifestDoc.diagnostic('/extends', 'error', 'extends-cycle', `extends "${manifest.extends}", which extends back to it: ${cycle}`));
        else if (this.documents.has(`${manifest.extends}/${MANIFEST}`)) this.diagnostics.push(manifestDoc.diagnostic('/extends', 'error', 'dangling-ref', `extends "${manifest.extends}", which cannot be loaded`));
        return undefined;
      }
      resolved = structuredClone(parent.ruleset) as unknown as Rec;
      inheritedSets = isRecord(resolved.optionalPatchSets) ? resolved.optionalPatchSets : {};
      // File lists name files of the parent's folder, and facts check the parent's own text: neither carries over.
      for (const key of NOT_INHERITED) delete resolved[key];
      origins = parent.origins.copy();
      patched = new Map(Object.entries(parent.ruleset.patched ?? {}));
      patchSets.push(...parent.patchSets);
    }

    // The manifest's own fields replace the extended ruleset's; its optional patch sets join those it may inherit.
    for (const [key, value] of Object.entries(manifest)) {
      if (key === '$schema') continue;
      define(resolved, key, value);
      origins.set('/' + key, { document: manifestName, pointer: '/' + key });
    }
    if (Object.keys(inheritedSets).length) define(resolved, 'optionalPatchSets', { ...inheritedSets, ...own });

    const mergeDocuments = () => {
      const docs = isRecord(manifest.documents) ? manifest.documents : {};
      for (const kind of DOCUMENT_KINDS) {
        const paths = docs[kind];
        const list = typeof paths === 'string' ? [paths] : Array.isArray(paths) ? paths : [];
        list.forEach((path, i) => {
          const pointer = typeof paths === 'string' ? `/documents/${kind}` : `/documents/${kind}/${i}`;
          const doc = this.read(id, path, { document: manifestName, pointer });
          if (doc) this.mergeDocument(resolved, doc, kind, origins);
        });
      }
    };
    const applyPatchSets = (sets: { path: string; pointer: string; optional: boolean }[]) => {
      for (const set of sets) {
        const doc = this.read(id, set.path, { document: manifestName, pointer: set.pointer });
        if (!doc) continue;
        options.watch?.(set.path, 'before', resolved);
        patchSets.push(this.applyPatchSet(resolved, doc, set.optional, origins, patched));
        options.watch?.(set.path, 'after', resolved);
      }
    };

    const fixed = (Array.isArray(manifest.patchSets) ? manifest.patchSets : []).map((path, i) => ({ path, pointer: `/patchSets/${i}`, optional: false }));
    const chosen = optional.flatMap((name) => {
      if (inherited.includes(name)) return [];
      const entry = Object.hasOwn(own, name) ? (own[name] as { path: string }) : undefined;
      if (!entry) {
        this.diagnostics.push(manifestDoc.diagnostic('/optionalPatchSets', 'error', 'dangling-ref', `no optional patch set "${name}" (known: ${Object.keys(manifest.optionalPatchSets ?? {}).join(', ') || 'none'})`));
        return [];
      }
      return [{ path: entry.path, pointer: `/optionalPatchSets/${name}/path`, optional: true }];
    });
    if (typeof manifest.extends === 'string') {
      applyPatchSets(fixed);
      mergeDocuments();
    } else {
      mergeDocuments();
      applyPatchSets(fixed);
    }
    applyPatchSets(chosen);
    // Set last: the schema checks of what each patch set wrote look at the ruleset before it.
    if (patched.size) define(resolved, 'patched', Object.fromEntries(patched));
    return { id, ruleset: resolved as unknown as ResolvedRuleset, patchSets, origins };
  }

  private mergeDocument(resolved: Rec, doc: ParsedDocument, kind: DocumentKind, origins: Origins) {
    this.validate(doc, kind);
    if (!isRecord(doc.value)) return;
    for (const [key, value] of Object.entries(doc.value)) {
      if (key === '$schema') continue;
      this.mergeKey(resolved, key, value, MERGE_DEPTH[key] ?? 1, '/' + key, doc, origins);
    }
  }

  private mergeKey(target: Rec, key: string, value: unknown, depth: number, pointer: string, doc: ParsedDocument, origins: Origins) {
    if (!Object.hasOwn(target, key)) {
      define(target, key, value);
      origins.set(pointer, { document: doc.path, pointer });
      return;
    }
    const existing = target[key];
    if (depth > 0 && isRecord(existing) && isRecord(value)) {
      for (const [k, v] of Object.entries(value)) this.mergeKey(existing, k, v, depth - 1, joinPointer(pointer, k), doc, origins);
      return;
    }
    // Files of one kind may restate what they share (a second map file repeats the map's kind and grid).
    if (contentHash(existing) === contentHash(value)) return;
    const first = origins.find(pointer);
    const hint = first?.document.split('/')[0] !== doc.path.split('/')[0] ? '; change an extended ruleset with a patch set, not by redefining' : '';
    this.diagnostics.push(doc.diagnostic(pointer, 'error', 'duplicate-id', `${pointer} is already defined in ${first?.document ?? 'another document'}${hint}`, true));
  }

  private applyPatchSet(resolved: Rec, doc: ParsedDocument, optional: boolean, origins: Origins, patched: Map<string, ProvenanceKind>): AppliedPatchSet {
    const valid = this.validate(doc, 'patchset');
    const set = doc.value as PatchSet;
    const summary: AppliedPatchSet = { path: doc.path, title: typeof set?.title === 'string' ? set.title : doc.path, kind: set?.source?.kind ?? 'provisional', optional, operations: 0, failed: 0 };
    // A patch set that does not match its schema is not applied at all: half an erratum is worse than none.
    // Said at its head, as errors elsewhere (what it would have changed) may follow and sort before its own.
    if (!valid) {
      this.diagnostics.push(doc.diagnostic('', 'error', 'patch-not-applied', `patch set "${summary.title}" is not applied: it does not match its schema (its errors follow). None of its operations is made, so errors may follow elsewhere, where the ruleset lacks what it changes`));
      return summary;
    }
    // A test that fails means the ruleset it patches is not the one it was written for (an element it changes has
    // moved): none of its operations is made, as a patch with a failed test is none (RFC 6902).
    const failedTest = set.operations.some((op) => op.op === 'test') ? firstFailedTest(resolved, set) : undefined;
    if (failedTest) {
      summary.operations = set.operations.length;
      summary.failed = 1;
      this.diagnostics.push(doc.diagnostic(`/operations/${failedTest.index}/path`, 'error', 'patch-not-applied', `patch set "${summary.title}" is not applied: ${failedTest.failure}, so what it changes is not where it was written for. None of its operations is made`));
      return summary;
    }
    const touched: string[] = [];
    const failures: Diagnostic[] = [];
    const intoAbsent: Diagnostic[] = [];
    const patchedBefore = writtenBefore(patched);
    // A patch applies whole or not at all (RFC 6902): what it wrote before an operation failed is put back.
    const putBack = restorer(resolved, set.operations);
    const patchedAtStart = new Map(patched);
    const said = this.diagnostics.length;
    origins.begin();
    set.operations.forEach((op, i) => {
      summary.operations++;
      if (passedOver(set, op, resolved)) {
        this.diagnostics.push(doc.diagnostic(`/operations/${i}/path`, 'info', 'patch-passed', `${op.path} is not in the ruleset this patch set changes, so this operation is passed over (the patch set's onAbsent is "pass")`));
        return;
      }
      // An add into a list inserts, moving what is there: nothing of the ruleset's own is written over.
      const over = op.op === 'replace' || (op.op === 'add' && isRecord(getAt(resolved, toPointer(parsePointer(op.path).slice(0, -1)))));
      const kept = summary.kind === 'provisional' && over ? keptWithin(getAt(resolved, op.path), op.value, op.path, patchedBefore) : [];
      const keptFrom = kept.map((k) => origins.find(k.pointer));
      // Who gave a kept value: the document it comes from, and the patch sets (errata) that changed it there since.
      const keptBy = kept.map((k) => {
        const [first, ...since] = origins.writersOf(k.pointer);
        return since.length ? `${since.join(' and ')} (over ${first})` : (first ?? 'a patch set');
      });
      const failure = applyOperation(resolved, op);
      if (failure) {
        summary.failed++;
        const d = doc.diagnostic(`/operations/${i}/path`, 'error', 'patch-failed', failure);
        // Into a part of the ruleset that is absent altogether: while a document is unread, most likely its part.
        (this.unreadable && getAt(resolved, toPointer(parsePointer(op.path).slice(0, 1))) === undefined ? intoAbsent : failures).push(d);
        return;
      }
      if (op.op === 'test') return;
      if (op.op !== 'remove') origins.set(op.path, { document: doc.path, pointer: op.op === 'move' || op.op === 'copy' ? `/operations/${i}` : `/operations/${i}/value` });
      kept.forEach((k, j) => {
        applyOperation(resolved, { op: getAt(resolved, k.pointer) === undefined ? 'add' : 'replace', path: k.pointer, value: k.value });
        if (keptFrom[j]) origins.set(k.pointer, keptFrom[j]);
        const shown = (v: unknown) => JSON.stringify(isRecord(v) && 'value' in v ? v.value : v);
        const whose = (k.value.source as { kind?: string }).kind === 'provisional' ? "the ruleset's own provisional value" : `the value ${keptBy[j]} gives,`;
        this.diagnostics.push(doc.diagnostic(`/operations/${i}/path`, 'info', 'provisional-kept', `${k.pointer}: ${whose} ${shown(k.value)} is kept, ${k.instead === undefined ? 'which this patch set leaves out' : `not this patch set's ${shown(k.instead)}`}`));
      });
      // A write replaces what was written at and beneath its path: the nearest record above a value is then its writer's.
      for (const p of patched.keys()) if (p === op.path || p.startsWith(`${op.path}/`)) patched.delete(p);
      patched.set(op.path, summary.kind);
      touched.push(op.path);
    });
    // With a document unread, what it holds is missing and the operations into it fail: the first says so for all.
    if (intoAbsent.length > 1) {
      const [first] = intoAbsent;
      intoAbsent.splice(0, Infinity, { ...first, message: `${first.message}; and ${counted(intoAbsent.length - 1, 'more operation')} of this patch set into what is absent, most likely because a document of the ruleset could not be read (its error is the one to fix)` });
    }
    if (intoAbsent.length || failures.length) {
      putBack();
      origins.rollBack();
      patched.clear();
      for (const [p, kind] of patchedAtStart) patched.set(p, kind);
      // What its operations said of values kept or passed over no longer holds: none was made.
      this.diagnostics.length = said;
      touched.length = 0;
      const [first] = intoAbsent.length ? intoAbsent : failures;
      first.message += `; so none of the operations of patch set "${summary.title}" is made (a patch applies whole or not at all)`;
    } else origins.commit();
    this.diagnostics.push(...intoAbsent, ...failures);
    // What a patch writes must still match the schemas; report at the operation that wrote it.
    if (touched.length) {
      for (const f of schemaFindings(schemaErrors('ruleset', resolved))) {
        if (!touched.some((p) => isPrefix(p, f.pointer))) continue;
        this.report(f, origins);
      }
    }
    return summary;
  }

  report(f: Finding, origins: Origins) {
    const origin = origins.find(f.pointer);
    const doc = origin && this.documents.get(origin.document);
    if (!origin || !doc) {
      this.diagnostics.push({ document: origin?.document ?? '', pointer: f.pointer, line: 1, column: 1, severity: f.severity, code: f.code, message: f.message });
      return;
    }
    // Inside a patch operation's value the rest of the pointer continues into that value; the message names the
    // ruleset's path it patched, which the operation's own line does not show.
    const patched = origin.pointer.startsWith('/operations/') ? `${f.pointer}, as patched: ` : '';
    this.diagnostics.push(doc.diagnostic(origin.pointer, f.severity, f.code, `${patched}${f.message}`, f.atKey));
  }
}

/** Whether an operation is passed over: one that replaces or removes what the ruleset lacks, in a patch set whose onAbsent is "pass". */
const passedOver = (set: PatchSet, op: PatchSet['operations'][number], target: Rec) =>
  set.onAbsent === 'pass' && (op.op === 'replace' || op.op === 'remove') && getAt(target, op.path) === undefined;

/** The first of a patch set's tests that fails, its operations made in turn on a copy of the ruleset; undefined when none does. */
function firstFailedTest(resolved: Rec, set: PatchSet): { index: number; failure: string } | undefined {
  const trial = structuredClone(resolved);
  for (const [index, op] of set.operations.entries()) {
    if (passedOver(set, op, trial)) continue;
    const failure = applyOperation(trial, op);
    if (failure && op.op === 'test') return { index, failure };
  }
  return undefined;
}

/** Whether a patch set that is not provisional (an erratum) wrote at, above or within a location: its values are the ruleset's. */
const writtenBefore = (patched: ReadonlyMap<string, ProvenanceKind>) => (pointer: string) => {
  for (const [path, kind] of patched) if (kind !== 'provisional' && (path === pointer || path.startsWith(`${pointer}/`) || pointer.startsWith(`${path}/`))) return true;
  return false;
};

/** Assigns an own property without ever invoking a setter (such as __proto__'s). */
function define(target: Rec, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

/** Loads, resolves, validates and lints a ruleset. Never throws on bad input: every problem is a diagnostic. */
export function loadRuleset(source: RulesetSource, id: string, options: LoadOptions = {}): LoadedRuleset {
  const resolver = new Resolver(source);
  const result = resolver.resolve(id, options, []);
  if (result?.ruleset && !resolver.unreadable) {
    for (const finding of lintRuleset(result.ruleset)) resolver.report(finding, result.origins);
  }
  const dedup = new Map(resolver.diagnostics.map((d) => [`${d.document}|${d.pointer}|${d.code}|${d.message}|${d.line}`, d]));
  return {
    id,
    ruleset: result?.ruleset,
    hash: result?.ruleset ? contentHash(result.ruleset) : undefined,
    diagnostics: sortDiagnostics([...dedup.values()]),
    patchSets: result?.patchSets ?? [],
    documents: resolver.documents,
    origins: result?.origins ?? new Origins(),
  };
}

/**
 * What puts the ruleset back as it is now, should a patch set's operations fail: the parts at the top of it they
 * write (or read, moving from), copied now; the whole of it for an operation on the root.
 */
function restorer(resolved: Rec, operations: PatchSet['operations']): () => void {
  const tops = new Set<string>();
  let whole = false;
  for (const op of operations) {
    for (const at of [op.path, 'from' in op ? op.from : undefined]) {
      if (at === undefined) continue;
      const [top] = parsePointer(at);
      if (top === undefined) whole = true;
      else tops.add(top);
    }
  }
  const keys = whole ? Object.keys(resolved) : [...tops];
  const saved = keys.map((k) => [k, Object.hasOwn(resolved, k), structuredClone(resolved[k])] as const);
  return () => {
    if (whole) for (const k of Object.keys(resolved)) delete resolved[k];
    for (const [k, had, value] of saved) {
      if (had) resolved[k] = value;
      else delete resolved[k];
    }
  };
}
