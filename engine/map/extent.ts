// A covering extent for a grid whose text gives none: the anchors' hexes plus a margin, grown to take in
// the land of the ruleset's own countries, but never more than a bounded distance beyond the anchors.
import type { ClassifiedHex } from './classify';
import { parseHex, type Extent, type GridSpec } from './grid';

export interface ExtentOptions {
  /** Hexes added on every side of the anchors. */
  margin?: number;
  /** How far beyond the anchors the ruleset's countries may pull the edge. */
  maxGrow?: number;
}

/** The anchors' box with its margin (`inner`) and the most the extent may grow to (`outer`). */
export function anchorBoxes(hexes: readonly string[], grid: GridSpec, options: ExtentOptions = {}): { inner: Extent; outer: Extent } {
  const margin = options.margin ?? 2;
  const maxGrow = Math.max(margin, options.maxGrow ?? 10);
  const at = hexes.flatMap((h) => parseHex(h, grid) ?? []);
  if (!at.length) throw new Error('no anchor hex to derive an extent from');
  const cols = at.map((h) => h.col);
  const rows = at.map((h) => h.row);
  // Numbering usually starts at 01: go below that only if an anchor does.
  const floor = (values: number[]) => Math.min(1, ...values);
  const box = (grow: number): Extent => ({
    columns: { first: Math.max(floor(cols), Math.min(...cols) - grow), last: Math.min(10 ** grid.columnDigits - 1, Math.max(...cols) + grow) },
    rows: { first: Math.max(floor(rows), Math.min(...rows) - grow), last: Math.min(10 ** grid.rowDigits - 1, Math.max(...rows) + grow) },
  });
  return { inner: box(margin), outer: box(maxGrow) };
}

/** The smallest extent holding `inner` and every hex of `classified` with a ruleset country. */
export function coverCountries(inner: Extent, classified: readonly ClassifiedHex[]): Extent {
  const e = structuredClone(inner);
  for (const { hex, country } of classified) {
    if (!country) continue;
    e.columns.first = Math.min(e.columns.first, hex.col);
    e.columns.last = Math.max(e.columns.last, hex.col);
    e.rows.first = Math.min(e.rows.first, hex.row);
    e.rows.last = Math.max(e.rows.last, hex.row);
  }
  return e;
}

export const inExtent = (e: Extent, h: { col: number; row: number }) =>
  h.col >= e.columns.first && h.col <= e.columns.last && h.row >= e.rows.first && h.row <= e.rows.last;
