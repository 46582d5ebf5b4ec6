// An area map's names and unit stacks laid out at one zoom: where areas stand apart every stack is whole and
// every name above its area; where they crowd, nothing shown covers anything else, stacks that have no room
// become badges and names go beside, below, or (with no room at all) to the pointer.
import { describe, expect, it } from 'vitest';
import { badgeSize, layoutAreas, overlaps, stackSize, type AreaInput, type AreaLayout } from '@/editor/map/area-layout';

const STACK = { full: stackSize(2, 96, 4), badge: badgeSize([2]) };
const area = (id: string, x: number, y: number, units = true): AreaInput => ({ id, x, y, r: 11, label: { width: 8 * id.length + 14, height: 32 }, ...(units ? { stack: STACK } : {}) });

/** Seven areas within 40 pixels of each other, as the Low Countries are on a map of Europe zoomed out, and one far off. */
const crowd = (scale: number) =>
  [
    ['holland', 40, 0],
    ['zeeland', 20, 12],
    ['flanders', 0, 25],
    ['brabant', 30, 30],
    ['limburg', 60, 25],
    ['ardennes', 50, 50],
    ['luxembourg', 65, 60],
  ].map(([id, x, y]) => area(id as string, 500 + (x as number) * scale, 300 + (y as number) * scale));

/**
 * Pairs of boxes of different areas that overlap, but markers (where the areas are) and badges (which stand under
 * their markers whatever is there) over each other.
 */
function collisions(layout: AreaLayout): string[] {
  const { boxes } = layout;
  const fixed = new Set(['marker', 'badge']);
  return boxes.flatMap((a, i) =>
    boxes.slice(i + 1).flatMap((b) => (a.id === b.id || !overlaps(a.box, b.box) || (fixed.has(a.kind) && fixed.has(b.kind)) ? [] : [`${a.id} ${a.kind} / ${b.id} ${b.kind}`])),
  );
}

describe('layoutAreas', () => {
  it('areas far apart: every stack whole, every name above its area', () => {
    const layout = layoutAreas([area('west', 100, 300), area('middle', 300, 250), area('east', 500, 300), area('strait', 300, 420, false)]);
    expect(layout.collapsed).toEqual(new Map());
    expect([...layout.labels.values()]).toEqual(['top', 'top', 'top', 'top']);
    expect(collisions(layout)).toEqual([]);
  });

  it('areas crowded: nothing shown covers anything else; stacks without room are badges, names move or wait for the pointer', () => {
    const layout = layoutAreas([...crowd(1), area('far', 100, 100)]);
    expect(collisions(layout)).toEqual([]);
    expect(layout.collapsed.size).toBeGreaterThan(3);
    expect(layout.collapsed.has('far')).toBe(false);
    expect(layout.labels.get('far')).toBe('top');
    expect([...layout.labels.values()]).toContain(null);
  });

  it('zoomed in on the crowd, the same areas have room: every stack whole', () => {
    const layout = layoutAreas(crowd(8));
    expect(layout.collapsed).toEqual(new Map());
    expect(collisions(layout)).toEqual([]);
    expect([...layout.labels.values()].every((side) => side !== null)).toBe(true);
  });

  it('a name is beside its area where above is taken, and never over a stack', () => {
    // Side by side: the second name would stand over the first's above them; under them, the stacks.
    const [a, b] = [area('aaaa', 300, 300), area('bbbb', 400, 300, false)];
    const layout = layoutAreas([a, { ...b, x: 340 }]);
    expect(layout.labels.get('aaaa')).toBe('top');
    expect(layout.labels.get('bbbb')).toBe('right');
    expect(collisions(layout)).toEqual([]);
    // Apart, both above.
    expect([...layoutAreas([a, b]).labels.values()]).toEqual(['top', 'top']);
  });

  it('the area served first keeps its stack whole where only one of two has room', () => {
    const pair = [area('a', 300, 300), area('b', 360, 330)];
    expect([...layoutAreas(pair).collapsed.keys()]).toEqual(['b']);
    expect([...layoutAreas(pair, 'b').collapsed.keys()]).toEqual(['a']);
    expect(collisions(layoutAreas(pair))).toEqual([]);
    // Right under a, b's marker: a's badge goes beside a, clear of it.
    const under = layoutAreas([area('a', 300, 300), area('b', 300, 322, false)]);
    expect(under.collapsed).toEqual(new Map([['a', 'right']]));
    expect(collisions(under)).toEqual([]);
  });
});

describe('stack and badge sizes, as play.css draws them', () => {
  it('a stack of two counters 96 px wide: chips 0.82 of it wide, each 0.36 of it tall; five or more show four and a count', () => {
    expect(stackSize(2, 96, 4)).toEqual({ width: 96 * 0.82, height: 2 * 96 * 0.36 + 1 });
    expect(stackSize(9, 96, 4)).toEqual({ width: 96 * 0.82, height: 5 * ((96 * 0.9) / 5) + 4 });
  });

  it('a badge: a pill a power, wider for a count of two digits', () => {
    expect(badgeSize([2])).toEqual({ width: 18, height: 18 });
    expect(badgeSize([2, 12])).toEqual({ width: 18 + 24 + 1, height: 18 });
  });
});
