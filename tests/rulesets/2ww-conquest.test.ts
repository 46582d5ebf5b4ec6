// 2WW (provisional fill) as a rules lawyer found conquest and liberation (5.3.2, 5.3.3): a capital the
// liberating side controls but does not occupy liberates nothing, nor does a conquered power's own capital
// count as the supply line of its liberation.
import { describe, expect, it } from 'vitest';
import type { GameState } from '@/engine/game';
import { act, eventsOf, playTo, put } from '../engine/play';
import { filled } from './filled';

const { game } = filled('rulesets/2ww');
const WARSAW = 'hex:2405';
const told = (s: GameState) => s.log.flatMap((e) => eventsOf(e.events, 'effect')).filter((e) => e.cite?.pointer === '/mechanics/conquest').map((e) => e.text);

describe('2WW conquest and liberation (provisional fill)', () => {
  it('conquers Poland with Warsaw held and supplied at the end of the turn, and liberates it only while an Allied unit occupies Warsaw (5.3.2, 5.3.3)', () => {
    const g = game();
    let s = playTo(g, g.initial, 'c2-movement', 'axis', 1);
    for (const u of Object.values(s.units)) if (u.at === WARSAW) s = put(g, s, u.id, 'pool');
    s = put(g, s, 'ge-1-armor', WARSAW);
    s = act(g, s, { type: 'manual', op: { op: 'setControl', location: WARSAW, to: 'germany' } });
    s = playTo(g, s, 'c2-movement', 'axis', 2);
    expect(s.powers.poland.status).toBe('conquered');
    // A British unit passed through Warsaw and left: the Allies control it, no Allied unit occupies it.
    s = put(g, s, 'ge-1-armor', 'hex:2204');
    s = act(g, s, { type: 'manual', op: { op: 'setControl', location: WARSAW, to: 'great-britain' } });
    const passed = playTo(g, s, 'c2-movement', 'axis', 3);
    expect(passed.powers.poland.status).toBe('conquered');
    expect(told(passed).filter((t) => t.startsWith('Poland is liberated'))).toEqual([]);
  });
});
