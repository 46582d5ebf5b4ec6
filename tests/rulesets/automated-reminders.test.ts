// A rule the engine plays is no reminder for the tester (specialRules' `automated`). A playtester saw, at End of
// Turn, "3 reminders for the tester" with Conquest among them (2WW 5.3.2, The Big One II.G.2) while the engine
// logged "Poland is conquered" itself. With the provisional fills, which name the USSR's three capitals and the
// turn the US enters, the engine plays conquest and US entry (5.3.1, II.G.1) whole; liberation is left to the
// tester only for France (conquered by its own rule, 12.2.1) and, without the fill, the USSR, and is reminded
// only while one of them is conquered.
import { describe, expect, it } from 'vitest';
import type { Game } from '@/engine/game';
import { fsSource } from '@/engine/load/fs-source';
import { loadRuleset } from '@/engine/load/resolve';
import { act, playTo } from '../engine/play';
import { filled, remindedOf } from './filled';

const game = (ruleset: string): Game => filled(ruleset).game();

describe('reminders of rules the engine plays', () => {
  for (const [name, ruleset] of [['2WW', 'rulesets/2ww'], ['The Big One', 'rulesets/the-big-one']] as const) {
    it(`${name} (provisional fill): no reminder of conquest or liberation at End of Turn, nor of US entry in Production`, () => {
      const g = game(ruleset);
      expect(g.rules.r.specialRules?.conquest?.automated).toBe(true);
      expect(g.rules.r.specialRules?.['us-entry']?.automated).toBe(true);
      // Through the first End of Turn and the second turn's Production.
      const s = playTo(g, g.initial, 'c2-movement', 'axis', 2);
      const reminded = remindedOf(s);
      expect(reminded.length).toBeGreaterThan(0);
      for (const rule of ['conquest', 'liberation', 'us-entry']) expect(reminded, rule).not.toContain(rule);
    });

    it(`${name}: reminds of liberation while France is conquered, its liberation being the tester's`, () => {
      const g = game(ruleset);
      let s = playTo(g, g.initial, 'c2-movement', 'axis', 1);
      s = act(g, s, { type: 'manual', op: { op: 'setStatus', power: 'france', status: 'conquered' } });
      const from = s.log.length;
      s = playTo(g, s, 'c2-movement', 'axis', 2);
      expect(remindedOf(s, from)).toContain('liberation');
      expect(remindedOf(s, from)).not.toContain('conquest');
    });
  }

  it('2WW without the fill keeps conquest a reminder: the USSR\'s three capitals are unnamed, so the tester judges its conquest (3.4.1, 5.3.2)', () => {
    const p = loadRuleset(fsSource(new URL('../../rulesets', import.meta.url).pathname), '2ww');
    expect(p.ruleset?.mechanics?.conquest?.exceptPowers).toContain('ussr');
    expect(p.ruleset?.specialRules?.conquest?.automated).toBeUndefined();
    expect(p.ruleset?.specialRules?.liberation?.while).toEqual({ op: 'any', of: [{ op: 'status', power: 'france', in: ['conquered'] }, { op: 'status', power: 'ussr', in: ['conquered'] }] });
  });
});
