// A board tied to the earth: grid numbering, the fitted transform, and the projection it targets.
import { hexCenter, hexCorners, hexesIn, type ColRow, type Extent, type GridSpec, type Point } from './grid';
import type { BBox } from './raster';
import { projectionFromName, type Projection } from './projection';
import { apply, checkTransform, invert, type Transform } from './transform';
import { FitError } from './fit';

export interface LonLat {
  lon: number;
  lat: number;
}

export interface Georef {
  grid: GridSpec;
  transform: Transform;
  projection: Projection;
}

export function makeGeoref(grid: GridSpec, transform: Transform, projection: string): Georef {
  const problem = checkTransform(transform);
  if (problem) throw new Error(problem);
  return { grid, transform, projection: projectionFromName(projection) };
}

export function gridToLonLat(g: Georef, p: Point): LonLat | undefined {
  const q = apply(g.transform, p);
  return g.projection.invert(q.x, q.y);
}

/** Where a real-world point falls in grid coordinates; `guess` speeds up a quadratic transform's inversion. */
export function lonLatToGrid(g: Georef, at: LonLat, guess?: Point): Point | undefined {
  const q = g.projection.project(at.lon, at.lat);
  return q && invert(g.transform, q, guess);
}

export function hexCenterLonLat(g: Georef, hex: ColRow): LonLat | undefined {
  return gridToLonLat(g, hexCenter(hex, g.grid));
}

/** A hex's outline in lon/lat, or undefined if a corner falls off the projection. */
export function hexOutline(g: Georef, hex: ColRow): LonLat[] | undefined {
  const out: LonLat[] = [];
  for (const c of hexCorners(hex, g.grid)) {
    const ll = gridToLonLat(g, c);
    if (!ll) return undefined;
    out.push(ll);
  }
  return out;
}


/** The lon/lat box around an extent's hexes, and roughly how many degrees of latitude a hex spans. */
export function extentBBox(g: Georef, extent: Extent): { bbox: BBox; hexDegrees: number } {
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const hex of hexesIn(extent)) {
    for (const ll of hexOutline(g, hex) ?? []) {
      (west = Math.min(west, ll.lon)), (east = Math.max(east, ll.lon)), (south = Math.min(south, ll.lat)), (north = Math.max(north, ll.lat));
    }
  }
  if (!Number.isFinite(west)) {
    const { columns, rows } = extent;
    if (columns.first > columns.last || rows.first > rows.last) throw new FitError(`the grid has no hexes: its columns run from ${columns.first} to ${columns.last} and its rows from ${rows.first} to ${rows.last}; give each range lowest first (map.grid)`);
    throw new FitError('the grid does not map onto the earth: check the transform');
  }
  const cols = extent.columns.last - extent.columns.first + 1;
  const rows = extent.rows.last - extent.rows.first + 1;
  const hexDegrees = Math.max((north - south) / rows, (east - west) / cols) || 1;
  return { bbox: { west, south, east, north }, hexDegrees };
}
