'use client';
// The map view and editor of an area map: areas where their geography puts them, their adjacency, the
// pairs the geography suggests, and the areas that cannot be placed yet. The Place tool puts the chosen
// area where the map is clicked (its centroid); the Adjacency tool lists two areas clicked in turn as
// adjacent, on both sides (or takes them off), and accepts a proposed pair clicked. Beside the map, the area clicked
// is edited, and places, countries, powers and terrain types are added, renamed or made a capital there. Each edit is
// saved as a draft of the documents that define what it changes, together, and the view is read again.
import { counted } from '@/engine/words';
import { useMutation, useQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import type { AreaViewData, WrittenValue } from '@/server/geo/area-view';
import type { DraftText } from '@/server/drafted-source';
import type { Source } from '@/engine/generated/schema-types';
import { setListed, setAt, setCentroid } from '@/engine/map/edit';
import { idProblem } from '@/engine/schema/id';
import type { WrittenAt } from '@/server/geo/view';
import { useTRPC } from '../TrpcProvider';
import { Choice } from './Choice';
import { ColorModePicker } from './ColorModePicker';
import { MapError } from './MapError';
import { MapHead } from './MapHead';
import styles from './map.module.css';
import { saveDrafts, type SaveProblem } from './save-drafts';
import { AttemptsContext, useAttempts, useRefusal, useSaid } from './last-attempt';
import { chosenSource, PROVISIONAL, SourcePicker, type SourceChoice } from './SourcePicker';
import { afterRedo, afterUndo, changedSince, changedTexts, noHistory, recorded, stepped, textsFor, useUndoKeys } from './history';
import { UndoButtons } from './UndoButtons';
import { AreaDetails, valuesOf, type AreaValues } from './AreaDetails';
import { FromRuleset } from './FromRuleset';
import { addedSource, countryRecord, placeRecord, powerRecord, Refusal, terrainRecord, type NewCountryValues, type NewPlaceValues, type NewPowerValues, type NewTerrainValues } from './AddForm';
import { capitalWrites, entryAt, entryWrites, newCountryWrites, powerOfCountry, replacedCapital, sourceAfter as sourceAfterEdit, unwritable, written, type EntryValues, type Planned, type Write } from './entry-edits';
import { shownColor } from './colors';
import type { ColorMode } from './types';

/** Why a form's entry is still there after a save that failed (the message above the map says why). */
const NOT_SAVED = 'not saved: see the message above the map';

const AreaCanvas = dynamic(() => import('./AreaCanvas'), {
  ssr: false,
  loading: () => <p className={styles.placeholder}>Loading the map…</p>,
});

export type AreaTool = 'pan' | 'place' | 'adjacency';

/** An edit of one of an area's values: where that value is written, changed. */
type Change = [area: string, value: WrittenValue, change: (text: string, pointer: string) => string];

export function AreaMapView({ rulesetId }: { rulesetId: string }) {
  const trpc = useTRPC();
  const query = useQuery({
    ...trpc.map.areaView.queryOptions({ rulesetId }),
    refetchOnWindowFocus: false,
    retry: false,
  });
  if (query.error) return <MapError rulesetId={rulesetId} message={query.error.message} />;
  if (!query.data) return <p className={styles.placeholder}>Reading the ruleset…</p>;
  return <AreaEditor view={query.data} reload={() => query.refetch()} />;
}

function AreaEditor({ view, reload }: { view: AreaViewData & { folder: string }; reload(): Promise<unknown> }) {
  const trpc = useTRPC();
  const save = useMutation(trpc.drafts.saveAll.mutationOptions());
  const [colorMode, setColorMode] = useState<ColorMode>('terrain');
  const [tool, setTool] = useState<AreaTool>('pan');
  /** The area the Place tool puts where the map is clicked. */
  const [placing, setPlacing] = useState(view.unplaced[0] ?? view.areas[0]?.id ?? '');
  /** The first area clicked with the Adjacency tool, waiting for the second. */
  const [first, setFirst] = useState<string>();
  /** The area clicked with the Pan tool, shown beside the map. */
  const [selected, setSelected] = useState<string>();
  const [busy, setBusy] = useState(false);
  // What the last attempt did (the status), or why it failed: nothing said of an earlier one.
  const attempts = useAttempts();
  const { begin } = attempts;
  const [status, setStatus] = useSaid<string>(attempts);
  const [problem, setProblem] = useSaid<SaveProblem>(attempts, (p) => !!p.conflict);
  const [history, setHistory] = useState(noHistory());

  const byId = new Map(view.areas.map((a) => [a.id, a]));
  const name = (id: string) => byId.get(id)?.name ?? id;
  const placed = view.areas.filter((a) => a.at).length;
  const [provenance, setProvenance] = useState<SourceChoice>(PROVISIONAL);
  const editable = !busy && !problem?.conflict;
  // Adjacency is the rules' data: the rulebook chosen, it waits for the rule cited.
  const linking = editable && tool === 'adjacency' && chosenSource(provenance) !== undefined;

  /** Applies edits to where the areas named write a value (their position, adjacency or source), saves those documents as drafts, and reads the view again. */
  async function edit(changes: Change[], done: string) {
    begin();
    const texts = new Map<string, DraftText>();
    for (const [id, value, change] of changes) {
      const at = byId.get(id)?.writes?.[value];
      if (!at) return setProblem({ message: `${name(id)} comes from another ruleset: change it there, or with a patch set` });
      const doc = texts.get(at.document) ?? { ...view.documents[at.document] };
      texts.set(at.document, { ...doc, content: change(doc.content, at.pointer) });
    }
    await saveTexts(texts, done);
  }

  /**
   * Saves the documents whose texts changed as drafts, says what was saved (or why not), and reads the
   * view again; an edit saved whole is kept for undo, unless it is an undo or a redo (`record` false).
   * Whether all was saved.
   */
  async function saveTexts(texts: Map<string, DraftText>, done: string, record = true): Promise<boolean> {
    const changed = [...texts].filter(([path, doc]) => doc.content !== view.documents[path].content);
    if (!changed.length) {
      setStatus(`Nothing to save: ${done} already`);
      return false;
    }
    setBusy(true);
    // A change across two documents is saved in both, or in neither.
    const { saved, problem } = await saveDrafts(save.mutateAsync, view.id, changed, 'this change is');
    if (problem) setProblem(problem);
    else setStatus(`Saved ${saved.map((path) => `${path} as draft revision ${texts.get(path)!.revision}`).join(', ')}: ${done}`);
    if (!problem && record) setHistory((h) => recorded(h, { what: done, texts: changedTexts((path) => view.documents[path].content, changed.map(([path, doc]) => [path, doc.content])) }));
    await reload();
    setBusy(false);
    return !problem;
  }

  /** Takes the last edit back (`undo`), or makes the last taken back again: its documents' texts saved as drafts. */
  async function step(undo: boolean) {
    const edit = undo ? history.done.at(-1) : history.undone.at(-1);
    if (!edit || !editable) return;
    begin();
    const plan = textsFor(edit, undo, (path) => view.documents[path]?.content);
    if ('changed' in plan) return setProblem({ message: changedSince(edit, undo, plan.changed) });
    const texts = new Map(plan.texts.map(([path, content]) => [path, { ...view.documents[path], content }]));
    if (await saveTexts(texts, stepped(edit, undo), false)) setHistory((h) => (undo ? afterUndo(h) : afterRedo(h)));
  }
  useUndoKeys(
    () => void step(true),
    () => void step(false),
  );

  function place(at: { lat: number; lon: number }) {
    if (!placing) return;
    const area = placing;
    void edit([[area, 'centroid', (text, pointer) => setCentroid(text, pointer, at)]], `${name(area)} placed at ${at.lat.toFixed(2)}, ${at.lon.toFixed(2)}`);
    // Having placed an area that had no position, the next such, so that placing many is a click each.
    const next = view.unplaced.includes(area) ? view.unplaced.find((id) => id !== area) : undefined;
    if (next) setPlacing(next);
  }

  /** Lists two areas as adjacent on both sides, or takes them off, each area's source saying so (see sourceAfter). */
  function link(a: string, b: string, on: boolean) {
    const both = `${name(a)} – ${name(b)}`;
    const side = (x: string, y: string): Change[] => {
      const next = sourceAfter(byId.get(x)?.source, `adjacency to ${name(y)} ${on ? 'given' : 'taken off'} by the designer on the map`);
      return [[x, 'adjacent', (text, pointer) => setListed(text, pointer, y, on)], ...(next ? [[x, 'source', (text, pointer) => setAt(text, pointer, next)] satisfies Change] : [])];
    };
    void edit([...side(a, b), ...side(b, a)], on ? `${both} listed as adjacent, on both sides` : `${both} no longer adjacent`);
  }

  /** An area's source once the designer has changed its adjacency or values (see entry-edits' sourceAfter). */
  const sourceAfter = (was: Source | undefined, what: string) => sourceAfterEdit(provenance, was, what);

  /** A new area, with the source chosen (provisional by default), saved as a draft; the Place tool then puts it where the map is clicked. */
  async function addArea(id: string, areaName: string, type: 'land' | 'sea'): Promise<string | undefined> {
    const at = view.newAt.areas;
    if (!at) return 'the areas of this map come from another ruleset: add one there, or with a patch set';
    const problem = idProblem(id);
    if (problem) return `an id ${problem}`;
    if (byId.has(id)) return `there is already an area "${id}"`;
    if (!areaName.trim()) return 'give the area a name';
    await addEntry(at, id, { name: areaName.trim(), type, adjacent: [], source: addedSource(provenance) }, `${areaName.trim()} added`);
    setTool('place');
    setPlacing(id);
    return undefined;
  }

  /**
   * Writes values where the ruleset's own documents hold them (a new entry where the map writes such entries, a power's
   * capital…), the documents saved as drafts together; NOT_SAVED when they were not.
   */
  async function writeAll(writes: readonly Write[], done: string): Promise<string | undefined> {
    const refused = unwritable(writes, (document) => !!view.documents[document]);
    if (refused) return refused;
    const texts = written((path) => view.documents[path].content, writes);
    return (await saveTexts(new Map([...texts].map(([path, content]) => [path, { ...view.documents[path], content }])), done)) ? undefined : NOT_SAVED;
  }
  /** A planned edit written, or why it is refused. */
  const made = (plan: Planned) => ('refused' in plan ? Promise.resolve(plan.refused) : writeAll(plan.writes, plan.what));
  const addEntry = (at: WrittenAt, id: string, record: object, done: string) => writeAll([entryAt(at, id, record)], done);

  /** A place named in the view (its kinds, where they are written), for making it a capital. */
  const placeById = new Map(view.places.map((p) => [p.id, p]));
  const placeName = (id: string) => placeById.get(id)?.name ?? id;

  /** A new named place in an area, in the area's country (checked by its form), with the source chosen; the capital of the power chosen, if any. */
  const addPlace = (area: string, place: NewPlaceValues) => {
    const country = byId.get(area)?.country;
    const write = entryAt(view.newAt.places!, place.id, placeRecord(place, addedSource(provenance), { area, ...(country ? { country } : {}) }));
    const done = `${place.name} added in ${name(area)}`;
    const power = place.capitalOf ? view.powers?.[place.capitalOf] : undefined;
    if (!place.capitalOf) return writeAll([write], done);
    if (!power) return Promise.resolve(`no power "${place.capitalOf}" in this ruleset`);
    // Its kinds name it a capital already: only the power's capital (and source) are written besides the place.
    const capital = capitalWrites(power, { id: place.id, name: place.name, kinds: place.kinds }, provenance, placeName, replacedCapital(place.capitalOf, view.powers ?? {}, (id) => placeById.get(id)));
    return made('refused' in capital ? capital : { writes: [write, ...capital.writes], what: `${done}, ${capital.what.replace(`${place.name} made `, '')}` });
  };

  /** A place made a power's capital: the power's capital and the place's kinds written together. */
  const makeCapital = (placeId: string, powerId: string) => {
    const place = placeById.get(placeId);
    const power = view.powers?.[powerId];
    if (!place || !power) return Promise.resolve(`no ${place ? 'power' : 'place'} "${place ? powerId : placeId}" in this ruleset`);
    return made(capitalWrites(power, place, provenance, placeName, replacedCapital(powerId, view.powers ?? {}, (id) => placeById.get(id))));
  };

  /** A new country (listed among its power's) or terrain type (checked by its form), with the source chosen: chosen then for the area shown, which saves it with its other values. */
  const addCountry = (area: string, country: NewCountryValues) => {
    const plan = newCountryWrites(entryAt(view.newAt.countries!, country.id, countryRecord(country, addedSource(provenance))), country, country.power ? view.powers?.[country.power] : undefined, provenance);
    return made('refused' in plan ? plan : { ...plan, what: `${plan.what}, chosen for ${name(area)}: save its values to give it` });
  };
  const addTerrain = (area: string, terrain: NewTerrainValues) =>
    addEntry(view.newAt.terrain!, terrain.id, terrainRecord(terrain, addedSource(provenance)), `${terrain.name} added as a terrain type, chosen for ${name(area)}: save its values to give it`);
  /** A new power (checked by its form), with the source chosen: a new country may then belong to it. */
  const addPower = (power: NewPowerValues) => addEntry(view.newAt.powers!, power.id, powerRecord(power, addedSource(provenance)), `${power.name} added as a power`);

  /** A terrain type's or country's name and colour, as the form beside the map gives them. */
  const editEntry = (kind: 'terrain' | 'countries', id: string, values: EntryValues) =>
    made(entryWrites(kind === 'terrain' ? 'terrain type' : 'country', view[kind][id], values, shownColor(kind, id, view), provenance));

  /** A proposed pair the designer finds is not adjacent: listed as such on both sides, and no longer proposed. */
  function reject(a: string, b: string) {
    void edit(
      [
        [a, 'notAdjacent', (text, pointer) => setListed(text, pointer, b, true)],
        [b, 'notAdjacent', (text, pointer) => setListed(text, pointer, a, true)],
      ],
      `${name(a)} – ${name(b)} listed as not adjacent: no longer proposed`,
    );
  }

  /** Writes the values of the area shown beside the map that the designer changed; an emptied terrain, country or notes is taken away. */
  function editArea(id: string, values: AreaValues) {
    const was = valuesOf(byId.get(id)!);
    const keys = (Object.keys(values) as (keyof AreaValues)[]).filter((k) => values[k] !== was[k]);
    const what = keys.map((k) => (values[k] ? `${k} ${k === 'notes' ? 'written' : `set to ${values[k]}`}` : `${k} taken away`)).join(', ');
    const next = sourceAfter(byId.get(id)?.source, `${what} by the designer on the map`);
    void edit(
      [...keys.map((k): Change => [id, k, (text, pointer) => setAt(text, pointer, values[k] || undefined)]), ...(next ? [[id, 'source', (text, pointer) => setAt(text, pointer, next)] satisfies Change] : [])],
      `${values.name}: ${what}`,
    );
  }

  /** Deletes an area, and takes it off the adjacency lists that name it. */
  async function deleteArea(id: string) {
    const listing = (key: 'adjacent' | 'notAdjacent') => view.areas.filter((a) => a[key].includes(id)).map((a): Change => [a.id, key, (text, pointer) => setListed(text, pointer, id, false)]);
    await edit([[id, 'record', (text, pointer) => setAt(text, pointer, undefined)], ...listing('adjacent'), ...listing('notAdjacent')], `${name(id)} deleted`);
    setSelected(undefined);
    if (placing === id) setPlacing(view.unplaced.find((a) => a !== id) ?? view.areas.find((a) => a.id !== id)?.id ?? '');
  }

  function pick(id: string) {
    if (tool === 'pan') return setSelected(id);
    if (tool === 'place') return setPlacing(id);
    if (tool !== 'adjacency') return;
    if (!first || first === id) return setFirst(first === id ? undefined : id);
    setFirst(undefined);
    const listed = byId.get(first)?.adjacent.includes(id) || byId.get(id)?.adjacent.includes(first);
    link(first, id, !listed);
  }

  const hint =
    tool === 'place'
      ? placing
        ? `Click the map where ${name(placing)} lies; click an area to move it instead.`
        : 'Add an area first (its id, name and kind), then click the map where it lies.'
      : view.areas.length === 0
        ? 'The map has no areas yet: choose the Place tool to add one.'
        : tool === 'adjacency' && !chosenSource(provenance)
          ? 'Type the rule that states the adjacency, or choose provisional.'
          : tool === 'adjacency'
            ? first
              ? `${name(first)} chosen: click the area to list as adjacent to it (or to take off the list), or it again to let go.`
              : 'Click two areas in turn to list them as adjacent (or, when they are, to take them off the list); click a proposed (dashed) pair to accept it.'
            : 'Click an area to see and edit its values beside the map, or choose Place or Adjacency; edits are saved as drafts.';

  return (
    <AttemptsContext value={attempts}>
      <div className={styles.editor}>
        <MapHead id={view.id} title={view.title}>
          {counted(view.areas.length, 'area')} · {placed} with a position · {counted(view.candidates.length, 'proposed adjacency', 'proposed adjacencies')}
        </MapHead>
        <div className={styles.toolbar} role="toolbar" aria-label="Area tools">
          <fieldset>
            <legend>Tool</legend>
            {(['pan', 'place', 'adjacency'] as const).map((t) => (
              <label key={t}>
                <input type="radio" name="tool" value={t} checked={tool === t} onChange={() => (setTool(t), setFirst(undefined))} />
                {t === 'pan' ? 'Pan' : t === 'place' ? 'Place' : 'Adjacency'}
              </label>
            ))}
          </fieldset>
          <span className={styles.toolOptions}>
            {tool === 'place' && view.areas.length > 0 && (
              <Choice
                label="Area"
                value={placing}
                options={[...view.unplaced, ...view.areas.filter((a) => a.at).map((a) => a.id)].map((id) => [id, byId.get(id)?.at ? name(id) : `${name(id)} (no position)`])}
                onChange={setPlacing}
              />
            )}
            {tool === 'place' && (view.newAt.areas ? <NewArea disabled={!editable} onAdd={addArea} /> : <FromRuleset label="New area" entries="areas" from={view.newFrom?.areas} />)}
          </span>
          <SourcePicker legend="Source of the areas and adjacencies you give" value={provenance} onChange={setProvenance} />
          <ColorModePicker value={colorMode} onChange={setColorMode} />
          <UndoButtons history={history} disabled={!editable} onUndo={() => void step(true)} onRedo={() => void step(false)} />
        </div>
        <p className={styles.status} role="status">
          {hint}
          {status && <span className={styles.saved}> {status}</span>}
        </p>
        {problem && (
          <p className={styles.error} role="alert">
            {problem.message}{' '}
            {problem.conflict ? <button onClick={() => void reload().then(() => setProblem(undefined))}>Reload</button> : <button onClick={() => setProblem(undefined)}>Dismiss</button>}
          </p>
        )}
        <div className={styles.mapBeside}>
          <div className={styles.map} data-areas={placed} data-tool={tool}>
            {placed > 0 || tool === 'place' ? (
              <AreaCanvas
                view={view}
                colorMode={colorMode}
                chosen={tool === 'place' ? placing : tool === 'pan' ? selected : first}
                onMap={editable && tool === 'place' ? place : undefined}
                onArea={tool === 'pan' || (editable && (tool === 'place' || linking)) ? pick : undefined}
                onProposal={linking ? (a, b) => link(a, b, true) : undefined}
              />
            ) : (
              <p className={styles.placeholder}>
                {view.areas.length === 0
                  ? 'No area yet: choose the Place tool to add one, then click where it lies.'
                  : 'No area has a position yet: choose the Place tool and click where each lies, or give one a centroid, an anchor or a place with a position.'}
              </p>
            )}
          </div>
          <AreaDetails
            area={selected ? byId.get(selected) : undefined}
            view={view}
            name={name}
            locked={selected && !byId.get(selected)?.writes ? `${name(selected)} comes from another ruleset: change it there, or with a patch set.` : busy ? 'Saving…' : !editable ? 'Reload the map to edit it again.' : undefined}
            onSave={(values) => selected && editArea(selected, values)}
            onDelete={() => deleteArea(selected!)}
            places={view.places.filter((p) => p.area === selected)}
            placeKinds={view.placeKinds ?? []}
            taken={{ places: (id) => view.places.some((p) => p.id === id), countries: (id) => Object.hasOwn(view.countries, id) }}
            onAddPlace={view.newAt.places ? (place) => addPlace(selected!, place) : undefined}
            powers={view.powers ?? {}}
            sides={view.sides ?? {}}
            powerOf={(place) => powerOfCountry(placeById.get(place)?.country ?? (selected ? byId.get(selected)?.country : undefined), view.countries, view.powers ?? {})}
            shownColor={(kind, id) => shownColor(kind, id, view)}
            onAddCountry={view.newAt.countries ? (country) => addCountry(selected!, country) : undefined}
            onAddTerrain={view.newAt.terrain ? (terrain) => addTerrain(selected!, terrain) : undefined}
            onAddPower={view.newAt.powers ? addPower : undefined}
            onMakeCapital={makeCapital}
            onEditEntry={editEntry}
          />
        </div>
        <div className={styles.areaPanels}>
          <section className={styles.panel} aria-label="Proposed adjacencies">
            <h2>Proposed adjacencies</h2>
            <p className={styles.note}>
              Pairs that look adjacent on the map but are not listed: accept one here (or reject it: it is then listed as not adjacent, and no longer proposed), or with{' '}
              <code>npm run bootstrap-map -- {view.folder} --accept a:b</code>.
            </p>
            <ul>
              {view.candidates.map((c) => (
                <li key={c.between.join(':')}>
                  {name(c.between[0])} – {name(c.between[1])}{' '}
                  <span className={styles.meta}>
                    ({c.kind}, {Math.round(c.km)} km
                    {c.acrossWater ? ', across water' : ''})
                  </span>{' '}
                  <button disabled={!editable || !chosenSource(provenance)} onClick={() => link(c.between[0], c.between[1], true)} aria-label={`Accept ${name(c.between[0])} – ${name(c.between[1])}`}>
                    Accept
                  </button>{' '}
                  <button disabled={!editable} onClick={() => reject(c.between[0], c.between[1])} aria-label={`Reject ${name(c.between[0])} – ${name(c.between[1])}`}>
                    Reject
                  </button>
                </li>
              ))}
            </ul>
          </section>
          {view.unplaced.length > 0 && (
            <section className={styles.panel} aria-label="Areas without a position">
              <h2>Areas without a position</h2>
              <p className={styles.note}>Not drawn: place each with the Place tool, or give it a centroid, an anchor or a place with a position.</p>
              <ul>
                {view.unplaced.map((id) => (
                  <li key={id}>
                    {name(id)}{' '}
                    <button disabled={!editable} onClick={() => (setTool('place'), setPlacing(id))} aria-label={`Place ${name(id)}`}>
                      Place
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </div>
    </AttemptsContext>
  );
}

/** The form adding an area: its id, name and kind; says what is wrong with them, if anything. */
function NewArea({ disabled, onAdd }: { disabled: boolean; onAdd(id: string, name: string, type: 'land' | 'sea'): Promise<string | undefined> }) {
  const [id, setId] = useState('');
  const [areaName, setAreaName] = useState('');
  const [type, setType] = useState<'land' | 'sea'>('land');
  const { error, setError, attempt } = useRefusal();
  const add = async () => {
    attempt();
    const why = await onAdd(id.trim(), areaName, type);
    setError(why);
    if (!why) {
      setId('');
      setAreaName('');
    }
  };
  return (
    <span className={styles.toolOptions} role="group" aria-label="New area">
      <label>
        New area id <input value={id} onChange={(e) => setId(e.target.value)} size={12} />
      </label>
      <label>
        name <input value={areaName} onChange={(e) => setAreaName(e.target.value)} size={14} />
      </label>
      <select aria-label="kind of area" value={type} onChange={(e) => setType(e.target.value as 'land' | 'sea')}>
        <option value="land">land</option>
        <option value="sea">sea</option>
      </select>
      <button disabled={disabled || !id.trim() || !areaName.trim()} onClick={() => void add()}>
        Add area
      </button>
      <Refusal error={error} />
    </span>
  );
}
