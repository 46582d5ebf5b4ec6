import { describe, expect, it } from 'vitest';
import type { Game, GameState } from '@/engine/game';
import type { ResolvedRuleset } from '@/engine/generated/schema-types';
import { act, eventsOf, fixture, lastEvents, newGame, playTo, put, refusal, retreatingCombat } from './play';

/**
 * The ridge with fleets that carry one land unit and assault ports: Crimson's fleet, with 1st Crimson
 * Foot aboard, waits at sea in 0604 beside Azure Port (0603), which Blue holds and no unit stands in;
 * 1st Azure Guard (attack 2) stands beside it in 0602, 2nd Crimson Horse in 0503. Dice are entered by hand.
 */
function assaulting(change?: (r: ResolvedRuleset) => void) {
  const r = fixture('ridge');
  r.mechanics!.movement!.classes!.naval = { allowance: 'movement', ignoresTerrain: true, flatCost: 1, entersTerrain: ['sea', 'coast'], barredByUnitsOf: ['naval'] };
  Object.assign(r.mechanics!.movement!, {
    transport: {
      passengers: ['land'],
      boardAt: ['port'],
      assault: {
        at: ['port'],
        carrierMoves: 2,
        combat: 'land',
        undefended: { counts: [{ classes: ['land'], most: 2 }], divisor: 2, withoutZoneOf: ['land'], strength: 1, source: { kind: 'rulebook', rule: '3.6' } },
        source: { kind: 'rulebook', rule: '3.6' },
      },
    },
  });
  r.unitTypes!.fleet.capacity = 1;
  r.map!.hexes!['0304'] = { terrain: 'coast' };
  r.scenarios!.campaign.placements.find((p) => p.unit === 'crimson-fleet')!.location = { hex: '0103' };
  change?.(r);
  const game = newGame(r, 1, { manualDice: true });
  let s = act(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' });
  s = put(game, put(game, playTo(game, s, 'movement-step', 'red'), 'crimson-1', 'hex:0103'), 'crimson-2', 'hex:0503');
  s = act(game, s, { type: 'board', side: 'red', unit: 'crimson-1', carrier: 'crimson-fleet' });
  return { game, s: put(game, s, 'crimson-fleet', 'hex:0604') };
}

/** Red attacks Azure Port with these units, rolling `red` and Blue rolling `blue` on the manual dice. */
function fightAt(game: Game, s: GameState, units: string[], red: number, blue: number): GameState {
  let t = game.applyAction(s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0603', units });
  for (const value of [red, blue]) t = t.ok && t.question ? game.applyAction(t.state, { type: 'answer', key: t.question.key, value }) : t;
  if (!t.ok) throw new Error(t.refusal.message);
  return t.state;
}

const assault = { type: 'assault', side: 'red', unit: 'crimson-1', to: 'hex:0603' } as const;

describe('amphibious assaults', () => {
  it('sails the carrier to a port a hostile side holds and lands its passenger there, the port contested until the assault is fought', () => {
    const { game, s } = assaulting();
    expect(game.legalActions(s, 'red', { movers: ['crimson-fleet'] })).toContainEqual(assault);
    // A plain landing there is refused: it would be an assault.
    const beside = put(game, s, 'crimson-fleet', 'hex:0603');
    expect(refusal(game, beside, { type: 'land', side: 'red', unit: 'crimson-1' })).toMatchObject({ code: 'amphibious-assault', message: 'landing in hex 0603 (Azure Port), which Blue controls, is an assault (assault)', cite: { pointer: '/mechanics/movement/transport/assault' } });
    const t = act(game, s, assault);
    expect(t.units['crimson-1'].at).toBe('hex:0603');
    expect(t.units['crimson-fleet'].at).toBe('hex:0603');
    expect(t.step.stopped).toEqual(expect.arrayContaining(['crimson-1', 'crimson-fleet']));
    expect(t.control['hex:0603']).toBe('azure');
    expect(t.assaults).toEqual([expect.objectContaining({ at: 'hex:0603', side: 'red', units: ['crimson-1'] })]);
    expect(eventsOf(lastEvents(t), 'move').map((e) => e.text)).toContain('1st Crimson Foot lands in assault from Crimson Squadron at hex 0603 (Azure Port), held by Blue: the location is contested until Red fight there');
    // The movement step may end; the combat step may not before the assault is fought.
    const combat = playTo(game, t, 'combat-step', 'red');
    expect(refusal(game, combat, { type: 'endStep', side: 'red' })).toMatchObject({ code: 'assault-pending', message: 'Red must first fight the assault at hex 0603 (Azure Port)' });
    const listed = game.legalActions(combat, 'red');
    expect(listed).toContainEqual({ type: 'attack', side: 'red', combat: 'land', target: 'hex:0603', units: ['crimson-1', 'crimson-2'] });
    expect(listed.filter((a) => a.type === 'endStep')).toEqual([]);
    expect(refusal(game, combat, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0603', units: ['crimson-2'] })).toMatchObject({ code: 'assault-units', message: 'the units that landed in assault at hex 0603 (Azure Port) must attack it: 1st Crimson Foot' });
    // Nor may they attack anywhere else first (they could then not attack there).
    expect(listed.filter((x) => x.type === 'attack' && x.target !== 'hex:0603' && x.units.includes('crimson-1'))).toEqual([]);
    expect(refusal(game, combat, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0602', units: ['crimson-1'] })).toMatchObject({ code: 'assault-units', message: '1st Crimson Foot, landed among the enemy at hex 0603 (Azure Port), attacks there first' });
  });

  it('refuses an assault at a place that is no port, or one its side holds, or beyond the carrier\'s movement points for it', () => {
    const { game, s } = assaulting();
    expect(refusal(game, s, { ...assault, to: 'hex:0304' }).code).toBe('assault-where');
    expect(refusal(game, s, { ...assault, to: 'hex:0103' }).code).toBe('not-an-assault');
    const far = put(game, s, 'crimson-fleet', 'hex:0404');
    expect(refusal(game, far, assault)).toMatchObject({ code: 'assault-distance', message: 'Crimson Squadron cannot reach hex 0603 (Azure Port) for an assault this step (at most 2 movement points)', cite: { pointer: '/mechanics/movement/transport/assault/carrierMoves' } });
  });

  it('lands in assault only a unit that can make the attack there (one that only supports would leave it unfought)', () => {
    const { game, s } = assaulting((r) => Object.assign(r.mechanics!.combat!.land, { attackers: ['naval'], support: { classes: ['land'] } }));
    expect(game.legalActions(s, 'red').filter((a) => a.type === 'assault')).toEqual([]);
    expect(refusal(game, s, assault)).toMatchObject({ code: 'assault-class', message: '1st Crimson Foot is a land unit, which makes no attack in land: it cannot land in assault, where the units landed attack', cite: { pointer: '/mechanics/combat/land/attackers' } });
  });

  it('lets a carrier sail to an assault where an entry restriction excepting assaults closes the way to its other moves', () => {
    const closed = (exceptAssaults: boolean) =>
      assaulting((r) => {
        r.mechanics!.movement!.restrictions = [{ id: 'port-closed', sides: ['red'], classes: ['naval'], hexes: ['0603'], exceptAssaults, text: 'No Red fleet enters Azure Port but to assault it.' }];
      });
    const { game, s } = closed(true);
    expect(refusal(game, s, { type: 'move', side: 'red', unit: 'crimson-fleet', to: 'hex:0603', path: ['hex:0603'] })).toMatchObject({ code: 'restricted', message: 'No Red fleet enters Azure Port but to assault it.', cite: { pointer: '/mechanics/movement/restrictions/0' } });
    expect(game.legalActions(s, 'red', { movers: ['crimson-fleet'] })).toContainEqual(assault);
    expect(act(game, s, assault).units['crimson-fleet'].at).toBe('hex:0603');
    const shut = closed(false);
    expect(shut.game.legalActions(shut.s, 'red', { movers: ['crimson-fleet'] })).not.toContainEqual(assault);
    expect(refusal(shut.game, shut.s, assault).code).toBe('assault-distance');
  });

  it('fights an undefended port at half the strength of the units projecting zones into it, and takes it when won', () => {
    const { game, s } = assaulting();
    const combat = playTo(game, act(game, s, assault), 'combat-step', 'red');
    // Red 2 rolls 1: one loss point; the port defends with half of 1st Azure Guard's 2, rolling 5: none.
    const t = fightAt(game, combat, ['crimson-1'], 1, 5);
    const events = t.log.at(-1)!.events;
    expect(eventsOf(events, 'effect').map((e) => e.text)).toContain('No unit defends hex 0603 (Azure Port): 1st Azure Guard, projecting zones into it, give 2 ÷ 2; it defends with 1');
    expect(eventsOf(events, 'battle')[0]).toMatchObject({ winner: 'red', defender: { strength: 1 } });
    expect(t.control['hex:0603']).toBe('crimson');
    expect(t.assaults).toBeUndefined();
    expect(game.legalActions(t, 'red')).toContainEqual({ type: 'endStep', side: 'red' });
  });

  it('defends a port no land unit projects a zone into with the model\'s strength', () => {
    const { game, s } = assaulting();
    const alone = put(game, act(game, s, assault), 'azure-1', 'hex:0401');
    const t = fightAt(game, playTo(game, alone, 'combat-step', 'red'), ['crimson-1'], 1, 5);
    expect(eventsOf(t.log.at(-1)!.events, 'effect').map((e) => e.text)).toContain('No land unit of Blue projects a zone into hex 0603 (Azure Port): it defends with 1');
  });

  it('sends the assaulting units back aboard when the assault fails, and the carrier to the nearest port its side holds', () => {
    const { game, s } = assaulting();
    const combat = playTo(game, act(game, s, assault), 'combat-step', 'red');
    // Red rolls 5: nothing; Blue 1 on the 1-2 column: one loss point, on 1st Crimson Foot.
    const t = fightAt(game, combat, ['crimson-1'], 5, 1);
    expect(t.units['crimson-1']).toMatchObject({ at: 'carried:crimson-fleet', stepsLost: 1 });
    expect(t.units['crimson-fleet'].at).toBe('hex:0103');
    expect(t.control['hex:0603']).toBe('azure');
    expect(t.assaults).toBeUndefined();
    expect(eventsOf(t.log.at(-1)!.events, 'move').map((e) => e.text)).toEqual([
      '1st Crimson Foot returns aboard Crimson Squadron: the assault on hex 0603 (Azure Port) did not take it',
      'Crimson Squadron leaves hex 0603 (Azure Port), still held against the assault, for hex 0103 (Crimson Port)',
    ]);
  });

  it('fights the units holding a defended port, and eliminates an assaulting unit that finds no carrier when they stay', () => {
    const { game, s } = assaulting();
    const held = put(game, s, 'azure-2', 'hex:0603');
    const t = act(game, held, assault);
    expect(t.units['crimson-1'].at).toBe('hex:0603');
    // The fleet sails on: no carrier is left at the port.
    const gone = put(game, t, 'crimson-fleet', 'hex:0604');
    const combat = playTo(game, gone, 'combat-step', 'red');
    // 1st Crimson Foot (2) against 2nd Azure Guard (2): Red rolls 5, nothing; Blue 2, one loss point.
    const fought = fightAt(game, combat, ['crimson-1'], 5, 2);
    expect(eventsOf(fought.log.at(-1)!.events, 'battle')[0]).toMatchObject({ winner: 'blue', defender: { strength: 2 } });
    expect(fought.units['crimson-1'].at).toBe('eliminated');
    expect(eventsOf(fought.log.at(-1)!.events, 'loss').map((e) => e.text)).toContain('1st Crimson Foot finds no carrier at hex 0603 (Azure Port) after the assault and is eliminated');
    expect(fought.units['azure-2'].at).toBe('hex:0603');
    expect(fought.assaults).toBeUndefined();
  });
});

/**
 * The ridge where infantry airdrop up to 2 hexes, the battle's loser retreating (retreatingCombat):
 * 1st Crimson Foot stands in 0402 beside 2nd Azure Guard in 0501. Dice are entered by hand.
 */
function dropping(change?: (r: ResolvedRuleset) => void) {
  const r = retreatingCombat(fixture('ridge'));
  Object.assign(r.mechanics!.movement!, { airdrop: { kinds: ['infantry'], range: 2, combat: 'land', source: { kind: 'rulebook', rule: '3.7' } } });
  change?.(r);
  const game = newGame(r, 1, { manualDice: true });
  const s = act(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0603' });
  return { game, s: put(game, playTo(game, s, 'movement-step', 'red'), 'crimson-1', 'hex:0402') };
}

/** Red attacks 0501 with 1st Crimson Foot, rolling `red` and Blue rolling `blue`; then the first listed retreat, where one is to choose. */
function fightDropped(game: Game, s: GameState, red: number, blue: number): GameState {
  let t = game.applyAction(s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0501', units: ['crimson-1'] });
  for (const value of [red, blue]) t = t.ok && t.question ? game.applyAction(t.state, { type: 'answer', key: t.question.key, value }) : t;
  if (!t.ok) throw new Error(t.refusal.message);
  let after = t.state;
  while (after.aftermath) after = act(game, after, game.legalActions(after, game.activeSides(after)[0])[0]);
  return after;
}

describe('airdrops', () => {
  it('drops a unit of the kinds named up to its range away, over everything, instead of its move', () => {
    const { game, s } = dropping();
    const listed = game.legalActions(s, 'red', { movers: ['crimson-1'] }).filter((a) => a.type === 'airdrop').map((a) => (a as { to: string }).to);
    expect(listed).toEqual(expect.arrayContaining(['hex:0501', 'hex:0502', 'hex:0403']));
    expect(listed).not.toContain('hex:0404');
    const t = act(game, s, { type: 'airdrop', side: 'red', unit: 'crimson-1', to: 'hex:0403' });
    expect(t.units['crimson-1'].at).toBe('hex:0403');
    expect(t.step.stopped).toContain('crimson-1');
    expect(t.control['hex:0403']).toBe('crimson');
    expect(t.assaults).toBeUndefined();
    expect(eventsOf(lastEvents(t), 'move')[0]).toMatchObject({ text: '1st Crimson Foot airdrops from hex 0402 to hex 0403', cite: { pointer: '/mechanics/movement/airdrop' } });
    expect(refusal(game, s, { type: 'airdrop', side: 'red', unit: 'crimson-1', to: 'hex:0104' }).code).toBe('airdrop-range');
    expect(refusal(game, s, { type: 'airdrop', side: 'red', unit: 'crimson-1', to: 'hex:0404' }).code).toBe('terrain');
    expect(refusal(game, put(game, s, 'crimson-2', 'hex:0301'), { type: 'airdrop', side: 'red', unit: 'crimson-2', to: 'hex:0302' }).code).toBe('airdrop-kind');
    const moved = act(game, s, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0403' });
    expect(refusal(game, moved, { type: 'airdrop', side: 'red', unit: 'crimson-1', to: 'hex:0503' }).code).toBe('stopped');
  });

  it('makes a unit dropped among hostile units attack them in its next combat step, and takes the place when they are gone', () => {
    const { game, s } = dropping();
    const t = act(game, s, { type: 'airdrop', side: 'red', unit: 'crimson-1', to: 'hex:0501' });
    expect(t.units['crimson-1'].at).toBe('hex:0501');
    expect(t.control['hex:0501']).toBe('azure');
    expect(t.assaults).toEqual([expect.objectContaining({ at: 'hex:0501', by: 'air', units: ['crimson-1'], combat: 'land' })]);
    const combat = playTo(game, t, 'combat-step', 'red');
    expect(refusal(game, combat, { type: 'endStep', side: 'red' }).code).toBe('assault-pending');
    // Red 2 rolls 1: one loss point; Blue 2 rolls 5: none. 2nd Azure Guard, reduced, retreats.
    const won = fightDropped(game, combat, 1, 5);
    expect(won.units['azure-2'].at).not.toBe('hex:0501');
    expect(won.control['hex:0501']).toBe('crimson');
    expect(won.assaults).toBeUndefined();
  });

  it('fights the landing before any other combat of the step attacks its location', () => {
    const { game, s } = dropping((r) => {
      r.mechanics!.combat!.raid = { model: 'fire-table', table: 'fire', factor: 'attack', lossUnit: 'step', winner: 'fewer-losses-then-higher-roll', source: { kind: 'rulebook', rule: '4.6' } };
      r.sequence!.phases.find((p) => p.id === 'player-turn')!.steps!.find((x) => x.id === 'combat-step')!.combats = ['raid'];
    });
    const dropped = put(game, act(game, s, { type: 'airdrop', side: 'red', unit: 'crimson-1', to: 'hex:0501' }), 'crimson-2', 'hex:0401');
    const combat = playTo(game, dropped, 'combat-step', 'red');
    expect(game.legalActions(combat, 'red').filter((a) => a.type === 'attack' && a.combat === 'raid' && a.target === 'hex:0501')).toEqual([]);
    expect(refusal(game, combat, { type: 'attack', side: 'red', combat: 'raid', target: 'hex:0501', units: ['crimson-2'] })).toMatchObject({ code: 'assault-first', message: 'the units landed by airdrop at hex 0501 attack it first, in land', cite: { pointer: '/mechanics/movement/airdrop' } });
  });

  it('lists an attack on a landing only with the units landed there, where units kept apart from them may not join', () => {
    const { game, s } = dropping((r) => {
      Object.assign(r.mechanics!.combat!.land, { apart: { powers: ['crimson'] } });
      r.powers!.scarlet = { name: 'Scarlet', kind: 'minor', side: 'red', status: 'at-war', countries: [] };
    });
    const dropped = act(game, s, { type: 'airdrop', side: 'red', unit: 'crimson-1', to: 'hex:0501' });
    const joined = act(game, dropped, { type: 'manual', op: { op: 'addUnit', power: 'scarlet', type: 'infantry', to: 'hex:0401' } });
    const scarlet = Object.values(joined.units).find((u) => u.power === 'scarlet')!.id;
    const combat = playTo(game, joined, 'combat-step', 'red');
    const attacks = game.legalActions(combat, 'red').filter((a) => a.type === 'attack' && a.target === 'hex:0501');
    expect(attacks).toEqual([{ type: 'attack', side: 'red', combat: 'land', target: 'hex:0501', units: ['crimson-1'] }]);
    expect(refusal(game, combat, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0501', units: [scarlet] }).code).toBe('assault-units');
  });

  it('has a dropped unit retreat after a battle without a winner, the hostile units still there', () => {
    const { game, s } = dropping();
    const combat = playTo(game, act(game, s, { type: 'airdrop', side: 'red', unit: 'crimson-1', to: 'hex:0501' }), 'combat-step', 'red');
    // Both roll 3 on the 1-2 column: no loss, equal rolls, no winner.
    const even = fightDropped(game, combat, 3, 3);
    expect(even.units['azure-2'].at).toBe('hex:0501');
    expect(even.units['crimson-1'].at).not.toBe('hex:0501');
    expect(even.assaults).toBeUndefined();
    expect(game.legalActions(even, 'red')).toContainEqual({ type: 'endStep', side: 'red' });
  });

  it('has a dropped unit that loses its battle retreat as a loser does', () => {
    const { game, s } = dropping();
    const combat = playTo(game, act(game, s, { type: 'airdrop', side: 'red', unit: 'crimson-1', to: 'hex:0501' }), 'combat-step', 'red');
    const lost = fightDropped(game, combat, 5, 1);
    expect(lost.units['crimson-1'].at).not.toBe('hex:0501');
    expect(lost.control['hex:0501']).toBe('azure');
    expect(lost.assaults).toBeUndefined();
  });
});
