// The reminder of neutral Italy (2WW 12.1.1, The Big One X.A.1: "While neutral, Italy behaves as a neutral
// country ...") comes while Italy is neutral, and no more once it has entered the war: a playtester saw it
// all game.
import { describe, expect, it } from 'vitest';
import type { Game } from '@/engine/game';
import { act, playTo } from '../engine/play';
import { filled, remindedOf } from './filled';

const game = (ruleset: string): Game => filled(ruleset).game();

describe('the reminder of neutral Italy', () => {
  it('comes in 2WW while Italy is neutral, and not once it enters the war in Summer 1940 (12.1.1)', () => {
    const g = game('rulesets/2ww');
    let s = playTo(g, g.initial, 'd2-movement', 'allies', 3);
    expect(s.powers.italy.status).toBe('limited-neutral');
    expect(remindedOf(s)).toContain('italy-neutral');
    // From the last step of Spring 1940: Italy enters the war as Summer 1940 begins.
    s = playTo(g, s, 'g1-end-of-turn', undefined, 3);
    const from = s.log.length;
    s = playTo(g, s, 'd2-movement', 'allies', 4);
    expect(s.powers.italy.status).toBe('at-war');
    expect(remindedOf(s, from)).toContain('city-control');
    expect(remindedOf(s, from)).not.toContain('italy-neutral');
  });

  it('comes in The Big One while Italy is neutral, and not once its neutrality has ended (X.A.1)', () => {
    const g = game('rulesets/the-big-one');
    let s = playTo(g, g.initial, 'd2-movement', 'allies', 1);
    expect(remindedOf(s)).toContain('italy-neutral');
    // Neutrality ends (by the date, an invasion, or Italian units entering or attacking another power): here by the tester's hand.
    s = act(g, s, { type: 'manual', op: { op: 'setStatus', power: 'italy', status: 'at-war' } });
    const from = s.log.length;
    s = playTo(g, s, 'd2-movement', 'allies', 2);
    expect(remindedOf(s, from)).toContain('city-control');
    expect(remindedOf(s, from)).not.toContain('italy-neutral');
  });
});
