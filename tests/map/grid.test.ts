import { describe, expect, it } from 'vitest';
import { formatHex, hexAt, hexCenter, hexCorners, hexSamples, neighbours, parseHex, type ColRow, type GridSpec } from '@/engine/map/grid';

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
});

it('shifts the columns the offset names half a hex down', () => {
  expect(hexCenter({ col: 2, row: 5 }, flat).y).toBe(5.5);
  expect(hexCenter({ col: 3, row: 5 }, flat).y).toBe(5);
  expect(hexCenter({ col: 3, row: 5 }, { ...flat, offset: 'odd-shifted-down' }).y).toBe(5.5);
  // Same column, next row: adjacent on a flat-top grid whatever the offset.
  expect(hexDistance({ col: 24, row: 3 }, { col: 24, row: 4 }, flat)).toBeCloseTo(1, 9);
});
