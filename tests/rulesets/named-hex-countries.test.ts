// The countries of the hexes the set-up texts name, in the rulesets' own data (not only their provisional
// fills). The scenario-map editor reads a ruleset without its fill: hex 1909, the French Maginot fort's
// (2WW 2.1), had no country there, so the editor refused a French unit "Anywhere in France" at 1909 while
// a test game with the fill allowed it. The same held for every hex the texts name with a place or a
// fort (their places carried the country, their hexes did not), and for The Big One's hex 2105, which its
// text puts in Germany in so many words ("Anywhere in Germany ..., including hex 2105").
import { describe, expect, it } from 'vitest';
import { rulesetLocation } from '@/bin/lib/args';
import type { ResolvedRuleset } from '@/engine';
import { createGame } from '@/engine/game';
import { movePlacement } from '@/engine/game/setup-edit';
import { loadRuleset } from '@/engine/load/resolve';
import { fsSource } from '@/engine/load/fs-source';

const loads = new Map<string, { ruleset: ResolvedRuleset; hash: string }>();
function load(ruleset: string, apply: string[] = []) {
  const key = `${ruleset}|${apply.join(',')}`;
  if (!loads.has(key)) loads.set(key, loadFresh(ruleset, apply));
  return loads.get(key)!;
}

function loadFresh(ruleset: string, apply: string[]) {
  const { root, id } = rulesetLocation(ruleset);
  const loaded = loadRuleset(fsSource(root), id, { optionalPatchSets: apply });
  if (!loaded.ruleset || !loaded.hash) throw new Error(`${ruleset} does not resolve`);
  return { ruleset: loaded.ruleset, hash: loaded.hash };
}

/** The scenario map's answer to dropping a unit's placement on a hex, on the ruleset as the editor reads it. */
function drop(ruleset: string, unit: string, hex: string, apply: string[] = []) {
  const r = load(ruleset, apply);
  const created = createGame(r.ruleset, 'campaign', 1, { rulesetHash: r.hash });
  if (!created.ok) throw new Error(created.problems[0].message);
  const index = r.ruleset.scenarios!.campaign.placements.findIndex((p) => p.unit === unit);
  return movePlacement(created.game, index, `hex:${hex}`);
}

const countries = (ruleset: string, apply: string[] = []) =>
  Object.fromEntries(Object.entries(load(ruleset, apply).ruleset.map!.hexes ?? {}).flatMap(([h, x]) => (x.country ? [[h, x.country]] : [])));

describe('the countries of the hexes the set-up names, without the provisional fill', () => {
  it('2WW: a French unit may start "Anywhere in France" at the Maginot fort (1909), and German ones at the German forts (1907, 1908)', () => {
    expect(drop('rulesets/2ww', 'fr-1-armor', '1909')).toEqual({ location: { hex: '1909' } });
    expect(drop('rulesets/2ww', 'fr-1-armor', '1911')).toEqual({ location: { hex: '1911' } });
    expect(drop('rulesets/2ww', 'ge-1-inf', '1908')).toEqual({ location: { hex: '1908' } });
    expect(drop('rulesets/2ww', 'ge-1-inf', '1907')).toEqual({ location: { hex: '1907' } });
    // Not the other way round: 1909 is France's, 1908 Germany's.
    expect(drop('rulesets/2ww', 'ge-1-inf', '1909')).toMatchObject({ refusal: { code: 'placement-constraint', message: 'hex 1909 (Maginot fort) is not Anywhere in Germany: not in the countries allowed' } });
    expect(drop('rulesets/2ww', 'fr-1-armor', '1908')).toMatchObject({ refusal: { code: 'placement-constraint' } });
    // As a test game with the fill has it.
    expect(drop('rulesets/2ww', 'fr-1-armor', '1909', ['provisional-fill'])).toEqual({ location: { hex: '1909' } });
  });

  it("The Big One: the same at its Maginot fort (1608) and German forts (1707, 1708), and its German group at 2105, which the text names", () => {
    expect(drop('rulesets/the-big-one', 'fr-1-inf', '1608')).toEqual({ location: { hex: '1608' } });
    expect(drop('rulesets/the-big-one', 'ge-1-inf', '1707')).toEqual({ location: { hex: '1707' } });
    expect(drop('rulesets/the-big-one', 'ge-1-inf', '1708')).toEqual({ location: { hex: '1708' } });
    expect(drop('rulesets/the-big-one', 'ge-1-armor', '2105')).toEqual({ location: { hex: '2105' } });
  });

  it('gives each hex a place named by the text stands in the country of that place', () => {
    for (const ruleset of ['rulesets/2ww', 'rulesets/the-big-one']) {
      const { ruleset: r } = load(ruleset);
      const hexes = r.map!.hexes!;
      const named = Object.entries(r.map!.places!).filter(([, p]) => p.hex !== undefined && p.country !== undefined);
      expect(named.length).toBeGreaterThan(15);
      for (const [id, p] of named) expect([ruleset, id, hexes[p.hex!]?.country]).toEqual([ruleset, id, p.country]);
    }
  });

  it('says where a country is inferred rather than read, and cites the rule', () => {
    const hexes = load('rulesets/2ww').ruleset.map!.hexes!;
    expect(hexes['1909']).toMatchObject({ country: 'france', source: { kind: 'inference', rule: '2.1, 7.2.5', quote: 'hex 1909 - Maginot fort' } });
    expect(hexes['1703']).toMatchObject({ country: 'norway', source: { kind: 'example', quote: 'in this case hex 1703, Oslo, Norway' } });
    expect(hexes['1315']).toMatchObject({ country: 'gibraltar', source: { kind: 'rulebook', rule: '2.3, 8.1, 8.3.1, 13' } });
    const tbo = load('rulesets/the-big-one').ruleset.map!.hexes!;
    expect(tbo['2105']).toMatchObject({ country: 'germany', source: { kind: 'rulebook', rule: 'Game Set Up F.1' } });
    expect(tbo['1608']).toMatchObject({ country: 'france', source: { kind: 'inference' } });
  });

  it('leaves to the fill only the countries the texts do not give: the misprinted Algiers, the Danish waters, an example\'s retreat hex and the straits', () => {
    const leftToFill = (ruleset: string, changed: [string, string, string][] = []) => {
      const base = countries(ruleset);
      const filled = countries(ruleset, ['provisional-fill']);
      // The fill changes no country the base gives, but a bootstrap classification it says it overrides.
      expect(Object.entries(base).flatMap(([h, c]) => (filled[h] !== c ? [[h, c, filled[h]]] : []))).toEqual(changed);
      return Object.keys(filled).filter((h) => !(h in base)).sort();
    };
    // Every other hex of the grid takes its country from the map bootstrap (map-grid.json); these are the named hexes that document leaves alone.
    expect(leftToFill('rulesets/2ww')).toEqual(['1615', '1904', '2003', '2004', '2214', '2911', '3012', '3414', '3415']);
    // The Big One's fitted grid leaves Belgium one landlocked hex, which its infantry fills: the fill gives it its coast.
    expect(leftToFill('rulesets/the-big-one', [['1507', 'france', 'belgium']])).toEqual(['1603', '1703', '1704', '1705', '2710', '2907', '2916']);
  });
});
