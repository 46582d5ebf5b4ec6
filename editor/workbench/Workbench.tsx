'use client';
// The workbench of one ruleset: its documents in a tree, the open one in Monaco (with a grid, sentences or
// scenario forms above it for tables, victory, rules and setup), a scenario's map beside it on demand, every
// problem below, drafts saved as you go. Loaded only in the browser (next/dynamic, ssr: false), because
// Monaco needs `window`.
import { useQuery } from '@tanstack/react-query';
import { parseTree } from 'jsonc-parser';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { ErrataView } from '@/editor/errata/ErrataView';
import { RESOLVED_EDIT } from '@/editor/errata/SaveAsErrata';
import { patchSetWords } from '@/editor/errata/wording';
import { powerColors } from '@/editor/play/power-colors';
import { LaunchGame } from '@/editor/play/LaunchGame';
import { CodeEditor, type CodeEditorInstance } from '@/editor/monaco/CodeEditor';
import { monaco } from '@/editor/monaco/monaco';
import { GapMemory } from '@/editor/tables/gap-memory';
import type { PatchSetOps } from '@/editor/tables/overrides';
import { TableGrid } from '@/editor/tables/TableGrid';
import { usePatchSets } from '@/editor/tables/usePatchSets';
import { useTRPC } from '@/editor/TrpcProvider';
import { queryParam, setQuery } from '@/editor/url';
import { useKeptScroll } from '@/editor/kept-scroll';
import { useLeaveGuard } from '@/editor/leave-guard';
import type { ResolvedRuleset } from '@/engine';
import { pathOfPointer } from '@/engine/json/document';
import { toPointer } from '@/engine/json/pointer';
import { isRecord } from '@/engine/json/record';
import { amountsRead, type AmountsRead } from '@/engine/lint/amounts';
import type { DocumentEntry } from '@/server/routers/authoring';
import type { UnlistedDraft } from '@/server/routers/unlisted';
import { counted } from '@/engine/words';
import { api, messageOf, saveOnExit, workspaceDeps } from './api';
import { ConflictPanel } from './ConflictPanel';
import { CreateDialog, type CreateMode } from './CreateDialog';
import { DeleteRuleset } from './DeleteRuleset';
import { DiscardDialog } from './DiscardDialog';
import { DocumentTree, UNLISTED_GROUP } from './DocumentTree';
import { EmptyDocument, isEmptyDocument } from './EmptyDocument';
import { FindInDocuments } from './FindInDocuments';
import { GapsView } from './GapsView';
import { HistoryPanel } from './HistoryPanel';
import { editAt, rangeAt, type JSONPath } from '@/engine/json/edit';
import { MenuButton, type MenuChoice } from './MenuButton';
import { Models } from './models';
import { ProblemsList } from './ProblemsList';
import { PublishDialog } from './PublishDialog';
import { publishable, publishedNotice, toBePublished } from './publishing';
import { Rules, RulesView, SequenceView, VictoryView, type RulesSearch } from './Readable';
import { elsewhereHref } from './elsewhere';
import { ScenarioMap, type Origin } from './ScenarioMap';
import { ScenarioView, type NewScenario } from './ScenarioView';
import { MAP_SPLIT, Splitter, useSplit, VIEW_SPLIT } from './Splitter';
import { UnlistedDraftView } from './UnlistedDraft';
import { relistedNotice, unlistedByEditNotice } from './unlisted-words';
import { namesOf } from '@/engine/sentences';
import { useDraftedRuleset } from './useDraftedRuleset';
import { usePointedCondition } from './usePointedCondition';
import { isDirty, isHeldDirty, isUnpublished, keptIfUnlisted, savedFirst, Workspace, type DocState, type DraftedView, type HeldEdit } from './workspace';
import type { Diagnostic } from '@/engine/diagnostics';
import { MANIFEST } from '@/engine/schema/kinds';

const ERRATA = 'errata';
/** A variant's rules as resolved (its base's with its patch sets applied): it has no rules document of its own. */
const RULES = 'rules';
/** The gaps and the provisional values of the ruleset as drafted (GapsView). */
const GAPS = 'gaps';
const PROVISIONAL = 'provisional';
/** The places that are views, not documents: each `?view=<it>` in the URL. */
const VIEWS: readonly string[] = [ERRATA, RULES, GAPS, PROVISIONAL];
/** Before a path, an unlisted draft's (a draft the manifest does not list) as the place open. */
const UNLISTED = 'unlisted:';

interface Place {
  /** A document path, a view (VIEWS), or an unlisted draft's path after UNLISTED. */
  open: string;
  line?: number;
  column?: number;
  /** How many characters from the line and column are selected (a match found). */
  length?: number;
  /** A JSON Pointer in the document, whose value is selected. */
  select?: string;
}

/** Offset and length of the value a JSON Pointer names in a text (or of its nearest ancestor). */
const rangeOfPointer = (text: string, pointer: string) => rangeAt(text, pathOfPointer(parseTree(text), pointer));

/** The map pane, when the URL opens it: `?map=` (the first scenario) or `?map=<scenario id>`. */
function mapFromUrl(): { open: boolean; scenario?: string } {
  const map = queryParam('map');
  return { open: map !== null, scenario: map || undefined };
}

/** Where the URL says to start: `?doc=units.json&line=3&column=5`, `?view=errata` (or another of VIEWS) or `?unlisted=errata/x.json`. */
function placeFromUrl(): Partial<Place> {
  const num = (k: string) => (queryParam(k) ? Number(queryParam(k)) : undefined);
  const view = queryParam('view');
  if (view !== null && VIEWS.includes(view)) return { open: view };
  if (queryParam('unlisted')) return { open: UNLISTED + queryParam('unlisted') };
  return { open: queryParam('doc') ?? undefined, line: num('line'), column: num('column') };
}

export default function Workbench({ id }: { id: string }) {
  const trpc = useTRPC();
  const workspace = useQuery(trpc.authoring.workspace.queryOptions({ id }, { refetchOnWindowFocus: false, staleTime: Infinity }));
  const unlisted = useQuery(trpc.authoring.unlistedDrafts.queryOptions({ id }, { refetchOnWindowFocus: false, staleTime: Infinity }));
  if (workspace.error) return <p className="error">Could not open {id}: {workspace.error.message}</p>;
  if (!workspace.data) return <p className="wb-loading">Opening {id}…</p>;
  return (
    <Loaded
      id={id}
      title={workspace.data.title}
      baseId={workspace.data.extends}
      entries={workspace.data.documents}
      schemas={workspace.data.schemas}
      rulesetsFolder={workspace.data.rulesetsFolder}
      unlisted={unlisted.data}
      refetch={async () => {
        const [listed, apart] = await Promise.all([workspace.refetch(), unlisted.refetch()]);
        return { entries: listed.data?.documents, unlisted: apart.data };
      }}
    />
  );
}

/** How many notes the playtesters left on the ruleset's test games, a way to read them. */
function PlaytestNotes({ rulesetId }: { rulesetId: string }) {
  const trpc = useTRPC();
  const notes = useQuery(trpc.games.notesOf.queryOptions({ rulesetId }, { refetchOnWindowFocus: false }));
  const n = notes.data?.length ?? 0;
  return n > 0 ? (
    <>
      {' '}
      · <a href={`/rulesets/${rulesetId}/play#playtest-notes`}>{counted(n, 'playtest note')}</a>
    </>
  ) : null;
}

interface LoadedProps {
  id: string;
  title: string;
  baseId: string | null;
  entries: DocumentEntry[];
  /** The schemas folder relative to the ruleset's, and where new rulesets are written: from the server. */
  schemas: string;
  rulesetsFolder: string;
  /** The drafts the manifest does not list (undefined until known). */
  unlisted: UnlistedDraft[] | undefined;
  /** The listing and the unlisted drafts read again. */
  refetch: () => Promise<{ entries: DocumentEntry[] | undefined; unlisted: UnlistedDraft[] | undefined }>;
}

function Loaded(props: LoadedProps) {
  const [parts, setParts] = useState<{ ws: Workspace; models: Models }>();
  const initialEntries = useRef(props.entries);
  useEffect(() => {
    const ws = new Workspace(props.id, initialEntries.current, workspaceDeps(props.id));
    const models = new Models(ws);
    setParts({ ws, models });
    return () => {
      models.dispose();
      ws.dispose();
    };
  }, [props.id]);
  if (!parts) return <p className="wb-loading">Opening {props.id}…</p>;
  return <Bench {...props} ws={parts.ws} models={parts.models} />;
}

function Bench({ id, title, baseId, schemas, rulesetsFolder, unlisted, refetch, ws, models }: LoadedProps & { ws: Workspace; models: Models }) {
  const snapshot = useSyncExternalStore(ws.subscribe, ws.getSnapshot, ws.getSnapshot);
  // A link naming a document the ruleset has not (a stale one) opens the first document, and says so.
  const [asked] = useState(() => placeFromUrl());
  /** Whether a place the URL names is one this workbench has: a view (the rules view a variant's only), an unlisted draft, a document. */
  const known = (open: string) => (VIEWS.includes(open) && (open !== RULES || !!baseId)) || open.startsWith(UNLISTED) || !!ws.doc(open);
  const missing = asked.open !== undefined && !known(asked.open);
  const fallback = snapshot.docs.find((d) => d.kind !== 'manifest')?.path ?? MANIFEST;
  const [place, setPlace] = useState<Place>(() => ({ ...asked, open: asked.open && !missing ? asked.open : fallback }));
  const [historyOpen, setHistoryOpen] = useState(false);
  /** While the JSON editor has the focus, what Tab does there (in the document bar, over the view's note). */
  const [tabHint, setTabHint] = useState<string>();
  const [creating, setCreating] = useState<CreateMode>();
  const [publishing, setPublishing] = useState(false);
  /** The document whose "Discard draft" is being asked. */
  const [discarding, setDiscarding] = useState<string>();
  // What the workbench last said, and the view or document it is about: it goes as the designer opens another (open).
  const [notice, setNotice] = useState<{ text: string; at: string } | undefined>(() => (missing ? { text: `${id} has no document "${asked.open}": ${place.open} is open instead.`, at: place.open } : undefined));
  const say = useCallback((text: string, at = place.open) => setNotice({ text, at }), [place.open]);
  // The gaps the tables documents' cells have had, for as long as the workbench is open.
  const [gaps] = useState(() => new GapMemory());
  // A query over every document: while one is typed, its matches stand in the place of the tree.
  const [find, setFind] = useState('');
  // The Rules view's search, kept while other documents are open.
  const [rulesQuery, setRulesQuery] = useState('');
  const rulesSearch = useMemo(() => ({ query: rulesQuery, onQuery: setRulesQuery }), [rulesQuery]);
  // The Gaps view's search, kept as a gap is followed to its document and Back returns.
  const [gapsQuery, setGapsQuery] = useState('');
  const [mapOpen, setMapOpen] = useState(() => mapFromUrl().open);
  const [scenario, setScenario] = useState(() => mapFromUrl().scenario);
  const mapSplit = useSplit(MAP_SPLIT);
  const pointed = usePointedCondition(id, ws.overlay, scenario);
  const editor = useRef<CodeEditorInstance>(null);
  const resolvedRules = useRef<HTMLDivElement>(null);
  /** The document bar's "history": the focus goes back to it as the history closes, and after a discard, whose button goes. */
  const historyButton = useRef<HTMLButtonElement>(null);
  useKeptScroll(resolvedRules, place.open === RULES ? RULES : undefined);
  const { ruleset, read: rulesetRead } = useDraftedRuleset(ws, snapshot.docs);
  /** What the errata view and the scenario map read the ruleset from, as the designer sees it. */
  const drafted: DraftedView = { rulesetId: id, overlay: ws.overlay, version: snapshot.docs };
  const names = useMemo(() => namesOf(ruleset), [ruleset]);
  const colorOf = useMemo(() => powerColors(ruleset), [ruleset]);
  // The table cells its mechanics read as amounts, whose edits the grid checks before writing them; none while a
  // document cannot be read, the ruleset then lacking what that holds (and the checks waiting for it, as the grid does);
  // not known yet (undefined) until the ruleset is first read, the grid writing nothing unchecked meanwhile.
  const unreadable = snapshot.diagnostics.some((d) => d.unread);
  const amounts = useMemo(() => (unreadable ? [] : ruleset ? amountsRead(ruleset) : rulesetRead ? [] : undefined), [ruleset, rulesetRead, unreadable]);
  const doc = VIEWS.includes(place.open) ? undefined : ws.doc(place.open);
  const unlistedOpen = place.open.startsWith(UNLISTED) ? place.open.slice(UNLISTED.length) : undefined;
  const unlistedDraft = unlisted?.find((d) => d.path === unlistedOpen);
  const ownSets = usePatchSets(ws, snapshot.docs, (doc?.kind === 'tables' && !baseId) || place.open === RULES);
  // A variant's own documents are merged after its patch sets: only a ruleset that extends none has cells they write over.
  const patchSets = ownSets.extends ? [] : ownSets.sets;
  const docPath = doc?.path;
  const model = useMemo(() => (docPath ? models.get(docPath) : undefined), [models, docPath]);

  const open = useCallback((next: Place) => {
    // A problem in the resolved ruleset being edited for errata: that view, at the place.
    if (next.open === RESOLVED_EDIT) next = { ...next, open: ERRATA };
    setPlace(next);
    setNotice((n) => (n?.at === next.open ? n : undefined));
    setHistoryOpen(false);
    const at = { view: undefined, doc: undefined, unlisted: undefined, line: undefined, column: undefined };
    // Another document or view is a step Back returns from; a place in the same one is not.
    const another = (placeFromUrl().open ?? fallback) !== next.open;
    setQuery(VIEWS.includes(next.open) ? { ...at, view: next.open } : next.open.startsWith(UNLISTED) ? { ...at, unlisted: next.open.slice(UNLISTED.length) } : { ...at, doc: next.open }, another);
  }, [fallback]);
  // Back and Forward open the document or view the URL they return to names (the first document for none, or one gone).
  useEffect(() => {
    const returned = () => {
      const back = placeFromUrl();
      setPlace({ ...back, open: back.open !== undefined && known(back.open) ? back.open : fallback });
      setNotice(undefined);
      setHistoryOpen(false);
      const map = mapFromUrl();
      setMapOpen(map.open);
      if (map.scenario) setScenario(map.scenario);
    };
    window.addEventListener('popstate', returned);
    return () => window.removeEventListener('popstate', returned);
  });
  // The map opens on the scenario whose document is open, else the one shown last.
  const toggleMap = () => {
    const shown = scenarioOf(doc) ?? scenario;
    if (!mapOpen && shown) setScenario(shown);
    setMapOpen(!mapOpen);
    setQuery({ map: mapOpen ? undefined : (shown ?? '') });
  };
  const chooseScenario = (id: string) => {
    setScenario(id);
    setQuery({ map: id });
  };

  // Once the editor shows the document, go to the place asked for (a problem, a URL, a JSON link, the map).
  useEffect(() => {
    const e = editor.current;
    if (!e || !model || e.getModel() !== model) return;
    // Selected from its end back to its start, so the cursor (and the view) rests where it begins; lines
    // read from their left edge, keys included, unless it begins beyond the editor's width.
    const show = (start: { lineNumber: number; column: number }, end: { lineNumber: number; column: number }, reveal: (s: InstanceType<typeof monaco.Selection>) => void) => {
      const selection = new monaco.Selection(end.lineNumber, end.column, start.lineNumber, start.column);
      e.setSelection(selection);
      reveal(selection);
      if (e.getOffsetForColumn(start.lineNumber, start.column) < e.getLayoutInfo().contentWidth * 0.8) e.setScrollLeft(0);
    };
    if (place.select !== undefined) {
      const range = rangeOfPointer(model.getValue(), place.select);
      if (range) show(model.getPositionAt(range.offset), model.getPositionAt(range.offset + range.length), (s) => e.revealRangeNearTop(s));
    } else if (place.line !== undefined) {
      const start = { lineNumber: place.line, column: place.column ?? 1 };
      show(start, { ...start, column: start.column + (place.length ?? 0) }, (s) => e.revealRangeInCenter(s));
    } else return;
    e.focus();
    setPlace((p) => ({ open: p.open }));
  }, [model, place]);

  // Drafts an action said it left unlisted (a discard of the manifest's draft), while they stay so: not said again.
  const announced = useRef<readonly string[]>([]);
  const reload = useCallback(async () => {
    const { entries, unlisted: apart } = await refetch();
    if (entries) ws.refresh(entries);
    announced.current = announced.current.filter((p) => apart?.some((d) => d.path === p));
    return apart;
  }, [refetch, ws]);

  // A saved change to the manifest may list new documents or patch sets: take the listing again. A draft it no
  // longer lists (an edit, or Ctrl+Z taking back "List in ruleset.json") goes under "Unlisted drafts": said, unless
  // the action that unlisted it says so itself (`announced`).
  const manifestSaved = ws.doc('ruleset.json')?.saved;
  const listedWith = useRef(manifestSaved);
  const unlistedBefore = useRef(unlisted);
  unlistedBefore.current = unlisted;
  useEffect(() => {
    if (manifestSaved === listedWith.current) return;
    listedWith.current = manifestSaved;
    const before = new Set((unlistedBefore.current ?? []).map((d) => d.path).concat(announced.current));
    void reload().then((apart) => {
      const gained = (apart ?? []).map((d) => d.path).filter((p) => !before.has(p));
      if (gained.length) say(unlistedByEditNotice(gained));
    });
  }, [manifestSaved, reload, say]);

  useSaveKeys(ws);
  useSaveOnExit(ws);

  const reveal = useCallback((at: Origin) => open({ open: at.document, select: at.pointer }), [open]);
  const revealed = useCallback(() => setPlace((p) => ({ open: p.open })), []);
  const revealJson = (path: JSONPath) => doc && reveal({ document: doc.path, pointer: toPointer(path) });
  /** A variant's rules view: the entry shown where it is written, a patch set of its own here, else its base's workbench. */
  const revealResolved = async (path: JSONPath) => {
    const pointer = toPointer(path);
    const at = await api.rulesets.whereIs.mutate({ id, documents: ws.overlay(), pointers: [pointer] }).then(
      ([at]) => at ?? `${pointer} is written in no document this workbench can open.`,
      (err: unknown) => `Where ${pointer} is written could not be found: ${messageOf(err)}`,
    );
    // A string says why it cannot be shown.
    if (typeof at === 'string') return say(at);
    if (at.document.startsWith(`${id}/`)) open({ open: at.document.slice(id.length + 1), line: at.line, column: at.column });
    else window.location.assign(elsewhereHref(at.document, at.line, at.column));
  };

  /** Edits from the map (a placement's location, and its source), in whichever document holds them: made as one undoable step, the first shown selected. */
  const editAtOrigin = useCallback(
    (changes: readonly { at: Origin; value: unknown }[]) => {
      const byDocument = new Map<string, { at: Origin; value: unknown }[]>();
      for (const c of changes) byDocument.set(c.at.document, [...(byDocument.get(c.at.document) ?? []), c]);
      const missing = [...byDocument.keys()].find((d) => !ws.doc(d));
      if (missing !== undefined) return say(`${missing} is not a document of this ruleset`);
      for (const [document, its] of byDocument) {
        models.editInTurn(document, its.map(({ at, value }) => (text: string) => editAt(text, pathOfPointer(parseTree(text), at.pointer), value)));
      }
      if (changes[0]) reveal(changes[0].at);
    },
    [ws, models, reveal, say],
  );

  /** A form or grid edit: applied to the JSON as one undoable step, and shown there. */
  const editJson = (path: JSONPath, value: unknown, options?: { insert?: boolean }) => {
    if (!doc) return;
    const range = models.edit(doc.path, editAt(doc.text, path, value, options));
    const e = editor.current;
    if (!range || !e) return;
    e.revealRangeInCenterIfOutsideViewport(range);
    const flash = e.createDecorationsCollection([{ range, options: { className: 'wb-flash' } }]);
    setTimeout(() => flash.clear(), 2000);
  };

  const createScenario = async (s: NewScenario) => {
    await ws.saveAll();
    const result = await api.authoring.createScenario.mutate({ id, ...s, documents: ws.overlay() });
    await reload();
    open({ open: result.path });
  };

  /**
   * The document back to its published file, the draft and its edits not saved yet (saved first, by ws.discard) kept in
   * the history (DiscardDialog asks first). The manifest's file may not list documents its draft does: their edits are
   * saved first too, and their drafts are kept as unlisted.
   */
  const closeHistory = () => {
    setHistoryOpen(false);
    historyButton.current?.focus();
  };

  const discardDraft = async (path: string) => {
    setNotice(undefined);
    setDiscarding(undefined);
    const before = ws.doc(path);
    const edits = before && savedFirst(before) ? `, with the edits not saved before as revision ${before.revision + 1}` : '';
    if (path === MANIFEST) await Promise.all(ws.getSnapshot().docs.filter((d) => d.path !== MANIFEST).map((d) => ws.save(d.path)));
    const kept = path === MANIFEST ? ws.getSnapshot().docs.filter((d) => !d.listedByFile && keptIfUnlisted(d)).map((d) => d.path) : [];
    announced.current = kept;
    await ws.discard(path);
    // The dialog gave the focus back to "Discard draft", disabled as it ran (and gone once it has): the bar keeps it.
    if (document.activeElement === document.body) historyButton.current?.focus();
    const after = ws.doc(path);
    if (!after) return;
    // Its edits, or the discard, refused: nothing was discarded, and the document shows the conflict or the error.
    if (after.conflict) return say(`${path} was not discarded: it was saved elsewhere as revision ${after.conflict.revision} since, and nothing was overwritten. Choose a version below, then discard again if need be.`);
    if (after.error) return say(`${path} was not discarded: ${whyNotSaved(after)}.`);
    const unlistedNow = kept.length ? ` Its file does not list ${kept.join(', ')}: ${kept.length > 1 ? 'their drafts are' : 'the draft is'} under “Unlisted drafts”, to list again or delete.` : '';
    say(`${path} is its published file again${after.revision ? ` (revision ${after.revision}; the draft is in its history${edits})` : ''}.${unlistedNow}`);
  };

  /** An unlisted draft listed in the manifest again: a new draft of the manifest, its model's change (one undoable step there), then opened. */
  const listUnlisted = async (path: string) => {
    await ws.saveAll();
    models.get(MANIFEST);
    const listed = await api.authoring.listDraft.mutate({ id, path, documents: ws.overlay() });
    await reload();
    open({ open: path });
    say(relistedNotice(path, listed), path);
  };

  /** The tree's "Unlisted drafts", below the documents (out of sight in a long tree), scrolled to and its first draft focused; the tree shown again if a search stood in its place. */
  const showUnlisted = () => {
    setFind('');
    requestAnimationFrame(() => {
      const group = document.getElementById(UNLISTED_GROUP);
      group?.scrollIntoView({ block: 'nearest' });
      group?.querySelector('button')?.focus({ preventScroll: true });
    });
  };

  /** An unlisted draft deleted for good (UnlistedDraftView asks first). */
  const deleteUnlisted = async (draft: UnlistedDraft) => {
    const { revisions } = await api.authoring.deleteDraft.mutate({ id, path: draft.path, revision: draft.revision });
    await reload();
    const next = ws.getSnapshot().docs.find((d) => d.kind !== 'manifest')?.path ?? MANIFEST;
    open({ open: next });
    say(`Deleted the draft of ${draft.path} and its history (${counted(revisions, 'revision')}).`, next);
  };

  /** An erratum taken away (ErrataView asks first): what is unsaved is saved first, so nothing of it outlives it as a draft. */
  const removePatchSet = async (path: string) => {
    await ws.saveAll();
    await api.authoring.removePatchSet.mutate({ id, path, documents: ws.overlay() });
    await reload();
    say(`Removed ${path}: ruleset.json no longer applies it, and its file and drafts are deleted.`, ERRATA);
  };

  /** Publishing asks first (PublishDialog), once no document waits for a choice between versions. */
  const askToPublish = () => {
    setNotice(undefined);
    // A document in conflict has two versions and no choice made yet: nothing is published until it has.
    const conflicted = ws.getSnapshot().docs.filter((d) => d.conflict).map((d) => d.path);
    if (conflicted.length) return say(`Not published: choose a version of ${conflicted.join(', ')} first (its save met a newer revision).`);
    setPublishing(true);
  };
  /** Writes what the dialog listed, once saved: what can no longer be published is named with why, and nothing is sent when nothing is left. */
  const publish = async (listed: string[], over: Record<string, string>) => {
    await ws.saveAll();
    const { documents, notPublished } = publishable(listed, ws.getSnapshot().docs);
    const overwriting = documents.map((d) => (over[d.path] ? { ...d, overwrite: over[d.path] } : d));
    const published = documents.length ? (await api.authoring.publish.mutate({ id, documents: overwriting })).published.map((p) => p.path) : [];
    if (published.length) await reload();
    setPublishing(false);
    say(publishedNotice(published, notPublished));
  };
  /** A file's change on disk taken into its draft (from the publish dialog): its edits saved first, the merged draft then loaded. */
  const takeFileChanges = async (path: string) => {
    await ws.saveAll();
    const doc = ws.doc(path);
    if (!doc || doc.conflict) throw new Error(`${path} waits for a choice between versions: make it first`);
    const { revision } = await api.authoring.takeFileChanges.mutate({ id, path, revision: doc.revision });
    await reload();
    return revision;
  };

  // Every problem the designer can see, the held edits' syntax errors with the documents'.
  const problems = useMemo(() => (snapshot.heldDiagnostics.length ? [...snapshot.diagnostics, ...snapshot.heldDiagnostics] : snapshot.diagnostics), [snapshot.diagnostics, snapshot.heldDiagnostics]);
  const errors = problems.filter((d) => d.severity === 'error').length;
  const warnings = problems.filter((d) => d.severity === 'warning').length;
  // Documents that cannot be read: what the counts leave out.
  const unread = [...new Set(snapshot.diagnostics.flatMap((d) => (d.unread ? [d.unread] : [])))];
  const toPublish = toBePublished(snapshot.docs).length;
  const draftErrors = snapshot.diagnostics.filter((d) => d.severity === 'error');

  return (
    <div className="wb-root" data-validation-ms={snapshot.validationMs}>
      <header className="wb-head">
        <div className="wb-title">
          <h1>{title}</h1>
          <span className="meta">
            <code>{id}</code>
            {baseId && (
              <>
                {' '}
                · variant of <a href={`/rulesets/${baseId}`}>{baseId}</a>
              </>
            )}{' '}
            · <span className={errors ? 'error' : 'ok'}>{counted(errors, 'error')}</span>, {counted(warnings, 'warning')}
            {/* While an edit is counted again, the last counts stay, dimmed: words of another length would move the page at each edit. */}
            {snapshot.counts && (
              <span className={snapshot.countsStale ? 'wb-stale' : undefined} aria-busy={snapshot.countsStale || undefined} title={snapshot.countsStale ? 'counting again after the last edit' : undefined}>
                {`, ${unread.length ? 'at least ' : ''}`}
                <button className="wb-link wb-head-count" onClick={() => open({ open: GAPS })} title="List them, each with its rule and where it is written">
                  {counted(snapshot.counts.gap, 'gap')}
                </button>
                {', '}
                <button className="wb-link wb-head-count" onClick={() => open({ open: PROVISIONAL })} title="List them, each with its note and where it is written">
                  {counted(snapshot.counts.provisional, 'provisional value')}
                </button>
                {unread.length ? ` (without ${unread.join(', ')}, which cannot be read)` : ''}
              </span>
            )}{' '}
            ·{' '}
            {snapshot.counts?.variants.map((v) =>
              v.unread.length ? (
                <span key={v.id} className="wb-variant-errors">
                  variant <a href={`/rulesets/${v.id}`}>{v.title}</a> cannot be checked until {v.unread.join(', ')} can be read ·{' '}
                </span>
              ) : (
                <span key={v.id} className="error wb-variant-errors" title={[...v.first, ...(v.errors > v.first.length ? [`and ${v.errors - v.first.length} more`] : [])].join('\n')}>
                  with these texts, variant <a href={`/rulesets/${v.id}`}>{v.title}</a> has {counted(v.errors, 'error')}
                  {v.here.length > 0 && ` (in ${v.here.join(', ')} here, fixed in this workbench)`} ·{' '}
                </span>
              ),
            )}
            <a href={`/rulesets/${id}/play`} title="Its test games, each replayable on these drafts, and balance runs of bot games">
              test games
            </a>
            <PlaytestNotes rulesetId={id} /> · <DeleteRuleset id={id} title={title} docs={snapshot.docs} held={snapshot.held} unlisted={unlisted?.length ?? 0} onDeleted={() => ws.close()} />
          </span>
        </div>
        <SaveState docs={snapshot.docs} held={snapshot.held} />
        <div className="wb-actions">
          <button onClick={() => void ws.saveAll()} title="Ctrl/Cmd-S">
            Save
          </button>
          <button onClick={askToPublish} disabled={toPublish === 0} title="Write the drafts to the ruleset’s files (asks first)">
            Publish {counted(toPublish, 'draft')}
          </button>
          {unlisted?.length ? (
            <button onClick={showUnlisted} title="Drafts ruleset.json does not list: publishing does not write them. Shows them in the tree">
              {counted(unlisted.length, 'unlisted draft')}
            </button>
          ) : null}
          <MenuButton label="New…" title="A new ruleset: a variant or a copy of this one, or a blank one" choices={NEW_RULESET} onChoose={setCreating} />
          <button aria-pressed={mapOpen} onClick={toggleMap} title="A scenario’s map beside the JSON">
            Map
          </button>
          <LaunchGame rulesetId={id} ruleset={ruleset} overlay={ws.overlay} onJump={(path, line, column) => open({ open: path, line, column })} preferred={() => scenarioOf(doc)} />
        </div>
      </header>
      {notice && (
        <p className="wb-notice" onClick={() => setNotice(undefined)}>
          {notice.text}
        </p>
      )}

      <aside className="wb-side">
        <FindInDocuments
          docs={snapshot.docs}
          unlisted={unlisted ?? []}
          query={find}
          onQuery={setFind}
          onJump={(hit) => open({ open: (hit.unlisted ? UNLISTED : '') + hit.path, line: hit.line, column: hit.column, length: hit.match.length })}
        />
        {!find.trim() && (
          <>
            <button className={`wb-view${place.open === ERRATA ? ' selected' : ''}`} onClick={() => open({ open: ERRATA })}>
              {patchSetWords(baseId).view}
            </button>
            {baseId && (
              <button className={`wb-view${place.open === RULES ? ' selected' : ''}`} onClick={() => open({ open: RULES })} title={`Its triggers, special rules, constants and contradictions: ${baseId}’s with its patch sets applied`}>
                Rules, as resolved
              </button>
            )}
            <DocumentTree
              rulesetId={id}
              docs={snapshot.docs}
              diagnostics={snapshot.diagnostics}
              selected={place.open}
              onSelect={(path) => open({ open: path })}
              unlisted={unlisted ?? []}
              selectedUnlisted={unlistedOpen}
              onSelectUnlisted={(path) => open({ open: UNLISTED + path })}
            />
          </>
        )}
      </aside>

      <section className={`wb-main${mapOpen ? ' with-map' : ''}`}>
        <div className="wb-work" {...mapSplit.pane}>
          {place.open === ERRATA ? (
            <ErrataView
              {...drafted}
              models={models}
              onSaved={async () => void (await reload())}
              onNewVariant={() => setCreating('variant')}
              onRemove={removePatchSet}
              reveal={place.line !== undefined ? { line: place.line, column: place.column ?? 1 } : undefined}
              onRevealed={revealed}
            />
          ) : place.open === GAPS || place.open === PROVISIONAL ? (
            <GapsView
              rulesetId={id}
              overlay={ws.overlay}
              version={snapshot.counts}
              list={place.open}
              onList={(list) => open({ open: list })}
              onOpen={(path, pointer) => open({ open: path, select: pointer })}
              query={gapsQuery}
              onQuery={setGapsQuery}
            />
          ) : place.open === RULES && baseId ? (
            <div className="wb-doc">
              <div className="wb-doc-bar">
                <strong>Rules, as resolved</strong>
                <BarHint text={`${baseId}’s rules with the patch sets of ${id} applied: what they add or change is marked (the mark opens the change), what they remove named.${mapOpen ? '' : ` ${MAP_HINTS.rules}`}`} />
              </div>
              <div className="wb-special wb-special-resolved" ref={resolvedRules}>
                <Rules
                  rules={isRecord(ruleset) ? ruleset : undefined}
                  absent={<p className="wb-note">Resolving {id}…</p>}
                  names={names}
                  onReveal={(path) => void revealResolved(path)}
                  onPoint={mapOpen ? pointed.point : () => {}}
                  pointed={pointed.highlight?.pointer}
                  decided={{ ruleset, drafted, onJump: (path, line, column) => open({ open: path, line, column }) }}
                  own={{ sets: ownSets.sets, onOpen: (path, operation) => open({ open: path, select: `/operations/${operation}` }) }}
                  search={rulesSearch}
                />
              </div>
            </div>
          ) : unlistedOpen !== undefined ? (
            unlistedDraft ? (
              <UnlistedDraftView
                key={unlistedDraft.path}
                rulesetId={id}
                draft={unlistedDraft}
                models={models}
                filePath={`${rulesetsFolder}/${id}/${unlistedDraft.path}`}
                onList={() => listUnlisted(unlistedDraft.path)}
                onDelete={() => deleteUnlisted(unlistedDraft)}
                reveal={place.line !== undefined ? { line: place.line, column: place.column ?? 1, length: place.length ?? 0 } : undefined}
                onRevealed={revealed}
              />
            ) : (
              <p className="wb-note">{unlisted ? `${id} has no unlisted draft "${unlistedOpen}": it was listed in ruleset.json again or deleted.` : 'Reading the unlisted drafts…'}</p>
            )
          ) : doc ? (
            <div className="wb-doc">
              <div className="wb-doc-bar">
                <strong>{doc.path}</strong>
                <span className="meta">{docState(doc)}</span>
                <button ref={historyButton} className="wb-link" onClick={() => setHistoryOpen((h) => !h)} onKeyDown={(e) => e.key === 'Escape' && historyOpen && closeHistory()}>
                  {historyOpen ? 'hide history' : 'history'}
                </button>
                {canDiscard(doc) && (
                  <button className="wb-link" onClick={() => setDiscarding(doc.path)} disabled={doc.saving} title={doc.file === null ? 'It has no published file to go back to (asks what to do instead)' : 'Go back to the published file; the draft stays in the history (asks first)'}>
                    Discard draft
                  </button>
                )}
                {doc.kind === 'map' && (
                  <a className="wb-link" href={`/rulesets/${id}/map`}>
                    open in the map editor
                  </a>
                )}
                <BarHint text={tabHint ?? (mapOpen || isEmptyDocument(doc) ? undefined : MAP_HINTS[doc.kind])} />
              </div>
              <ConflictPanel doc={doc} onChoose={(choice) => void ws.resolveConflict(doc.path, choice)} />
              {historyOpen && (
                <HistoryPanel rulesetId={id} path={doc.path} current={doc.text} file={doc.file} latest={doc.revision} onRestore={(text) => ws.setText(doc.path, text)} onClose={closeHistory} />
              )}
              <div className="wb-split">
                <SpecialView
                  doc={doc}
                  schemas={schemas}
                  onStart={(text) => models.edit(doc.path, [{ offset: 0, length: doc.text.length, content: text }])}
                  diagnostics={snapshot.diagnostics.filter((d) => d.document === `${id}/${doc.path}`)}
                  gaps={gaps}
                  names={names}
                  ruleset={ruleset}
                  mapOpen={mapOpen}
                  pointed={pointed.highlight?.pointer}
                  onPoint={pointed.point}
                  onEdit={editJson}
                  onUndo={(redo) => (redo ? model?.redo() : model?.undo())}
                  onReveal={revealJson}
                  onCreateScenario={createScenario}
                  patchSets={patchSets}
                  amounts={amounts}
                  onOpen={(path) => open({ open: path })}
                  drafted={drafted}
                  onJump={(path, line, column) => open({ open: path, line, column })}
                  rulesSearch={rulesSearch}
                />
                <CodeEditor model={model} onReady={(e) => (editor.current = e)} onTabHint={setTabHint} />
              </div>
            </div>
          ) : (
            <p className="wb-note">Choose a document.</p>
          )}
        </div>
        {mapOpen && <Splitter {...mapSplit.bar} />}
        {mapOpen && (
          <ScenarioMap
            {...drafted}
            scenario={scenario}
            onScenario={chooseScenario}
            onShown={(shown) => setQuery({ map: shown })}
            names={names}
            colorOf={colorOf}
            highlight={pointed.highlight}
            onClearHighlight={pointed.clear}
            onReveal={reveal}
            onEdit={editAtOrigin}
          />
        )}
      </section>

      <ProblemsList
        rulesetId={id}
        baseId={baseId}
        diagnostics={problems}
        validating={snapshot.validating}
        error={snapshot.validationError}
        onJump={(path, line, column) => open({ open: path, line, column })}
      />
      {publishing && (
        <PublishDialog
          rulesetId={id}
          docs={snapshot.docs}
          errors={{ count: draftErrors.length, documents: [...new Set(draftErrors.map((d) => d.document))] }}
          onPublish={publish}
          onTakeChanges={takeFileChanges}
          onClose={() => setPublishing(false)}
        />
      )}
      {discarding && ws.doc(discarding) && (
        <DiscardDialog
          rulesetId={id}
          doc={ws.doc(discarding)!}
          docs={snapshot.docs}
          filePath={`${rulesetsFolder}/${id}/${discarding}`}
          words={patchSetWords(baseId)}
          onDiscard={() => discardDraft(discarding)}
          onRemovePatchSet={async (path) => {
            await removePatchSet(path);
            setDiscarding(undefined);
            open({ open: ERRATA });
          }}
          onClose={() => setDiscarding(undefined)}
        />
      )}
      {creating && <CreateDialog from={creating === 'blank' ? { mode: creating } : { mode: creating, base: { id, title }, overlay: ws.overlay }} folder={rulesetsFolder} onClose={() => setCreating(undefined)} />}
    </div>
  );
}

/** The header's "New…" choices, each opening its dialog. */
const NEW_RULESET: readonly MenuChoice<CreateMode>[] = [
  { value: 'variant', label: 'Variant of this ruleset' },
  { value: 'copy', label: 'Copy of this ruleset' },
  { value: 'blank', label: 'Blank ruleset' },
];

/** What pointing at a condition shows on the map, in the words of each view that has conditions. */
const MAP_HINTS: Partial<Record<DocState['kind'], string>> = {
  victory: 'Open the Map to see what a victory level’s condition names and whether it holds at the start.',
  rules: 'Open the Map to see what a trigger’s condition names and whether it holds at the start.',
  sequence: 'Open the Map to see what a phase’s or step’s skip condition names and whether it holds at the start.',
};

/** A view's note in its bar: one line, cut short where the bar ends, the whole of it on hover (and read out whole). */
function BarHint({ text }: { text?: string }) {
  if (!text) return null;
  return (
    <span className="wb-bar-hint" title={text}>
      {text}
    </span>
  );
}

/** The view above the JSON for documents that have one: a grid, sentences, or scenario forms; for an empty document, a way to start it. */
function SpecialView({ doc, schemas, onStart, diagnostics, gaps, names, ruleset, mapOpen, pointed, onPoint, onEdit, onUndo, onReveal, onCreateScenario, patchSets, amounts, onOpen, drafted, onJump, rulesSearch }: {
  doc: DocState;
  schemas: string;
  onStart: (text: string) => void;
  /** The document's own diagnostics. */
  diagnostics: readonly Diagnostic[];
  gaps: GapMemory;
  names: ReturnType<typeof namesOf>;
  ruleset: ResolvedRuleset | null;
  mapOpen: boolean;
  pointed?: string;
  onPoint: (path: JSONPath, label: string) => void;
  onEdit: (path: JSONPath, value: unknown, options?: { insert?: boolean }) => void;
  /** Takes back the last edit of the document's JSON, or makes it again: the JSON editor's undo, for the grid's keys. */
  onUndo: (redo: boolean) => void;
  onReveal: (path: JSONPath) => void;
  onCreateScenario: (s: NewScenario) => Promise<void>;
  /** The ruleset's own patch sets: the cells of a tables document they write over. */
  patchSets: readonly PatchSetOps[];
  /** The table cells the mechanics read as amounts (undefined: not known yet). */
  amounts: readonly AmountsRead[] | undefined;
  onOpen: (path: string) => void;
  /** The ruleset as drafted, for where the values a conflict decides are written. */
  drafted: DraftedView;
  onJump: (path: string, line: number, column: number) => void;
  rulesSearch: RulesSearch;
}) {
  const pane = useRef<HTMLDivElement>(null);
  useKeptScroll(pane, doc.path);
  const split = useSplit(VIEW_SPLIT);
  // Conditions point at the map only while it is open.
  const sentences = { text: doc.text, names, onReveal, pointed, onPoint: mapOpen ? onPoint : () => {} };
  const view =
    isEmptyDocument(doc) ? <EmptyDocument doc={doc} schemas={schemas} onStart={onStart} />
    : doc.kind === 'tables' ? <TableGrid path={doc.path} text={doc.text} file={doc.file} diagnostics={diagnostics} gaps={gaps} onEdit={onEdit} onUndo={onUndo} patchSets={patchSets} resolved={ruleset} amounts={amounts} onOpen={onOpen} />
    : doc.kind === 'victory' ? <VictoryView {...sentences} />
    : doc.kind === 'rules' ? <RulesView {...sentences} decided={{ ruleset, drafted, onJump }} search={rulesSearch} />
    : doc.kind === 'sequence' ? <SequenceView {...sentences} />
    : doc.kind === 'setup' ? <ScenarioView text={doc.text} names={names} ruleset={ruleset} onEdit={onEdit} onReveal={onReveal} onCreate={onCreateScenario} />
    : null;
  return (
    view && (
      <>
        <div className={`wb-special wb-special-${doc.kind}`} ref={pane} {...split.pane}>
          {view}
        </div>
        <Splitter {...split.bar} />
      </>
    )
  );
}

/** The first scenario of the setup document open, read when asked (a click), not at each keystroke. */
function scenarioOf(d: DocState | undefined): string | undefined {
  if (d?.kind !== 'setup') return undefined;
  try {
    const value: unknown = JSON.parse(d.text);
    return isRecord(value) && isRecord(value.scenarios) ? Object.keys(value.scenarios)[0] : undefined;
  } catch {
    return undefined;
  }
}

/** Why a save failed, without the "<path> is not saved: " a refusal opens with: the page names the document and says so already. */
const whyNotSaved = (d: DocState) => d.error?.replace(`${d.path} is not saved: `, '');

function docState(d: DocState): string {
  if (d.conflict) return 'conflict: choose a version';
  if (d.error) return `not saved: ${whyNotSaved(d)}`;
  if (d.saving) return 'saving…';
  if (isDirty(d)) return 'unsaved changes';
  if (d.revision === 0) return d.file === null ? 'no file yet' : 'file, no draft';
  const at = d.savedAt ? ` at ${new Date(d.savedAt).toLocaleTimeString()}` : '';
  return `draft revision ${d.revision} saved${at}${isUnpublished(d) ? ', not published' : ', same as the file'}`;
}

/** A document with a draft, or edits, that differ from its published file: it may go back to the file (one with a draft and no file is told it cannot). */
const canDiscard = (d: DocState) => !d.conflict && (d.file === null ? d.revision > 0 : isUnpublished(d) || d.text !== d.file);

function SaveState({ docs, held }: { docs: readonly DocState[]; held: readonly HeldEdit[] }) {
  const conflicts = docs.filter((d) => d.conflict).length;
  const failed = docs.find((d) => d.error);
  // An edit with no draft to autosave into is unsaved until it is used or dropped.
  const unsavedHeld = held.filter(isHeldDirty);
  const text = conflicts
    ? `${conflicts} conflict${conflicts > 1 ? 's' : ''}`
    : failed
      ? `${failed.path} not saved: ${whyNotSaved(failed)}`
      : docs.some((d) => d.saving)
        ? 'Saving…'
        : docs.some(isDirty)
          ? 'Unsaved changes'
          : unsavedHeld.length
            ? `Unsaved changes in ${unsavedHeld.map((h) => h.label).join(' and ')}`
            : 'All changes saved';
  return (
    <span className={`wb-save-state${conflicts || failed ? ' error' : ''}`} role="status" data-testid="save-state" title={text}>
      {text}
    </span>
  );
}

/** Ctrl/Cmd-S saves every document now, wherever the focus is; the browser's own "save page" is suppressed. */
function useSaveKeys(ws: Workspace) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void ws.saveAll();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [ws]);
}

/** Leaving with unsaved text (a document's, or a held edit's): the page asks first, and what can be sent is saved on the way out. */
function useSaveOnExit(ws: Workspace) {
  useLeaveGuard(useCallback(() => ws.hasUnsaved(), [ws]));
  useEffect(() => {
    const onPageHide = () => saveOnExit(ws.rulesetId, ws.unsaved().filter((d) => !d.conflict && !d.saving));
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [ws]);
}
