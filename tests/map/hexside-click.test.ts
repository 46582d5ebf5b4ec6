// The Map page's Hexside tool takes a click near a side as that side: which side a point names, and the
// points that name none (the middle of a hex, its corners), said rather than ignored.
import { describe, expect, it } from 'vitest';
import { sideAt } from '@/editor/map/geometry';
import { hexCenter, hexCorners, neighbours, sharedSide, type GridSpec } from '@/engine/map/grid';

const flat: GridSpec = { orientation: 'flat-top', columnDigits: 2, rowDigits: 2, offset: 'even-shifted-down' };
const pointy: GridSpec = { orientation: 'pointy-top', columnDigits: 2, rowDigits: 2, offset: 'odd-shifted-right' };

describe.each([flat, pointy])('a click with the Hexside tool ($orientation, $offset)', (grid) => {
  const at = { col: 7, row: 4 };
  const c = hexCenter(at, grid);
  const towards = (p: { x: number; y: number }, share: number) => ({ x: c.x + (p.x - c.x) * share, y: c.y + (p.y - c.y) * share });

  it('near the middle of each side, just inside the hex, names that side', () => {
    for (const n of neighbours(at, grid)) {
      const [a, b] = sharedSide(at, n, grid)!;
      const middle = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      expect(sideAt(towards(middle, 0.85), grid)).toEqual({ between: [at, n] });
      // A little off the middle along the side, still that side.
      expect(sideAt(towards({ x: middle.x + (b.x - middle.x) * 0.5, y: middle.y + (b.y - middle.y) * 0.5 }, 0.9), grid)).toEqual({ between: [at, n] });
    }
  });

  it('names no side in the middle of the hex, nor at a corner where two meet', () => {
    expect(sideAt(c, grid)).toEqual({ hex: at, why: 'middle' });
    expect(sideAt(towards(hexCorners(at, grid)[0], 0.4), grid)).toEqual({ hex: at, why: 'middle' });
    for (const corner of hexCorners(at, grid)) expect(sideAt(towards(corner, 0.95), grid)).toEqual({ hex: at, why: 'corner' });
  });
});
