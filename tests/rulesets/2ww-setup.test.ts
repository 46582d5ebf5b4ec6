// 2WW's set-up zones as 2.2 words them, checked in full: the Soviet border zone (in or adjacent to a hex
// with a border on Germany, Poland, Hungary or Rumania; not "within two hexes" by any route, which took in
// Sevastopol across the sea), the German group (adjacent to Poland, or in East Prussia) and any German port. A playtester's random set-up put Soviet units at Stalingrad.
import { describe, expect, it } from 'vitest';
import { prepare } from '@/bin/simulate';
import { createGame } from '@/engine/game';
import { constraintBreach } from '@/engine/game/arrivals';
import { boardLocations } from '@/engine/game/graph';
import type { PlacementConstraint } from '@/engine/generated/schema-types';
import { formatHex, neighbours, parseHex } from '@/engine/map/grid';

const p = prepare({ ruleset: 'rulesets/2ww', apply: ['provisional-fill'] });
const created = createGame(p.ruleset, p.scenario, 1, { rulesetHash: p.hash });
if (!created.ok) throw new Error(created.problems[0].message);
const { rules } = created.game;

/** The hexes a placement's zone allows, by the placement's unit. */
function zone(unit: string): { constraint: PlacementConstraint; hexes: string[] } {
  const placement = p.ruleset.scenarios![p.scenario].placements!.find((x) => x.unit === unit)!;
  const constraint = (placement.location as { constraint: PlacementConstraint }).constraint;
  return { constraint, hexes: boardLocations(rules).filter((at) => !constraintBreach(rules, constraint, at)).map((at) => at.slice(4)) };
}

/** The Soviet hexes beside one of these countries ("a hex containing a border"), and the Soviet hexes beside those, by the map's grid. */
function borderZone(countries: string[], map = p.ruleset.map!): string[] {
  const grid = map.grid as Parameters<typeof neighbours>[1];
  const hexes = map.hexes as Record<string, { country?: string }>;
  const beside = (h: string) => neighbours(parseHex(h, grid)!, grid).map((x) => formatHex(x, grid)!).filter((n) => hexes[n]);
  const soviet = Object.keys(hexes).filter((h) => hexes[h].country === 'ussr');
  const border = soviet.filter((h) => beside(h).some((n) => countries.includes(hexes[n].country ?? '')));
  return soviet.filter((h) => border.includes(h) || beside(h).some((n) => border.includes(n))).sort();
}

describe('2WW set-up zones (2.2)', () => {
  it('keeps the Soviet border group in or beside a Soviet hex bordering Germany, Poland, Hungary or Rumania, and not at Sevastopol', () => {
    const { constraint, hexes } = zone('su-1-inf');
    expect(hexes.sort()).toEqual(borderZone(['germany', 'poland', 'hungary', 'rumania']));
    expect(hexes).toContain('2402');
    expect(hexes).not.toContain('3404');
    // Sevastopol lies two hexes from Rumania only across the all-sea hex 3008: no Soviet hex beside it has a border.
    expect(rules.placeLoc.get('sevastopol')).toBe('hex:3108');
    expect(hexes).not.toContain('3108');
    expect(constraintBreach(rules, constraint, 'hex:3108')).toBe('not in a hex of the USSR containing a border with Germany, Poland, Hungary or Rumania, nor in a hex of the USSR adjacent to such a hex');
    for (const hex of hexes) expect(rules.countryOf(`hex:${hex}`)).toBe('ussr');
  });

  it('puts the German group beside Poland or in East Prussia, and names both when a hex is neither', () => {
    const { constraint, hexes } = zone('ge-1-armor');
    expect(hexes).toEqual(expect.arrayContaining(['2403', '2404', '2207']));
    expect(constraintBreach(rules, constraint, 'hex:1906')).toBe('not adjacent to Poland, nor in E Prussia (hex 2403 & 2404)');
  });

  it("says whose units are placed first when a side places out of the set-up order", () => {
    const r = created.game.applyAction(created.game.initial, { type: 'place', side: 'allies', unit: 'su-5-inf', at: 'hex:2402' });
    expect(r.ok || r.refusal).toMatchObject({ code: 'not-yours-to-place', message: "Allies may not place 5th Infantry now: France's units are placed first" });
  });

  it('puts the German fleets in a German port: Hamburg, the one the map names', () => {
    expect(zone('ge-surface-fleet').hexes).toEqual([rules.placeLoc.get('hamburg')!.slice(4)]);
  });
});
