// Supply across the sea (2WW 11.2.1, The Big One II.H.1: "each transition between land and sea must occur in a
// coastal hex containing a friendly-controlled port"), as a playtester found it: the Italian 3rd infantry set up
// "Anywhere in Italy" in 2WW's hex 2012 (north-western Sardinia by the map's fit, Italian territory by 12.1.1,
// joined by land to 2113 alone), and the NA infantry at Tobruk, began out of supply, as did any unit in
// Sicily, Sardinia, Rhodes, French Corsica or The Big One's Outer Hebrides (1203): the texts name Taranto as
// Italy's one port and no port on those islands or in Libya. The provisional fills give each a port.
import { describe, expect, it } from 'vitest';
import type { GameState } from '@/engine/game';
import { playTo, put } from '../engine/play';
import { filled } from './filled';

function setUp(ruleset: string) {
  const { game, map, allSea } = filled(ruleset);
  const g = game();
  // The position as the set-up leaves it, the Axis about to move in Autumn 1939.
  const start = playTo(g, g.initial, 'c2-movement', 'axis', 1);
  /** Whether `unit`, put at hex `at`, traces no supply now (as the play map's overview finds it). */
  const outAt = (s: GameState, side: string, unit: string, at: string) => g.overview(put(g, s, unit, `hex:${at}`), side).unsupplied.includes(unit);
  return { g, map, allSea, start, outAt };
}

describe('2WW ports on the islands and in Libya (provisional fill)', () => {
  const { g, map, allSea, start, outAt } = setUp('rulesets/2ww');

  it('reads 2012 as north-western Sardinia, Italian, joined by land to 2113 alone; Corsica (2011, 2112) is French (12.1.1)', () => {
    expect(g.rules.countryOf('hex:2012')).toBe('italy');
    expect(g.rules.countryOf('hex:2113')).toBe('italy');
    for (const h of ['2011', '2112']) expect(g.rules.countryOf(`hex:${h}`), h).toBe('france');
    for (const n of ['2011', '2112', '2013']) expect(allSea('2012', n), n).toBe(true);
    expect(allSea('2012', '2113')).toBe(false);
  });

  it('keeps Italian units set up in Sardinia (2012, 2113), Sicily, Rhodes and at Tobruk in supply at the start (11, 11.2.1)', () => {
    expect(start.units['it-na-inf'].at).toBe('hex:2716');
    expect(g.overview(start, 'axis').unsupplied).not.toContain('it-na-inf');
    for (const at of ['2012', '2113', '2013', '2314', '2413', '2414', '3013']) expect(outAt(start, 'axis', 'it-3-inf', at), at).toBe(false);
  });

  it('keeps a French unit in Corsica in supply (11, 11.2.1)', () => {
    for (const at of ['2011', '2112']) expect(outAt(start, 'allies', 'fr-2-inf', at), at).toBe(false);
  });

  it('has each of those ports provisional, in the hex the text or the fit gives, and Tobruk in Libya', () => {
    const places = map.places!;
    for (const [id, hex, country] of [['palermo', '2314', 'italy'], ['cagliari', '2113', 'italy'], ['ajaccio', '2011', 'france']] as const) {
      expect(places[id], id).toMatchObject({ hex, country, kinds: ['port'] });
      expect(places[id].source?.kind, id).toBe('provisional');
    }
    expect(places.rhodes.kinds).toContain('port');
    expect(places.tobruk.kinds).toContain('port');
    expect(g.rules.countryOf('hex:2716')).toBe('libya');
    // Taranto is the one Italian port the text gives (2.5).
    expect(places.taranto.kinds).toContain('port');
  });
});

describe('The Big One ports on the islands and in Libya (provisional fill)', () => {
  const { map, start, outAt } = setUp('rulesets/the-big-one');

  it('keeps Italian units in Sardinia, Sicily and Rhodes in supply at the start (II.H.1)', () => {
    for (const at of ['1812', '1813', '2013', '2114', '2913']) expect(outAt(start, 'axis', 'it-3-inf', at), at).toBe(false);
  });

  it('keeps a French unit in Corsica (1811) and British units in the Outer Hebrides (1203) in supply (II.H.1)', () => {
    expect(outAt(start, 'allies', 'fr-2-inf', '1811')).toBe(false);
    for (const u of ['gb-1-armor', 'gb-1-raf']) expect(outAt(start, 'allies', u, '1203'), u).toBe(false);
  });

  it('has each of those ports provisional, and Tobruk (2415) a port', () => {
    const places = map.places!;
    for (const [id, hex] of [['palermo', '2013'], ['cagliari', '1813'], ['ajaccio', '1811'], ['lochmaddy', '1203']] as const) {
      expect(places[id], id).toMatchObject({ hex, kinds: ['port'] });
      expect(places[id].source?.kind, id).toBe('provisional');
    }
    expect(places.rhodes.kinds).toContain('port');
    expect(places.tobruk).toMatchObject({ hex: '2415' });
    expect(places.tobruk.kinds).toContain('port');
  });
});
