// Edits to a map document's text, by the paint tool and by bootstrap-map: only the values changed are
// rewritten, so the rest of the file keeps its layout and a diff shows exactly what changed.
import { applyEdits, modify, parse, type JSONPath } from 'jsonc-parser';
import type { Source } from '../generated/schema-types';
import type { LonLat } from './georef';
import { getAt, parsePointer, toPointer } from '../json/pointer';

const OPTIONS = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };

/** A pointer as the JSON path jsonc-parser wants: array indices as numbers. */
function pathOf(text: string, pointer: string): JSONPath {
  const value = parse(text);
  const segments = parsePointer(pointer);
  return segments.map((s, i) => (Array.isArray(getAt(value, toPointer(segments.slice(0, i)))) ? Number(s) : s));
}

function set(text: string, path: JSONPath, value: unknown): string {
  return applyEdits(text, modify(text, path, value, OPTIONS));
}

/** Sets (or, with undefined, removes) the value at a pointer; missing objects on the way are created. */
export function setAt(text: string, pointer: string, value: unknown): string {
  return set(text, pathOf(text, pointer), value);
}

/** Appends to the array at a pointer, creating the array if it is absent. */
export function appendAt(text: string, pointer: string, value: unknown): string {
  const list = getAt(parse(text), pointer);
  if (!Array.isArray(list)) return setAt(text, pointer, [value]);
  return applyEdits(text, modify(text, [...pathOf(text, pointer), list.length], value, { ...OPTIONS, isArrayInsertion: true }));
}

export interface HexPaint {
  terrain?: string;
  /** null takes the country away. */
  country?: string | null;
}

/** Paints the hex record at `pointer` (created if absent), and gives it `source` as its provenance. */
export function paintHex(text: string, pointer: string, paint: HexPaint, source: Source): string {
  const path = pathOf(text, pointer);
  const existing = getAt(parse(text), pointer);
  if (existing === undefined || existing === null || typeof existing !== 'object') {
    const hex = { ...(paint.terrain ? { terrain: paint.terrain } : {}), ...(paint.country ? { country: paint.country } : {}), source };
    return set(text, path, hex);
  }
  let out = text;
  if (paint.terrain !== undefined) out = set(out, [...path, 'terrain'], paint.terrain);
  if (paint.country !== undefined) out = set(out, [...path, 'country'], paint.country ?? undefined);
  return set(out, [...path, 'source'], source);
}

/**
 * Moves the place at `pointer` to a hex, giving it `source` as the provenance of the place and its location
 * (as the schema has a place's source say), and the country of the hex (`countryOf`, where it has one) when the
 * place has none or had that of the hex it leaves: a country given apart from the hexes stays. Returns the text
 * unchanged when it stands there already.
 */
export function movePlace(text: string, pointer: string, hex: string, source: Source, countryOf: (hex: string) => string | undefined = () => undefined): string {
  const path = pathOf(text, pointer);
  const place = getAt(parse(text), pointer) as { hex?: unknown; country?: unknown } | undefined;
  if (place?.hex === hex) return text;
  const moved = set(set(text, [...path, 'hex'], hex), [...path, 'source'], source);
  const country = countryOf(hex);
  const followsHex = place?.country === undefined || (typeof place.hex === 'string' && place.country === countryOf(place.hex));
  return country !== undefined && followsHex && place?.country !== country ? set(moved, [...path, 'country'], country) : moved;
}

export interface HexsideEntry {
  between: [string, string];
  feature: string;
  source?: Source;
}

const sameSide = (a: unknown, between: [string, string], feature: string) => {
  const e = a as Partial<HexsideEntry> | null;
  const b = e?.between;
  return e?.feature === feature && Array.isArray(b) && ((b[0] === between[0] && b[1] === between[1]) || (b[0] === between[1] && b[1] === between[0]));
};

/**
 * Puts a feature on the side between two hexes, or takes it off, in the hexside list at `pointer`
 * (created when the document has none). Returns the text unchanged if nothing changes.
 */
export function setHexside(text: string, pointer: string, between: [string, string], feature: string, on: boolean, source: Source): string {
  const list = getAt(parse(text), pointer);
  const index = Array.isArray(list) ? list.findIndex((e) => sameSide(e, between, feature)) : -1;
  if (on) return index >= 0 ? text : appendAt(text, pointer, { between, feature, source });
  return index < 0 ? text : set(text, [...pathOf(text, pointer), index], undefined);
}

/** Sets an area's position (its `centroid`, at `pointer`), to a thousandth of a degree (some 100 m: finer than an area map needs). */
export function setCentroid(text: string, pointer: string, at: LonLat): string {
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return setAt(text, pointer, { lat: round(at.lat), lon: round(at.lon) });
}

/** Lists an id in the list at `pointer` (created if absent: an area's adjacency, say), once, or takes it off. Returns the text unchanged if nothing changes. */
export function setListed(text: string, pointer: string, to: string, on: boolean): string {
  const list = getAt(parse(text), pointer);
  const index = Array.isArray(list) ? list.indexOf(to) : -1;
  if (on) return index >= 0 ? text : appendAt(text, pointer, to);
  return index < 0 ? text : set(text, [...pathOf(text, pointer), index], undefined);
}
