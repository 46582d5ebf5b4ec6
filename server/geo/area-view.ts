// What the map view needs of an area map: each area at its geography (from its centroid, anchors,
// places or outline), its adjacency, the adjacencies the geography suggests, and a backdrop.
import type { Map as GameMap } from '@/engine/generated/schema-types';
import type { RulesetSource } from '@/engine';
import { loadRuleset } from '@/engine';
import { adjacencyCandidates, placeAreas, type AdjacencyCandidate, type PlacedFrom } from '@/engine/map/areas';
import { backdrop, type BackdropCountry } from './backdrop';
import { MapViewError } from './view';

export interface ViewArea {
  id: string;
  name: string;
  type: 'land' | 'sea';
  terrain?: string;
  country?: string;
  adjacent: string[];
  at?: { lat: number; lon: number };
  /** How the position was found; absent for an area the tool cannot place. */
  from?: PlacedFrom;
  polygon?: [number, number][];
}

export interface AreaViewData {
  id: string;
  title: string;
  areas: ViewArea[];
  /** Areas with no centroid, anchor, place or outline: they cannot be drawn until one is given. */
  unplaced: string[];
  candidates: AdjacencyCandidate[];
  terrain: Record<string, { name: string; color?: string; medium?: string }>;
  countries: Record<string, { name: string; color?: string }>;
  backdrop: BackdropCountry[];
}

export function areaView(source: RulesetSource, id: string): AreaViewData {
  const loaded = loadRuleset(source, id);
  return areaViewOf(id, loaded.ruleset?.title ?? id, loaded.ruleset?.map as GameMap | undefined);
}

/** The view of an area map (`id` and `title` name its ruleset). */
export function areaViewOf(id: string, title: string, map: GameMap | undefined): AreaViewData {
  if (!map || map.kind !== 'area') throw new MapViewError(`${id} has no area map, or its manifest cannot be read`);
  const { placed, unplaced } = placeAreas(map);
  const at = new Map(placed.map((p) => [p.id, p]));
  const areas = Object.entries(map.areas ?? {}).map(([areaId, a]): ViewArea => ({
    id: areaId,
    name: a.name,
    type: a.type,
    terrain: a.terrain,
    country: a.country,
    adjacent: a.adjacent ?? [],
    at: at.get(areaId)?.at,
    from: at.get(areaId)?.from,
    polygon: a.polygon?.map((p) => [p.lat, p.lon]),
  }));
  const lats = placed.map((p) => p.at.lat);
  const lons = placed.map((p) => p.at.lon);
  const bbox = placed.length
    ? { west: Math.min(...lons) - 5, east: Math.max(...lons) + 5, south: Math.min(...lats) - 5, north: Math.max(...lats) + 5 }
    : undefined;
  return {
    id,
    title,
    areas,
    unplaced,
    candidates: adjacencyCandidates(placed, map.areas ?? {}),
    terrain: Object.fromEntries(Object.entries(map.terrain ?? {}).map(([k, t]) => [k, { name: t.name, color: t.color, medium: t.medium }])),
    countries: Object.fromEntries(Object.entries(map.countries ?? {}).map(([k, c]) => [k, { name: c.name, color: c.color }])),
    backdrop: bbox ? backdrop(bbox, 0.05) : [],
  };
}
