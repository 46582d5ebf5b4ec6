// The Big One's "Anywhere in Italy" (Game Set Up E.1) as X.A.1 counts Italian territory: Albania, its own
// country on the map, is included as Sardinia and Rhodes are; Libya, an overseas territory, is not. The Soviet
// border zone (Game Set Up B.1, as 2WW 2.2) in The Big One's numbering.
import { describe, expect, it } from 'vitest';
import { prepare } from '@/bin/simulate';
import { createGame } from '@/engine/game';
import { constraintBreach } from '@/engine/game/arrivals';
import { boardLocations } from '@/engine/game/graph';
import type { PlacementConstraint } from '@/engine/generated/schema-types';
import { formatHex, neighbours, parseHex } from '@/engine/map/grid';

const p = prepare({ ruleset: 'rulesets/the-big-one', apply: ['provisional-fill'] });
const created = createGame(p.ruleset, p.scenario, 1, { rulesetHash: p.hash });
if (!created.ok) throw new Error(created.problems[0].message);
const { rules } = created.game;

describe('The Big One set-up zones', () => {
  it('places the Italian at-start units anywhere in Italian territory, Albania included, Libya not (E.1, X.A.1)', () => {
    const placement = p.ruleset.scenarios![p.scenario].placements!.find((x) => x.unit === 'it-2-inf')!;
    const constraint = (placement.location as { constraint: PlacementConstraint }).constraint;
    const countries = new Set(boardLocations(rules).filter((at) => !constraintBreach(rules, constraint, at)).map((at) => rules.countryOf(at)));
    expect([...countries].sort()).toEqual(['albania', 'italy']);
    expect(rules.countryOf('hex:2311')).toBe('albania');
    expect(constraintBreach(rules, constraint, 'hex:2311')).toBeUndefined();
  });

  it('places the Soviet border group in or beside a Soviet hex bordering Germany, Poland, Hungary or Rumania, in its own numbering (B.1)', () => {
    const map = p.ruleset.map!;
    const grid = map.grid as Parameters<typeof neighbours>[1];
    const hexes = map.hexes as Record<string, { country?: string }>;
    const beside = (h: string) => neighbours(parseHex(h, grid)!, grid).map((x) => formatHex(x, grid)!).filter((n) => hexes[n]);
    const soviet = Object.keys(hexes).filter((h) => hexes[h].country === 'ussr');
    const border = soviet.filter((h) => beside(h).some((n) => ['germany', 'poland', 'hungary', 'rumania'].includes(hexes[n].country ?? '')));
    const expected = soviet.filter((h) => border.includes(h) || beside(h).some((n) => border.includes(n))).sort();
    const placement = p.ruleset.scenarios![p.scenario].placements!.find((x) => x.unit === 'su-1-inf')!;
    const constraint = (placement.location as { constraint: PlacementConstraint }).constraint;
    const zone = boardLocations(rules).filter((at) => !constraintBreach(rules, constraint, at)).map((at) => at.slice(4)).sort();
    expect(zone).toEqual(expected);
    expect(rules.placeLoc.get('sevastopol')).toBe('hex:2807');
    expect(zone).not.toContain('2807');
  });
});
