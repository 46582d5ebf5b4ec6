// Area maps: where each named area lies, and which pairs of areas look adjacent, for a designer
// to accept or reject. Candidates are the Gabriel graph of the areas' positions: a and b are proposed
// when no other area lies within the circle whose diameter is the segment ab.
import type { Area } from '../generated/schema-types';
import { collectAreaAnchors } from './anchors';
import type { Surface } from './classify';
import type { LonLat } from './georef';

export type PlacedFrom = 'centroid' | 'anchor' | 'places' | 'polygon';

export interface PlacedArea {
  id: string;
  at: LonLat;
  from: PlacedFrom;
}

export function placeAreas(map: { areas?: Record<string, Area>; georeference?: unknown; places?: unknown }): { placed: PlacedArea[]; unplaced: string[] } {
  const byArea = new Map<string, LonLat[]>();
  const fromAnchors = new Set<string>();
  for (const a of collectAreaAnchors(map)) {
    byArea.set(a.area, [...(byArea.get(a.area) ?? []), a.at]);
    if (a.pointer.startsWith('/map/georeference/')) fromAnchors.add(a.area);
  }
  const placed: PlacedArea[] = [];
  const unplaced: string[] = [];
  for (const [id, area] of Object.entries(map.areas ?? {})) {
    const points = byArea.get(id);
    if (area.centroid) placed.push({ id, at: area.centroid, from: 'centroid' });
    else if (points?.length) placed.push({ id, at: mean(points), from: fromAnchors.has(id) ? 'anchor' : 'places' });
    else if (area.polygon?.length) placed.push({ id, at: mean(area.polygon), from: 'polygon' });
    else unplaced.push(id);
  }
  return { placed, unplaced };
}

function mean(points: readonly LonLat[]): LonLat {
  const lat = points.reduce((s, p) => s + p.lat, 0) / points.length;
  const lon = points.reduce((s, p) => s + p.lon, 0) / points.length;
  return { lat, lon };
}

export interface AdjacencyCandidate {
  between: [string, string];
  km: number;
  kind: 'land-land' | 'land-sea' | 'sea-sea';
  /** A land-land pair whose straight line crosses a stretch of sea: a strait or a crossing, or no border at all. */
  acrossWater: boolean;
}

const EARTH_KM = 6371;

/** Pairs of placed areas that look adjacent, are not yet listed as such and were not rejected (notAdjacent), nearest first. */
export function adjacencyCandidates(placed: readonly PlacedArea[], areas: Record<string, Area>, surface?: Surface): AdjacencyCandidate[] {
  const lat0 = placed.reduce((s, p) => s + p.at.lat, 0) / Math.max(1, placed.length);
  const k = Math.cos((lat0 * Math.PI) / 180);
  const xy = placed.map((p) => ({ x: p.at.lon * k, y: p.at.lat }));
  const out: AdjacencyCandidate[] = [];
  for (let i = 0; i < placed.length; i++) {
    for (let j = i + 1; j < placed.length; j++) {
      const [a, b] = [placed[i], placed[j]];
      // Listed already, or rejected by the designer: no proposal.
      if ([...(areas[a.id]?.adjacent ?? []), ...(areas[a.id]?.notAdjacent ?? [])].includes(b.id) || [...(areas[b.id]?.adjacent ?? []), ...(areas[b.id]?.notAdjacent ?? [])].includes(a.id)) continue;
      const m = { x: (xy[i].x + xy[j].x) / 2, y: (xy[i].y + xy[j].y) / 2 };
      const r2 = ((xy[i].x - xy[j].x) ** 2 + (xy[i].y - xy[j].y) ** 2) / 4;
      if (xy.some((c, n) => n !== i && n !== j && (c.x - m.x) ** 2 + (c.y - m.y) ** 2 < r2)) continue;
      const types = [areas[a.id]?.type, areas[b.id]?.type];
      const kind = types[0] === 'sea' && types[1] === 'sea' ? 'sea-sea' : types.includes('sea') ? 'land-sea' : 'land-land';
      out.push({ between: [a.id, b.id], km: greatCircleKm(a.at, b.at), kind, acrossWater: kind === 'land-land' && surface !== undefined && seaStretch(a.at, b.at, surface) >= SEA_STRETCH });
    }
  }
  return out.sort((p, q) => p.km - q.km);
}

function greatCircleKm(a: LonLat, b: LonLat): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Samples in a row over sea that make a crossing: one alone may be a bay the line cuts across a coast. */
const SEA_STRETCH = 2;
const SAMPLES = 16;

/** The longest run of samples over sea along the straight line between two points (of SAMPLES − 1 between them). */
function seaStretch(a: LonLat, b: LonLat, surface: Surface): number {
  let run = 0;
  let longest = 0;
  for (let s = 1; s < SAMPLES; s++) {
    const t = s / SAMPLES;
    run = surface.at(a.lon + (b.lon - a.lon) * t, a.lat + (b.lat - a.lat) * t) < 0 ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}
