// 2WW (provisional fill) where land meets sea, as a playtester found it: German armor walked into Sweden
// across the Baltic (8.1: land units "may never ... cross an all-sea hexside"), and a British unit set up at
// Scapa Flow (1503), in the Orkneys, was out of supply in its first Supply step (11, 11.2.1), as was one in
// Northern Ireland (1305), which the fill now gives a port.
import { describe, expect, it } from 'vitest';
import { parseHex, neighbours, formatHex } from '@/engine/map/grid';
import { act, eventsOf, playTo, put } from '../engine/play';
import { filled } from './filled';

const { map, game, allSea } = filled('rulesets/2ww');

const hexes = map.hexes as Record<string, { country?: string; terrain?: string }>;
const landBearing = (h: string) => ['land', 'coastal'].includes(map.terrain?.[hexes[h]?.terrain ?? '']?.medium ?? '');
const grid = map.grid as Parameters<typeof neighbours>[1];

/** Every pair of neighbouring hexes holding land, one of country `a`, the other of one of `others`. */
function sidesBetween(a: string, others: string[]): [string, string][] {
  const out: [string, string][] = [];
  for (const h of Object.keys(hexes)) {
    if (hexes[h].country !== a || !landBearing(h)) continue;
    for (const n of neighbours(parseHex(h, grid)!, grid).map((x) => formatHex(x, grid)!)) if (others.includes(hexes[n]?.country ?? '') && landBearing(n)) out.push([h, n]);
  }
  return out;
}

describe('2WW coasts (provisional fill)', () => {
  it('parts Sweden from Germany, Poland, Denmark and Finland, and Norway from Denmark, by all-sea hexsides (8.1, 8.3.2)', () => {
    const swedish = sidesBetween('sweden', ['germany', 'poland', 'denmark', 'finland']);
    expect(swedish.map((s) => s.join('|'))).toEqual(expect.arrayContaining(['2105|2106', '2105|2005', '2105|2205', '2004|2005', '2004|1904', '2004|1905']));
    for (const [a, b] of [...swedish, ...sidesBetween('norway', ['denmark'])]) expect(allSea(a, b), `${a}|${b}`).toBe(true);
  });

  it('parts Taranto from Albania and Yugoslavia, and the island of Rhodes from Greece and Turkey, by all-sea hexsides (8.1, 12.1.1)', () => {
    for (const [a, b] of [['2411', '2511'], ['2411', '2410'], ['3013', '3014'], ['3013', '2914'], ['3013', '3012']]) expect(allSea(a, b), `${a}|${b}`).toBe(true);
    // No land unit walks from Rhodes or Taranto into a neighbour across the sea.
    for (const [from, country] of [['3013', ['greece', 'turkey']], ['2411', ['albania', 'yugoslavia']]] as const) {
      const across = sidesBetween('italy', [...country]).filter(([h]) => h === from);
      expect(across.filter(([a, b]) => !allSea(a, b)), from).toEqual([]);
    }
  });

  it('keeps German armor on the Baltic coast out of Sweden (8.1)', () => {
    const g = game();
    let s = playTo(g, g.initial, 'c2-movement', 'axis', 1);
    for (const from of ['hex:2106', 'hex:2005', 'hex:2205']) {
      s = put(g, s, 'ge-1-armor', from);
      const into = g.legalActions(s, 'axis').flatMap((a) => (a.type === 'move' && a.unit === 'ge-1-armor' ? [a.to] : []));
      expect(into.length).toBeGreaterThan(0);
      expect(into.filter((at) => g.rules.countryOf(at) === 'sweden'), from).toEqual([]);
    }
  });

  it('has Scapa Flow in the Orkneys, a port across the sea from the mainland, and London a port to trace to (2.3, 6.2.2, 11.2.1)', () => {
    // The Orkneys lie across the Pentland Firth from mainland Scotland: no land route (6.2.2 speaks of "mainland Great Britain").
    expect(allSea('1403', '1503')).toBe(true);
    expect(allSea('1503', '1504')).toBe(true);
    expect(map.places!['scapa-flow'].kinds).toContain('port');
    // London (provisionally 1607, on the Thames estuary) a port where a line by sea comes ashore (11.2.1).
    expect(map.places!.london).toMatchObject({ hex: '1607' });
    expect(map.places!.london.kinds).toEqual(expect.arrayContaining(['capital', 'port']));
    // A fleet there traces by sea to London: in supply.
    const g = game();
    let s = playTo(g, g.initial, 'e2-allied-armored-combat', 'allies', 1);
    s = act(g, s, { type: 'endStep', side: 'allies' });
    expect(s.units['gb-home-fleet'].at).toBe('hex:1503');
    expect(eventsOf(s.log.at(-1)!.events, 'supply').some((e) => !e.supplied && e.units.includes('gb-home-fleet'))).toBe(false);
  });

  // The text puts a unit at Scapa Flow in supply: it leaves the Orkneys at Scapa Flow, a friendly port, and comes
  // ashore at London, another (11.2.1): the line changes medium in the port's own hex.
  it('keeps a British air unit set up at Scapa Flow in supply at the first Supply step (2.3, 11, 11.2.1)', () => {
    const g = game();
    let s = playTo(g, g.initial, 'e2-allied-armored-combat', 'allies', 1);
    s = put(g, s, 'gb-1-raf', 'hex:1503');
    s = act(g, s, { type: 'endStep', side: 'allies' });
    const out = eventsOf(s.log.at(-1)!.events, 'supply').filter((e) => !e.supplied);
    expect(out.flatMap((e) => e.units)).not.toContain('gb-1-raf');
  });

  it('has a port in Northern Ireland (1305), parted from mainland Britain by the North Channel, where a line by sea comes ashore (11.2.1)', () => {
    expect(hexes['1305'].country).toBe('great-britain');
    for (const n of ['1304', '1404', '1405']) expect(allSea('1305', n), n).toBe(true);
    expect(map.places!.londonderry).toMatchObject({ hex: '1305', kinds: ['port'], country: 'great-britain' });
  });

  it('keeps a British air unit set up in Northern Ireland in supply at the first Supply step (2.3, 11, 11.2.1)', () => {
    const g = game();
    let s = playTo(g, g.initial, 'e2-allied-armored-combat', 'allies', 1);
    // The set-up may have put one there already (one air unit to a hex, 5.2.1).
    const air = ['gb-1-raf', 'gb-bomber-command'].find((u) => s.units[u].at === 'hex:1305') ?? 'gb-1-raf';
    s = put(g, s, air, 'hex:1305');
    s = act(g, s, { type: 'endStep', side: 'allies' });
    const supply = eventsOf(s.log.at(-1)!.events, 'supply');
    expect(supply.length).toBeGreaterThan(0);
    expect(supply.filter((e) => !e.supplied).flatMap((e) => e.units)).not.toContain(air);
  });
});
