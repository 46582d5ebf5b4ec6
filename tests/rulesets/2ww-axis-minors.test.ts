// 2WW (provisional fill) as a playtester found it at an Axis minor power: a German fort bought into Sofia
// leaves Bulgaria's limited neutrality as it was, as 12.1.2 lifts the Allied ban on invading it only
// when an Axis unit enters or leaves the country, which a unit placed there by production does not.
import { describe, expect, it } from 'vitest';
import type { Game, GameState } from '@/engine/game';
import { act, playTo } from '../engine/play';
import { filled } from './filled';

const { game } = filled('rulesets/2ww');

/** Ends the Axis powers' production until Germany's. */
function toGermanProduction(g: Game, s: GameState): GameState {
  for (let guard = 0; guard < 20; guard++) {
    if (g.legalActions(s, 'axis').some((a) => a.type === 'buy' && s.units[a.unit].power === 'germany')) return s;
    s = act(g, s, { type: 'endStep', side: 'axis' });
  }
  throw new Error('Germany never produced');
}

describe('2WW Axis minor powers (provisional fill)', () => {
  it('keeps Bulgaria limited-neutral when a German fort is bought into Sofia, and ends it when an Axis unit enters (12.1.2, 7.2.5)', () => {
    const g = game();
    let s = toGermanProduction(g, playTo(g, g.initial, 'b3-spend-points', 'axis', 2));
    s = act(g, s, { type: 'manual', op: { op: 'adjustResource', power: 'germany', resource: 'pp', by: 10 } });
    const sofia = g.rules.placeLoc.get('sofia')!;
    s = act(g, s, { type: 'buy', side: 'axis', unit: 'ge-fort-3', at: sofia });
    expect(s.units['ge-fort-3'].at).toBe(sofia);
    expect(s.powers.bulgaria.status).toBe('limited-neutral');
    // A German unit moving into Bulgaria is one that "enters the country".
    s = playTo(g, s, 'c2-movement', 'axis', 2);
    const into = g.legalActions(s, 'axis').find((a) => a.type === 'move' && s.units[a.unit].power === 'germany' && g.rules.countryOf(a.to) === 'bulgaria');
    expect(into).toBeDefined();
    s = act(g, s, into!);
    expect(s.powers.bulgaria.status).toBe('at-war');
  });
});
