import { describe, expect, it } from 'vitest';
import type { Action } from '@/engine/game';
import type { HexMovement, ResolvedRuleset } from '@/engine/generated/schema-types';
import { labelActions } from '@/engine/game/bots';
import { act, eventsOf, fixture, lastEvents, newGame, playTo, put, refusal, transitAttacks, withDice } from './play';

/**
 * The ridge with transit attacks on fleets: Crimson Squadron waits at sea in 0104, west of the sea
 * strip along the south edge; 2nd Azure Guard stands on the shore in 0503 (its zone reaches 0404 and
 * 0504) and Azure Squadron at sea in 0604 (its zone reaches 0504): each may attack a fleet in transit
 * there ("sea" combat). Dice are entered by hand.
 */
function transiting(change?: (r: ResolvedRuleset) => void) {
  const r = transitAttacks(fixture('ridge'));
  r.scenarios!.campaign.placements.find((p) => p.unit === 'crimson-fleet')!.location = { hex: '0104' };
  change?.(r);
  const game = newGame(r, 1, { manualDice: true });
  const s = act(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' });
  return { game, s: put(game, playTo(game, s, 'movement-step', 'red'), 'azure-2', 'hex:0503') };
}

const sail = { type: 'move', side: 'red', unit: 'crimson-fleet', to: 'hex:0504' } as const;
const pass = { type: 'pass', side: 'blue' } as const;
const shoreAttack: Action = { type: 'attack', side: 'blue', combat: 'sea', target: 'hex:0404', units: ['azure-2'] };

describe('transit attacks', () => {
  it('never moves a fleet part of the way to a place out of its reach, pausing where a transit attack awaits', () => {
    const { game, s } = transiting();
    // With one of its four points spent (as by an earlier move), 0504 is out of reach: refused, nothing paused.
    const t = structuredClone(s);
    t.step.spent['crimson-fleet'] = 1;
    expect(refusal(game, t, sail)).toMatchObject({ code: 'movement-points', message: 'Crimson Squadron needs 4 movement points and has 3 left' });
    expect(game.legalActions(t, 'blue')).toEqual([]);
  });

  it("pauses a fleet's move where it enters the zone of a hostile unit that may attack it, for that side to attack it there or let it pass", () => {
    const { game, s } = transiting();
    const t = act(game, s, sail);
    expect(t.units['crimson-fleet'].at).toBe('hex:0404');
    expect(t.step.spent['crimson-fleet']).toBe(3);
    expect(t.transit).toMatchObject({ side: 'blue', mover: 'red', unit: 'crimson-fleet', at: 'hex:0404', rest: ['hex:0504'], offered: ['azure-2'] });
    expect(eventsOf(lastEvents(t), 'transit')[0]).toMatchObject({
      units: ['azure-2'],
      text: 'Crimson Squadron enters the zone of 2nd Azure Guard at hex 0404: Blue may attack it there in transit or let it pass',
      cite: { pointer: '/mechanics/movement/transit', rule: '3.7' },
    });
    expect(game.activeSides(t)).toEqual(['blue']);
    const listed = game.legalActions(t, 'blue');
    expect(listed).toEqual([shoreAttack, pass]);
    expect(labelActions(game, t, listed)).toEqual(['Attack 0404 (sea) with 2nd Azure Guard', 'Let Crimson Squadron pass 0404']);
    expect(game.legalActions(t, 'red')).toEqual([]);
    expect(refusal(game, t, { type: 'endStep', side: 'red' })).toMatchObject({ code: 'transit-pending', message: 'Blue must first attack Crimson Squadron in transit at hex 0404 (where it then stops) or let it pass (its move goes on)' });
    expect(refusal(game, t, { ...shoreAttack, target: 'hex:0504' }).code).toBe('transit-target');
    expect(refusal(game, t, { ...shoreAttack, combat: 'land' })).toMatchObject({ code: 'not-transit-combat', cite: { pointer: '/mechanics/movement/transit/combats' } });
  });

  it('lets the fleet pass: it goes on along its route, paused again only by a unit not offered the attack yet', () => {
    const { game, s } = transiting();
    // In 0504 it is still in 2nd Azure Guard's zone, and enters Azure Squadron's, not offered the attack yet.
    const t = act(game, act(game, s, sail), pass);
    expect(t.units['crimson-fleet'].at).toBe('hex:0504');
    expect(t.step.spent['crimson-fleet']).toBe(4);
    expect(t.transit).toMatchObject({ at: 'hex:0504', rest: [], offered: ['azure-2', 'azure-fleet'] });
    expect(game.legalActions(t, 'blue')).toEqual([{ type: 'attack', side: 'blue', combat: 'sea', target: 'hex:0504', units: ['azure-2', 'azure-fleet'] }, pass]);
    expect(eventsOf(lastEvents(t), 'transit').map((e) => e.text)).toEqual([
      'Blue: no transit attack on Crimson Squadron at hex 0404',
      'Crimson Squadron enters the zone of 2nd Azure Guard, Azure Squadron at hex 0504: Blue may attack it there in transit or let it pass',
    ]);
    // Let pass again, the move is over and Red goes on.
    const over = act(game, t, pass);
    expect(over.transit).toBeUndefined();
    expect(game.activeSides(over)).toEqual(['red']);
    // Without Azure Squadron able to attack, the fleet passes the rest of 2nd Azure Guard's zone unpaused.
    const alone = structuredClone(s);
    alone.units['azure-fleet'].exhausted = true;
    const through = act(game, act(game, alone, sail), pass);
    expect(through.transit).toBeUndefined();
    expect(through.units['crimson-fleet'].at).toBe('hex:0504');
  });

  it('pauses nowhere when no hostile unit may attack: exhausted, or with no transit attacks in the model', () => {
    const tired = transiting();
    const s = structuredClone(tired.s);
    s.units['azure-2'].exhausted = true;
    const t = act(tired.game, s, sail);
    expect(t.transit).toMatchObject({ at: 'hex:0504', offered: ['azure-fleet'] });
    expect(t.units['crimson-fleet'].at).toBe('hex:0504');
    const none = transiting((r) => delete (r.mechanics!.movement as HexMovement).transit);
    const u = act(none.game, none.s, sail);
    expect(u.transit).toBeUndefined();
    expect(u.units['crimson-fleet'].at).toBe('hex:0504');
    expect(refusal(none.game, u, { type: 'pass', side: 'blue' }).code).toBe('no-transit');
  });

  it('fights the attack there as a battle of its combat, outside the attacks of the step; the fleet may then move on with the points it has left', () => {
    const { game, s } = transiting();
    // Blue 2 (column 1-2) rolls 5: no loss point; Red's fleet 1 rolls 1: one, on 2nd Azure Guard. Red wins.
    const t = withDice(game, act(game, s, sail), shoreAttack, [5, 1]);
    expect(t.transit).toBeUndefined();
    expect(eventsOf(lastEvents(t), 'transit')[0].text).toBe('Blue: a transit attack on Crimson Squadron at hex 0404');
    expect(eventsOf(lastEvents(t), 'battle')[0]).toMatchObject({ combat: 'sea', target: 'hex:0404', winner: 'red' });
    expect(t.units['azure-2'].stepsLost).toBe(1);
    expect(t.step.targets).toEqual([]);
    expect(t.step.attackers).toEqual([]);
    expect(t.units['crimson-fleet'].at).toBe('hex:0404');
    expect(game.activeSides(t)).toEqual(['red']);
    expect(game.legalActions(t, 'red', { movers: ['crimson-fleet'] })).toContainEqual(sail);
    // Moving on is a new move: both units may attack it again where it enters their zones.
    expect(act(game, t, sail).transit).toMatchObject({ at: 'hex:0504', offered: ['azure-2', 'azure-fleet'] });
  });

  it('lets a fleet that a zone stopped move on after a transit attack that does not make it retreat', () => {
    // 2nd Azure Guard's zone stops fleets too (the Slate militia's, on the way, is out of it): Crimson Squadron stops in 0404, where the shore battery attacks it.
    const { game, s } = transiting((r) => {
      r.mechanics!.zoc!.classes.land!.affects!.push('naval-movement');
      r.scenarios!.campaign.placements = r.scenarios!.campaign.placements.filter((p) => p.unit !== 'slate-militia');
      r.unitTypes!.fleet.movement = 6;
    });
    const stopped = act(game, s, { ...sail, to: 'hex:0404' });
    expect(stopped.step.stopped).toContain('crimson-fleet');
    // Blue rolls 5: no loss point; Red's fleet rolls 1: one, on 2nd Azure Guard. Red wins and stays.
    const t = withDice(game, stopped, shoreAttack, [5, 1]);
    expect(t.step.stopped).not.toContain('crimson-fleet');
    expect(act(game, t, sail).units['crimson-fleet'].at).toBe('hex:0504');
  });

  it('reminds the tester where a fleet retreating to port enters the zone of units that may attack it in transit', () => {
    // Beaten in transit at 0404, Crimson Squadron retreats to the nearest friendly port, Crimson Port (0103), by 0304 and 0204, where 1st Azure Guard's zone from 0203 reaches.
    const { game, s } = transiting((r) => Object.assign(r.mechanics!.combat!.sea, { retreat: { classes: ['naval'], toNearest: ['port'] } }));
    const paused = put(game, act(game, s, sail), 'azure-1', 'hex:0203');
    // Blue rolls 5 and Red 3: no loss points either way; Blue wins on the higher roll.
    const t = withDice(game, paused, shoreAttack, [5, 3]);
    expect(t.units['crimson-fleet'].at).toBe('hex:0103');
    expect(eventsOf(lastEvents(t), 'reminder').map((e) => e.text)).toEqual([
      'Reminder: Crimson Squadron retreats through hex 0204, in the zone of 1st Azure Guard: Blue may attack it there in transit, which the tester adjudicates (the engine pauses moves for transit attacks, not retreats)',
    ]);
  });

  it('lets the tester move the paused fleet by hand: nothing waits on it any more', () => {
    const { game, s } = transiting();
    const t = put(game, act(game, s, sail), 'crimson-fleet', 'hex:0204');
    expect(t.transit).toBeUndefined();
    expect(eventsOf(lastEvents(t), 'transit')[0].text).toBe('Crimson Squadron is no longer at hex 0404: no transit attack waits on it');
    expect(game.activeSides(t)).toEqual(['red']);
  });

  it("limits the defence's support, or its interceptors, to the model's printed range", () => {
    /** Crimson Escort (range 3) and Crimson Picket (range 1) each project a zone into 0404, where the shore battery attacks Crimson Squadron. */
    const defence = (supportRange?: number, sea: object = { support: { classes: ['naval'] } }) => {
      const { game, s } = transiting((r) => {
        Object.assign(r.mechanics!.combat!.sea, { attackers: ['land'] }, sea);
        r.roster!['crimson-escort'] = { name: 'Crimson Escort', power: 'crimson', type: 'fleet', range: 3 };
        r.roster!['crimson-picket'] = { name: 'Crimson Picket', power: 'crimson', type: 'fleet', range: 1 };
        r.scenarios!.campaign.placements.push({ power: 'crimson', unit: 'crimson-escort', location: { hex: '0304' } }, { power: 'crimson', unit: 'crimson-picket', location: { hex: '0504' } });
        Object.assign((r.mechanics!.movement as HexMovement).transit!, { supportRange });
      });
      return act(game, act(game, s, { ...sail, to: 'hex:0404' }), shoreAttack).defense;
    };
    expect(defence()?.candidates).toEqual(['crimson-escort', 'crimson-picket']);
    expect(defence(3)?.candidates).toEqual(['crimson-escort']);
    // A combat whose interceptors are those at its target: in transit the defender chooses them among the units of the range in whose zone it lies.
    const interception = { interception: { classes: ['naval'], table: 'fire', at: 'target', onlyIfWon: true, lossUnit: 'step' } };
    expect(defence(undefined, interception)).toBeUndefined();
    expect(defence(3, interception)).toMatchObject({ by: 'red', candidates: ['crimson-escort'], intercept: true, cite: { pointer: '/mechanics/combat/sea/interception' } });
  });

  it('undoes a paused move as one action', () => {
    const { game, s } = transiting();
    const t = act(game, s, sail);
    const back = game.undo(t, s.log.length);
    expect(back.transit).toBeUndefined();
    expect(back.units['crimson-fleet'].at).toBe('hex:0104');
  });
});
