// The Big One numbers and draws its own hexsides: like 2WW's, they part Sweden from its neighbours across
// the Baltic and the Sound (VI.A: land units never cross an all-sea hexside).
import { describe, expect, it } from 'vitest';
import { prepare } from '@/bin/simulate';
import { formatHex, neighbours, parseHex } from '@/engine/map/grid';

const map = prepare({ ruleset: 'rulesets/the-big-one', apply: ['provisional-fill'] }).ruleset.map!;
const hexes = map.hexes as Record<string, { country?: string; terrain?: string }>;
const grid = map.grid as Parameters<typeof neighbours>[1];
const land = (h: string) => ['land', 'coastal'].includes(map.terrain?.[hexes[h]?.terrain ?? '']?.medium ?? '');
const allSea = (a: string, b: string) => (map.hexsides ?? []).some((s) => s.between.includes(a) && s.between.includes(b) && map.features?.[s.feature]?.medium === 'sea');

describe('The Big One coasts', () => {
  it('parts Sweden from Germany, Poland, Denmark and Finland, and Norway from Denmark, by all-sea hexsides (VI.A)', () => {
    const across: Record<string, string[]> = { sweden: ['germany', 'poland', 'denmark', 'finland'], norway: ['denmark'] };
    const sides = Object.keys(hexes).flatMap((h) =>
      across[hexes[h].country ?? ''] && land(h) ? neighbours(parseHex(h, grid)!, grid).map((n) => formatHex(n, grid)!).filter((n) => across[hexes[h].country!].includes(hexes[n]?.country ?? '') && land(n)).map((n) => [h, n]) : [],
    );
    expect(sides.length).toBeGreaterThan(4);
    expect(sides.filter(([a, b]) => !allSea(a, b))).toEqual([]);
  });
});
