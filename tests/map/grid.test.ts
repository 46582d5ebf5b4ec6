import { describe, expect, it } from 'vitest';
import { formatHex, hexAt, hexCenter, hexCorners, hexSamples, neighbours, parseHex, sharedSide, sideSamples, type ColRow, type GridSpec, type Point } from '@/engine/map/grid';

function hexDistance(a: ColRow, b: ColRow, grid: GridSpec): number {
  const p = hexCenter(a, grid);
  const q = hexCenter(b, grid);
  return Math.hypot(p.x - q.x, p.y - q.y);
}

const flat: GridSpec = { orientation: 'flat-top', columnDigits: 2, rowDigits: 2, offset: 'even-shifted-down' };
const pointy: GridSpec = { orientation: 'pointy-top', columnDigits: 2, rowDigits: 2, offset: 'odd-shifted-right' };

describe('hex numbers', () => {
  it('splits column digits then row digits, and formats back', () => {
    expect(parseHex('2416', flat)).toEqual({ col: 24, row: 16 });
    expect(parseHex('0103', flat)).toEqual({ col: 1, row: 3 });
    expect(formatHex({ col: 3, row: 7 }, flat)).toBe('0307');
  });

  it('refuses numbers of another shape', () => {
    expect(parseHex('241', flat)).toBeUndefined();
    expect(parseHex('24a6', flat)).toBeUndefined();
    expect(formatHex({ col: 100, row: 1 }, flat)).toBeUndefined();
    expect(formatHex({ col: -1, row: 1 }, flat)).toBeUndefined();
  });
});

describe.each([flat, pointy])('$orientation geometry ($offset)', (grid) => {
  it('puts every neighbour 1 apart, six of them, all different', () => {
    for (const at of [{ col: 10, row: 10 }, { col: 11, row: 10 }, { col: 10, row: 11 }]) {
      const ns = neighbours(at, grid);
      expect(new Set(ns.map((n) => `${n.col},${n.row}`)).size).toBe(6);
      for (const n of ns) expect(hexDistance(at, n, grid)).toBeCloseTo(1, 9);
    }
  });

  it('finds the hex under a point anywhere inside it', () => {
    const at = { col: 7, row: 4 };
    const c = hexCenter(at, grid);
    for (const s of hexSamples(grid)) expect(hexAt({ x: c.x + s.x, y: c.y + s.y }, grid)).toEqual(at);
    for (const corner of hexCorners(at, grid, 0.95)) expect(hexAt(corner, grid)).toEqual(at);
  });

  it('finds the two corners each neighbour shares, and none for a hex that is not one', () => {
    const isCornerOf = (p: Point, hex: ColRow) => hexCorners(hex, grid).some((c) => Math.hypot(c.x - p.x, c.y - p.y) < 1e-9);
    for (const at of [{ col: 10, row: 10 }, { col: 11, row: 10 }, { col: 10, row: 11 }]) {
      for (const n of neighbours(at, grid)) {
        const side = sharedSide(at, n, grid)!;
        expect(side.every((p) => isCornerOf(p, at) && isCornerOf(p, n))).toBe(true);
      }
      expect(sharedSide(at, at, grid)).toBeUndefined();
      expect(sharedSide(at, { col: at.col + 2, row: at.row }, grid)).toBeUndefined();
    }
  });
});

it('spreads the points along a side evenly, short of its corners', () => {
  const points = sideSamples([{ x: 0, y: 0 }, { x: 1, y: 0 }], 4);
  expect(points.map((p) => p.x)).toEqual([0.125, 0.375, 0.625, 0.875]);
  expect(points.every((p) => p.y === 0)).toBe(true);
});

it('shifts the columns the offset names half a hex down', () => {
  expect(hexCenter({ col: 2, row: 5 }, flat).y).toBe(5.5);
  expect(hexCenter({ col: 3, row: 5 }, flat).y).toBe(5);
  expect(hexCenter({ col: 3, row: 5 }, { ...flat, offset: 'odd-shifted-down' }).y).toBe(5.5);
  // Same column, next row: adjacent on a flat-top grid whatever the offset.
  expect(hexDistance({ col: 24, row: 3 }, { col: 24, row: 4 }, flat)).toBeCloseTo(1, 9);
});
