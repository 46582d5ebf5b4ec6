// 2WW (provisional fill) as a greedy-bot game ended it: the Allies took Germany, Italy and the Axis minors
// but not Finland, which the Allies may not invade until an Axis unit enters or leaves it (12.1.2). Read
// literally, 13.1 gives that no level; the ruleset reads the Allied levels by how many powers stay
// Axis-controlled (conflicts/allied-victory-levels), so taking Germany never lowers the Allies' level.
import { describe, expect, it } from 'vitest';
import type { Game, GameState } from '@/engine/game';
import { countryKeys } from '@/engine/game/board';
import { matchCondition } from '@/engine/game/condition-places';
import { act } from '../engine/play';
import { filled } from './filled';

const { game } = filled('rulesets/2ww');

/** The powers 13 counts, as the Allied total victory lists them, Germany first. */
function counted(g: Game): string[] {
  const total = g.rules.r.victory!.levels.find((l) => l.id === 'allied-total')!.condition;
  const listed = total.op === 'compare' && typeof total.left !== 'number' && total.left.op === 'count' ? total.left.countries! : [];
  return ['germany', ...listed.filter((c) => c !== 'germany')];
}

/** The opening position with exactly the countries named Axis-controlled and every other counted one Allied. */
function axisHolds(g: Game, axis: string[]): GameState {
  let s = g.initial;
  for (const country of counted(g))
    for (const at of countryKeys(g.rules, country)) s = act(g, s, { type: 'manual', op: { op: 'setControl', location: at, to: axis.includes(country) ? 'axis' : 'allies' } });
  return s;
}

describe('2WW victory levels (provisional fill)', () => {
  it('gives the Allies a major victory with Germany taken and only Finland Axis-held, a minor one with two powers left (13.1, 12.1.2)', () => {
    const g = game();
    expect(g.levelNow(axisHolds(g, ['finland']))).toBe('allied-major');
    expect(g.levelNow(axisHolds(g, ['finland', 'hungary']))).toBe('allied-minor');
    // The text's own cases keep their levels.
    expect(g.levelNow(axisHolds(g, ['germany']))).toBe('allied-major');
    expect(g.levelNow(axisHolds(g, ['germany', 'finland']))).toBe('allied-minor');
    expect(g.levelNow(axisHolds(g, []))).toBe('allied-total');
    // Three powers left without Germany: still no level (victory/gaps/0); with Germany, the Axis minor victory.
    expect(g.levelNow(axisHolds(g, ['finland', 'hungary', 'rumania']))).toBeUndefined();
    expect(g.levelNow(axisHolds(g, ['germany', 'finland', 'hungary']))).toBe('axis-minor');
  });

  it('never reaches an Axis and an Allied level at once, and Germany falling never lowers the Allies (13.1, 13.2)', () => {
    const g = game();
    const levels = g.rules.r.victory!.levels;
    const others = counted(g).slice(1);
    // Hungary and Rumania first: the Axis major victory needs them.
    const order = ['hungary', 'rumania', ...others.filter((c) => c !== 'hungary' && c !== 'rumania')];
    const rank = (id: string | undefined) => (id?.startsWith('allied-') ? 3 - ['allied-total', 'allied-major', 'allied-minor'].indexOf(id) : id ? -1 : 0);
    for (let n = 0; n <= order.length; n++) {
      const reached = [['germany'], []].map((germany) => {
        const s = axisHolds(g, [...germany, ...order.slice(0, n)]);
        const sides = new Set(levels.filter((l, i) => matchCondition(g, s, l.condition, `/victory/levels/${i}/condition`).holds).map((l) => l.side));
        expect(sides.size, `${germany.length ? 'Germany and ' : ''}${n} other powers Axis-held`).toBeLessThanOrEqual(1);
        return g.levelNow(s);
      });
      expect(rank(reached[1]), `Germany taken with ${n} other powers Axis-held`).toBeGreaterThanOrEqual(rank(reached[0]));
    }
  });
});
