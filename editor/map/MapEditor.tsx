'use client';
// The map view and paint tool: shows a ruleset's hex map over Natural Earth, paints terrain, countries
// and hexside features into the map documents, adds countries, powers, terrain types and named places, renames and
// recolours terrain types and countries, makes a place its power's capital, and moves places to a hex, saved as drafts.
import { useMutation, useQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { Source } from '@/engine/generated/schema-types';
import { neighbours, parseHex } from '@/engine/map/grid';
import { useTRPC } from '../TrpcProvider';
import { movePlace, paintHex, setAt, setHexside, type HexPaint } from '@/engine/map/edit';
import type { ViewPower, WrittenAt } from '@/server/geo/view';
import { noun } from '@/engine/words';
import { Legend } from './Legend';
import { ColorModePicker } from './ColorModePicker';
import { MapError } from './MapError';
import { MapHead } from './MapHead';
import styles from './map.module.css';
import { ResidualTable } from './ResidualTable';
import { georefOf, sideUnder } from './geometry';
import type { ColorMode, MapViewData, ShownAnchor, ViewHex } from './types';
import { Choice } from './Choice';
import { HexsideLegend } from './HexsideLegend';
import { saveDrafts, type SaveProblem } from './save-drafts';
import { AttemptsContext, useAttempts, useSaid } from './last-attempt';
import { useLeaveGuard } from '../leave-guard';
import { chosenSource, PROVISIONAL, SourcePicker, type SourceChoice } from './SourcePicker';
import { afterRedo, afterUndo, changedSince, changedTexts, noHistory, recorded, stepped, textsFor, useUndoKeys } from './history';
import { UndoButtons } from './UndoButtons';
import { addedSource, countryRecord, NewCountryForm, NewPlaceForm, NewPowerForm, NewTerrainForm, placeRecord, powerRecord, terrainRecord, type NewCountryValues, type NewPlaceValues, type NewPowerValues, type NewTerrainValues } from './AddForm';
import { capitalAfter, capitalWrites, entryAt, entryWrites, newCountryWrites, powerOfCountry, replacedCapital, unwritable, type EntryValues, type Write } from './entry-edits';
import { CapitalForm, EditEntryForm } from './EntryForms';
import { FromRuleset } from './FromRuleset';
import { hexStatus, terrainWords } from './hex-status';
import { shownColor } from './colors';

/** The most hexes or hexsides a stroke's status names. */
const NAMED_STROKE = 3;

/** What a painted hex's or hexside's provisional source says of it. */
const PAINTED = 'painted by the designer on the map';

const MapCanvas = dynamic(() => import('./MapCanvas'), { ssr: false, loading: () => <p className={styles.placeholder}>Loading the map…</p> });

type Tool = 'pan' | 'terrain' | 'country' | 'hexside' | 'place';

/** A place the Place tool may move: written, with its hex, in one place of the ruleset's own documents. */
type Movable = MapViewData['places'][number] & { written: { document: string; pointer: string } };

/** The hexes, hexsides, places' hexes and kinds, countries, terrain types, powers and places added as the editor shows them: kept by each edit, for undo and redo to show again. */
interface Shown {
  hexes: MapViewData['hexes'];
  hexsides: MapViewData['hexsides'];
  places: Record<string, string | undefined>;
  /** Places' kinds as changed on this page (a place made a capital is of that kind), by id. */
  kinds: Record<string, string[]>;
  countries: MapViewData['countries'];
  terrain: MapViewData['terrain'];
  powers: Record<string, ViewPower>;
  /** Places added on this page (the view read has them once the page is opened again). */
  added: Movable[];
}

/** Where an entry added at `at` (a new country's, terrain type's, power's) writes its values, for the page to change them next. */
const writesOfNew = <K extends string>(at: WrittenAt, id: string, keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, { document: at.document, pointer: `${at.pointer}/${id}/${k}` }])) as Record<K, WrittenAt>;
const ENTRY_VALUES = ['name', 'color', 'source'] as const;

/** A place's id from its anchor's pointer (/map/places/<id>/hex); none for an anchor of the georeference. */
const placeOfAnchor = (pointer: string) => /^\/map\/places\/([^/]+)\/hex$/.exec(pointer)?.[1];

export function MapEditor({ rulesetId }: { rulesetId: string }) {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.map.view.queryOptions({ rulesetId }), refetchOnWindowFocus: false, retry: false });
  if (query.error) return <MapError rulesetId={rulesetId} message={query.error.message} />;
  if (!query.data) return <p className={styles.placeholder}>Reading the ruleset…</p>;
  return <Editor key={query.dataUpdatedAt} view={query.data} reload={() => void query.refetch()} />;
}

function Editor({ view, reload }: { view: MapViewData; reload(): void }) {
  const trpc = useTRPC();
  const save = useMutation(trpc.drafts.saveAll.mutationOptions());
  // What is shown, and the same as of the latest paint (before the page shows it): a stroke's edits build on it.
  const [{ hexes, hexsides, places, kinds, countries, terrain: terrains, powers, added }, setShown] = useState<Shown>(() => ({
    hexes: view.hexes,
    hexsides: view.hexsides,
    places: Object.fromEntries(view.places.map((p) => [p.id, p.hex])),
    kinds: {},
    countries: view.countries,
    terrain: view.terrain,
    powers: view.powers ?? {},
    added: [],
  }));
  const shown = useRef<Shown>({ hexes, hexsides, places, kinds, countries, terrain: terrains, powers, added });
  const show = useCallback((next: Shown) => setShown((shown.current = next)), []);
  const documents = useRef(structuredClone(view.documents));
  const dirty = useRef(new Set<string>());
  const stroke = useRef<string[]>([]);
  /** The documents' texts and what was shown as the stroke being painted began: what its undo restores. */
  const strokeStart = useRef<{ texts: Record<string, string>; shown: Shown }>(undefined);
  const [history, setHistory] = useState(noHistory<Shown>());
  const [undoing, setUndoing] = useState(false);

  const [colorMode, setColorMode] = useState<ColorMode>('terrain');
  const [tool, setTool] = useState<Tool>('pan');
  const terrainIds = Object.keys(terrains);
  const hexsideFeatures = Object.entries(view.features).filter(([, f]) => f.on === 'hexside').map(([id]) => id);
  const [terrain, setTerrain] = useState(terrainIds[0] ?? '');
  const [country, setCountry] = useState('');
  const [feature, setFeature] = useState(hexsideFeatures[0] ?? '');
  const [removeFeature, setRemoveFeature] = useState(false);
  // The places the Place tool may move (those written in this ruleset's own documents, those added here), by name.
  const movable = useMemo(() => [...view.places.filter((p): p is Movable => p.written !== undefined), ...added].sort((a, b) => a.name.localeCompare(b.name)), [view.places, added]);
  // The view as drawn: with the countries and terrain types added here, for their colours and names; each place at the hex shown, those added here among them.
  const drawn = useMemo(() => ({ ...view, countries, terrain: terrains }), [view, countries, terrains]);
  const placesDrawn = useMemo(() => [...view.places, ...added].map((p) => ({ ...p, hex: places[p.id], kinds: kinds[p.id] ?? p.kinds })), [view.places, added, places, kinds]);
  const [placing, setPlacing] = useState(movable[0]?.id ?? '');
  const [provenance, setProvenance] = useState<SourceChoice>(PROVISIONAL);
  const [hover, setHover] = useState<string>();
  // What the last attempt did (the status), or why it failed: nothing said of an earlier one.
  const attempts = useAttempts();
  const { begin } = attempts;
  const [status, setStatus] = useSaid<string>(attempts);
  /** What the last click with the Hexside tool did not do, and why; shown under the map, which it must not move. */
  const [sideNote, setSideNote] = useSaid<string>(attempts);
  const [problem, setProblem] = useSaid<SaveProblem>(attempts, (p) => !!p.conflict);
  const [lastStroke, setLastStroke] = useState<string[]>([]);
  const [focus, setFocus] = useState<{ lat: number; lon: number }>();
  /** The keyboard's cursor hex, and what its last Enter did or why it did nothing: announced. */
  const [cursor, setCursor] = useState<string>();
  const [keyNote, setKeyNote] = useState('');

  const chosen = useMemo(() => chosenSource(provenance, PAINTED), [provenance]);
  const needsCitation = !chosen;
  const painting = tool !== 'pan' && !needsCitation && !problem?.conflict && !undoing;
  // Painting waits for a rule to cite (needsCitation): provisional stands in meanwhile, never written.
  const source: Source = chosen ?? { kind: 'provisional', note: PAINTED };

  const edit = useCallback((path: string, change: (text: string) => string) => {
    const doc = documents.current[path];
    if (!doc) throw new Error(`${path} is not among the documents this view can edit`);
    const next = change(doc.content);
    if (next === doc.content) return;
    strokeStart.current ??= { texts: Object.fromEntries(Object.entries(documents.current).map(([p, d]) => [p, d.content])), shown: shown.current };
    doc.content = next;
    dirty.current.add(path);
  }, []);

  const paint = useCallback(
    (key: string) => {
      const hex = shown.current.hexes[key];
      const at = hex?.at ?? (view.home.hexes ? { document: view.home.hexes, pointer: `/map/hexes/${key}` } : undefined);
      if (!at) return setProblem({ message: `Hex ${key} comes from another ruleset: change it there, or with a patch set` });
      const change: HexPaint = tool === 'terrain' ? { terrain } : { country: country || null };
      edit(at.document, (text) => paintHex(text, at.pointer, change, source));
      const painted: ViewHex = { ...hex, at, source: source.kind };
      if (tool === 'terrain') painted.terrain = terrain;
      else if (country) painted.country = country;
      else delete painted.country;
      show({ ...shown.current, hexes: { ...shown.current.hexes, [key]: painted } });
      stroke.current.push(key);
    },
    [view.home.hexes, tool, terrain, country, source, edit, show, setProblem],
  );

  const side = useCallback(
    (a: string, b: string) => {
      const from = parseHex(a, view.grid);
      const to = parseHex(b, view.grid);
      // A fast drag can skip hexes; only a side the two hexes share gets the feature.
      if (!from || !to || !neighbours(from, view.grid).some((n) => n.col === to.col && n.row === to.row)) return;
      const home = view.home.hexsides;
      if (!home) return setProblem({ message: 'This ruleset has no map document of its own to write hexside features into' });
      edit(home, (text) => setHexside(text, '/map/hexsides', [a, b], feature, !removeFeature, source));
      const rest = shown.current.hexsides.filter((s) => !(s.feature === feature && s.between.includes(a) && s.between.includes(b)));
      show({ ...shown.current, hexsides: removeFeature ? rest : [...rest, { between: [a, b], feature, source: source.kind, index: -1 }] });
      stroke.current.push(`${a}|${b}`);
    },
    [view.grid, view.home.hexsides, feature, removeFeature, source, edit, show, setProblem],
  );

  /** A click with the Place tool: the place chosen moves to the hex, with the source chosen for it and its location. */
  const place = useCallback(
    (key: string) => {
      const p = movable.find((x) => x.id === placing);
      if (!p?.written) return;
      const { document, pointer } = p.written;
      edit(document, (text) => movePlace(text, pointer, key, source, (hex) => shown.current.hexes[hex]?.country));
      show({ ...shown.current, places: { ...shown.current.places, [p.id]: key } });
      stroke.current.push(key);
    },
    [movable, placing, source, edit, show],
  );

  /** A click with the Hexside tool: the side it is near gets the feature; a click that names no side says why. */
  const georef = useMemo(() => georefOf(view), [view]);
  const clickSide = useCallback(
    (at: { lat: number; lon: number }) => {
      const under = sideUnder(view, georef, at.lat, at.lon);
      if (!under) return;
      setSideNote(
        'between' in under
          ? undefined
          : under.why === 'edge'
            ? `That side of hex ${under.hex} is the board's edge: no hexside there.`
            : under.why === 'corner'
              ? `That click is at a corner of hex ${under.hex}, where two sides meet: nothing marked. Click nearer the middle of a side.`
              : `That click is inside hex ${under.hex}, not near a side: nothing marked. Click near the middle of a side, or drag from the hex into its neighbour.`,
      );
      if ('between' in under) side(under.between[0], under.between[1]);
    },
    [view, georef, side, setSideNote],
  );

  /** Enter or Space on the cursor hex: painted with the tool, a hexside marked between it and the hex the cursor came from. */
  const keyPaint = (key: string, from?: string) => {
    begin();
    if (tool === 'pan') return setKeyNote('Choose a paint tool to paint.');
    if (!painting) return setKeyNote(needsCitation ? 'Type the rule that states what you paint, or choose provisional.' : 'Reload first: the map changed elsewhere.');
    if (tool === 'hexside') {
      if (!from) return setKeyNote('Move the cursor across the side to mark, then press Enter.');
      side(from, key);
      setKeyNote(`Side ${from} | ${key} ${removeFeature ? 'cleared' : 'marked'}.`);
    } else if (tool === 'place') {
      place(key);
      setKeyNote('Placed.');
    } else {
      paint(key);
      setKeyNote('Painted.');
    }
    void persist();
  };

  const savedAs = useCallback((paths: string[]) => `Saved ${paths.map((path) => `${path} as draft revision ${documents.current[path].revision}`).join(', ')}`, []);

  /**
   * Saves the documents an edit changed as drafts, keeps the edit (from `start`) for undo, and says what was saved;
   * what went wrong, if anything.
   */
  const commit = useCallback(
    async (what: string, start: typeof strokeStart.current, unsaved: string): Promise<string | undefined> => {
      const { saved: changed, problem } = await saveDrafts(save.mutateAsync, view.id, [...dirty.current].map((path) => [path, documents.current[path]]), unsaved);
      for (const path of changed) dirty.current.delete(path);
      if (problem) {
        setProblem(problem);
        return problem.message;
      }
      if (start) {
        const texts = changedTexts((path) => start.texts[path], changed.map((path) => [path, documents.current[path].content]));
        setHistory((h) => recorded(h, { what, texts, view: { before: start.shown, after: shown.current } }));
      }
      setStatus(`${savedAs(changed)}: ${what}`);
      return undefined;
    },
    [save, view.id, savedAs, setProblem, setStatus],
  );

  /**
   * Writes values where the ruleset's own documents hold them (a new entry where the map writes such entries, a power's
   * capital…), shows the result (`shownWith`), and saves the documents as drafts together, kept for undo as one edit;
   * what went wrong, if anything.
   */
  const writeAll = async (writes: readonly Write[], shownWith: Partial<Shown>, what: string, unsaved: string): Promise<string | undefined> => {
    const refused = unwritable(writes, (document) => !!documents.current[document]);
    if (refused) return refused;
    for (const { at, value } of writes) edit(at.document, (text) => setAt(text, at.pointer, value));
    show({ ...shown.current, ...shownWith });
    const start = strokeStart.current;
    strokeStart.current = undefined;
    return commit(what, start, unsaved);
  };

  /** A new country (checked by its form), listed among its power's, then the one the Paint country tool paints; a new terrain type, the one the Paint terrain tool paints. */
  const addCountry = (country: NewCountryValues) => {
    const at = view.newAt.countries!;
    const power = country.power ? shown.current.powers[country.power] : undefined;
    const plan = newCountryWrites(entryAt(at, country.id, countryRecord(country, addedSource(provenance))), country, power, provenance);
    if ('refused' in plan) return Promise.resolve(plan.refused);
    setCountry(country.id);
    const added = { name: country.name, ...(country.power ? { power: country.power } : {}), writes: writesOfNew(at, country.id, ENTRY_VALUES) };
    const powers = plan.after ? { powers: { ...shown.current.powers, [country.power!]: plan.after } } : {};
    return writeAll(plan.writes, { countries: { ...shown.current.countries, [country.id]: added }, ...powers }, plan.what, 'the new country is');
  };
  const addTerrain = (terrain: NewTerrainValues) => {
    const { id, name, medium, color } = terrain;
    const at = view.newAt.terrain!;
    setTerrain(id);
    return writeAll([entryAt(at, id, terrainRecord(terrain, addedSource(provenance)))], { terrain: { ...shown.current.terrain, [id]: { name, medium, color, writes: writesOfNew(at, id, ENTRY_VALUES) } } }, `${name} added as a terrain type`, 'the new terrain type is');
  };
  /** A new power (checked by its form), which a country may then belong to and a place be made the capital of. */
  const addPower = (power: NewPowerValues) => {
    const at = view.newAt.powers!;
    const source = addedSource(provenance);
    const added: ViewPower = { name: power.name, color: power.color, side: power.side, source, writes: writesOfNew(at, power.id, ['capital', 'source', 'countries'] as const) };
    return writeAll([entryAt(at, power.id, powerRecord(power, source))], { powers: { ...shown.current.powers, [power.id]: added } }, `${power.name} added as a power`, 'the new power is');
  };

  /** The place's kinds as shown, and where they are written. */
  const placeOf = (id: string) => {
    const p = [...view.places, ...shown.current.added].find((x) => x.id === id);
    return p && { id, name: p.name, kinds: shown.current.kinds[id] ?? p.kinds, kindsAt: p.kindsAt };
  };
  const placeName = (id: string) => placeOf(id)?.name ?? id;
  /** What making a place a capital writes and shows; or why it is refused. */
  const capitalOf = (placeId: string, powerId: string, place = placeOf(placeId)) => {
    const power = shown.current.powers[powerId];
    if (!place || !power) return { refused: `no ${place ? 'power' : 'place'} "${place ? powerId : placeId}" on this map` };
    const replaced = replacedCapital(powerId, shown.current.powers, placeOf);
    const plan = capitalWrites(power, place, provenance, placeName, replaced);
    if ('refused' in plan) return plan;
    const kinds = { ...shown.current.kinds, [placeId]: place.kinds.includes('capital') ? place.kinds : [...place.kinds, 'capital'] };
    if (replaced?.kindsAt && !Array.isArray(power.capital)) kinds[replaced.id] = replaced.kinds.filter((k) => k !== 'capital');
    return { ...plan, shownWith: { kinds, powers: { ...shown.current.powers, [powerId]: { ...power, capital: capitalAfter(power, placeId) } } } };
  };

  /** A new named place (checked by its form) with no hex yet, and the capital of the power chosen; the Place tool then puts it where the map is clicked. */
  const addPlace = async (place: NewPlaceValues) => {
    const at = view.newAt.places!;
    const pointer = `${at.pointer}/${place.id}`;
    const added: Movable = { id: place.id, name: place.name, kinds: place.kinds, written: { document: at.document, pointer }, kindsAt: { document: at.document, pointer: `${pointer}/kinds` } };
    const writes = [entryAt(at, place.id, placeRecord(place, addedSource(provenance)))];
    let what = `${place.name} added, with no hex yet`;
    let shownWith: Partial<Shown> = { added: [...shown.current.added, added] };
    if (place.capitalOf) {
      // Its kinds name it a capital already: only the power's capital (and source) are written besides the place.
      const capital = capitalOf(place.id, place.capitalOf, { ...added, kindsAt: undefined });
      if ('refused' in capital) return capital.refused;
      writes.push(...capital.writes);
      what = `${what}, ${capital.what.replace(`${place.name} made `, '')}`;
      shownWith = { ...shownWith, powers: capital.shownWith.powers };
    }
    setPlacing(place.id);
    return writeAll(writes, shownWith, what, 'the new place is');
  };

  /** An existing place made a power's capital: the power's capital and the place's kinds written together. */
  const makeCapital = (placeId: string, powerId: string) => {
    const plan = capitalOf(placeId, powerId);
    if ('refused' in plan) return Promise.resolve(plan.refused);
    return writeAll(plan.writes, plan.shownWith, plan.what, 'the capital is');
  };

  /** A terrain type's or country's name and colour, as its form gives them. */
  const editEntry = (kind: 'terrain' | 'countries', id: string, values: EntryValues) => {
    const entries = shown.current[kind];
    const entry = entries[id];
    const plan = entryWrites(kind === 'terrain' ? 'terrain type' : 'country', entry, values, shownColor(kind, id, shown.current), provenance);
    if ('refused' in plan) return Promise.resolve(plan.refused);
    return writeAll(plan.writes, { [kind]: { ...entries, [id]: plan.after } }, plan.what, 'the change is');
  };

  const persist = useCallback(async () => {
    const painted = stroke.current;
    const start = strokeStart.current;
    stroke.current = [];
    strokeStart.current = undefined;
    setLastStroke(painted);
    // A click that marked nothing (inside a hex, on the board's edge) has its own note, and nothing to save.
    if (painted.length === 0 && dirty.current.size === 0) return;
    const placed = movable.find((p) => p.id === placing)?.name ?? placing;
    // A side that had the feature already (or a hex its terrain, a place its hex): said, not passed over.
    if (painted.length && dirty.current.size === 0) {
      const one = painted.length === 1;
      setStatus(
        tool === 'place'
          ? `Nothing to save: ${placed} stands at hex ${painted.at(-1)} already`
          : tool === 'hexside'
          ? `Nothing to save: ${one ? 'that hexside' : 'those hexsides'} ${removeFeature ? `had no ${view.features[feature]?.name ?? feature}` : `had the ${view.features[feature]?.name ?? feature} already`}`
          : `Nothing to save: ${one ? 'that hex was' : 'those hexes were'} as painted already`,
      );
      return;
    }
    // A few named ("1 hex (2408)", "1 hexside (1805|1806)"): the designer sees which the stroke took.
    const which = painted.length <= NAMED_STROKE ? ` (${painted.join(', ')})` : '';
    const what = tool === 'place' ? `${placed} moved to hex ${painted.at(-1)}` : `${painted.length} ${tool === 'hexside' ? noun(painted.length, 'hexside') : noun(painted.length, 'hex', 'hexes')}${which} ${tool === 'hexside' && removeFeature ? 'cleared' : 'painted'}`;
    await commit(what, start, 'your last strokes are');
  }, [view.features, movable, placing, tool, feature, removeFeature, commit, setStatus]);

  /** Takes the last edit back (`undo`), or makes the last taken back again: its documents' texts saved as drafts, and shown. */
  const step = useCallback(
    async (undo: boolean) => {
      const edit = undo ? history.done.at(-1) : history.undone.at(-1);
      if (!edit || undoing || problem?.conflict || stroke.current.length) return;
      begin();
      const plan = textsFor(edit, undo, (path) => documents.current[path]?.content);
      if ('changed' in plan) return setProblem({ message: changedSince(edit, undo, plan.changed) });
      setUndoing(true);
      for (const [path, text] of plan.texts) documents.current[path].content = text;
      const { saved, problem: failed } = await saveDrafts(save.mutateAsync, view.id, plan.texts.map(([path]) => [path, documents.current[path]]), `the ${undo ? 'undo' : 'redo'} is`);
      setUndoing(false);
      // What could not be saved goes back to the text saved last, so that no later save carries half an undo.
      for (const [path] of plan.texts) if (!saved.includes(path)) documents.current[path].content = edit.texts[path][undo ? 'after' : 'before'];
      if (failed) return setProblem(failed);
      show(undo ? edit.view!.before : edit.view!.after);
      setHistory((h) => (undo ? afterUndo(h) : afterRedo(h)));
      setStatus(`${savedAs(saved)}: ${stepped(edit, undo)}`);
    },
    [history, undoing, problem, save, view.id, show, savedAs, begin, setProblem, setStatus],
  );
  useUndoKeys(
    () => void step(true),
    () => void step(false),
  );

  useLeaveGuard(useCallback(() => dirty.current.size > 0, []));

  // Anchors of places moved here stand at their new hex; their residuals are the fit's of the old one until a reload fits again.
  const anchors = useMemo(
    () =>
      ('anchors' in view.fit ? view.fit.anchors : []).map((a): ShownAnchor => {
        const id = placeOfAnchor(a.pointer);
        const hex = id === undefined ? undefined : places[id];
        return hex && hex !== a.hex ? { ...a, hex, movedFrom: a.hex } : a;
      }),
    [view.fit, places],
  );
  const hovered = hover ? hexes[hover] : undefined;
  // The forms under the map wait while an undo is saved, and after a conflict until a reload.
  const locked = undoing || !!problem?.conflict;
  const hexWords = (hex: ViewHex | undefined) => `${terrainWords(hex, terrains)}${hex?.country ? `, ${countries[hex.country]?.name ?? hex.country}` : ''}`;
  const fitSummary =
    'anchors' in view.fit
      ? `${view.fit.anchors.length} anchors · ${view.fit.projection}, ${view.fit.kind} · RMS ${view.fit.rms.toFixed(2)} hexes · ${view.fit.anchors.filter((a) => a.outlier).length} suspect`
      : view.fit.error;

  return (
    <AttemptsContext value={attempts}>
      <div className={styles.editor}>
        <MapHead id={view.id} title={view.title}>
          {fitSummary} · drawn with {view.georef.stored ? 'the stored' : 'a freshly fitted'} transform
        </MapHead>

        <div className={styles.toolbar} role="toolbar" aria-label="Paint tools">
          <fieldset>
            <legend>Tool</legend>
            {(['pan', 'terrain', 'country', 'hexside', 'place'] as const).map((t) => (
              <label key={t}>
                <input type="radio" name="tool" value={t} checked={tool === t} onChange={() => setTool(t)} disabled={(t === 'hexside' && !hexsideFeatures.length) || (t === 'place' && !movable.length && !view.newAt.places)} />
                {t === 'pan' ? 'Pan' : t === 'hexside' ? 'Hexside' : t === 'place' ? 'Place' : `Paint ${t}`}
              </label>
            ))}
          </fieldset>
          {/* The tool's own choices in a box that keeps its width: choosing a tool never reflows the toolbar and moves the map under the pointer. */}
          <span className={styles.toolOptions}>
            {tool === 'terrain' && <Choice label="Terrain" value={terrain} options={terrainIds.map((id) => [id, terrains[id].name])} onChange={setTerrain} />}
            {tool === 'country' && <Choice label="Country" value={country} none="(none)" options={Object.entries(countries).map(([id, c]) => [id, c.name])} onChange={setCountry} />}
            {tool === 'place' && movable.length > 0 && <Choice label="Place" value={placing} options={movable.map((p) => [p.id, `${p.name} (${places[p.id] ? `hex ${places[p.id]}` : 'no hex'})`])} onChange={setPlacing} />}
            {tool === 'hexside' && (
              <>
                <Choice label="Feature" value={feature} options={hexsideFeatures.map((id) => [id, view.features[id].name])} onChange={setFeature} />
                <label>
                  <input type="checkbox" checked={removeFeature} onChange={(e) => setRemoveFeature(e.target.checked)} /> remove
                </label>
              </>
            )}
          </span>
          <SourcePicker legend={tool === 'place' ? 'Source of the place and its location' : 'Source of what you paint'} value={provenance} onChange={setProvenance} />
          <ColorModePicker value={colorMode} onChange={setColorMode} />
          <UndoButtons history={history} disabled={undoing || !!problem?.conflict} onUndo={() => void step(true)} onRedo={() => void step(false)} />
        </div>

        <p className={styles.status} role="status">
          {needsCitation && tool !== 'pan' ? 'Type the rule that states what you paint, or choose provisional. ' : ''}
          {tool === 'place' && !movable.length ? 'Add a place under the map, then click the hex where it stands. ' : ''}
          {hover ? hexStatus(hover, hovered, terrains, countries) : 'Hover a hex to see it.'}
          {status && <span className={styles.saved}> {status}</span>}
          <span data-testid="last-stroke" hidden>
            {lastStroke.join(',')}
          </span>
        </p>
        {problem && (
          <p className={styles.error} role="alert">
            {problem.message}{' '}
            {problem.conflict ? <button onClick={reload}>Reload</button> : <button onClick={() => setProblem(undefined)}>Dismiss</button>}
          </p>
        )}

        <div className={styles.map} data-tool={tool}>
          <MapCanvas
            view={drawn}
            places={placesDrawn}
            hexes={hexes}
            hexsides={hexsides}
            anchors={anchors}
            colorMode={colorMode}
            painting={painting}
            focus={focus}
            onHover={setHover}
            onStrokeStart={(key) => {
              begin();
              if (tool === 'place') place(key);
              else if (tool !== 'hexside') paint(key);
            }}
            onStrokeMove={(key, from) => (tool === 'hexside' ? side(from, key) : tool !== 'place' && paint(key))}
            onStrokeEnd={(click) => {
              if (click && tool === 'hexside') clickSide(click);
              void persist();
            }}
            onCursor={(key) => {
              setCursor(key);
              setHover(key);
              setKeyNote('');
            }}
            onKeyPaint={keyPaint}
          />
          <p className={styles.srOnly} aria-live="polite" data-testid="map-cursor">
            {cursor && `Hex ${cursor}: ${hexWords(hexes[cursor])}.${keyNote && ` ${keyNote}`}`}
          </p>
        </div>
        {/* Under the map, so that choosing the tool does not move the map under the pointer. */}
        {tool === 'hexside' && (
          <p className={sideNote ? styles.warning : styles.note} data-testid="hexside-note">
            {sideNote ?? `Hexside: click near the middle of a side, or drag from one hex into its neighbour, to ${removeFeature ? 'clear' : 'mark'} that side.`}
          </p>
        )}
        {/* The forms adding come first, where they stood before those changing what is chosen above joined them. */}
        {tool === 'terrain' && (view.newAt.terrain ? <NewTerrainForm disabled={locked} taken={(id) => Object.hasOwn(terrains, id)} onAdd={addTerrain} /> : <FromRuleset label="New terrain" entries="terrain types" from={view.newFrom?.terrain} />)}
        {tool === 'terrain' && terrains[terrain] && (
          <EditEntryForm label="Edit terrain" id={terrain} entry={terrains[terrain]} shown={shownColor('terrain', terrain, drawn)} disabled={locked} onSave={(values) => editEntry('terrain', terrain, values)} />
        )}
        {tool === 'country' && (view.newAt.countries ? <NewCountryForm disabled={locked} taken={(id) => Object.hasOwn(countries, id)} powers={powers} onAdd={addCountry} /> : <FromRuleset label="New country" entries="countries" from={view.newFrom?.countries} />)}
        {tool === 'country' && (view.newAt.powers ? <NewPowerForm disabled={locked} powers={powers} sides={view.sides ?? {}} onAdd={addPower} /> : <FromRuleset label="New power" entries="powers" from={view.newFrom?.powers} />)}
        {tool === 'country' && countries[country] && (
          <EditEntryForm label="Edit country" id={country} entry={countries[country]} shown={shownColor('countries', country, drawn)} disabled={locked} onSave={(values) => editEntry('countries', country, values)} />
        )}
        {tool === 'country' && !countries[country] && Object.keys(countries).length > 0 && <p className={styles.note}>Choose a country above to rename or recolour it.</p>}
        {tool === 'place' &&
          (view.newAt.places ? (
            <NewPlaceForm disabled={locked} taken={(id) => movable.some((p) => p.id === id) || view.places.some((p) => p.id === id)} kinds={view.placeKinds ?? []} powers={powers} onAdd={addPlace} />
          ) : (
            <FromRuleset label="New place" entries="places" from={view.newFrom?.places} />
          ))}
        {tool === 'place' && (
          <CapitalForm
            places={movable.filter((p) => p.id === placing)}
            powers={powers}
            powerOf={(id) => powerOfCountry(placesDrawn.find((p) => p.id === id)?.country ?? hexes[places[id] ?? '']?.country, countries, powers)}
            disabled={locked}
            powersFrom={view.newFrom?.powers}
            onMake={makeCapital}
          />
        )}
        <HexsideLegend view={{ features: view.features, hexsides }} className={styles.status} />

        <div className={styles.panels}>
          <Legend view={drawn} hexes={hexes} colorMode={colorMode} />
          {'anchors' in view.fit && <ResidualTable rulesetId={view.id} anchors={anchors} threshold={view.fit.threshold} onPick={setFocus} />}
        </div>
      </div>
    </AttemptsContext>
  );
}
