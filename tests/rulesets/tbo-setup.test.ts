// The Big One's "Anywhere in Italy" (Game Set Up E.1) as X.A.1 counts Italian territory: Albania, its own
// country on the map, is included as Sardinia and Rhodes are; Libya, an overseas territory, is not.
import { describe, expect, it } from 'vitest';
import { prepare } from '@/bin/simulate';
import { createGame } from '@/engine/game';
import { constraintBreach } from '@/engine/game/arrivals';
import { boardLocations } from '@/engine/game/graph';
import type { PlacementConstraint } from '@/engine/generated/schema-types';

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
});
