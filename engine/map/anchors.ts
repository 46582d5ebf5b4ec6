// The anchors of a map: places with both a hex number and a real-world position, and the
// georeference's own anchors. Read defensively, because a map with schema errors is still linted.
import type { Source } from '../generated/schema-types';
import { joinPointer } from '../json/pointer';
import type { LonLat } from './georef';
import { isRecord } from '../json/record';

export interface AnchorPoint {
  /** Pointer to the hex number in the resolved ruleset, e.g. /map/places/cairo/hex. */
  pointer: string;
  /** What a person calls it: the place's name, or the anchor's. */
  label: string;
  hex: string;
  at: LonLat;
  source?: Source;
}


function lonLat(v: unknown): LonLat | undefined {
  if (!isRecord(v) || typeof v.lat !== 'number' || typeof v.lon !== 'number') return undefined;
  if (Math.abs(v.lat) > 90 || Math.abs(v.lon) > 180) return undefined;
  return { lat: v.lat, lon: v.lon };
}

const sourceOf = (v: unknown) => (isRecord(v) && typeof v.kind === 'string' ? (v as unknown as Source) : undefined);

/** Area anchors: an area id and where it is. */
export interface AreaAnchor {
  pointer: string;
  area: string;
  at: LonLat;
}

/** Anchors (places with a hex, the georeference's anchors) whose position is given but is no place on the earth: left out of a fit, to be named. */
export function offEarthAnchors(map: unknown): string[] {
  const m = isRecord(map) ? map : {};
  const off = (name: string, at: unknown) => (isRecord(at) && typeof at.lat === 'number' && typeof at.lon === 'number' && !lonLat(at) ? [`${name} (lat ${at.lat}, lon ${at.lon})`] : []);
  const places = Object.entries(isRecord(m.places) ? m.places : {}).flatMap(([id, p]) => (isRecord(p) && typeof p.hex === 'string' ? off(typeof p.name === 'string' ? p.name : id, p.at) : []));
  const anchors = isRecord(m.georeference) && Array.isArray(m.georeference.anchors) ? m.georeference.anchors : [];
  return [...places, ...anchors.flatMap((a, i) => (isRecord(a) && typeof a.hex === 'string' ? off(typeof a.name === 'string' ? a.name : `anchor ${i}`, a.at) : []))];
}

export function collectAnchors(map: unknown): AnchorPoint[] {
  const m = isRecord(map) ? map : {};
  const places = isRecord(m.places) ? m.places : {};
  const out: AnchorPoint[] = [];
  const placeAnchors = new Map<string, { hex: string }>();
  for (const [id, place] of Object.entries(places)) {
    if (!isRecord(place) || typeof place.hex !== 'string') continue;
    const at = lonLat(place.at);
    if (!at) continue;
    placeAnchors.set(id, { hex: place.hex });
    out.push({ pointer: joinPointer('/map/places', id, 'hex'), label: typeof place.name === 'string' ? place.name : id, hex: place.hex, at, source: sourceOf(place.source) });
  }
  const anchors = isRecord(m.georeference) && Array.isArray(m.georeference.anchors) ? m.georeference.anchors : [];
  anchors.forEach((a, i) => {
    if (!isRecord(a) || typeof a.hex !== 'string') return;
    const at = lonLat(a.at);
    if (!at) return;
    const place = typeof a.place === 'string' ? a.place : undefined;
    // The same pairing stated twice would count double; a different hex for the same place is a conflict to show.
    if (place && placeAnchors.get(place)?.hex === a.hex) return;
    const placeName = place && isRecord(places[place]) && typeof places[place].name === 'string' ? (places[place].name as string) : undefined;
    const label = typeof a.name === 'string' ? a.name : (placeName ?? place ?? `anchor ${i}`);
    out.push({ pointer: joinPointer('/map/georeference/anchors', i, 'hex'), label, hex: a.hex, at, source: sourceOf(a.source) });
  });
  return out;
}

export function collectAreaAnchors(map: unknown): AreaAnchor[] {
  const m = isRecord(map) ? map : {};
  const anchors = isRecord(m.georeference) && Array.isArray(m.georeference.anchors) ? m.georeference.anchors : [];
  const out: AreaAnchor[] = [];
  anchors.forEach((a, i) => {
    const at = isRecord(a) ? lonLat(a.at) : undefined;
    if (isRecord(a) && typeof a.area === 'string' && at) out.push({ pointer: joinPointer('/map/georeference/anchors', i, 'area'), area: a.area, at });
  });
  const places = isRecord(m.places) ? m.places : {};
  for (const [id, place] of Object.entries(places)) {
    const at = isRecord(place) ? lonLat(place.at) : undefined;
    if (isRecord(place) && typeof place.area === 'string' && at) out.push({ pointer: joinPointer('/map/places', id, 'area'), area: place.area, at });
  }
  return out;
}
