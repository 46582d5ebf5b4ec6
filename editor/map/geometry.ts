// Hex outlines and hit testing in lon/lat, from the view's georeference (pure engine geometry).
import { gridToLonLat, hexCenterLonLat, hexOutline, lonLatToGrid, makeGeoref, type Georef } from '@/engine/map/georef';
import { formatHex, hexAt, hexCenter, hexCorners, hexesIn, parseHex } from '@/engine/map/grid';
import type { MapViewData } from './types';

export interface HexCell {
  key: string;
  /** [lat, lon] corners, Leaflet's order. */
  outline: [number, number][];
}

export function georefOf(view: Pick<MapViewData, 'grid' | 'georef'>): Georef {
  return makeGeoref(view.grid, view.georef.transform, view.georef.projection);
}

export function hexCells(view: Pick<MapViewData, 'grid' | 'extent'>, georef: Georef): HexCell[] {
  const cells: HexCell[] = [];
  for (const hex of hexesIn(view.extent)) {
    const key = formatHex(hex, view.grid);
    const outline = hexOutline(georef, hex);
    if (key && outline) cells.push({ key, outline: outline.map((p) => [p.lat, p.lon]) });
  }
  return cells;
}

/** The number of the hex under a point, if it is on the board. */
export function hexUnder(view: Pick<MapViewData, 'grid' | 'extent'>, georef: Georef, lat: number, lon: number): string | undefined {
  const p = lonLatToGrid(georef, { lat, lon });
  if (!p) return undefined;
  const hex = hexAt(p, view.grid);
  const { columns, rows } = view.extent;
  if (hex.col < columns.first || hex.col > columns.last || hex.row < rows.first || hex.row > rows.last) return undefined;
  return formatHex(hex, view.grid);
}

export function hexCentre(view: Pick<MapViewData, 'grid'>, georef: Georef, key: string): [number, number] | undefined {
  const hex = parseHex(key, view.grid);
  const c = hex && hexCenterLonLat(georef, hex);
  return c && [c.lat, c.lon];
}

/** The side two neighbouring hexes share, as a [lat, lon] segment. */
export function sharedSide(view: Pick<MapViewData, 'grid'>, georef: Georef, a: string, b: string): [number, number][] | undefined {
  const ha = parseHex(a, view.grid);
  const hb = parseHex(b, view.grid);
  if (!ha || !hb) return undefined;
  const target = hexCenter(hb, view.grid);
  const nearest = hexCorners(ha, view.grid)
    .map((c) => ({ c, d: Math.hypot(c.x - target.x, c.y - target.y) }))
    .sort((p, q) => p.d - q.d)
    .slice(0, 2);
  const ends = nearest.map(({ c }) => gridToLonLat(georef, c));
  return ends.every((e) => e !== undefined) ? ends.map((e) => [e!.lat, e!.lon] as [number, number]) : undefined;
}
