// 2WW's city bombing (6.1): any range-3 air unit not Ops Complete with the target in its zone may intercept
// the bombers, those standing in the bombed city too (a zone covers its unit's own hex).
import { describe, expect, it } from 'vitest';
import { act, playTo, put } from '../engine/play';
import { filled } from './filled';

const { game } = filled('2ww');

describe('2WW city bombing', () => {
  it('offers the air units in the bombed city as interceptors (6.1.2)', () => {
    const g = game();
    let s = playTo(g, g.initial, 'a2-city-bombing', 'axis', 2);
    s = put(g, s, 'ge-1-air', 'hex:1906');
    s = put(g, s, 'gb-1-raf', 'hex:1607');
    s = act(g, s, { type: 'attack', side: 'axis', combat: 'bombing', target: 'hex:1607', units: ['ge-2-air', 'ge-1-air'] });
    const offered = g.legalActions(s, 'allies').flatMap((a) => (a.type === 'defend' ? [a.units] : []));
    expect(offered.some((units) => units.includes('gb-1-raf'))).toBe(true);
    // Intercepting, it fights the bombers: the interception is fought.
    const t = act(g, s, { type: 'defend', side: 'allies', units: ['gb-1-raf'] });
    expect(t.log.at(-1)!.events.some((e) => e.kind === 'lookup' && e.table === 'air-vs-air')).toBe(true);
  });
});
