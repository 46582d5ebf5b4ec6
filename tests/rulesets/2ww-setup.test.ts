// 2WW's set-up zones as 2.2 words them, checked in full: the Soviet border zone (in or adjacent to a hex
// with a border on Germany, Poland, Hungary or Rumania), the German group (adjacent to Poland, or in East
// Prussia) and any German port. A playtester's random set-up put Soviet units at Stalingrad.
import { describe, expect, it } from 'vitest';
import { prepare } from '@/bin/simulate';
import { createGame } from '@/engine/game';
import { constraintBreach } from '@/engine/game/arrivals';
import { boardLocations } from '@/engine/game/graph';
import type { PlacementConstraint } from '@/engine/generated/schema-types';

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

describe('2WW set-up zones (2.2)', () => {
  it('keeps the Soviet border group within two hexes of Germany, Poland, Hungary or Rumania, inside the USSR', () => {
    const { constraint, hexes } = zone('su-1-inf');
    expect(hexes).toContain('2402');
    expect(hexes).not.toContain('3404');
    expect(constraintBreach(rules, constraint, 'hex:3404')).toBe('farther than 2 from Germany, Poland, Hungary, Rumania');
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
