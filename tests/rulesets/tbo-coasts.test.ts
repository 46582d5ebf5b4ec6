// The Big One (provisional fill) where land meets sea. It numbers and draws its own hexsides: like 2WW's,
// they part Sweden from its neighbours across the Baltic and the Sound (VI.A: land units never cross an
// all-sea hexside). A line of supply comes ashore only at a friendly port (II.H.1): London is one,
// provisionally, as in 2WW's fill, so that a unit at Scapa Flow, in the Orkneys, traces to it; and
// Londonderry, so that one in Northern Ireland (1204) does.
import { describe, expect, it } from 'vitest';
import type { Game } from '@/engine/game';
import { formatHex, neighbours, parseHex } from '@/engine/map/grid';
import { act, eventsOf, playTo, put } from '../engine/play';
import { filled } from './filled';

const { map, game, allSea } = filled('rulesets/the-big-one');
const hexes = map.hexes as Record<string, { country?: string; terrain?: string }>;
const grid = map.grid as Parameters<typeof neighbours>[1];
const land = (h: string) => ['land', 'coastal'].includes(map.terrain?.[hexes[h]?.terrain ?? '']?.medium ?? '');
const sideFeatures = (a: string, b: string) => (map.hexsides ?? []).filter((s) => s.between.includes(a) && s.between.includes(b)).map((s) => map.features?.[s.feature]?.medium);

/** The units out of supply at the first Supply step, once `arrange` has set the position at the Allies' last step before it. */
function outAtFirstSupply(arrange: (g: Game, s: ReturnType<typeof playTo>) => ReturnType<typeof playTo>): string[] {
  const g = game();
  let s = arrange(g, playTo(g, g.initial, 'e2-allied-armored-combat', 'allies', 1));
  s = act(g, s, { type: 'endStep', side: 'allies' });
  const supply = eventsOf(s.log.at(-1)!.events, 'supply');
  expect(supply.length).toBeGreaterThan(0);
  return supply.filter((e) => !e.supplied).flatMap((e) => e.units);
}

describe('The Big One coasts', () => {
  it('parts Sweden from Germany, Poland, Denmark and Finland, and Norway from Denmark, by all-sea hexsides (VI.A)', () => {
    const across: Record<string, string[]> = { sweden: ['germany', 'poland', 'denmark', 'finland'], norway: ['denmark'] };
    const sides = Object.keys(hexes).flatMap((h) =>
      across[hexes[h].country ?? ''] && land(h) ? neighbours(parseHex(h, grid)!, grid).map((n) => formatHex(n, grid)!).filter((n) => across[hexes[h].country!].includes(hexes[n]?.country ?? '') && land(n)).map((n) => [h, n]) : [],
    );
    expect(sides.length).toBeGreaterThan(4);
    expect(sides.filter(([a, b]) => !allSea(a, b))).toEqual([]);
  });

  it('has Scapa Flow in the Orkneys, across the sea from the mainland, and London a coastal port to trace to (Game Set Up C.1, II.H.1)', () => {
    // Scapa Flow (1402) stands alone: every neighbour is sea, or across an all-sea side.
    const scapa = neighbours(parseHex('1402', grid)!, grid).map((n) => formatHex(n, grid)!);
    expect(scapa.filter((n) => land(n) && !allSea('1402', n))).toEqual([]);
    expect(map.places!['scapa-flow'].kinds).toContain('port');
    // London (provisionally 1406) a port in a coastal hex, where a line by sea comes ashore (II.H.1)...
    expect(map.places!.london).toMatchObject({ hex: '1406' });
    expect(map.places!.london.kinds).toEqual(expect.arrayContaining(['capital', 'port']));
    expect(map.terrain?.[hexes['1406'].terrain!]?.medium).toBe('coastal');
    // ...reached by sea only from the Thames side: fleets do not sail across England through it.
    for (const n of ['1407', '1307', '1306', '1405']) expect(sideFeatures('1406', n), n).toEqual(['land']);
    expect(sideFeatures('1406', '1506')).toEqual([]);
  });

  it('keeps a British air unit set up at Scapa Flow, and the Home fleet there, in supply at the first Supply step (II.H.1, IX)', () => {
    const out = outAtFirstSupply((g, s) => {
      expect(s.units['gb-home-fleet'].at).toBe('hex:1402');
      return put(g, s, 'gb-1-raf', 'hex:1402');
    });
    expect(out).not.toContain('gb-1-raf');
    expect(out).not.toContain('gb-home-fleet');
  });

  it('has a port in Northern Ireland (1204), parted from mainland Britain by the North Channel, where a line by sea comes ashore (II.H.1)', () => {
    expect(hexes['1204'].country).toBe('great-britain');
    for (const n of ['1203', '1304', '1305']) expect(allSea('1204', n), n).toBe(true);
    expect(map.places!.londonderry).toMatchObject({ hex: '1204', kinds: ['port'], country: 'great-britain' });
  });

  it('keeps a British air unit set up in Northern Ireland in supply at the first Supply step (II.H.1, IX)', () => {
    let air = 'gb-1-raf';
    const out = outAtFirstSupply((g, s) => {
      // The set-up may have put one there already (one air unit to a hex, II.F.1).
      air = ['gb-1-raf', 'gb-bomber-command'].find((u) => s.units[u].at === 'hex:1204') ?? air;
      return put(g, s, air, 'hex:1204');
    });
    expect(out).not.toContain(air);
  });
});
