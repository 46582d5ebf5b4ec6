import { describe, expect, it } from 'vitest';
import { neighbourToward } from '@/editor/map/geometry';

// The keyboard's cursor hex: an arrow goes to the neighbour it points at on screen.
describe('neighbourToward', () => {
  // A flat-top hex's neighbours on screen: straight up and down, and two each side at ±30°.
  const at = { x: 0, y: 0 };
  const around = [
    { key: 'up', x: 0, y: -10 },
    { key: 'down', x: 0, y: 10 },
    { key: 'up-right', x: 8.66, y: -5 },
    { key: 'down-right', x: 8.66, y: 5 },
    { key: 'up-left', x: -8.66, y: -5 },
    { key: 'down-left', x: -8.66, y: 5 },
  ];
  it('goes straight where a neighbour lies that way', () => {
    expect(neighbourToward('here', [0, -1], around, at, () => false)).toBe('up');
    expect(neighbourToward('here', [0, 1], around, at, () => false)).toBe('down');
  });

  it('takes, of two neighbours as near the arrow, the one keeping the row, so holding it goes straight across the zigzag', () => {
    expect(neighbourToward('here', [1, 0], around, at, (_, b) => b === 'down-right')).toBe('down-right');
    expect(neighbourToward('here', [1, 0], around, at, (_, b) => b === 'up-right')).toBe('up-right');
    expect(neighbourToward('here', [-1, 0], around, at, () => false)).toMatch(/-left$/);
  });

  it('goes nowhere at the edge of the board', () => {
    expect(neighbourToward('here', [1, 0], around.filter((n) => !n.key.endsWith('right')), at, () => false)).toBeUndefined();
  });
});
