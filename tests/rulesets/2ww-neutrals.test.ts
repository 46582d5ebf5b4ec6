// 2WW (provisional fill) as a playtester found it around the neutrals and the home country: the neutral
// USSR's production (7.1.6, 12.4.2), attacks across a neutral's border (5.1.4, 12.4.1), new fleets at
// overseas ports (7.2.2), what the Supply step checks (4.2 F, 11), bombing neutral Italy (6.1), and neutral Italy's units, which move but attack with none (12.1.1).
import { describe, expect, it } from 'vitest';
import type { Game, GameState } from '@/engine/game';
import { currentSlot } from '@/engine/game/sequence-slots';
import { act, eventsOf, playTo, put, refusal } from '../engine/play';
import { filled } from './filled';

const { game } = filled('rulesets/2ww');

/** A game of seed 7 (the playtester's), its set-up placed as playTo places it. */

const events = (s: GameState) => s.log.flatMap((e) => e.events);
const attacksOn = (g: Game, s: GameState, side: string, combat: string) =>
  g.legalActions(s, side).flatMap((a) => (a.type === 'attack' && a.combat === combat ? [a.target] : []));

/** Ends the current power's production until one of the given power buys or upgrades. */
function toProductionOf(g: Game, s: GameState, power: string): GameState {
  for (let guard = 0; guard < 20; guard++) {
    if (g.legalActions(s, 'allies').some((a) => a.type === 'buy' && s.units[a.unit].power === power)) return s;
    s = act(g, s, { type: 'endStep', side: 'allies' });
  }
  throw new Error(`${power} never produced`);
}

describe('2WW neutrals and home countries (provisional fill)', () => {
  it('gives the neutral USSR no production before 1941, and then only its 2 points, never Moscow\'s (7.1.6, 12.4.2)', () => {
    const g = game();
    let s = playTo(g, g.initial, 'b3-spend-points', 'allies', 2);
    const soviet = eventsOf(events(s), 'income').filter((e) => e.power === 'ussr');
    expect(soviet.map((e) => e.amount)).toEqual([0]);
    expect(s.resources.ussr.pp).toBe(0);
    // Soviet units begin reduced: none may be upgraded, in any power's turn of this production.
    for (let guard = 0; guard < 10 && g.activeSides(s).includes('allies') && currentSlot(g.rules, s)?.stepId === 'b3-spend-points'; guard++) {
      expect(g.legalActions(s, 'allies').filter((a) => a.type === 'upgrade' && s.units[a.unit].power === 'ussr')).toEqual([]);
      refusal(g, s, { type: 'upgrade', side: 'allies', unit: 'su-8-inf' });
      s = act(g, s, { type: 'endStep', side: 'allies' });
    }
    // Spring 1941, the first turn of 1941: the two points of 12.4.2 alone.
    s = playTo(g, s, 'b3-spend-points', 'allies', 7);
    const spring41 = eventsOf(events(s), 'income').filter((e) => e.power === 'ussr').at(-1)!;
    expect(spring41.amount).toBe(2);
    expect(spring41.text).not.toMatch(/Moscow/);
  });

  it('lets the Axis attack a neutral Soviet unit only by invading the USSR, which ends its neutrality (5.1.4, 12.4.1)', () => {
    const g = game();
    // German 1st Armor in East Prussia (2403), beside the Soviet stacks of 2303 and 2304.
    const beside = (s: GameState) => put(g, s, 'ge-1-armor', 'hex:2403');
    let s = beside(playTo(g, g.initial, 'c3-combat', 'axis', 1));
    expect(s.powers.ussr.status).toBe('limited-neutral');
    const soviet = Object.values(s.units).filter((u) => u.power === 'ussr' && u.at.startsWith('hex:')).map((u) => u.at);
    expect(soviet).toContain('hex:2303');
    expect(attacksOn(g, s, 'axis', 'land-vs-land').filter((at) => soviet.includes(at))).toEqual([]);
    expect(refusal(g, s, { type: 'attack', side: 'axis', combat: 'land-vs-land', target: 'hex:2303', units: ['ge-1-armor'] }).code).toBe('beyond-zones');
    // Entering the USSR (an air unit flying in, 5.3.1) is an invasion: the USSR is at war, and its units may be attacked.
    s = playTo(g, g.initial, 'c2-movement', 'axis', 1);
    const into = g.legalActions(s, 'axis').find((a) => a.type === 'move' && a.unit === 'ge-1-air' && g.rules.countryOf(a.to) === 'ussr');
    s = act(g, s, into!);
    expect(s.powers.ussr.status).toBe('at-war');
    s = beside(playTo(g, s, 'c3-combat', 'axis', 1));
    expect(attacksOn(g, s, 'axis', 'land-vs-land')).toContain('hex:2303');
  });

  it('places new British fleets only in ports of Great Britain, not at Alexandria or Gibraltar (7.2.2)', () => {
    const g = game();
    let s = toProductionOf(g, playTo(g, g.initial, 'b3-spend-points', 'allies', 2), 'great-britain');
    // Points enough for the Channel fleet in the force pool.
    s = act(g, s, { type: 'manual', op: { op: 'adjustResource', power: 'great-britain', resource: 'pp', by: 10 } });
    const ports = g.legalActions(s, 'allies').flatMap((a) => (a.type === 'buy' && a.unit === 'gb-channel-fleet' ? [a.at] : []));
    expect(ports.length).toBeGreaterThan(0);
    expect(ports.every((at) => g.rules.countryOf(at!) === 'great-britain')).toBe(true);
    for (const overseas of ['hex:3315', 'hex:1315']) expect(refusal(g, s, { type: 'buy', side: 'allies', unit: 'gb-channel-fleet', at: overseas }).code).toBe('placement-production');
  });

  it('checks only air units and fleets in the Supply step, and none of a neutral\'s (4.2 F, 11, 3.4.2)', () => {
    const g = game();
    // Neutral Italy's fleet at sea beside the British Home Fleet (1503), whose zone cuts its supply line: not checked.
    let s = put(g, playTo(g, g.initial, 'e2-allied-armored-combat', 'allies', 1), 'it-fleet', 'hex:1602');
    const before = s.log.length;
    s = playTo(g, s, 'g1-end-of-turn', undefined, 1);
    const checked = eventsOf(s.log.slice(before).flatMap((e) => e.events), 'supply').flatMap((e) => e.units.map((id) => s.units[id]));
    expect(checked.length).toBeGreaterThan(0);
    for (const u of checked) {
      expect(['air', 'naval']).toContain(g.rules.r.unitTypes![u.type].class);
      expect(['neutral', 'limited-neutral']).not.toContain(s.powers[u.power].status);
    }
    expect(s.units['it-fleet'].stepsLost).toBe(0);
  });

  it('keeps Milan from Allied bombers while Italy is neutral (6.1, 6.1.1, 5.1.4, 12.1.1)', () => {
    const g = game();
    let s = playTo(g, g.initial, 'a2-city-bombing', 'allies', 2);
    // A French air unit in reach of Milan (2010), out of the Italian land units' zones.
    s = put(g, s, 'fr-1-air', 'hex:1810');
    expect(s.powers.italy.status).toBe('limited-neutral');
    expect(attacksOn(g, s, 'allies', 'bombing')).not.toContain('hex:2010');
    expect(refusal(g, s, { type: 'attack', side: 'allies', combat: 'bombing', target: 'hex:2010', units: ['fr-1-air'] }).code).toBe('beyond-zones');
    // At war, Milan is an enemy production city.
    s = act(g, s, { type: 'manual', op: { op: 'setStatus', power: 'italy', status: 'at-war' } });
    expect(attacksOn(g, s, 'allies', 'bombing')).toContain('hex:2010');
  });

  it('delays US entry for a neutral the French invade, but not for limited-neutral Italy (5.3.1, 12.1.1)', () => {
    const g = game();
    let s = playTo(g, g.initial, 'd2-movement', 'allies', 1);
    const delay = () => s.tracks['us-entry-delay'];
    const before = delay();
    const french = Object.values(s.units).find((u) => u.power === 'france' && u.type === 'infantry' && u.at.startsWith('hex:'))!;
    // From the Maginot line (1909) into Italy (2110): Italy goes to war, and the US entry is not delayed.
    s = put(g, s, french.id, 'hex:1909');
    s = act(g, s, { type: 'move', side: 'allies', unit: french.id, to: 'hex:2110' });
    expect(s.powers.italy.status).toBe('at-war');
    expect(delay()).toBe(before);
  });

  it("gives the minor powers their Winter point, spent in their own step, where no major power buys (7.1.3, 4.2 B.4)", () => {
    const g = game();
    // The major powers' step is each one's in turn, France first: the status names whose it is.
    expect(g.status(playTo(g, g.initial, 'b3-spend-points', undefined, 2))).toMatchObject({ sides: ['allies'], power: 'france' });
    let s = playTo(g, g.initial, 'b4-minor-winter-points', undefined, 2);
    expect(g.status(s).power).toBeUndefined();
    const minors = eventsOf(events(s), 'income').filter((e) => ['minor', 'neutral'].includes(g.rules.r.powers![e.power].kind));
    expect(minors.length).toBeGreaterThan(0);
    for (const e of minors) expect(e.text).toMatch(/Winter point 1/);
    for (const side of g.activeSides(s)) {
      const buyers = g.legalActions(s, side).flatMap((a) => (a.type === 'buy' || a.type === 'upgrade' ? [s.units[a.unit].power] : []));
      expect(buyers.filter((p) => g.rules.r.powers![p].kind === 'major')).toEqual([]);
    }
  });

  it("counts a major power's own city its ally holds as its own, as for a liberated power (5.3.3, 7.1.1)", () => {
    const g = game();
    let s = playTo(g, g.initial, 'd2-movement', 'allies', 1);
    // Italy at war on the Axis side, Rome held by Germany (its units took it back, say).
    s = act(g, s, { type: 'manual', op: { op: 'setStatus', power: 'italy', status: 'at-war' } });
    const rome = g.rules.placeLoc.get('rome')!;
    s = act(g, s, { type: 'manual', op: { op: 'setControl', location: rome, to: 'germany' } });
    s = playTo(g, s, 'b3-spend-points', 'axis', 2);
    const income = (power: string) => eventsOf(events(s), 'income').filter((e) => e.power === power).at(-1)!;
    expect(income('italy').text).toMatch(/Rome/);
    expect(income('germany').text).not.toMatch(/Rome/);
  });

  it('lets the Axis move neutral Italy\'s units but attack with none of them (12.1.1, 3.4.2)', () => {
    const g = game();
    let s = playTo(g, g.initial, 'c3-combat', 'axis', 1);
    // Italy's air unit beside the Maginot line, where German units attack.
    const italianAir = Object.values(s.units).find((u) => u.power === 'italy' && u.type === 'air')!;
    s = put(g, s, italianAir.id, 'hex:1808');
    expect(s.powers.italy.status).toBe('limited-neutral');
    const attacks = g.legalActions(s, 'axis').filter((a) => a.type === 'attack');
    expect(attacks.flatMap((a) => (a.type === 'attack' ? a.units : [])).filter((id) => s.units[id].power === 'italy')).toEqual([]);
    const refused = refusal(g, s, { type: 'attack', side: 'axis', combat: 'land-vs-land', target: 'hex:1909', units: [italianAir.id] });
    expect(refused).toMatchObject({ code: 'holds-fire', cite: { pointer: '/statuses/limited-neutral/holdFire', rule: '12.1.1' } });
    expect(refused.message).toMatch(/makes no attack: Italy's status is limited neutrality$/);
  });
});
