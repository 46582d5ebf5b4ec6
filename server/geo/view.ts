// What the map view needs of a ruleset: its hexes with the document each comes from (drafts included),
// the georeference to draw them with, the anchors' residuals, and a Natural Earth backdrop.
import { loadRuleset } from '@/engine';
import type { Map as GameMap, ResolvedRuleset, Source } from '@/engine/generated/schema-types';
import { joinPointer } from '@/engine/json/pointer';
import { collectAnchors } from '@/engine/map/anchors';
import { fitGrid, FitError, type FitResult } from '@/engine/map/fit';
import { extentBBox, makeGeoref } from '@/engine/map/georef';
import { offsetsFor, parseHex, type Extent, type GridSpec } from '@/engine/map/grid';
import { describeOutlier } from '@/engine/map/report';
import { placeKindsRead, placesByKind } from '@/engine/lint/place-kinds';
import { checkTransform, type Transform } from '@/engine/map/transform';
import { draftedOver, type DraftText } from '../drafted-source';
import { backdrop, type BackdropCountry } from './backdrop';
import { terrainFills, type TerrainFill } from './terrain-fills';
import { MANIFEST } from '@/engine/schema/kinds';

export interface ViewHex {
  terrain?: string;
  country?: string;
  features?: string[];
  source?: string;
  /** The document (path inside the ruleset) and pointer that define the hex; absent when another ruleset does. */
  at?: { document: string; pointer: string };
  /** What the source does not give of it (its terrain, where the text names the hex but not what it is). */
  gaps?: { gap: string; rule?: string }[];
  /** Where it has no terrain, the optional patch set that gives it one (the map editor's). */
  fill?: TerrainFill;
}

export interface ViewAnchor {
  label: string;
  hex: string;
  pointer: string;
  lat: number;
  lon: number;
  residual: number;
  predicted?: string;
  outlier: boolean;
  message?: string;
  /** Where its hex is written in the ruleset's own documents (none when another ruleset gives it). */
  written?: { document: string; line: number; column: number };
}

export interface ViewPlace {
  id: string;
  name: string;
  kinds: string[];
  /** Its hex on a hex map, its area on an area map. */
  hex?: string;
  area?: string;
  /** The country it stands in, where the data give one. */
  country?: string;
  at?: { lat: number; lon: number };
  /** Where its kinds are written (or would be) in the ruleset's own documents: absent when another ruleset gives the place, or in a game's snapshot. */
  kindsAt?: WrittenAt;
}

/** Where a value is written in the ruleset's own documents: a document (path inside the ruleset) and pointer. */
export interface WrittenAt {
  document: string;
  pointer: string;
}

/** A map's named places as both views give them; with `files`, where each one's kinds are written. */
export function viewPlaces(map: GameMap, files: MapFiles = NO_FILES): ViewPlace[] {
  return Object.entries(map.places ?? {}).map(([id, p]) => {
    const kindsAt = files.originOf(joinPointer('/map/places', id, 'kinds'));
    return {
      id,
      name: p.name,
      kinds: p.kinds ?? [],
      ...(p.hex ? { hex: p.hex } : {}),
      ...(p.area ? { area: p.area } : {}),
      ...(p.country ? { country: p.country } : {}),
      ...(p.at ? { at: { lat: p.at.lat, lon: p.at.lon } } : {}),
      ...(kindsAt ? { kindsAt } : {}),
    };
  });
}

/**
 * A terrain type or country as the map editors show it, with where its name, colour and source are written (or would be) in
 * the ruleset's own documents, for the editor to rename and recolour it there: absent when another ruleset gives it, or in a game's snapshot.
 */
export interface ViewEntry {
  name: string;
  color?: string;
  source?: Source;
  writes?: Record<'name' | 'color' | 'source', WrittenAt>;
}

/** Where an entry's (a terrain type's, a country's) name, colour and source are written, when all are in the ruleset's own documents. */
function entryWrites(files: MapFiles, pointer: string): ViewEntry['writes'] {
  const at = (['name', 'color', 'source'] as const).map((key) => [key, files.originOf(joinPointer(pointer, key))] as const);
  return at.every(([, o]) => o) ? (Object.fromEntries(at) as ViewEntry['writes']) : undefined;
}

const entryOf = (files: MapFiles, pointer: string, e: { name: string; color?: string; source?: Source }): ViewEntry => {
  const writes = entryWrites(files, pointer);
  return { name: e.name, ...(e.color ? { color: e.color } : {}), ...(e.source ? { source: e.source } : {}), ...(writes ? { writes } : {}) };
};

/** A map's terrain types as both views give them. */
export const terrainOf = (map: GameMap, files: MapFiles = NO_FILES): Record<string, ViewEntry & { medium?: string }> =>
  Object.fromEntries(Object.entries(map.terrain ?? {}).map(([k, t]) => [k, { ...entryOf(files, joinPointer('/map/terrain', k), t), ...(t.medium ? { medium: t.medium } : {}) }]));

/** A map's countries as both views give them, each with the power it belongs to. */
export const countriesOf = (map: GameMap, files: MapFiles = NO_FILES): Record<string, ViewEntry & { power?: string }> =>
  Object.fromEntries(Object.entries(map.countries ?? {}).map(([k, c]) => [k, { ...entryOf(files, joinPointer('/map/countries', k), c), ...(c.power ? { power: c.power } : {}) }]));

/** Where entries' names, colours and sources are written: documents their edits go to. */
export const entryDocuments = (entries: Record<string, ViewEntry>) => Object.values(entries).flatMap((e) => (e.writes ? Object.values(e.writes) : []));

/** A power as the map editors show it: for a new country to belong to, and a place to be made its capital. */
export interface ViewPower {
  name: string;
  color?: string;
  side?: string | null;
  /** The place id of its capital, or of its capitals where it has several. */
  capital?: string | string[];
  /** The map countries it lists as making it up (a country may name its power instead). */
  countries?: string[];
  source?: Source;
  /**
   * Where its capital and source are written (or would be) in the ruleset's own documents, and its list of countries where
   * that is too; absent when another ruleset gives the power.
   */
  writes?: { capital: WrittenAt; source: WrittenAt; countries?: WrittenAt };
}

/**
 * A ruleset's powers and sides as the map editors show them, and where a new power is written: where the ruleset's own
 * documents write its powers, or, while it has none, its manifest; nowhere when another ruleset gives them (a variant's
 * own manifest listing powers would replace those it extends).
 */
function powersOf(ruleset: Pick<ResolvedRuleset, 'powers' | 'sides'>, files: MapFiles): { powers: Record<string, ViewPower>; sides: Record<string, string>; newAt: NewAt<'powers'> } {
  const powers = Object.fromEntries(
    Object.entries(ruleset.powers ?? {}).map(([id, p]): [string, ViewPower] => {
      const capital = files.originOf(joinPointer('/powers', id, 'capital'));
      const source = files.originOf(joinPointer('/powers', id, 'source'));
      const countries = files.originOf(joinPointer('/powers', id, 'countries'));
      return [
        id,
        {
          name: p.name,
          ...(p.color ? { color: p.color } : {}),
          side: p.side ?? null,
          ...(p.capital !== undefined ? { capital: p.capital } : {}),
          ...(p.countries?.length ? { countries: p.countries } : {}),
          ...(p.source ? { source: p.source } : {}),
          ...(capital && source ? { writes: { capital, source, ...(countries ? { countries } : {}) } } : {}),
        },
      ];
    }),
  );
  const at = ruleset.powers !== undefined ? files.originOf('/powers') : files.texts.has(MANIFEST) ? { document: MANIFEST, pointer: '/powers' } : undefined;
  return { powers, sides: Object.fromEntries(Object.entries(ruleset.sides ?? {}).map(([id, s]) => [id, s.name])), newAt: at ? { powers: at } : {} };
}

/**
 * A map editor's view (the hex map's or the area map's) with the ruleset's powers and sides (powersOf), where a new power is
 * written, and the documents a power's edits go to: where each power's capital and source are written, and a new power.
 */
export function withPowers<V extends { newAt: NewAt<string>; documents: Record<string, DraftText> }>(view: V, ruleset: Pick<ResolvedRuleset, 'powers' | 'sides'>, files: MapFiles): V & { powers: Record<string, ViewPower>; sides: Record<string, string> } {
  const { powers, sides, newAt } = powersOf(ruleset, files);
  const documents = editableDocuments(files, [...Object.values(powers).flatMap((p) => (p.writes ? Object.values(p.writes) : [])), newAt.powers]);
  return { ...view, powers, sides, newAt: { ...view.newAt, ...newAt }, documents: { ...view.documents, ...documents } };
}

/** A kind offered for a new place's: how many of the map's places have it, and whether some rule reads it. */
export interface PlaceKindOffer {
  id: string;
  places: number;
  read: boolean;
}

/** The kinds the map's places have and those rules read (capital, production…), by id, offered for a new place's. */
export function placeKindsOf(ruleset: ResolvedRuleset): PlaceKindOffer[] {
  const places = placesByKind(ruleset.map);
  const read = placeKindsRead(ruleset);
  return [...new Set([...places.keys(), ...read])].sort().map((id) => ({ id, places: places.get(id) ?? 0, read: read.has(id) }));
}

/** Where the map editor writes a new entry of each of some kinds (areas, places, countries, terrain types, powers): absent where it cannot. */
export type NewAt<K extends string> = Partial<Record<K, { document: string; pointer: string }>>;

/**
 * Where a new area, place, country or terrain type goes: where those are written in the ruleset's own documents, or, while the
 * map has none, its first document of its own; nowhere when another ruleset writes them, or in a game's snapshot.
 */
export function newEntriesAt<K extends 'areas' | 'places' | 'countries' | 'terrain'>(files: MapFiles, map: GameMap, keys: readonly K[]): NewAt<K> {
  const first = files.mapDocuments[0];
  const at = (pointer: string, written: boolean) => (written ? files.originOf(pointer) : first !== undefined && files.texts.has(first) ? { document: first, pointer } : undefined);
  const found: NewAt<K> = {};
  for (const key of keys) {
    const where = at(`/map/${key}`, map[key] !== undefined);
    if (where) found[key] = where;
  }
  return found;
}

export interface MapViewData {
  id: string;
  title: string;
  grid: GridSpec;
  extent: Extent;
  georef: { transform: Transform; projection: string; stored: boolean };
  fit: { projection: string; kind: string; rms: number; threshold: number; anchors: ViewAnchor[] } | { error: string };
  terrain: Record<string, ViewEntry & { medium?: string }>;
  countries: Record<string, ViewEntry & { power?: string }>;
  features: Record<string, { name: string; on: string; medium?: 'land' | 'sea' }>;
  hexes: Record<string, ViewHex>;
  hexsides: { between: [string, string]; feature: string; source?: string; index: number }[];
  /**
   * The map's named places (cities, capitals, ports…): at their hex, or, with none given, at their real-world position;
   * each with where it is written where the map editor may move it (the place and its hex written in one place of the
   * ruleset's own documents).
   */
  places: (ViewPlace & { written?: { document: string; pointer: string } })[];
  /** Where new hexes and hexside features are written; absent when the ruleset has no map document of its own. */
  home: { hexes?: string; hexsides?: string; hexsidesExist: boolean };
  /** Where a new place, country, terrain type or power is written. */
  newAt: NewAt<'places' | 'countries' | 'terrain' | 'powers'>;
  /** For each of those it has nowhere to add, the other ruleset that gives them (the map editor's). */
  newFrom?: NewFrom<'places' | 'countries' | 'terrain' | 'powers'>;
  /** The powers by id, a new country may belong to and a place be made the capital of (the map editor's; none in a game's snapshot). */
  powers?: Record<string, ViewPower>;
  /** The sides by id, with their names, a new power may be on (the map editor's). */
  sides?: Record<string, string>;
  /** The kinds offered for a new place's (the map editor's; none in a game's snapshot). */
  placeKinds?: PlaceKindOffer[];
  /** Every document an edit may go to, as last saved (draft or file). */
  documents: Record<string, DraftText>;
  backdrop: BackdropCountry[];
}

export class MapViewError extends Error {
  override name = 'MapViewError';
}

/** Builds the view of ruleset `id` under `root`, reading each of its files' latest draft where there is one. */
export function mapView(root: string, id: string, draftOf: (path: string) => DraftText | undefined): MapViewData {
  const { ruleset, files, source } = draftedMap(root, id, draftOf);
  const view = withNewFrom(withPowers(hexView(id, ruleset.title, ruleset.map as GameMap | undefined, files), ruleset, files), files, ['places', 'countries', 'terrain', 'powers']);
  for (const [hex, fill] of Object.entries(terrainFills(source, id, ruleset))) view.hexes[hex] = { ...view.hexes[hex], fill };
  return { ...view, placeKinds: placeKindsOf(ruleset) };
}

/**
 * Ruleset `id` under `root` as last saved, each of its files read from its latest draft where there is one,
 * with where its map's values are written for a map view to edit them there.
 */
export function draftedMap(root: string, id: string, draftOf: (path: string) => DraftText | undefined) {
  const texts = new Map<string, DraftText>();
  const source = draftedOver(root, id, draftOf, (path, text) => texts.set(path, text));
  const loaded = loadRuleset(source, id);
  if (!loaded.ruleset) throw new MapViewError(`${id} has no map document, or its manifest cannot be read`);
  const local = (document: string) => (document.startsWith(`${id}/`) ? document.slice(id.length + 1) : undefined);
  const originOf = (pointer: string) => {
    const o = loaded.origins.find(pointer);
    const document = o && local(o.document);
    return document && o ? { document, pointer: o.pointer } : undefined;
  };
  const whereIs = (pointer: string) => {
    const o = originOf(pointer);
    const doc = o && loaded.documents.get(`${id}/${o.document}`);
    return o && doc ? { document: o.document, ...doc.position(doc.offsetOf(o.pointer)) } : undefined;
  };
  const rulesetOf = (pointer: string) => {
    const document = loaded.origins.find(pointer)?.document;
    const other = document?.slice(0, document.indexOf('/'));
    if (!other || other === id) return undefined;
    const title = (loaded.documents.get(`${other}/${MANIFEST}`)?.value as { title?: unknown } | undefined)?.title;
    return { id: other, title: typeof title === 'string' ? title : other };
  };
  const files: MapFiles = { originOf, whereIs, rulesetOf, texts, mapDocuments: listOf(loaded.ruleset.documents?.map) };
  return { ruleset: loaded.ruleset, files, source };
}

/** Where a map's values are written, for a map view to edit them there: a game's snapshot has none. */
export interface MapFiles {
  originOf(pointer: string): { document: string; pointer: string } | undefined;
  /** Where in its document a value is written, for a link that opens it in the workbench. */
  whereIs(pointer: string): { document: string; line: number; column: number } | undefined;
  /** The other ruleset (one this one extends) whose documents write a value, if another does. */
  rulesetOf(pointer: string): OtherRuleset | undefined;
  /** Each document read, as last saved. */
  texts: Map<string, DraftText>;
  mapDocuments: string[];
}
export const NO_FILES: MapFiles = { originOf: () => undefined, whereIs: () => undefined, rulesetOf: () => undefined, texts: new Map(), mapDocuments: [] };

/** A ruleset by its id and title. */
export interface OtherRuleset {
  id: string;
  title: string;
}

/** Where a kind of entry the map editor cannot add is written: the ruleset that gives them, for a form's place to name it. */
export type NewFrom<K extends string> = Partial<Record<K, OtherRuleset>>;

/**
 * A map editor's view with, for each kind of entry (areas, places, countries, terrain types, powers) it has nowhere to
 * add, the other ruleset whose documents write them: a variant's come from the ruleset it extends.
 */
export function withNewFrom<K extends string, V extends { newAt: NewAt<K> }>(view: V, files: MapFiles, kinds: readonly K[]): V & { newFrom: NewFrom<K> } {
  const pointerOf = (kind: string) => (kind === 'powers' ? '/powers' : `/map/${kind}`);
  const newFrom: NewFrom<K> = {};
  for (const kind of kinds) {
    const other = view.newAt[kind] ? undefined : files.rulesetOf(pointerOf(kind));
    if (other) newFrom[kind] = other;
  }
  return { ...view, newFrom };
}

/** The texts of the documents an edit may go to: the map's documents and those the given values come from. */
export function editableDocuments({ texts, mapDocuments }: MapFiles, origins: readonly ({ document: string } | undefined)[]): Record<string, DraftText> {
  const documents: Record<string, DraftText> = {};
  for (const path of new Set([...mapDocuments, ...origins.flatMap((o) => (o ? [o.document] : []))])) {
    const text = texts.get(path);
    if (text) documents[path] = text;
  }
  return documents;
}

/** The view of a hex map (`id` and `title` name its ruleset), with where each hex is written when `files` says. */
export function hexView(id: string, title: string, map: GameMap | undefined, files: MapFiles = NO_FILES): MapViewData {
  if (!map) throw new MapViewError(`${id} has no map document, or its manifest cannot be read`);
  if (map.kind !== 'hex' || !map.grid?.orientation || !map.grid.columnDigits || !map.grid.rowDigits) {
    throw new MapViewError(
      map.kind === 'hex'
        ? `${id}'s hex map does not state its grid yet (map.grid: orientation, columnDigits and rowDigits): give them in the workbench, or make it an area map ("kind": "area")`
        : `${id}'s map is not a hex grid with a stated orientation and digit counts; the map view draws hex maps`,
    );
  }
  const g = map.grid;
  const numbering = { orientation: g.orientation, columnDigits: g.columnDigits, rowDigits: g.rowDigits, offset: g.offset };

  let fit: FitResult | undefined;
  let fitError: string | undefined;
  try {
    fit = fitGrid(numbering, collectAnchors(map));
  } catch (err) {
    if (!(err instanceof FitError)) throw err;
    fitError = err.message;
  }
  const grid: GridSpec = { ...numbering, offset: g.offset ?? fit?.grid.offset ?? offsetsFor(g.orientation)[0] };
  const stored = map.georeference?.transform;
  const georef =
    stored && stored.projection && !checkTransform(stored)
      ? { transform: { kind: stored.kind, coefficients: stored.coefficients }, projection: stored.projection, stored: true }
      : fit
        ? { transform: fit.transform, projection: fit.projection, stored: false }
        : undefined;
  if (!georef) throw new MapViewError(`${id}'s map has no georeference: ${fitError} (then run bootstrap-map)`);
  const extent = extentOf(map, grid, fit);

  const { originOf, mapDocuments } = files;
  const hexes: Record<string, ViewHex> = {};
  for (const [key, h] of Object.entries(map.hexes ?? {})) {
    const gaps = h.gaps?.map(({ gap, rule }) => ({ gap, ...(rule ? { rule } : {}) }));
    hexes[key] = { terrain: h.terrain, country: h.country, features: h.features, source: h.source?.kind, at: originOf(joinPointer('/map/hexes', key)), ...(gaps?.length ? { gaps } : {}) };
  }
  const hexHome = originOf('/map/hexes')?.document ?? mapDocuments[0];
  const hexsidesHome = originOf('/map/hexsides')?.document ?? hexHome;
  const places = viewPlaces(map, files).map((p): MapViewData['places'][number] => {
    const written = originOf(joinPointer('/map/places', p.id));
    const hex = originOf(joinPointer('/map/places', p.id, 'hex'));
    return written && hex?.document === written.document && hex.pointer === joinPointer(written.pointer, 'hex') ? { ...p, written } : p;
  });
  const newAt = newEntriesAt(files, map, ['places', 'countries', 'terrain']);
  const terrain = terrainOf(map, files);
  const countries = countriesOf(map, files);
  const documents = editableDocuments(files, [...Object.values(hexes).map((h) => h.at), ...places.flatMap((p) => [p.written, p.kindsAt]), ...Object.values(newAt), ...entryDocuments(terrain), ...entryDocuments(countries)]);

  const { bbox, hexDegrees } = extentBBox(makeGeoref(grid, georef.transform, georef.projection), extent);
  return {
    id,
    title,
    grid,
    extent,
    georef,
    fit: fit
      ? {
          projection: fit.projection,
          kind: fit.transform.kind,
          rms: fit.rms,
          threshold: fit.threshold,
          anchors: fit.residuals.map((r) => ({
            label: r.anchor.label,
            hex: r.anchor.hex,
            pointer: r.anchor.pointer,
            lat: r.anchor.at.lat,
            lon: r.anchor.at.lon,
            residual: Number.isFinite(r.residual) ? r.residual : 999,
            predicted: r.predicted,
            outlier: r.outlier,
            message: r.outlier ? describeOutlier(r, fit) : undefined,
            written: files.whereIs(r.anchor.pointer),
          })),
        }
      : { error: fitError ?? 'no fit' },
    terrain,
    countries,
    features: Object.fromEntries(Object.entries(map.features ?? {}).map(([k, f]) => [k, { name: f.name, on: f.on, ...(f.medium ? { medium: f.medium } : {}) }])),
    hexes,
    hexsides: (map.hexsides ?? []).map((s, index) => ({ between: [s.between[0], s.between[1]], feature: s.feature, source: s.source?.kind, index })),
    places,
    home: { hexes: hexHome, hexsides: hexsidesHome, hexsidesExist: map.hexsides !== undefined },
    newAt,
    documents,
    backdrop: backdrop(bbox, hexDegrees / 10),
  };
}

const listOf = (v: string | string[] | undefined) => (typeof v === 'string' ? [v] : (v ?? []));

/** The grid's stated extent, else the hexes' own, else the anchors'. */
function extentOf(map: GameMap, grid: GridSpec, fit: FitResult | undefined): Extent {
  if (map.grid?.columns && map.grid.rows) return { columns: map.grid.columns, rows: map.grid.rows };
  const at = [...Object.keys(map.hexes ?? {}), ...(fit?.residuals.map((r) => r.anchor.hex) ?? [])].flatMap((k) => parseHex(k, grid) ?? []);
  if (!at.length) throw new MapViewError('the map has no extent (map.grid.columns and rows), no hexes and no anchors to draw');
  const cols = at.map((h) => h.col);
  const rows = at.map((h) => h.row);
  return { columns: { first: Math.min(...cols), last: Math.max(...cols) }, rows: { first: Math.min(...rows), last: Math.max(...rows) } };
}
