// Monaco models for the workspace's documents, kept in step with it both ways, with the server's diagnostics
// (and its own of the edits it holds) as markers and each document associated with its kind's schema.
import type { Diagnostic } from '@/engine/diagnostics';
import { toMarkers } from '@/editor/monaco/markers';
import { jsonDefaults, monaco } from '@/editor/monaco/monaco';
import { documentUri, schemaEntries, type Association, type SchemaName } from '@/editor/monaco/schemas';
import type { DocumentEntryKind } from '@/server/routers/authoring';
import type { Edit } from '@/engine/json/edit';
import type { HeldEdit, Workspace } from './workspace';

const SCHEMA_OF_KIND: Record<DocumentEntryKind, SchemaName> = {
  manifest: 'manifest',
  patchset: 'patchset',
  units: 'units',
  tables: 'tables',
  map: 'map',
  setup: 'setup',
  sequence: 'sequence',
  victory: 'victory',
  rules: 'rules',
  facts: 'facts',
};

type Model = ReturnType<typeof monaco.editor.createModel>;

const declaredSchema = (text: string) => /"\$schema"\s*:\s*"([^"]*)"/.exec(text.slice(0, 2000))?.[1];

export class Models {
  private models = new Map<string, { model: Model; synced: string }>();
  private heldModels = new Map<string, Model>();
  private extra: Association[] = [];
  private associated = '';
  private markedWith?: readonly Diagnostic[];
  private heldMarkedWith?: readonly Diagnostic[];
  private applying = false;
  private readonly unsubscribe: () => void;

  constructor(private readonly ws: Workspace) {
    this.unsubscribe = ws.subscribe(() => this.sync());
    this.sync();
  }

  /** The document's model, created on first use. */
  get(path: string): Model | undefined {
    const existing = this.models.get(path);
    if (existing) return existing.model;
    const doc = this.ws.doc(path);
    if (!doc) return undefined;
    const uri = monaco.Uri.parse(documentUri(this.ws.rulesetId, path));
    const model = monaco.editor.getModel(uri) ?? monaco.editor.createModel(doc.text, 'json', uri);
    if (model.getValue() !== doc.text) model.setValue(doc.text);
    const entry = { model, synced: doc.text };
    this.models.set(path, entry);
    model.onDidChangeContent(() => {
      if (this.applying) return;
      entry.synced = model.getValue();
      this.ws.setText(path, entry.synced);
    });
    this.mark(path, model, this.ws.getSnapshot().diagnostics);
    return model;
  }

  /** Applies text edits as one undoable step; returns the range of the first, for revealing. */
  edit(path: string, edits: readonly Edit[]) {
    return this.editInTurn(path, [() => edits]);
  }

  /**
   * Applies several changes one after another, each computed on the text the one before left (two values of
   * one record), as one undoable step; returns the range of the first change's first edit.
   */
  editInTurn(path: string, steps: readonly ((text: string) => readonly Edit[])[]) {
    const model = this.get(path);
    if (!model) return undefined;
    let first: InstanceType<typeof monaco.Range> | undefined;
    model.pushStackElement();
    for (const step of steps) {
      const edits = step(model.getValue());
      if (edits.length === 0) continue;
      const operations = edits.map((e) => {
        const start = model.getPositionAt(e.offset);
        const end = model.getPositionAt(e.offset + e.length);
        return { range: new monaco.Range(start.lineNumber, start.column, end.lineNumber, end.column), text: e.content };
      });
      model.pushEditOperations([], operations, () => null);
      if (!first) {
        const start = model.getPositionAt(edits[0].offset);
        const end = model.getPositionAt(edits[0].offset + edits[0].content.length);
        first = new monaco.Range(start.lineNumber, start.column, end.lineNumber, end.column);
      }
    }
    model.pushStackElement();
    return first;
  }

  /**
   * The model of an edit the workspace holds outside its documents (the resolved ruleset edited for errata),
   * at `uri`, associated with the edit's schema: created when the workspace starts holding it, the same one
   * while it is held (the view that shows it may close and open again), its text followed by the workspace
   * (header, leave-page prompt, problems) and marked with the workspace's problems of it, as a document is.
   */
  hold(edit: Omit<HeldEdit, 'text'>, uri: string): { model: Model; held: HeldEdit } {
    const held = this.ws.hold(edit);
    const existing = this.heldModels.get(edit.path);
    if (existing && !existing.isDisposed()) return { model: existing, held };
    this.extra = [...this.extra.filter((a) => a.uri !== uri), { uri, schema: edit.schema }];
    this.configureSchemas();
    const parsed = monaco.Uri.parse(uri);
    monaco.editor.getModel(parsed)?.dispose();
    const model = monaco.editor.createModel(held.text, 'json', parsed);
    model.onDidChangeContent(() => this.ws.setHeldText(edit.path, model.getValue()));
    this.heldModels.set(edit.path, model);
    this.mark(edit.path, model, this.ws.getSnapshot().heldDiagnostics);
    return { model, held };
  }

  /** The held edit and its model, when one is held under `path`. */
  held(path: string): { model: Model; held: HeldEdit } | undefined {
    const held = this.ws.held(path);
    const model = this.heldModels.get(path);
    return held && model && !model.isDisposed() ? { model, held } : undefined;
  }

  /**
   * A read-only model of a text outside the documents (an unlisted draft) at `uri`, associated with its kind's schema
   * (its own `$schema` followed, as a document's is); `dispose` takes it and its association away.
   */
  readOnly(uri: string, text: string, kind: DocumentEntryKind | null): { model: Model; dispose: () => void } {
    const parsed = monaco.Uri.parse(uri);
    monaco.editor.getModel(parsed)?.dispose();
    const model = monaco.editor.createModel(text, 'json', parsed);
    if (kind) {
      this.extra = [...this.extra.filter((a) => a.uri !== uri), { uri, schema: SCHEMA_OF_KIND[kind], declared: declaredSchema(text) }];
      this.configureSchemas();
    }
    return {
      model,
      dispose: () => {
        model.dispose();
        this.extra = this.extra.filter((a) => a.uri !== uri);
      },
    };
  }

  /** The held edit is used or dropped: its model goes. */
  release(path: string): void {
    this.ws.release(path);
    this.heldModels.get(path)?.dispose();
    this.heldModels.delete(path);
  }

  dispose(): void {
    this.unsubscribe();
    for (const { model } of this.models.values()) model.dispose();
    this.models.clear();
    for (const model of this.heldModels.values()) model.dispose();
    this.heldModels.clear();
  }

  private sync(): void {
    const snapshot = this.ws.getSnapshot();
    for (const [path, entry] of this.models) {
      const doc = this.ws.doc(path);
      if (!doc || doc.text === entry.synced) continue;
      // A change from outside the editor (the other side of a conflict, a restored revision): one undoable step.
      this.applying = true;
      try {
        entry.model.pushStackElement();
        entry.model.pushEditOperations([], [{ range: entry.model.getFullModelRange(), text: doc.text }], () => null);
        entry.synced = doc.text;
      } finally {
        this.applying = false;
      }
    }
    if (snapshot.diagnostics !== this.markedWith) {
      this.markedWith = snapshot.diagnostics;
      for (const [path, { model }] of this.models) this.mark(path, model, snapshot.diagnostics);
    }
    if (snapshot.heldDiagnostics !== this.heldMarkedWith) {
      this.heldMarkedWith = snapshot.heldDiagnostics;
      for (const [path, model] of this.heldModels) if (!model.isDisposed()) this.mark(path, model, snapshot.heldDiagnostics);
    }
    this.configureSchemas();
  }

  private mark(path: string, model: Model, diagnostics: readonly Diagnostic[]): void {
    const lines = model.getLineCount();
    const lineText = (n: number) => (n >= 1 && n <= lines ? model.getLineContent(n) : '');
    monaco.editor.setModelMarkers(model, 'sandtable', toMarkers(diagnostics, `${this.ws.rulesetId}/${path}`, lineText));
  }

  /** Tells the JSON language service again only when the documents or their `$schema`s changed. */
  private configureSchemas(): void {
    const associations: Association[] = [
      ...this.ws.getSnapshot().docs.map((d) => ({
        uri: documentUri(this.ws.rulesetId, d.path),
        schema: SCHEMA_OF_KIND[d.kind],
        declared: declaredSchema(d.text),
      })),
      ...this.extra,
    ];
    const key = JSON.stringify(associations);
    if (key === this.associated) return;
    this.associated = key;
    jsonDefaults.setDiagnosticsOptions({
      validate: true,
      allowComments: false,
      enableSchemaRequest: false,
      schemaValidation: 'error',
      schemas: schemaEntries(associations),
    });
  }
}
