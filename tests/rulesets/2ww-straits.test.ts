// 2WW (provisional fill) at the straits, as a playtester looks at them: a land unit crosses water only where
// the text lets it (8.1: land units "may never ... cross an all-sea hexside", but "can enter any land or
// coastal hex, including a straits hex (3414, 3415, 2911, 3012, 1315)"). The Strait of Messina, the Strait of
// Bonifacio and the seas around Corsica and Sardinia, the Channel, the Skagerrak, the seas around Crete and
// around Malta are sea, and so is the sea between Lesbos and Chios (2912, Greek) and Turkey, and between the
// Cyclades (2913) and the straits hex 3012; Gibraltar (1315)
// and the Dardanelles (2911) are straits hexes land units cross by, and Istanbul's hex (3010) and Kerch's (3207)
// hold both shores of their straits. Malta's hex (2415) is in the country Malta, British.
import { describe, expect, it } from 'vitest';
import type { GameState } from '@/engine/game';
import { playTo } from '../engine/play';
import { filled, reach } from './filled';

const { map, game, allSea } = filled('rulesets/2ww');

const g = game();
const axisMoves = playTo(g, g.initial, 'c2-movement', 'axis', 1);
const alliedMoves = playTo(g, g.initial, 'd2-movement', 'allies', 1);

/** Where `unit`, set at hex `from`, may move (filled.ts). */
const reachOf = (s: GameState, side: string, unit: string, from: string, aside: string[] = [], away = '') => reach(g, s, side, unit, from, aside, away);

describe('2WW straits (provisional fill)', () => {
  it('keeps Sicily apart from Calabria: the Strait of Messina is no straits hex (8.1)', () => {
    for (const [a, b] of [['2412', '2413'], ['2413', '2513']]) expect(allSea(a, b), `${a}|${b}`).toBe(true);
    for (const from of ['2314', '2413', '2414']) expect(reachOf(axisMoves, 'axis', 'it-1-armor', from)).toEqual(['2314', '2413', '2414'].filter((h) => h !== from));
  });

  it('keeps Malta an island, parted from Sicily, Tunisia and the African shore by all-sea hexsides (2.3, 8.1)', () => {
    for (const n of ['2414', '2316', '2416']) expect(allSea('2415', n), n).toBe(true);
    // With the Malta fort set aside, an Italian armor on Malta has nowhere to go by land.
    expect(reachOf(axisMoves, 'axis', 'it-1-armor', '2415', ['gb-malta-fort'], '1607')).toEqual([]);
  });

  it('keeps Corsica (French) and Sardinia (Italian) apart, and both from the mainland (8.1, 12.1.1)', () => {
    for (const [a, b] of [['2011', '2012'], ['2012', '2112'], ['2112', '2113'], ['2011', '2111'], ['2011', '1911'], ['2011', '2010'], ['2112', '2111'], ['2112', '2211']]) expect(allSea(a, b), `${a}|${b}`).toBe(true);
    expect(reachOf(axisMoves, 'axis', 'it-1-armor', '2113')).toEqual(['2012', '2013']);
  });

  it('keeps Britain apart from France and Belgium: the Channel is sea (8.1)', () => {
    const britain = reachOf(alliedMoves, 'allies', 'gb-1-armor', '1607');
    expect(britain.length).toBeGreaterThan(5);
    expect(britain.filter((h) => g.rules.countryOf(`hex:${h}`) !== 'great-britain')).toEqual([]);
  });

  it('keeps Denmark apart from Norway: the Skagerrak is sea (8.1, 8.3.2)', () => {
    const from = reachOf(axisMoves, 'axis', 'ge-1-armor', '1904');
    expect(from).toContain('1905');
    expect(from.filter((h) => g.rules.countryOf(`hex:${h}`) === 'norway')).toEqual([]);
  });

  it('keeps Crete an island (8.1)', () => {
    for (const [a, b] of [['2813', '2914'], ['2913', '2914'], ['2914', '3013']]) expect(allSea(a, b), `${a}|${b}`).toBe(true);
    expect(reachOf(alliedMoves, 'allies', 'gb-1-armor', '2914')).toEqual(['3014']);
  });

  it('lets land units cross at Gibraltar, a straits hex, between Spain and Spanish Morocco (8.1)', () => {
    expect(map.hexes!['1315'].terrain).toBe('straits');
    const from = reachOf(alliedMoves, 'allies', 'gb-1-armor', '1315');
    expect(from).toEqual(expect.arrayContaining(['1314', '1414', '1316', '1415']));
  });

  it('lets land units cross the Dardanelles (2911, a straits hex) and the Bosporus (in Istanbul\'s hex, 3010) between Europe and Asia (8.1)', () => {
    expect(map.hexes!['2911'].terrain).toBe('straits');
    const turks = ['turkey-inf-1', 'turkey-inf-2'];
    // Europe (Bulgaria 2810, 2910) and Asia (3011, 3111) from the straits.
    expect(reachOf(axisMoves, 'axis', 'ge-1-armor', '2911', turks, '3310')).toEqual(expect.arrayContaining(['2810', '2910', '3011']));
    expect(reachOf(axisMoves, 'axis', 'ge-1-armor', '3010', turks, '3310')).toEqual(expect.arrayContaining(['2910', '3011', '3111']));
  });

  it('lets land units cross the Strait of Kerch, both of whose shores the map\'s fit puts in 3207 (8.1 names no straits hex there, nor any side to close)', () => {
    // Crimea (3107) and the Kuban (3307) on either side of 3207.
    expect(reachOf(axisMoves, 'axis', 'ge-1-armor', '3207')).toEqual(expect.arrayContaining(['3107', '3307']));
  });

  it('keeps Lesbos and Chios (2912, Greek) islands, parted from Turkey by all-sea hexsides, the Dardanelles (2911) and 3012 included (8.1)', () => {
    for (const n of ['3011', '2911', '3012', '2811', '2812', '2913']) expect(allSea('2912', n), n).toBe(true);
    const turks = ['turkey-inf-1', 'turkey-inf-2'];
    expect(reachOf(axisMoves, 'axis', 'ge-1-armor', '2912', turks, '3310')).toEqual([]);
    for (const from of ['3011', '2911', '3012']) expect(reachOf(axisMoves, 'axis', 'ge-1-armor', from, turks, '3310'), from).not.toContain('2912');
  });

  it('keeps the Cyclades (2913, Greek) islands, parted from the straits hex 3012 by sea: a straits hex is entered, not a side crossed (8.1)', () => {
    expect(map.hexes!['3012'].terrain).toBe('straits');
    for (const n of ['3012', '2812', '2813', '2912', '2914', '3013']) expect(allSea('2913', n), n).toBe(true);
    const turks = ['turkey-inf-1', 'turkey-inf-2'];
    expect(reachOf(axisMoves, 'axis', 'ge-1-armor', '2913', turks, '3310')).toEqual([]);
    // 3012 is still entered from the Anatolian mainland (3011, 3112) and left for it, not for the Greek islands.
    const from = reachOf(axisMoves, 'axis', 'ge-1-armor', '3012', turks, '3310');
    expect(from).toEqual(expect.arrayContaining(['3011', '3112']));
    expect(from).not.toContain('2913');
    expect(reachOf(axisMoves, 'axis', 'ge-1-armor', '3011', turks, '3310')).toContain('3012');
  });

  it('puts Malta (2415) in the country Malta, British (2.3, 13)', () => {
    expect(g.rules.countryOf('hex:2415')).toBe('malta');
    expect(g.rules.countryPower('malta')).toBe('great-britain');
  });
});
