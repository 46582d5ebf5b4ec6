// Hex grid geometry from a grid's numbering rules. Grid coordinates put adjacent hex centres 1 apart,
// x growing with the column number and y with the row number (so "down" on the printed map).
import type { Grid } from '../generated/schema-types';

export type Offset = NonNullable<Grid['offset']>;

/** What geometry needs of a grid; `offset` is required here because a fit decides it when the text does not. */
export interface GridSpec {
  orientation: Grid['orientation'];
  columnDigits: number;
  rowDigits: number;
  offset: Offset;
}

export interface ColRow {
  col: number;
  row: number;
}

export interface Point {
  x: number;
  y: number;
}

const SQRT3_2 = Math.sqrt(3) / 2;
/** Distance from a hex's centre to its corners when neighbouring centres are 1 apart. */
const HEX_RADIUS = 1 / Math.sqrt(3);

/** The two offsets that make sense for an orientation (columns shift down on flat-top, rows right on pointy-top). */
export const offsetsFor = (orientation: GridSpec['orientation']): Offset[] =>
  orientation === 'flat-top' ? ['odd-shifted-down', 'even-shifted-down'] : ['odd-shifted-right', 'even-shifted-right'];

/** Column and row of a hex number, or undefined when it is not a number of this grid. */
export function parseHex(key: string, grid: Pick<GridSpec, 'columnDigits' | 'rowDigits'>): ColRow | undefined {
  if (key.length !== grid.columnDigits + grid.rowDigits || !/^\d+$/.test(key)) return undefined;
  return { col: Number(key.slice(0, grid.columnDigits)), row: Number(key.slice(grid.columnDigits)) };
}

export function formatHex({ col, row }: ColRow, grid: Pick<GridSpec, 'columnDigits' | 'rowDigits'>): string | undefined {
  const c = String(col).padStart(grid.columnDigits, '0');
  const r = String(row).padStart(grid.rowDigits, '0');
  if (col < 0 || row < 0 || c.length !== grid.columnDigits || r.length !== grid.rowDigits) return undefined;
  return c + r;
}

const shifted = (n: number, offset: Offset) => (offset.startsWith('odd') ? Math.abs(n) % 2 === 1 : n % 2 === 0);

export function hexCenter({ col, row }: ColRow, grid: GridSpec): Point {
  if (grid.orientation === 'flat-top') return { x: col * SQRT3_2, y: row + (shifted(col, grid.offset) ? 0.5 : 0) };
  return { x: col + (shifted(row, grid.offset) ? 0.5 : 0), y: row * SQRT3_2 };
}

/** The six corners, clockwise on the printed map. */
export function hexCorners(at: ColRow, grid: GridSpec, scale = 1): Point[] {
  const c = hexCenter(at, grid);
  const start = grid.orientation === 'flat-top' ? 0 : Math.PI / 6;
  return Array.from({ length: 6 }, (_, i) => {
    const a = start + (i * Math.PI) / 3;
    return { x: c.x + scale * HEX_RADIUS * Math.cos(a), y: c.y + scale * HEX_RADIUS * Math.sin(a) };
  });
}

/** The hex whose centre is nearest a grid point (so the hex containing it). */
export function hexAt(p: Point, grid: GridSpec): ColRow {
  const flat = grid.orientation === 'flat-top';
  const major = Math.round(flat ? p.x / SQRT3_2 : p.y / SQRT3_2);
  let best: ColRow = { col: 0, row: 0 };
  let bestD = Infinity;
  for (let m = major - 1; m <= major + 1; m++) {
    const minor = Math.round(flat ? p.y : p.x);
    for (let n = minor - 1; n <= minor + 1; n++) {
      const cand = flat ? { col: m, row: n } : { col: n, row: m };
      const c = hexCenter(cand, grid);
      const d = (c.x - p.x) ** 2 + (c.y - p.y) ** 2;
      if (d < bestD) (bestD = d), (best = cand);
    }
  }
  return best;
}

/** The hexes that share a side with this one. */
export function neighbours(at: ColRow, grid: GridSpec): ColRow[] {
  const c = hexCenter(at, grid);
  const out: ColRow[] = [];
  for (let i = 0; i < 6; i++) {
    const a = (grid.orientation === 'flat-top' ? Math.PI / 6 : 0) + (i * Math.PI) / 3;
    out.push(hexAt({ x: c.x + Math.cos(a), y: c.y + Math.sin(a) }, grid));
  }
  return out;
}

/**
 * The side two neighbouring hexes share, as its two corners; undefined when they are not neighbours.
 * Worked out from the centres alone, so it holds for either orientation and offset: the side crosses
 * the line between the centres at right angles, at its midpoint, and is as long as a hex's radius.
 */
export function sharedSide(a: ColRow, b: ColRow, grid: GridSpec): [Point, Point] | undefined {
  const p = hexCenter(a, grid);
  const q = hexCenter(b, grid);
  const [dx, dy] = [q.x - p.x, q.y - p.y];
  if (Math.abs(Math.hypot(dx, dy) - 1) > 1e-9) return undefined;
  const [mx, my, half] = [(p.x + q.x) / 2, (p.y + q.y) / 2, HEX_RADIUS / 2];
  return [
    { x: mx - dy * half, y: my + dx * half },
    { x: mx + dy * half, y: my - dx * half },
  ];
}

/**
 * Points spread evenly along a side, the first and last half a step in from its corners: a corner
 * belongs to three hexes, so what lies there says nothing about this side in particular.
 */
export function sideSamples([from, to]: [Point, Point], count: number): Point[] {
  return Array.from({ length: count }, (_, i) => {
    const t = (i + 0.5) / count;
    return { x: from.x + t * (to.x - from.x), y: from.y + t * (to.y - from.y) };
  });
}

export interface Extent {
  columns: { first: number; last: number };
  rows: { first: number; last: number };
}

export function* hexesIn(extent: Extent): Generator<ColRow> {
  for (let col = extent.columns.first; col <= extent.columns.last; col++) {
    for (let row = extent.rows.first; row <= extent.rows.last; row++) yield { col, row };
  }
}

/**
 * Points spread evenly over a hex (a triangular lattice clipped to the hexagon), as offsets from its centre.
 * Classification looks the geography up at each.
 */
export function hexSamples(grid: GridSpec, perSide = 5): Point[] {
  const step = HEX_RADIUS / (perSide + 0.5);
  const out: Point[] = [];
  const inside = (x: number, y: number) => {
    // A hexagon is the intersection of three strips; test against its inradius in each direction.
    const r = HEX_RADIUS * SQRT3_2 * 0.98;
    const base = grid.orientation === 'flat-top' ? Math.PI / 2 : 0;
    return [0, 1, 2].every((k) => Math.abs(x * Math.cos(base + (k * Math.PI) / 3) + y * Math.sin(base + (k * Math.PI) / 3)) <= r);
  };
  const n = perSide + 1;
  for (let j = -2 * n; j <= 2 * n; j++) {
    for (let i = -2 * n; i <= 2 * n; i++) {
      const x = (i + j / 2) * step;
      const y = j * step * SQRT3_2;
      if (inside(x, y)) out.push({ x, y });
    }
  }
  return out;
}
