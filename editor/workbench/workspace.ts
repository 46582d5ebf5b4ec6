// The workbench's documents: what is on disk, the latest draft, and the text being edited; autosave with
// conflict detection, and validation of the whole ruleset with every unsaved text overlaid. Plain TypeScript
// (no React, no Monaco): components subscribe to it, and tests drive it with fake timers.
import type { Diagnostic } from '@/engine/diagnostics';
import { parseDocument } from '@/engine/json/document';
import { schemaDiagnostics, type SchemaName } from '@/engine/schema/validator';
import type { DocumentEntry, DocumentEntryKind } from '@/server/routers/authoring';

export interface DocState {
  path: string;
  kind: DocumentEntryKind;
  optional: boolean;
  /** The file on disk; null when it does not exist yet. */
  file: string | null;
  /** Whether the manifest's file lists it too: discarding the manifest's draft takes the others out of the tree. */
  listedByFile: boolean;
  /** The text last stored: the latest draft, or the file when there is no draft. */
  saved: string;
  /** Revision of that draft; 0 when there is none. */
  revision: number;
  savedAt?: string;
  /** The text being edited. */
  text: string;
  saving: boolean;
  /** Someone saved another revision since ours: nothing more is saved until the designer chooses. */
  conflict?: { revision: number; content: string | null };
  /** Why the last save failed, when it was not a conflict. */
  error?: string;
}

/**
 * An edit the workbench holds outside the ruleset's documents (the resolved ruleset being edited for "save as
 * errata"). It has no draft to autosave into, so it stays unsaved until its owner uses or drops it: the header
 * says so, leaving the page asks first, and its syntax and schema errors are problems like any document's.
 */
export interface HeldEdit {
  /** Its name after the ruleset's id in problems ("2ww/resolved ruleset"). */
  path: string;
  /** What it is and how to keep it, for the header ("the resolved ruleset: save it as errata or discard it"). */
  label: string;
  /** The text it began from, and the text now. */
  base: string;
  text: string;
  /** What the base was made from, for its owner (the resolved ruleset's content hash). */
  basis: string;
  /** The schema it must match (the resolved ruleset's). */
  schema: SchemaName;
}

export const isHeldDirty = (h: HeldEdit) => h.text !== h.base;

export interface Validation {
  diagnostics: Diagnostic[];
  /**
   * Gaps and provisional values across the resolved ruleset, when asked for and it resolves; with them, the
   * variants extending it that have errors with these texts (the first few of each), or cannot be checked while a
   * document is unread.
   */
  counts: { gap: number; provisional: number; variants: { id: string; title: string; errors: number; first: string[]; here: string[]; unread: string[] }[] } | null;
}

/** A save against a stale revision; `current` is what is stored. */
export class DraftConflict extends Error {
  constructor(readonly current: { revision: number; content: string | null }) {
    super(`saved elsewhere as revision ${current.revision}`);
  }
}

/**
 * What a view of the ruleset as the designer sees it reads (the errata view, the scenario map): the ruleset, its
 * unsaved and draft texts where they differ from the files, and a value that changes whenever one of them does.
 */
export interface DraftedView {
  rulesetId: string;
  overlay: () => Record<string, string>;
  version: unknown;
}

export interface WorkspaceDeps {
  /**
   * Stores a draft revision; throws DraftConflict when `baseRevision` is stale. `startedFrom`, with the first revision:
   * the file's text as the workbench read it, which the draft stands on (drafts.save).
   */
  saveDraft(path: string, baseRevision: number, content: string, startedFrom?: string | null): Promise<{ revision: number; savedAt: string }>;
  /**
   * Stores the document's published file, as it is now, as the revision after `baseRevision`; throws
   * DraftConflict when that is stale.
   */
  discardDraft(path: string, baseRevision: number): Promise<{ revision: number; savedAt: string; content: string }>;
  /** Diagnostics with these texts over the files; the counts only when `counts` (they cost the server more). */
  validate(documents: Record<string, string>, counts: boolean): Promise<Validation>;
}

export interface Snapshot {
  docs: readonly DocState[];
  /** The documents' diagnostics, from the server. */
  diagnostics: readonly Diagnostic[];
  held: readonly HeldEdit[];
  /** Syntax and schema errors of the held edits (checked here: the server is not sent them). */
  heldDiagnostics: readonly Diagnostic[];
  counts: Validation['counts'];
  /** The counts are of texts edited since (the diagnostics are newer): they are counted again soon after typing stops. */
  countsStale?: boolean;
  validating: boolean;
  validationError?: string;
  /** Milliseconds from the last edit to its diagnostics. */
  validationMs?: number;
}

export const isDirty = (d: DocState) => d.text !== d.saved;
/** A draft that differs from the file, waiting to be published. */
export const isUnpublished = (d: DocState) => d.revision > 0 && d.saved !== d.file;
/** Whether the document holds what its file does not (a draft, or edits to be saved): taken out of the manifest, its draft is kept as an unlisted one. */
/** Whether discarding the document saves its edits first, as a revision of their own: edits not saved yet that are not its file's text. */
export const savedFirst = (d: DocState) => isDirty(d) && d.text !== (d.file ?? '');
export const keptIfUnlisted = (d: DocState) => isUnpublished(d) || d.text !== (d.file ?? '');

function fromEntry(e: DocumentEntry): DocState {
  const saved = e.draft?.content ?? e.file ?? '';
  return {
    path: e.path,
    kind: e.kind,
    optional: e.optional ?? false,
    file: e.file,
    listedByFile: e.listedByFile,
    saved,
    revision: e.draft?.revision ?? 0,
    savedAt: e.draft?.savedAt,
    text: saved,
    saving: false,
  };
}

export class Workspace {
  private docs = new Map<string, DocState>();
  private heldEdits = new Map<string, HeldEdit>();
  private heldTimer?: ReturnType<typeof setTimeout>;
  private listeners = new Set<() => void>();
  private snapshot: Snapshot;
  private saveTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private inFlight = new Map<string, Promise<void>>();
  private saveAgain = new Set<string>();
  private validateTimer?: ReturnType<typeof setTimeout>;
  private countTimer?: ReturnType<typeof setTimeout>;
  private validationSeq = 0;
  private lastEditAt = 0;
  /** The ruleset was deleted: see close(). */
  private closed = false;

  constructor(
    readonly rulesetId: string,
    entries: readonly DocumentEntry[],
    private readonly deps: WorkspaceDeps,
    private readonly timing = { autosaveMs: 1000, validateMs: 150, countMs: 2000 },
  ) {
    for (const e of entries) this.docs.set(e.path, fromEntry(e));
    this.snapshot = { docs: [...this.docs.values()], diagnostics: [], held: [], heldDiagnostics: [], counts: null, validating: false };
    void this.validateNow(true);
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  doc(path: string): DocState | undefined {
    return this.docs.get(path);
  }

  /** An edit: validated after a short pause, saved as a draft after a longer one. */
  setText(path: string, text: string): void {
    const doc = this.docs.get(path);
    if (!doc || doc.text === text) return;
    this.update(path, { text });
    this.lastEditAt = performance.now();
    this.scheduleValidation();
    clearTimeout(this.saveTimers.get(path));
    this.saveTimers.set(path, setTimeout(() => void this.save(path), this.timing.autosaveMs));
  }

  /** Stores the document's text as a new draft revision, unless it is unchanged or in conflict. */
  save(path: string): Promise<void> {
    clearTimeout(this.saveTimers.get(path));
    const doc = this.docs.get(path);
    if (this.closed || !doc || doc.conflict) return Promise.resolve();
    const running = this.inFlight.get(path);
    if (running) {
      this.saveAgain.add(path);
      return running;
    }
    if (!isDirty(doc)) return Promise.resolve();
    const content = doc.text;
    this.update(path, { saving: true });
    const done = this.deps
      .saveDraft(path, doc.revision, content, doc.revision === 0 ? doc.file : undefined)
      .then(
        ({ revision, savedAt }) => this.update(path, { saving: false, saved: content, revision, savedAt, error: undefined }),
        (err: unknown) =>
          err instanceof DraftConflict
            ? this.update(path, { saving: false, conflict: err.current })
            : this.update(path, { saving: false, error: err instanceof Error ? err.message : String(err) }),
      )
      .finally(() => {
        this.inFlight.delete(path);
        if (this.saveAgain.delete(path)) void this.save(path);
      });
    this.inFlight.set(path, done);
    return done;
  }

  /** Ctrl/Cmd-S: every unsaved document now. */
  async saveAll(): Promise<void> {
    await Promise.all([...this.docs.keys()].map((p) => this.save(p)));
  }

  /**
   * Ends a conflict. 'mine' stores the edited text as the revision after the other one (which stays in the
   * history); 'theirs' takes the stored text and drops the edit; `merged` stores that text (both changes) as
   * the next revision.
   */
  resolveConflict(path: string, choice: 'mine' | 'theirs' | { merged: string }): Promise<void> {
    const doc = this.docs.get(path);
    if (!doc?.conflict) return Promise.resolve();
    const theirs = doc.conflict.content ?? doc.file ?? '';
    if (choice === 'theirs') {
      this.update(path, { conflict: undefined, revision: doc.conflict.revision, saved: theirs, text: theirs });
      this.scheduleValidation();
      return Promise.resolve();
    }
    this.update(path, { conflict: undefined, revision: doc.conflict.revision, saved: theirs, ...(choice === 'mine' ? {} : { text: choice.merged }) });
    if (choice !== 'mine') this.scheduleValidation();
    return this.save(path);
  }

  /**
   * Discards the document's draft: its edits not saved yet are saved first (savedFirst), so that the history keeps
   * them, then the published file becomes the next revision. Nothing is discarded when that save is refused (a
   * conflict, or an error): the document says why, as after any save.
   */
  async discard(path: string): Promise<void> {
    // A save under way first, so that the edits' save is on the latest revision; an edit back to the file's text
    // holds nothing the file does not, and is not saved (its autosave would only bring the draft back).
    clearTimeout(this.saveTimers.get(path));
    for (let running = this.inFlight.get(path); running; running = this.inFlight.get(path)) await running;
    const before = this.docs.get(path);
    if (!before || before.conflict) return;
    const keeping = savedFirst(before);
    if (keeping) await this.save(path);
    const doc = this.docs.get(path);
    if (!doc || doc.conflict || (keeping && doc.error)) return;
    if (doc.revision === 0) {
      this.update(path, { text: doc.saved, error: undefined });
      this.scheduleValidation();
      return;
    }
    this.update(path, { saving: true });
    try {
      const { revision, savedAt, content } = await this.deps.discardDraft(path, doc.revision);
      clearTimeout(this.saveTimers.get(path));
      this.update(path, { saving: false, saved: content, text: content, file: content, revision, savedAt, error: undefined });
    } catch (err) {
      if (err instanceof DraftConflict) this.update(path, { saving: false, conflict: err.current });
      else this.update(path, { saving: false, error: err instanceof Error ? err.message : String(err) });
    }
    this.scheduleValidation();
  }

  /** Starts holding an edit outside the documents (or takes up the one held under that path). */
  hold(edit: Omit<HeldEdit, 'text'> & { text?: string }): HeldEdit {
    const existing = this.heldEdits.get(edit.path);
    if (existing) return existing;
    const held = { ...edit, text: edit.text ?? edit.base };
    this.heldEdits.set(edit.path, held);
    this.emitHeld();
    this.checkHeld();
    return held;
  }

  held(path: string): HeldEdit | undefined {
    return this.heldEdits.get(path);
  }

  /** A held edit's new text: checked after the same pause as a document's. */
  setHeldText(path: string, text: string): void {
    const held = this.heldEdits.get(path);
    if (!held || held.text === text) return;
    this.heldEdits.set(path, { ...held, text });
    this.emitHeld();
    clearTimeout(this.heldTimer);
    this.heldTimer = setTimeout(() => this.checkHeld(), this.timing.validateMs);
  }

  /** Its owner has used or dropped it. */
  release(path: string): void {
    if (!this.heldEdits.delete(path)) return;
    this.emitHeld();
    this.checkHeld();
  }

  /** Whether leaving now would lose anything: a document's unsaved text, or a held edit. */
  hasUnsaved(): boolean {
    return !this.closed && (this.unsaved().length > 0 || [...this.heldEdits.values()].some(isHeldDirty));
  }

  /** Texts that differ from the files, by path: what the server must overlay to see what the designer sees. */
  overlay = (): Record<string, string> => {
    const texts: Record<string, string> = {};
    for (const d of this.docs.values()) {
      if (d.text !== (d.file ?? '')) texts[d.path] = d.text;
    }
    return texts;
  };

  /** Documents whose text differs from their draft: none once the workspace is closed, there being nowhere to save them. */
  unsaved(): DocState[] {
    return this.closed ? [] : [...this.docs.values()].filter(isDirty);
  }

  /**
   * Takes a fresh listing from the server (after publishing, a new scenario or errata): documents without
   * local edits take the stored state; edited ones keep their text and learn the new file.
   */
  refresh(entries: readonly DocumentEntry[]): void {
    const next = new Map<string, DocState>();
    for (const e of entries) {
      const local = this.docs.get(e.path);
      const fresh = fromEntry(e);
      if (!local) next.set(e.path, fresh);
      else if (!isDirty(local) && !local.saving && !local.conflict) next.set(e.path, fresh);
      else next.set(e.path, { ...local, file: e.file, listedByFile: e.listedByFile });
    }
    // A document the manifest no longer lists stays while it has unsaved text, so nothing typed is lost.
    for (const [path, local] of this.docs) if (!next.has(path) && isDirty(local)) next.set(path, local);
    this.docs = next;
    this.emit();
    this.scheduleValidation();
  }

  validateNow(counts = false): Promise<void> {
    if (this.closed) return Promise.resolve();
    clearTimeout(this.validateTimer);
    if (counts) clearTimeout(this.countTimer);
    const seq = ++this.validationSeq;
    const editAt = this.lastEditAt;
    this.snapshot = { ...this.snapshot, validating: true };
    this.notify();
    return this.deps.validate(this.overlay(), counts).then(
      (result) => {
        if (seq !== this.validationSeq) return;
        const validationMs = editAt ? Math.round(performance.now() - editAt) : undefined;
        // Counts made are fresh; a quick check leaves them as scheduleValidation marked them (stale since the change).
        const changed = { diagnostics: result.diagnostics, ...(counts ? { counts: result.counts, countsStale: false } : {}) };
        this.snapshot = { ...this.snapshot, ...changed, validating: false, validationError: undefined, validationMs };
        this.notify();
      },
      (err: unknown) => {
        if (seq !== this.validationSeq) return;
        this.snapshot = { ...this.snapshot, validating: false, validationError: err instanceof Error ? err.message : String(err) };
        this.notify();
      },
    );
  }

  /**
   * The ruleset was deleted: nothing more is saved or validated (the server would answer NOT_FOUND), and
   * nothing counts as unsaved, so leaving the page neither asks first nor sends drafts on the way out.
   */
  close(): void {
    this.closed = true;
    this.stopTimers();
  }

  dispose(): void {
    this.stopTimers();
    this.listeners.clear();
  }

  private stopTimers(): void {
    clearTimeout(this.validateTimer);
    clearTimeout(this.heldTimer);
    clearTimeout(this.countTimer);
    this.saveTimers.forEach(clearTimeout);
  }

  /** Diagnostics soon after typing stops; the gap counts once it has stopped for a while. */
  private scheduleValidation(): void {
    clearTimeout(this.validateTimer);
    clearTimeout(this.countTimer);
    // The counts shown are those of the texts before the change (an edit, a new scenario, a discard) until counted again.
    if (this.snapshot.counts && !this.snapshot.countsStale) {
      this.snapshot = { ...this.snapshot, countsStale: true };
      this.notify();
    }
    this.validateTimer = setTimeout(() => void this.validateNow(), this.timing.validateMs);
    this.countTimer = setTimeout(() => void this.validateNow(true), this.timing.countMs);
  }

  private update(path: string, change: Partial<DocState>): void {
    const doc = this.docs.get(path);
    if (!doc) return;
    this.docs.set(path, { ...doc, ...change });
    this.emit();
  }

  private emitHeld(): void {
    this.snapshot = { ...this.snapshot, held: [...this.heldEdits.values()] };
    this.notify();
  }

  private checkHeld(): void {
    clearTimeout(this.heldTimer);
    const heldDiagnostics = [...this.heldEdits.values()].flatMap((h) => {
      const parsed = parseDocument(`${this.rulesetId}/${h.path}`, h.text);
      return parsed.document ? schemaDiagnostics(parsed.document, h.schema) : parsed.diagnostics;
    });
    if (heldDiagnostics.length === 0 && this.snapshot.heldDiagnostics.length === 0) return;
    this.snapshot = { ...this.snapshot, heldDiagnostics };
    this.notify();
  }

  private emit(): void {
    this.snapshot = { ...this.snapshot, docs: [...this.docs.values()] };
    this.notify();
  }

  private notify(): void {
    this.listeners.forEach((l) => l());
  }
}
