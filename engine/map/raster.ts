// Polygons burned into a lon/lat raster, so that "what is at this point" is one array read.
// Planar in degrees: at Natural Earth's resolution the edges are short enough for that.

export type Ring = readonly (readonly [number, number])[];

export interface CodedPolygon {
  /** Written into every cell the polygon covers (≥ 0). */
  code: number;
  /** Outer ring then holes, [lon, lat]; filled even-odd. */
  rings: readonly Ring[];
}

export interface BBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface Raster {
  bbox: BBox;
  cell: number;
  cols: number;
  rows: number;
  /** -1 where no polygon lies. */
  data: Int16Array;
}

export function rasterize(polygons: readonly CodedPolygon[], bbox: BBox, cell: number): Raster {
  const cols = Math.max(1, Math.ceil((bbox.east - bbox.west) / cell));
  const rows = Math.max(1, Math.ceil((bbox.north - bbox.south) / cell));
  const data = new Int16Array(cols * rows).fill(-1);
  for (const polygon of polygons) {
    if (!overlaps(polygon.rings[0] ?? [], bbox)) continue;
    // Crossings of each row's centre line, then cells filled between pairs of crossings.
    const crossings = new Map<number, number[]>();
    for (const ring of polygon.rings) {
      for (let i = 0; i < ring.length; i++) {
        const [x0, y0] = ring[i];
        const [x1, y1] = ring[(i + 1) % ring.length];
        if (y0 === y1) continue;
        const lo = Math.max(0, Math.ceil((Math.min(y0, y1) - bbox.south) / cell - 0.5));
        const hi = Math.min(rows - 1, Math.ceil((Math.max(y0, y1) - bbox.south) / cell - 0.5) - 1);
        for (let r = lo; r <= hi; r++) {
          const y = bbox.south + (r + 0.5) * cell;
          const x = x0 + ((y - y0) * (x1 - x0)) / (y1 - y0);
          let list = crossings.get(r);
          if (!list) crossings.set(r, (list = []));
          list.push(x);
        }
      }
    }
    for (const [r, xs] of crossings) {
      xs.sort((a, b) => a - b);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        const c0 = Math.max(0, Math.ceil((xs[k] - bbox.west) / cell - 0.5));
        const c1 = Math.min(cols - 1, Math.ceil((xs[k + 1] - bbox.west) / cell - 0.5) - 1);
        // Guarded: a negative end would make fill() count from the end of the array.
        if (c1 >= c0) data.fill(polygon.code, r * cols + c0, r * cols + c1 + 1);
      }
    }
  }
  return { bbox, cell, cols, rows, data };
}

function overlaps(ring: Ring, b: BBox): boolean {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of ring) (w = Math.min(w, x)), (e = Math.max(e, x)), (s = Math.min(s, y)), (n = Math.max(n, y));
  return w <= b.east && e >= b.west && s <= b.north && n >= b.south;
}

/** The code at a point, or -1 (also outside the raster). */
export function valueAt(r: Raster, lon: number, lat: number): number {
  const c = Math.floor((lon - r.bbox.west) / r.cell);
  const row = Math.floor((lat - r.bbox.south) / r.cell);
  if (c < 0 || row < 0 || c >= r.cols || row >= r.rows) return -1;
  return r.data[row * r.cols + c];
}
