import { describe, expect, it } from 'vitest';
import type { Game, GameState } from '@/engine/game';
import { act, eventsOf, fixture, lastEvents, newGame, playTo, refusal } from './play';

// Area map: West Isle (plains) – Middle Isle (marsh) – East Isle (plains), and the Strait (sea) between West and East.
const begin = () => {
  const game = newGame(fixture('isles'), 1, { manualDice: true });
  return { game, s: game.initial };
};
const answerRolls = (game: Game, s: GameState, dice: number[]) => {
  let t = s;
  for (const value of dice) t = act(game, t, { type: 'answer', key: t.suspended!.question.key, value });
  return t;
};

describe('area movement and combat', () => {
  it('pays each area\'s terrain cost, and never enters the sea by land', () => {
    const { game, s } = begin();
    expect(refusal(game, s, { type: 'move', side: 'red', unit: 'w-horse', to: 'area:strait', path: ['area:strait'] })).toMatchObject({ code: 'terrain' });
    const moves = game.legalActions(s, 'red').filter((a) => a.type === 'move').map((a) => `${(a as { unit: string }).unit}>${(a as { to: string }).to}`);
    // Foot (2 MP): marsh costs 2. Horse (4 MP): it must stop in the Middle Isle, which holds hostile units.
    expect(moves).toEqual(['w-foot>area:middle', 'w-horse>area:middle']);
  });

  it('stops on entering an area with hostile units, which stays contested', () => {
    const { game, s } = begin();
    const t = act(game, s, { type: 'move', side: 'red', unit: 'w-horse', to: 'area:middle' });
    expect(eventsOf(lastEvents(t), 'move')[0].text).toBe('West Horse moves from West Isle: Middle Isle for 2 (marsh, hostile units: stops); 2 movement points, 2 of 4 left');
    expect(t.step.stopped).toEqual(['w-horse']);
    expect(t.control['area:middle']).toBeUndefined();
  });

  it('bars an area holding hostile units of the classes the movement names (barredByUnitsOf), no way through it', () => {
    const r = fixture('isles');
    const movement = r.mechanics!.movement!;
    if (movement.model !== 'area-graph') throw new Error('an area fixture');
    movement.classes = { ...movement.classes, land: { ...movement.classes?.land, barredByUnitsOf: ['land'] } };
    const game = newGame(r, 1, { manualDice: true });
    const moves = game.legalActions(game.initial, 'red').filter((a) => a.type === 'move');
    expect(moves).toEqual([]);
    expect(refusal(game, game.initial, { type: 'move', side: 'red', unit: 'w-horse', to: 'area:middle' })).toMatchObject({ code: 'hostile-units', message: expect.stringContaining('Middle Isle holds hostile units') });
    expect(refusal(game, game.initial, { type: 'move', side: 'red', unit: 'w-horse', to: 'area:east' })).toMatchObject({ code: 'unreachable', message: 'West Horse cannot reach East Isle: hostile units bar every way there over ground land units may cross' });
  });

  it('says where hostile units share an area as battles fought by hand begin', () => {
    const r = fixture('isles');
    r.mechanics!.combat!.land = { model: 'factor-table', table: 'fire', rounds: [{ id: 'land', factor: 'attack' }], source: { kind: 'rulebook', rule: '4' } };
    const game = newGame(r, 1, { manualDice: true });
    const t = playTo(game, act(game, game.initial, { type: 'move', side: 'red', unit: 'w-horse', to: 'area:middle' }), 'fight', 'red');
    const reminder = eventsOf(lastEvents(t), 'reminder').find((e) => e.text.includes('factor-table'))!;
    expect(reminder.text).toMatch(/adjudicate battles by hand; hostile units share a location: Middle Isle \(.+ 1, .+ 1\)$/);
  });

  it('fights hostile units sharing the area', () => {
    const { game, s } = begin();
    let t = act(game, s, { type: 'move', side: 'red', unit: 'w-horse', to: 'area:middle' });
    t = playTo(game, t, 'fight', 'red');
    expect(game.legalActions(t, 'red').filter((a) => a.type === 'attack')).toEqual([{ type: 'attack', side: 'red', combat: 'land', target: 'area:middle', units: ['w-foot', 'w-horse'] }]);
    const asked = game.applyAction(t, { type: 'attack', side: 'red', combat: 'land', target: 'area:middle', units: ['w-horse'] });
    // Horse 2 → column 2+, roll 5 → 1: the East Foot is removed (a loss point takes a whole unit). Foot 1 → column 1, roll 2 → 0.
    t = answerRolls(game, (asked as { state: GameState }).state, [5, 2]);
    expect(t.units['e-foot'].at).toBe('eliminated');
    expect(eventsOf(lastEvents(t), 'battle')[0]).toMatchObject({ winner: undefined, text: expect.stringContaining('no winner (the model gives no rule for one)') });
  });

  it('makes the loser retreat only into an area free of hostile units', () => {
    const r = fixture('isles');
    Object.assign(r.mechanics!.combat!.land, { winner: 'fewer-losses-then-higher-roll', retreat: { classes: ['land'] } });
    const game = newGame(r, 1, { manualDice: true });
    const t = playTo(game, game.initial, 'fight', 'red');
    // Foot 1 against Foot 1, rolls 3 and 1: no losses, Red wins on the higher roll. The Middle Isle's neighbours are
    // the West Isle, where the Red Horse stands, and the empty East Isle: the only place open.
    const asked = game.applyAction(t, { type: 'attack', side: 'red', combat: 'land', target: 'area:middle', units: ['w-foot'] });
    const after = answerRolls(game, (asked as { state: GameState }).state, [3, 1]);
    expect(after.units['e-foot'].at).toBe('area:east');
    expect(eventsOf(lastEvents(after), 'move').map((e) => e.text)).toEqual(['East Foot retreats from Middle Isle to East Isle (the only place open)']);
  });

  it('traces supply area by area', () => {
    const { game, s } = begin();
    let t = act(game, s, { type: 'move', side: 'red', unit: 'w-horse', to: 'area:middle' });
    while (!t.log.some((e) => eventsOf(e.events, 'supply').length)) t = act(game, t, { type: 'endStep', side: game.activeSides(t)[0] });
    // Both sides reach the contested Middle Isle from their capitals; a path may end there, not pass through.
    expect([t.units['w-horse'].supplied, t.units['w-foot'].supplied, t.units['e-foot'].supplied]).toEqual([true, true, true]);
  });
});

describe('production on an area map', () => {
  it('places no unit bought among hostile units, as a hex map bars it by entry', () => {
    // The Westmen produce at West Hall (West Isle), with points to buy Foot.
    const r = fixture('isles');
    r.resources = { pp: { name: 'Production points' } };
    r.map!.places!['west-hall'].kinds = ['capital', 'production'];
    r.tables!['unit-costs'] = { title: 'Unit Costs', rows: { name: 'unit type', kind: 'label', keys: ['foot', 'horse'] }, columns: { name: 'resource', kind: 'label', keys: ['pp'] }, cells: { foot: { pp: 1 }, horse: { pp: 2 } } };
    r.mechanics!.production = { model: 'points-from-places', resource: 'pp', placeKind: 'production', perPlace: 1, saving: true, costs: 'unit-costs', source: { kind: 'rulebook', rule: '5' } };
    r.sequence!.phases.unshift({ id: 'production-phase', name: 'Production', actor: 'each-power', order: ['westmen', 'eastmen'], steps: [{ id: 'produce', name: 'Produce', procedure: 'production' }] });
    Object.assign(r.scenarios!.campaign, { economy: { westmen: { pp: 3 } }, forcePools: { westmen: [{ type: 'foot', count: 2 }] } });
    const game = newGame(r);
    const s = playTo(game, game.initial, 'produce', 'red');
    const buys = (t: GameState) => game.legalActions(t, 'red').filter((a) => a.type === 'buy');
    expect(buys(s).length).toBeGreaterThan(0);
    // East Foot stands in the West Isle: nothing is placed there.
    const held = act(game, s, { type: 'manual', op: { op: 'moveUnit', unit: 'e-foot', to: 'area:west' } });
    expect(buys(held)).toEqual([]);
    const unit = (buys(s)[0] as { unit: string }).unit;
    expect(refusal(game, held, { type: 'buy', side: 'red', unit, at: 'area:west' })).toMatchObject({ code: 'placement-hostile', message: 'West Isle holds hostile units (East Foot): a new unit is not placed among them' });
  });
});
