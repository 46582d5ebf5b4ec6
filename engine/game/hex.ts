// Hex geometry from the grid's numbering: a hex number is column digits then row digits; which
// columns (flat-top) or rows (pointy-top) are shifted half a hex decides who neighbours whom.
import type { Grid } from '../generated/schema-types';

export interface HexGrid {
  /** The listed hexes adjacent to a hex, in a fixed order. */
  neighbours(key: string): string[];
  /** Hexes between two numbered hexes, ignoring what is listed; undefined when either is not a number. */
  distance(a: string, b: string): number | undefined;
  /** Listed hexes along a map edge: north, south, east or west. */
  edge(name: string): string[];
}

type Axial = [number, number];
const DIRECTIONS: Axial[] = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];
const odd = (n: number) => n & 1;

/** The grid for a map, or why none can be made. */
export function hexGrid(grid: Grid, listed: Iterable<string>): HexGrid | { error: string } {
  const offset = grid.offset;
  if (!offset) return { error: 'the grid gives no offset, so hex adjacency is unknown' };
  const flat = grid.orientation === 'flat-top';
  if (flat !== offset.endsWith('-down')) return { error: `offset "${offset}" does not fit a ${grid.orientation} grid` };
  const oddShifted = offset.startsWith('odd');
  const cd = grid.columnDigits;
  const rd = grid.rowDigits;

  const parse = (key: string): [number, number] | undefined =>
    key.length === cd + rd && /^\d+$/.test(key) ? [Number(key.slice(0, cd)), Number(key.slice(cd))] : undefined;
  const format = (col: number, row: number) =>
    col < 0 || row < 0 ? undefined : String(col).padStart(cd, '0') + String(row).padStart(rd, '0');
  const toAxial = ([col, row]: [number, number]): Axial => {
    if (flat) return [col, row - (oddShifted ? col - odd(col) : col + odd(col)) / 2];
    return [col - (oddShifted ? row - odd(row) : row + odd(row)) / 2, row];
  };
  const fromAxial = ([q, r]: Axial): [number, number] => {
    if (flat) return [q, r + (oddShifted ? q - odd(q) : q + odd(q)) / 2];
    return [q + (oddShifted ? r - odd(r) : r + odd(r)) / 2, r];
  };

  const keys = new Set(listed);
  const coords = new Map<string, [number, number]>();
  for (const key of keys) {
    const c = parse(key);
    if (c) coords.set(key, c);
  }
  const adjacency = new Map<string, string[]>();
  for (const [key, c] of coords) {
    const [q, r] = toAxial(c);
    const around: string[] = [];
    for (const [dq, dr] of DIRECTIONS) {
      const n = format(...fromAxial([q + dq, r + dr]));
      if (n !== undefined && keys.has(n)) around.push(n);
    }
    adjacency.set(key, around);
  }
  const cols = [...coords.values()].map((c) => c[0]);
  const rows = [...coords.values()].map((c) => c[1]);
  const edges: Record<string, (c: [number, number]) => boolean> = {
    west: (c) => c[0] === (grid.columns?.first ?? Math.min(...cols)),
    east: (c) => c[0] === (grid.columns?.last ?? Math.max(...cols)),
    north: (c) => c[1] === (grid.rows?.first ?? Math.min(...rows)),
    south: (c) => c[1] === (grid.rows?.last ?? Math.max(...rows)),
  };

  return {
    neighbours: (key) => adjacency.get(key) ?? [],
    distance(a, b) {
      const ca = parse(a);
      const cb = parse(b);
      if (!ca || !cb) return undefined;
      const [q1, r1] = toAxial(ca);
      const [q2, r2] = toAxial(cb);
      return (Math.abs(q1 - q2) + Math.abs(q1 + r1 - q2 - r2) + Math.abs(r1 - r2)) / 2;
    },
    edge(name) {
      const test = edges[name];
      return test ? [...coords].filter(([, c]) => test(c)).map(([k]) => k) : [];
    },
  };
}
