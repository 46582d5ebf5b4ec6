// 2WW (provisional fill): who a land attack is made on. "Land units cannot attack Fleet units" (9) and
// "Land units may attack adjacent enemy land units" (4.2 C.3): a hex holding only enemy fleets or air
// units is no target, and air units beside the defenders take part only as support their side chooses.
import { describe, expect, it } from 'vitest';
import type { Game, GameState } from '@/engine/game';
import { beside, graphOf } from '@/engine/game/graph';
import { playTo, put, refusal } from '../engine/play';
import { filled } from './filled';

const { game } = filled('rulesets/2ww');

/** A land hex beside a hex, by the board's links. */
const landBeside = (g: Game, at: string) => {
  const graph = graphOf(g.rules);
  return beside(graph, graph.index.get(at)!).map((j) => graph.keys[j]).find((x) => x.startsWith('hex:') && g.rules.mediumOf(x) !== 'sea')!;
};

describe('2WW land combat: its targets', () => {
  it('makes no land attack on a hex holding only an enemy fleet (9)', () => {
    const g = game();
    // The Gibraltar fleet alone in a coastal hex of Spanish Morocco (1414), German 1st Armor beside it.
    let s: GameState = put(g, playTo(g, g.initial, 'c3-combat', 'axis', 1), 'gb-gibraltar-fleet', 'hex:1414');
    s = put(g, s, 'ge-1-armor', landBeside(g, 'hex:1414'));
    const attacks = g.legalActions(s, 'axis').filter((a) => a.type === 'attack' && a.combat === 'land-vs-land' && a.target === 'hex:1414');
    expect(attacks).toEqual([]);
    expect(refusal(g, s, { type: 'attack', side: 'axis', combat: 'land-vs-land', target: 'hex:1414', units: ['ge-1-armor'] })).toMatchObject({
      code: 'no-target',
      message: expect.stringMatching(/holds no land or fortification units hostile to Axis$/),
      cite: { pointer: '/mechanics/combat/land-vs-land/defenders' },
    });
  });

  it("offers air units in the defenders' hex as support, chosen by their side, rather than having them defend", () => {
    const g = game();
    let s: GameState = playTo(g, g.initial, 'c3-combat', 'axis', 1);
    // French 1st Air with French 2nd Infantry, German 1st Armor beside them.
    const at = s.units['fr-2-inf'].at;
    s = put(g, s, 'fr-1-air', at);
    s = put(g, s, 'ge-1-armor', landBeside(g, at));
    const r = g.applyAction(s, { type: 'attack', side: 'axis', combat: 'land-vs-land', target: at, units: ['ge-1-armor'] });
    if (!r.ok) throw new Error(r.refusal.message);
    expect(r.state.defense).toMatchObject({ by: 'allies', candidates: expect.arrayContaining(['fr-1-air']) });
  });
});
