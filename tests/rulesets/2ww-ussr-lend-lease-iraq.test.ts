// 2WW (provisional fill) played from Autumn 1939 through Winter 1942, each side ending its steps, the
// tester entering the dice and arranging positions by hand: the Iraq rebellion roll from Winter 1941
// (12.5), a rebellion and the Allies' capture of Baghdad (12.5.1, 12.5.2), the neutral USSR held still
// until Winter 1942 (12.4.1, 12.4.2), and Lend Lease, all Britain's until the USSR enters, then up to 2
// of the points the USSR's (12.3.2).
import { beforeAll, describe, expect, it } from 'vitest';
import { createGame, type Action, type Game, type GameEvent, type GameState } from '@/engine/game';
import { countryLocations } from '@/engine/game/board';
import { currentSlot } from '@/engine/game/sequence-slots';
import { act, eventsOf, playTo, put, refusal } from '../engine/play';
import { filled } from './filled';

const f = filled('rulesets/2ww');

/** A game whose dice the tester enters (none but the Iraq roll are asked for here: nobody fights). */
function manualGame(): Game {
  const created = createGame(f.p.ruleset, f.p.scenario, 7, { rulesetHash: f.p.hash, manualDice: true });
  if (!created.ok) throw new Error(created.problems[0].message);
  return created.game;
}

/**
 * Ends steps (placing units first where listed, and entering the die asked for on a turn as `rolls`
 * gives it) until `stepId` of `turn` is reached with `side` to act.
 */
function passTo(g: Game, state: GameState, stepId: string, turn: number, side: string, rolls: Record<number, number> = {}): GameState {
  let s = state;
  for (let guard = 0; guard < 2000; guard++) {
    if (s.over) throw new Error(`game over before turn ${turn}: ${s.over.text}`);
    if (s.suspended) {
      const die = rolls[s.turn];
      if (die === undefined) throw new Error(`unexpected question on turn ${s.turn}: ${s.suspended.question.text}`);
      s = act(g, s, { type: 'answer', key: s.suspended.question.key, value: die });
      continue;
    }
    const slot = currentSlot(g.rules, s);
    const sides = g.activeSides(s);
    if (slot?.stepId === stepId && s.turn === turn && sides.includes(side) && s.cursor.entered) return s;
    if (s.turn > turn) throw new Error(`passed ${stepId} of turn ${turn}`);
    const mover = sides[0];
    const place = g.legalActions(s, mover).find((a) => a.type === 'place');
    s = act(g, s, place ?? { type: 'endStep', side: mover });
  }
  throw new Error(`never reached ${stepId} of turn ${turn}`);
}

const eventsSince = (s: GameState, from: number): GameEvent[] => s.log.slice(from).flatMap((e) => e.events);
const incomeOf = (events: GameEvent[], power: string) => eventsOf(events, 'income').filter((e) => e.power === power).at(-1)!;
const lendLeaseTo = (g: Game, s: GameState, power: string) =>
  g.legalActions(s, 'allies').flatMap((a) => (a.type === 'transfer' && a.transfer === 'lend-lease' && a.to === power ? [a.amount] : []));
const iraqi = (g: Game) => countryLocations(g.rules, 'iraq');

// Turn 10 is Winter 1941, 11 Spring 1942, 14 Winter 1942 (the calendar's seasons run spring to winter).
const WINTER_1941 = 10;
const SPRING_1942 = 11;
const SUMMER_1942 = 12;
const AUTUMN_1942 = 13;
const WINTER_1942 = 14;

describe('2WW through Winter 1942: Iraq, the USSR and Lend Lease (provisional fill)', () => {
  const g = manualGame();
  // The roll fails in Winter 1941 (4) and succeeds in Spring 1942 (6).
  const rolls = { [WINTER_1941]: 4, [SPRING_1942]: 6 };
  let autumn41: GameState;
  let winter41: GameState;
  let rebelled: GameState;
  let conquered: GameState;

  beforeAll(() => {
    autumn41 = passTo(g, g.initial, 'd2-movement', WINTER_1941 - 1, 'allies', rolls);
    winter41 = passTo(g, autumn41, 'd2-movement', WINTER_1941, 'allies', rolls);
    rebelled = passTo(g, winter41, 'd2-movement', SPRING_1942, 'allies', rolls);
  });

  it('rolls for an Iraq rebellion only from Winter 1941, one die, and a 4 leaves Iraq closed (12.5)', () => {
    const before = eventsOf(autumn41.log.flatMap((e) => e.events), 'roll');
    expect(before.filter((e) => e.cite?.rule === '12.5')).toEqual([]);
    const winter = eventsOf(eventsSince(winter41, autumn41.log.length), 'roll');
    expect(winter).toHaveLength(1);
    expect(winter[0]).toMatchObject({ cite: { rule: '12.5' } });
    expect(winter[0].text).toMatch(/1d6 → 4/);
    expect(winter41.powers.iraq.status).toBe('closed');
    expect(winter41.units['iraq-unit']?.at ?? 'pool').not.toMatch(/^hex:/);
  });

  it('lets no unit of either side enter Iraq before it rebels (12.5)', () => {
    // The British 8th armor beside Iraq (3712 borders 3812).
    const s = put(g, winter41, 'gb-8-armor', 'hex:3712');
    const into = g.legalActions(s, 'allies').filter((a) => a.type === 'move' && a.unit === 'gb-8-armor' && iraqi(g).includes(a.to));
    expect(into).toEqual([]);
    expect(refusal(g, s, { type: 'move', side: 'allies', unit: 'gb-8-armor', to: 'hex:3812' }).cite?.rule).toMatch(/12\.5/);
  });

  it('on a 5 or 6 places the Iraq unit in Baghdad under Axis control, and Germany earns the Iraq point, Britain no longer (12.5, 12.5.1, 7.1.2)', () => {
    const events = eventsSince(rebelled, winter41.log.length);
    expect(eventsOf(events, 'roll').find((e) => e.cite?.rule === '12.5')!.text).toMatch(/1d6 → 6/);
    expect(rebelled.powers.iraq).toMatchObject({ status: 'rebelled', side: 'axis' });
    expect(rebelled.units['iraq-unit'].at).toBe(g.rules.placeLoc.get('baghdad'));
    expect(rebelled.control[g.rules.placeLoc.get('baghdad')!]).toBe('axis');
    expect(incomeOf(events, 'germany').text).toMatch(/Iraq oil \(Axis\) 1/);
    expect(incomeOf(events, 'great-britain').text).not.toMatch(/Iraq/);
    // Now units may enter Iraq.
    const s = put(g, rebelled, 'gb-8-armor', 'hex:3712');
    expect(g.legalActions(s, 'allies').some((a) => a.type === 'move' && a.unit === 'gb-8-armor' && a.to === 'hex:3812')).toBe(true);
  });

  it('conquers Iraq when the Allies capture Baghdad: no more rebellions, and the Iraq point is Britain\'s again (12.5.2)', () => {
    // The Iraq unit eliminated by hand; the British armor moves into Baghdad from 3912, beside it.
    let s = act(g, rebelled, { type: 'manual', op: { op: 'moveUnit', unit: 'iraq-unit', to: 'eliminated' } });
    s = put(g, s, 'gb-8-armor', 'hex:3912');
    const baghdad = g.rules.placeLoc.get('baghdad')!;
    const from = s.log.length;
    s = act(g, s, { type: 'move', side: 'allies', unit: 'gb-8-armor', to: baghdad });
    const events = eventsSince(s, from);
    expect(eventsOf(events, 'trigger').find((e) => e.text.startsWith('Trigger: Iraq conquered (Allies capture Baghdad)'))?.cite?.rule).toMatch(/^12\.5\.2/);
    expect(s.powers.iraq).toMatchObject({ status: 'conquered', side: 'allies' });
    expect(s.control[baghdad]).toBe('allies');
    conquered = s;

    // Summer 1942: no rebellion roll; Britain earns the Iraq point, Germany does not.
    s = passTo(g, conquered, 'd2-movement', SUMMER_1942, 'allies');
    const summer = eventsSince(s, conquered.log.length);
    expect(eventsOf(summer, 'roll')).toEqual([]);
    expect(summer.some((e) => e.kind === 'sequence' && e.text === '1. Iraq rebellion roll (Axis) is skipped')).toBe(true);
    expect(incomeOf(summer, 'great-britain').text).toMatch(/Iraq oil \(Allied\) 1/);
    expect(incomeOf(summer, 'germany').text).not.toMatch(/Iraq/);
  });

  it('keeps the neutral USSR still and its Lend Lease at nothing until Winter 1942 (12.4.1, 12.3.2)', () => {
    let s = passTo(g, conquered, 'a0-lend-lease', AUTUMN_1942, 'allies');
    expect(s.powers.ussr.status).toBe('limited-neutral');
    expect(lendLeaseTo(g, s, 'ussr')).toEqual([]);
    expect(lendLeaseTo(g, s, 'great-britain').length).toBeGreaterThan(0);
    expect(refusal(g, s, { type: 'transfer', side: 'allies', transfer: 'lend-lease', to: 'ussr', amount: 1 }).cite?.rule).toMatch(/12\.3\.2/);
    s = passTo(g, s, 'd2-movement', AUTUMN_1942, 'allies');
    expect(g.movers(s, 'allies').filter((u) => s.units[u].power === 'ussr')).toEqual([]);
  });

  it('brings the USSR into the war on Winter 1942, which may then receive up to 2 Lend Lease points, 1 while Iran is Axis-controlled (12.4.1, 12.4.2, 12.3.2)', () => {
    const autumn = passTo(g, conquered, 'g1-end-of-turn', AUTUMN_1942, 'allies');
    let s = passTo(g, autumn, 'a0-lend-lease', WINTER_1942, 'allies');
    const entry = eventsOf(eventsSince(s, autumn.log.length), 'trigger').find((e) => e.text.startsWith('Trigger: USSR enters the war (Winter 1942)'));
    expect(entry?.cite?.rule).toBe('12.4.1');
    expect(s.powers.ussr.status).toBe('at-war');
    expect(lendLeaseTo(g, s, 'ussr')).toEqual([1, 2]);
    expect(refusal(g, s, { type: 'transfer', side: 'allies', transfer: 'lend-lease', to: 'ussr', amount: 3 }).cite?.rule).toMatch(/12\.3\.2/);

    // Iran (Persia) Axis-controlled: one point at most.
    let iran = s;
    for (const at of countryLocations(g.rules, 'persia')) iran = act(g, iran, { type: 'manual', op: { op: 'setControl', location: at, to: 'axis' } });
    expect(lendLeaseTo(g, iran, 'ussr')).toEqual([1]);

    // Two points to the USSR, two to Britain: paid when the points are counted.
    const from = s.log.length;
    for (const to of ['ussr', 'great-britain']) s = act(g, s, { type: 'transfer', side: 'allies', transfer: 'lend-lease', to, amount: 2 } as Action);
    s = passTo(g, s, 'd2-movement', WINTER_1942, 'allies');
    const winter = eventsSince(s, from);
    const soviet = incomeOf(winter, 'ussr');
    // At war, the USSR earns its production cities' points, no longer the neutral 2 (12.4.2), and the Lend Lease.
    expect(soviet.text).toMatch(/Lend Lease from United States 2/);
    expect(soviet.text).not.toMatch(/Neutral USSR/);
    expect(incomeOf(winter, 'great-britain').text).toMatch(/Lend Lease from United States 2/);
    expect(incomeOf(winter, 'great-britain').text).toMatch(/Iraq oil \(Allied\) 1/);
    // Conquered Iraq has no Winter point (12.5.2), and rolls no more.
    expect(eventsOf(winter, 'income').filter((e) => e.power === 'iraq')).toEqual([]);
    expect(eventsOf(winter, 'roll')).toEqual([]);
    // Soviet units move now.
    expect(g.movers(s, 'allies').some((u) => s.units[u].power === 'ussr')).toBe(true);
  });
});

describe('2WW passed step by step (provisional fill): no game over before the victory check', () => {
  it('counts turn 10\'s production points by itself and plays on to the check after Spring 1945 (13)', () => {
    const g = f.game(7);
    const s8 = playTo(g, g.initial, 'd2-movement', 'allies', 8);
    // Nobody acts in the count of production points: a helper waiting for it there passes through it.
    expect(() => playTo(g, s8, 'b2-count-points', 'allies', WINTER_1941)).toThrow(/^turn 10 ended without b2-count-points waiting on allies/);
    let s = s8;
    for (let guard = 0; guard < 2000 && !s.over; guard++) {
      const side = g.activeSides(s)[0];
      s = act(g, s, g.legalActions(s, side).find((a) => a.type === 'place') ?? { type: 'endStep', side });
    }
    const counts = eventsOf(s.log.flatMap((e) => e.events), 'income').filter((e) => e.power === 'germany');
    expect(counts.length).toBeGreaterThanOrEqual(23 - 8);
    const over = s.log.flatMap((e) => e.events).filter((e) => e.kind === 'game-over');
    expect(over).toHaveLength(1);
    expect(over[0]).toMatchObject({ cite: { rule: '13.2' } });
    expect(over[0].text).toMatch(/^Game over on spring 1945: /);
    expect(s.turn).toBe(g.rules.clock.last);
  });
});
