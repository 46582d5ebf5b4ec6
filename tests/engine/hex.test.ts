import { describe, expect, it } from 'vitest';
import type { Grid } from '@/engine/generated/schema-types';
import { hexGrid, type HexGrid } from '@/engine/game';

/** Every hex of a 4 x 4 board numbered CCRR. */
const board = (cd = 2, rd = 2) => [1, 2, 3, 4].flatMap((c) => [1, 2, 3, 4].map((r) => String(c).padStart(cd, '0') + String(r).padStart(rd, '0')));
const grid = (g: Partial<Grid>, keys = board()): HexGrid => {
  const made = hexGrid({ orientation: 'flat-top', columnDigits: 2, rowDigits: 2, ...g }, keys);
  if ('error' in made) throw new Error(made.error);
  return made;
};
const around = (g: HexGrid, key: string) => [...g.neighbours(key)].sort();

describe('hex adjacency from the numbering', () => {
  it('flat-top, odd columns shifted down', () => {
    const g = grid({ offset: 'odd-shifted-down' });
    // Column 3 sits half a hex lower than columns 2 and 4: its side neighbours are rows 2 and 3.
    expect(around(g, '0302')).toEqual(['0202', '0203', '0301', '0303', '0402', '0403']);
    // Column 2 sits higher than 1 and 3: its side neighbours are rows 1 and 2.
    expect(around(g, '0202')).toEqual(['0101', '0102', '0201', '0203', '0301', '0302']);
    // A corner hex has only the neighbours that exist.
    expect(around(g, '0101')).toEqual(['0102', '0201', '0202']);
  });

  it('flat-top, even columns shifted down', () => {
    const g = grid({ offset: 'even-shifted-down' });
    expect(around(g, '0202')).toEqual(['0102', '0103', '0201', '0203', '0302', '0303']);
    expect(around(g, '0302')).toEqual(['0201', '0202', '0301', '0303', '0401', '0402']);
  });

  it('pointy-top, odd rows shifted right', () => {
    const g = grid({ orientation: 'pointy-top', offset: 'odd-shifted-right' });
    expect(around(g, '0202')).toEqual(['0101', '0102', '0103', '0201', '0203', '0302']);
  });

  it('pointy-top, even rows shifted right', () => {
    const g = grid({ orientation: 'pointy-top', offset: 'even-shifted-right' });
    expect(around(g, '0202')).toEqual(['0102', '0201', '0203', '0301', '0302', '0303']);
  });

  it('adjacency is symmetric on every layout', () => {
    for (const offset of ['odd-shifted-down', 'even-shifted-down'] as const) {
      const g = grid({ offset });
      for (const k of board()) for (const n of g.neighbours(k)) expect(g.neighbours(n)).toContain(k);
    }
  });

  it('reads other digit counts (3 column digits, 1 row digit)', () => {
    const keys = ['0101', '0102', '0111', '0112', '0121', '0122'];
    const g = grid({ columnDigits: 3, rowDigits: 1, offset: 'odd-shifted-down' }, keys);
    // Columns 10, 11, 12; column 11 is odd, so shifted down: its left neighbours are rows 1 and 2 of column 10.
    expect(around(g, '0111')).toEqual(['0101', '0102', '0112', '0121', '0122']);
  });

  it('measures distance in hexes', () => {
    const g = grid({ offset: 'odd-shifted-down' });
    expect(g.distance('0101', '0303')).toBe(3);
    expect(g.distance('0202', '0202')).toBe(0);
    expect(g.distance('0101', '0404')).toBe(4);
    expect(g.distance('0101', 'X1')).toBeUndefined();
  });

  it('lists the hexes along each map edge', () => {
    const g = grid({ offset: 'odd-shifted-down', columns: { first: 1, last: 4 }, rows: { first: 1, last: 4 } });
    expect(g.edge('west')).toEqual(['0101', '0102', '0103', '0104']);
    expect(g.edge('south')).toEqual(['0104', '0204', '0304', '0404']);
    expect(g.edge('nowhere')).toEqual([]);
  });

  it('refuses a grid whose offset is missing or does not fit its orientation', () => {
    expect(hexGrid({ orientation: 'flat-top', columnDigits: 2, rowDigits: 2 }, board())).toEqual({ error: expect.stringContaining('no offset') });
    expect(hexGrid({ orientation: 'pointy-top', columnDigits: 2, rowDigits: 2, offset: 'odd-shifted-down' }, board())).toEqual({ error: expect.stringContaining('does not fit') });
  });
});
