// The Big One (provisional fill) at the straits: a land unit crosses water only where the text lets it
// (II.D.1: land units "may never ... cross an all-sea hexside"; VI.A: they "can enter any land or coastal
// hex, including a straits hex (2710, 2907, or 2916)"). This text names no straits hex at Gibraltar, as 2WW
// does (8.1: 1315), so the Strait of Gibraltar and the Alboran Sea are sea; the Strait of Messina, the seas
// around Corsica, Sardinia, Crete, Malta and Rhodes, the Channel and the Skagerrak too; the Bosporus (2710)
// and the Strait of Kerch (2907) are straits hexes land units cross by, and the Dardanelles lie within one
// hex (2611).
import { describe, expect, it } from 'vitest';
import type { GameState } from '@/engine/game';
import { formatHex, neighbours, parseHex } from '@/engine/map/grid';
import { act, playTo } from '../engine/play';
import { filled, reach } from './filled';

const { map, game, allSea } = filled('rulesets/the-big-one');
const hexes = map.hexes as Record<string, { country?: string; terrain?: string }>;
const grid = map.grid as Parameters<typeof neighbours>[1];
const land = (h: string) => ['land', 'coastal'].includes(map.terrain?.[hexes[h]?.terrain ?? '']?.medium ?? '');
const countryOf = (h: string) => hexes[h]?.country;

const g = game();
const axisMoves = playTo(g, g.initial, 'c2-movement', 'axis', 1);
const alliedMoves = playTo(g, g.initial, 'd2-movement', 'allies', 1);

/** Where `unit`, set at hex `from`, may move (filled.ts). */
const reachOf = (s: GameState, side: string, unit: string, from: string, aside: string[] = [], away = '') => reach(g, s, side, unit, from, aside, away);

const AFRICA = ['french-north-africa', 'spanish-morocco', 'tunisia', 'libya'];
const IBERIA = ['spain', 'portugal', 'gibraltar'];

describe('The Big One straits (provisional fill)', () => {
  it('parts Iberia and Gibraltar from Africa by all-sea hexsides: no straits hex at Gibraltar (II.D.1, VI.A)', () => {
    const sides = Object.keys(hexes).flatMap((h) =>
      IBERIA.includes(countryOf(h) ?? '') && land(h) ? neighbours(parseHex(h, grid)!, grid).map((n) => formatHex(n, grid)!).filter((n) => AFRICA.includes(countryOf(n) ?? '') && land(n)).map((n) => [h, n]) : [],
    );
    expect(sides.map((s) => s.join('|'))).toEqual(expect.arrayContaining(['1215|1216', '1215|1115', '1214|1115', '1414|1415']));
    expect(sides.filter(([a, b]) => !allSea(a, b))).toEqual([]);
    expect(hexes['1215'].terrain).not.toBe('straits');
    // Gibraltar joins Spain, and neither reaches Africa by land.
    for (const from of ['1215', '1214']) {
      const to = reachOf(alliedMoves, 'allies', 'gb-1-armor', from);
      expect(to.length).toBeGreaterThan(3);
      expect(to.filter((h) => AFRICA.includes(countryOf(h) ?? ''))).toEqual([]);
    }
    expect(reachOf(alliedMoves, 'allies', 'gb-1-armor', '1215')).toContain('1214');
  });

  it('keeps Sicily apart from Calabria: the Strait of Messina is no straits hex (VI.A)', () => {
    expect(reachOf(axisMoves, 'axis', 'it-1-armor', '2013')).toEqual(['2114']);
    expect(reachOf(axisMoves, 'axis', 'it-1-armor', '2114')).toEqual(['2013']);
  });

  it('keeps Corsica, Sardinia, Crete, Malta and Rhodes islands (II.D.1)', () => {
    expect(reachOf(axisMoves, 'axis', 'it-1-armor', '1812')).toEqual(['1813']);
    expect(reachOf(axisMoves, 'axis', 'it-1-armor', '2913')).toEqual([]);
    expect(allSea('2913', '3013')).toBe(true);
    expect(reachOf(alliedMoves, 'allies', 'gb-1-armor', '1811')).toEqual([]);
    expect(reachOf(alliedMoves, 'allies', 'gb-1-armor', '2514')).toEqual(['2614']);
    expect(reachOf(alliedMoves, 'allies', 'gb-1-armor', '2115')).toEqual([]);
  });

  it('keeps Britain apart from France and Belgium, and Denmark from Norway (II.D.1)', () => {
    const britain = reachOf(alliedMoves, 'allies', 'gb-1-armor', '1406');
    expect(britain.length).toBeGreaterThan(5);
    expect(britain.filter((h) => countryOf(h) !== 'great-britain')).toEqual([]);
    const jutland = reachOf(axisMoves, 'axis', 'ge-1-armor', '1704');
    expect(jutland).toContain('1705');
    expect(jutland.filter((h) => countryOf(h) === 'norway')).toEqual([]);
  });

  it('lets land units cross the Bosporus (2710) and the Strait of Kerch (2907), straits hexes, and the Dardanelles within 2611 (VI.A)', () => {
    for (const h of ['2710', '2907']) expect(hexes[h].terrain).toBe('straits');
    const turks = ['turkey-inf-1', 'turkey-inf-2'];
    // Thrace (2610, 2609 Bulgaria) and Anatolia (2711, 2810) from the Bosporus; Thrace (2511, 2610) and Anatolia (2612, 2712) from the Dardanelles.
    expect(reachOf(axisMoves, 'axis', 'ge-1-armor', '2710', turks, '2810')).toEqual(expect.arrayContaining(['2609', '2610', '2711']));
    expect(reachOf(axisMoves, 'axis', 'ge-1-armor', '2611', turks, '2810')).toEqual(expect.arrayContaining(['2511', '2610', '2612', '2712']));
    // The Crimea (2808) and the Taman shore (2908) from Kerch, the USSR invaded (a German unit there traces no supply through a neutral).
    const atWar = act(g, axisMoves, { type: 'manual', op: { op: 'setStatus', power: 'ussr', status: 'at-war' } });
    expect(reachOf(atWar, 'axis', 'ge-1-armor', '2907')).toEqual(expect.arrayContaining(['2808', '2908']));
  });
});
