// The Big One's combat rules as a playtester meets them. Its text lacks the Detailed Sequence of Play (p.16) that
// resolves a combat, so without the provisional fill the engine fights land and sea combat but asks how a loss point
// is taken and names no winner, and the combat steps remind the tester of land combat (VII.A), sea combat (VII.C) and
// rotated fleets (II.D.2). The fill plays 2WW's procedure (4.2 C.3): a step per loss point, fewer losses winning, the
// loser's land units one hex back, its fleets to the nearest friendly port, rotated; those reminders go. With the fill
// the combat steps also offer air strikes (VII.B), played as 2WW plays them (9.2), and their reminder goes too. Shared
// hexes (II.F.3), which only a hand-made airdrop or assault makes (the text lacks both rules), stay the tester's.
import { describe, expect, it } from 'vitest';
import { fsSource } from '@/engine/load/fs-source';
import { loadRuleset } from '@/engine/load/resolve';
import { createGame, type Game } from '@/engine/game';
import { reminders } from '@/engine/game/reminders';
import { act, eventsOf, playTo, put } from '../engine/play';
import { filled, remindedOf } from './filled';

function unfilled(): Game {
  const { ruleset } = loadRuleset(fsSource(new URL('../../rulesets', import.meta.url).pathname), 'the-big-one');
  const created = createGame(ruleset!, Object.keys(ruleset!.scenarios ?? {})[0], 7);
  if (!created.ok) throw new Error(created.problems[0].message);
  return created.game;
}

const tbo = filled('rulesets/the-big-one');

describe('The Big One: combat reminders', () => {
  it('with the provisional fill, no reminder of land combat, sea combat, air strikes, rotated fleets or the convoy attack; shared hexes still reminded', () => {
    const g = tbo.game();
    const automated = ['land-combat', 'sea-combat', 'air-combat', 'ops-complete', 'convoy-attack'];
    for (const rule of automated) expect(g.rules.r.specialRules?.[rule]?.automated, rule).toBe(true);
    // Through the first turn's Strategic Warfare and the Axis and Allied combat steps.
    const s = playTo(g, g.initial, 'd3-combat', 'allies', 1);
    const reminded = remindedOf(s);
    for (const rule of automated) expect(reminded, rule).not.toContain(rule);
    for (const rule of ['combat-procedure', 'opposing-units-in-hex']) expect(reminded, rule).toContain(rule);
  });

  it('with the fill, air units strike the fleets or the air units of a hex in their ZOC, and are rotated (VII.B, VII.B.4)', () => {
    const g = tbo.game();
    let s = playTo(g, g.initial, 'd3-combat', 'allies', 1);
    const strikes = g.legalActions(s, 'allies').filter((a) => a.type === 'attack' && (a.combat === 'air-vs-sea' || a.combat === 'air-vs-air'));
    expect(strikes.map((a) => (a.type === 'attack' ? a.combat : ''))).toEqual(expect.arrayContaining(['air-vs-sea', 'air-vs-air']));
    const strike = strikes.find((a) => a.type === 'attack' && a.combat === 'air-vs-sea')!;
    if (strike.type !== 'attack') throw new Error('an attack');
    const from = s.log.length;
    s = act(g, s, strike);
    for (let guard = 0; guard < 10 && (s.defense || s.losses.length || s.battle); guard++) {
      const side = g.activeSides(s)[0];
      s = act(g, s, g.legalActions(s, side).find((a) => a.type !== 'endStep')!);
    }
    const battle = eventsOf(s.log.slice(from).flatMap((e) => e.events), 'battle').find((b) => b.combat === 'air-vs-sea');
    expect(battle?.cite?.rule).toMatch(/VII\.B/);
    for (const unit of strike.units) expect(s.units[unit].exhausted || s.units[unit].at === 'eliminated', unit).toBe(true);
  });

  it('without the fill, reminds of land combat, sea combat and rotated fleets in the combat steps (their procedure is the tester\'s)', () => {
    const g = unfilled();
    for (const rule of ['land-combat', 'sea-combat', 'ops-complete', 'convoy-attack', 'combat-procedure']) expect(g.rules.r.specialRules?.[rule]?.automated, rule).toBeUndefined();
    // What the engine reminds of as the Axis combat step begins (a game without the fill stops before it, on its gaps).
    const slot = g.rules.slots.other.find((x) => x.stepId === 'c3-combat')!;
    const reminded = reminders(g.rules, slot).flatMap((r) => (r.pointer.startsWith('/specialRules/') ? [r.pointer.slice('/specialRules/'.length)] : []));
    for (const rule of ['land-combat', 'sea-combat', 'ops-complete', 'combat-procedure', 'air-combat', 'opposing-units-in-hex']) expect(reminded, rule).toContain(rule);
    expect(g.rules.r.specialRules?.['opposing-units-in-hex']?.why).not.toMatch(/No model/);
  });

  it('with the fill, the loser of a sea combat retreats to its nearest friendly port, rotated (VII, VII.C; 2WW 4.2 C.3)', () => {
    const g = tbo.game();
    const ports = new Set(Object.values(g.rules.r.map!.places ?? {}).flatMap((p) => (p.kinds?.includes('port') && p.hex ? [`hex:${p.hex}`] : [])));
    let decided = 0;
    for (let seed = 1; seed <= 8 && decided < 2; seed++) {
      const h = tbo.game(seed);
      let s = playTo(h, h.initial, 'c3-combat', 'axis', 1);
      s = put(h, s, 'gb-home-fleet', 'hex:1503');
      s = put(h, s, 'ge-surface-fleet', 'hex:1504');
      const attack = h.legalActions(s, 'axis').find((a) => a.type === 'attack' && a.target === 'hex:1503' && a.units.includes('ge-surface-fleet'));
      expect(attack, 'the German fleet may attack the British one beside it').toBeDefined();
      const from = s.log.length;
      s = act(h, s, attack!);
      // The defender may answer (support), and a retreat may wait on its owner's choice: play the first offered.
      for (let guard = 0; guard < 10 && (s.defense || s.aftermath); guard++) {
        const side = s.defense ? s.defense.by : h.activeSides(s)[0];
        const next = h.legalActions(s, side).find((a) => a.type !== 'endStep');
        if (!next) break;
        s = act(h, s, next);
      }
      const battle = eventsOf(s.log.slice(from).flatMap((e) => e.events), 'battle').find((b) => b.combat === 'sea-vs-sea')!;
      expect(battle).toBeDefined();
      if (!battle.winner) continue;
      decided++;
      const loser = battle.winner === 'axis' ? 'gb-home-fleet' : 'ge-surface-fleet';
      const u = s.units[loser];
      if (u.at === 'eliminated') continue;
      expect(ports.has(u.at), `${loser} at ${u.at}`).toBe(true);
      expect(u.exhausted).toBe(true);
    }
    expect(decided).toBeGreaterThan(0);
  });
});
