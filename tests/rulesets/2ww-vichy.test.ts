// 2WW (provisional fill) as a playtester found it around the fall of France: the Vichy French units are
// a neutral's, beyond every zone and attack until Vichy is invaded (12.2.2, 5.1.4), and the reminders of
// Vichy France and the Free French come only once France has fallen (12.2.1), when the Free French armor
// joins the British force pool on the provisional fill's turn (the Turn Record Track is not in the text).
import { describe, expect, it } from 'vitest';
import type { Game, GameState } from '@/engine/game';
import { act, eventsOf, playTo, put, refusal } from '../engine/play';
import { filled, remindedOf } from './filled';

const { game } = filled('rulesets/2ww');

const attacksOn = (g: Game, s: GameState, side: string) => g.legalActions(s, side).flatMap((a) => (a.type === 'attack' ? [a.target] : []));

/** Paris taken by the Axis: France conquered, Vichy France created (12.2.1). */
const parisFalls = (g: Game, s: GameState) => act(g, s, { type: 'manual', op: { op: 'setControl', location: g.rules.placeLoc.get('paris')!, to: 'germany' } });

describe('2WW Vichy France (provisional fill)', () => {
  it('turns the Colonial infantry and the fleet, already at Algiers and Toulon, to full strength (12.2.1)', () => {
    const g = game();
    let s = playTo(g, g.initial, 'c3-combat', 'axis', 1);
    s = act(g, s, { type: 'manual', op: { op: 'setSteps', unit: 'fr-col-inf', lost: 1 } });
    s = act(g, s, { type: 'manual', op: { op: 'setSteps', unit: 'fr-fleet', lost: 1 } });
    s = parisFalls(g, s);
    expect([s.units['fr-col-inf'], s.units['fr-fleet']].map((u) => [u.at, u.stepsLost])).toEqual([
      ['hex:1915', 0],
      ['hex:1911', 0],
    ]);
  });

  it('keeps the Vichy fleet at Toulon from Axis strikes until Vichy is invaded (12.2.2, 5.1.4)', () => {
    const g = game();
    let s = parisFalls(g, playTo(g, g.initial, 'c3-combat', 'axis', 1));
    expect(s.powers['vichy-france'].status).toBe('limited-neutral');
    expect(s.units['fr-fleet'].at).toBe('hex:1911');
    // A German air unit within range of Toulon.
    s = put(g, s, 'ge-1-air', 'hex:1810');
    expect(attacksOn(g, s, 'axis')).not.toContain('hex:1911');
    const refused = refusal(g, s, { type: 'attack', side: 'axis', combat: 'air-vs-sea', target: 'hex:1911', units: ['ge-1-air'] });
    expect(refused.code).toBe('beyond-zones');
    expect(refused.message).toMatch(/lies in Vichy France, limited neutrality/);
    // Toulon invaded (taken by the Axis): the French units are Allied, Vichy conquered, and Toulon may be fought over.
    s = act(g, s, { type: 'manual', op: { op: 'setControl', location: 'hex:1911', to: 'germany' } });
    expect(s.powers.france.side).toBe('allies');
    expect(s.powers['vichy-france'].status).toBe('conquered');
    expect(attacksOn(g, s, 'axis')).toContain('hex:1911');
  });

  it('keeps the Allies out of Vichy France (Toulon, Algiers) until the US enters the war (12.2.2)', () => {
    const g = game();
    let s = parisFalls(g, playTo(g, g.initial, 'd2-movement', 'allies', 1));
    // A British armor beside Toulon (1911), the US not yet in the war.
    s = put(g, s, 'gb-1-armor', 'hex:1810');
    expect(s.powers.usa.status).toBe('not-yet-entered');
    expect(g.legalActions(s, 'allies').some((a) => a.type === 'move' && a.to === 'hex:1911')).toBe(false);
    expect(refusal(g, s, { type: 'move', side: 'allies', unit: 'gb-1-armor', to: 'hex:1911' })).toMatchObject({ cite: { rule: '12.2.2' } });
    // Once the US is in the war, the Allies may enter it.
    s = act(g, s, { type: 'manual', op: { op: 'setStatus', power: 'usa', status: 'at-war' } });
    expect(g.legalActions(s, 'allies').some((a) => a.type === 'move' && a.unit === 'gb-1-armor' && a.to === 'hex:1911')).toBe(true);
  });

  it('keeps the Colonial infantry at Algiers beyond every zone while Vichy stands (12.2.2)', () => {
    const g = game();
    const s = parisFalls(g, playTo(g, g.initial, 'd3-combat', 'allies', 1));
    const algiers = g.rules.placeLoc.get('algiers')!;
    expect(s.units['fr-col-inf'].at).toBe(algiers);
    expect(refusal(g, s, { type: 'attack', side: 'allies', combat: 'land-vs-land', target: algiers, units: ['gb-8-armor'] }).code).toBe('beyond-zones');
  });

  it('reminds the tester of Vichy France and the Free French only once Paris has fallen (12.2.1, 12.2.2, 7.2.4)', () => {
    const g = game();
    let s = playTo(g, g.initial, 'd2-movement', 'allies', 2);
    expect(remindedOf(s)).toContain('city-control');
    expect(remindedOf(s)).not.toContain('vichy-france');
    expect(remindedOf(s)).not.toContain('free-french');
    s = parisFalls(g, s);
    const from = s.log.length;
    s = playTo(g, s, 'c2-movement', 'axis', 3);
    expect(remindedOf(s, from)).toContain('free-french');
    expect(remindedOf(s, from)).toContain('vichy-france');
  });

  it('brings the Free French armor into the British force pool from Spring 1941, once France has fallen (12.2.1, provisional turn)', () => {
    const g = game();
    // Spring 1941 (turn 7) with France still in the war: no Free French.
    let s = g.initial;
    for (const turn of [3, 5, 7]) s = playTo(g, s, 'b3-spend-points', 'allies', turn);
    expect(s.units['ff-1-armor']).toBeUndefined();
    s = parisFalls(g, s);
    s = playTo(g, s, 'b3-spend-points', 'allies', 8);
    expect(s.units['ff-1-armor']).toMatchObject({ at: 'pool', power: 'great-britain' });
    const arrival = eventsOf(s.log.flatMap((e) => e.events), 'effect').find((e) => e.text.includes('Free French'))!;
    expect(arrival.cite?.pointer).toMatch(/^\/triggers\/free-french-available/);
  });
});
