// Hex outlines and hit testing in lon/lat, from the view's georeference (pure engine geometry).
import { gridToLonLat, hexCenterLonLat, hexOutline, lonLatToGrid, makeGeoref, type Georef } from '@/engine/map/georef';
import { formatHex, hexAt, hexCenter, hexCorners, hexesIn, neighbours, parseHex, type ColRow, type GridSpec, type Point } from '@/engine/map/grid';
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

/** A hexside a click names: the two hexes it lies between, or why the click names none. */
export type SideUnder = { between: [string, string] } | { hex: string; why: 'middle' | 'corner' | 'edge' };

/**
 * The side of the hex under a grid point that the point lies near: within a fifth of a hex's width of it and
 * clear of its corners (where two sides meet, a click could mean either). Neighbouring centres are one unit
 * apart, so a side lies half a unit from its hex's centre and is 1/√3 long.
 */
export function sideAt(p: Point, grid: GridSpec): { between: [ColRow, ColRow] } | { hex: ColRow; why: 'middle' | 'corner' } {
  const hex = hexAt(p, grid);
  const c = hexCenter(hex, grid);
  const [best] = neighbours(hex, grid)
    .map((n) => {
      const q = hexCenter(n, grid);
      const [ux, uy] = [q.x - c.x, q.y - c.y];
      const [dx, dy] = [p.x - c.x, p.y - c.y];
      // How far towards the neighbour (0.5 on the side), and how far along the side from its middle (±0.29 at the corners).
      return { n, towards: dx * ux + dy * uy, along: dy * ux - dx * uy };
    })
    .sort((a, b) => b.towards - a.towards);
  if (best.towards < 0.3) return { hex, why: 'middle' };
  if (Math.abs(best.along) > 0.2) return { hex, why: 'corner' };
  return { between: [hex, best.n] };
}

/** The hexside a click at a point names, by its two hexes' numbers, or why it names none. */
export function sideUnder(view: Pick<MapViewData, 'grid' | 'extent'>, georef: Georef, lat: number, lon: number): SideUnder | undefined {
  const p = lonLatToGrid(georef, { lat, lon });
  const key = hexUnder(view, georef, lat, lon);
  if (!p || !key) return undefined;
  const side = sideAt(p, view.grid);
  if ('why' in side) return { hex: key, why: side.why };
  const other = onBoard(view, side.between[1]);
  return other ? { between: [key, other] } : { hex: key, why: 'edge' };
}

function onBoard(view: Pick<MapViewData, 'grid' | 'extent'>, hex: ColRow): string | undefined {
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

/**
 * The neighbour the arrow points at on screen, whatever the grid's orientation and fit: among those within
 * 60° of the arrow, the one keeping the row (left, right) or column (up, down) when one does, so that
 * holding an arrow goes straight across a hex grid's zigzag; else the nearest in direction.
 */
export function neighbourToward(key: string, arrow: [number, number], neighbours: readonly { key: string; x: number; y: number }[], at: { x: number; y: number }, keeps: (a: string, b: string) => boolean): string | undefined {
  const scored = neighbours
    .map((n) => {
      const [dx, dy] = [n.x - at.x, n.y - at.y];
      const length = Math.hypot(dx, dy) || 1;
      return { key: n.key, cos: (dx * arrow[0] + dy * arrow[1]) / length };
    })
    .filter((n) => n.cos > 0.49)
    .sort((a, b) => b.cos - a.cos);
  return (scored.find((n) => keeps(key, n.key)) ?? scored[0])?.key;
}
