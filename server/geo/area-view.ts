// What the map view needs of an area map: each area at its geography (from its centroid, anchors,
// places or outline), its adjacency, the adjacencies the geography suggests, and a backdrop.
import type { Map as GameMap, Source } from '@/engine/generated/schema-types';
import { joinPointer } from '@/engine/json/pointer';
import { adjacencyCandidates, placeAreas, type AdjacencyCandidate, type PlacedFrom } from '@/engine/map/areas';
import type { BBox } from '@/engine/map/raster';
import { backdrop, type BackdropCountry } from './backdrop';
import type { DraftText } from '../drafted-source';
import { countriesOf, draftedMap, editableDocuments, entryDocuments, MapViewError, newEntriesAt, NO_FILES, placeKindsOf, terrainOf, viewPlaces, withNewFrom, withPowers, type MapFiles, type NewAt, type NewFrom, type PlaceKindOffer, type ViewEntry, type ViewPlace, type ViewPower } from './view';

export interface ViewArea {
  id: string;
  name: string;
  type: 'land' | 'sea';
  terrain?: string;
  country?: string;
  adjacent: string[];
  notAdjacent: string[];
  at?: { lat: number; lon: number };
  /** How the position was found; absent for an area the tool cannot place. */
  from?: PlacedFrom;
  polygon?: [number, number][];
  /**
   * Where the area's position, its adjacency lists and its source are written (or would be): each a document (path inside the
   * ruleset, a patch set's where one sets it) and pointer; absent when another ruleset defines the area, or in a game's snapshot.
   */
  writes?: Record<WrittenValue, { document: string; pointer: string }>;
  /** Where the area's record says it comes from. */
  source?: Source;
  notes?: string;
  /**
   * Where else the ruleset's own documents name the area (a setup, a place, a condition, a patch set's path),
   * by document and pointer: what deleting it would leave pointing nowhere. Adjacency lists are not among
   * them: deleting an area takes it off those.
   */
  mentions: { document: string; pointer: string }[];
}

export interface AreaViewData {
  id: string;
  title: string;
  areas: ViewArea[];
  /** Areas with no centroid, anchor, place or outline: they cannot be drawn until one is given. */
  unplaced: string[];
  candidates: AdjacencyCandidate[];
  terrain: Record<string, ViewEntry & { medium?: string }>;
  countries: Record<string, ViewEntry & { power?: string }>;
  /** The map's named places (cities, capitals, ports…): in their area, or, with none given, at their real-world position. */
  places: ViewPlace[];
  /** Where the map opens: around the areas placed, or the world while none is. */
  bbox: BBox;
  backdrop: BackdropCountry[];
  /** Every document an edit may go to, as last saved (draft or file); none in a game's snapshot. */
  documents: Record<string, DraftText>;
  /**
   * Where a new area, named place, country, terrain type or power is written: the object of them in the ruleset's own map document
   * (the powers': its manifest, as a rule); none in a game's snapshot, or where another ruleset defines them.
   */
  newAt: NewAt<'areas' | 'places' | 'countries' | 'terrain' | 'powers'>;
  /** For each of those it has nowhere to add, the other ruleset that gives them (the map editor's). */
  newFrom?: NewFrom<'areas' | 'places' | 'countries' | 'terrain' | 'powers'>;
  /** The kinds offered for a new place's (the map editor's; none in a game's snapshot). */
  placeKinds?: PlaceKindOffer[];
  /** The powers by id, a new country may belong to and a place be made the capital of (the map editor's; none in a game's snapshot). */
  powers?: Record<string, ViewPower>;
  /** The sides by id, with their names, a new power may be on (the map editor's). */
  sides?: Record<string, string>;
}

/** The view of ruleset `id` under `root`, each of its files read from its latest draft where there is one. */
export function areaView(root: string, id: string, draftOf: (path: string) => DraftText | undefined): AreaViewData {
  const { ruleset, files } = draftedMap(root, id, draftOf);
  const view = withNewFrom(withPowers(areaViewOf(id, ruleset.title ?? id, ruleset.map as GameMap | undefined, files, true), ruleset, files), files, ['areas', 'places', 'countries', 'terrain', 'powers']);
  return { ...view, placeKinds: placeKindsOf(ruleset) };
}

/** The values of an area the map editor writes. */
export type WrittenValue = 'record' | 'name' | 'type' | 'terrain' | 'country' | 'notes' | 'centroid' | 'adjacent' | 'notAdjacent' | 'source';
const WRITTEN: WrittenValue[] = ['record', 'name', 'type', 'terrain', 'country', 'notes', 'centroid', 'adjacent', 'notAdjacent', 'source'];

/** Where an area's values are written (`record`: the area itself), when its own ruleset defines it. */
function writesOf(files: MapFiles, id: string): ViewArea['writes'] {
  const at = WRITTEN.map((key) => [key, files.originOf(joinPointer('/map/areas', id, ...(key === 'record' ? [] : [key])))] as const);
  return at.every(([, o]) => o) ? (Object.fromEntries(at) as ViewArea['writes']) : undefined;
}

/**
 * Where the texts name each area, as the schemas refer to one: the value of an `area`, an item of an
 * `areas` list, or a path through it (a patch set's operation). Adjacency lists are not among them.
 */
function mentionsOf(ids: string[], texts: MapFiles['texts']): Map<string, ViewArea['mentions']> {
  const found = new Map(ids.map((id) => [id, [] as ViewArea['mentions']]));
  const walk = (document: string, value: unknown, pointer: string, key: string, listedIn?: string) => {
    if (typeof value === 'string') {
      const id = key === 'area' || listedIn === 'areas' ? value : /^\/map\/areas\/([^/]+)/.exec(value)?.[1];
      if (id !== undefined) found.get(id)?.push({ document, pointer });
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => walk(document, v, joinPointer(pointer, String(i)), '', key));
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(document, v, joinPointer(pointer, k), k);
    }
  };
  for (const [document, { content }] of texts) {
    try {
      walk(document, JSON.parse(content), '', '');
    } catch {
      // A text that is not JSON names nothing here; the workbench reports it.
    }
  }
  return found;
}

const WORLD: BBox = { west: -180, east: 180, south: -60, north: 75 };

/**
 * The view of an area map (`id` and `title` name its ruleset); with `wholeWorld` (the map editor's), its backdrop
 * reaches round the world, coarsely beyond the areas, for the designer to place the next area anywhere.
 */
export function areaViewOf(id: string, title: string, map: GameMap | undefined, files: MapFiles = NO_FILES, wholeWorld = false): AreaViewData {
  if (!map || map.kind !== 'area') throw new MapViewError(`${id} has no area map, or its manifest cannot be read`);
  const { placed, unplaced } = placeAreas(map);
  const at = new Map(placed.map((p) => [p.id, p]));
  const mentions = mentionsOf(Object.keys(map.areas ?? {}), files.texts);
  const newAt = newEntriesAt(files, map, ['areas', 'places', 'countries', 'terrain']);
  const areas = Object.entries(map.areas ?? {}).map(([areaId, a]): ViewArea => ({
    id: areaId,
    name: a.name,
    type: a.type,
    terrain: a.terrain,
    country: a.country,
    adjacent: a.adjacent ?? [],
    notAdjacent: a.notAdjacent ?? [],
    at: at.get(areaId)?.at,
    from: at.get(areaId)?.from,
    polygon: a.polygon?.map((p) => [p.lat, p.lon]),
    writes: writesOf(files, areaId),
    ...(a.source ? { source: a.source } : {}),
    ...(a.notes ? { notes: a.notes } : {}),
    mentions: mentions.get(areaId)!,
  }));
  const terrain = terrainOf(map, files);
  const countries = countriesOf(map, files);
  const places = viewPlaces(map, files);
  // Nothing placed yet: the world, coarsely, for the designer to place the first area on.
  const bbox = placed.length ? aroundPlaced(placed.map((p) => p.at)) : WORLD;
  return {
    id,
    title,
    areas,
    unplaced,
    candidates: adjacencyCandidates(placed, map.areas ?? {}),
    terrain,
    countries,
    places,
    bbox,
    backdrop: placed.length ? aroundAreas(bbox, wholeWorld) : backdrop(WORLD, 0.5),
    documents: editableDocuments(files, [
      ...areas.flatMap((a) => (a.writes ? Object.values(a.writes) : [])),
      ...Object.values(newAt),
      ...places.map((p) => p.kindsAt),
      ...entryDocuments(terrain),
      ...entryDocuments(countries),
    ]),
    newAt,
  };
}

/** The areas' bounds with a margin after their spread (a tenth of their height and width together, a degree at least): a small map opens large enough to work on. */
function aroundPlaced(at: readonly { lat: number; lon: number }[]): BBox {
  const [west, east] = [Math.min(...at.map((p) => p.lon)), Math.max(...at.map((p) => p.lon))];
  const [south, north] = [Math.min(...at.map((p) => p.lat)), Math.max(...at.map((p) => p.lat))];
  const pad = Math.max(1, (east - west + north - south) / 10);
  return { west: west - pad, east: east + pad, south: south - pad, north: north + pad };
}

/** The backdrop around the areas placed, finely; with `wholeWorld`, the rest of the world's countries coarsely. */
function aroundAreas(bbox: BBox, wholeWorld: boolean): BackdropCountry[] {
  const near = backdrop({ west: bbox.west - 15, east: bbox.east + 15, south: bbox.south - 10, north: bbox.north + 10 }, 0.05);
  if (!wholeWorld) return near;
  const drawn = new Set(near.map((c) => c.name));
  return [...backdrop(WORLD, 0.5).filter((c) => !drawn.has(c.name)), ...near];
}
