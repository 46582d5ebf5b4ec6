import { describe, expect, it } from 'vitest';
import type { Condition, NumberExpr, ResolvedRuleset } from '@/engine/generated/schema-types';
import type { Game, GameState } from '@/engine/game';
import { test as holds, value } from '@/engine/game/expressions';
import { Tx } from '@/engine/game/tx';
import { act, fixture, newGame } from './play';

const start = (r: ResolvedRuleset = fixture('ridge'), seed = 1) => {
  const game = newGame(r, seed);
  return { game, s: act(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' }) };
};
const check = (game: Game, s: GameState, c: Condition) => holds(new Tx(game.rules, structuredClone(s)), c, '/test');
const count = (game: Game, s: GameState, n: NumberExpr) => value(new Tx(game.rules, structuredClone(s)), n, '/test');

describe('expressions: conditions', () => {
  const { game, s } = start();

  it('combines with all, any (at least n) and not', () => {
    const yes: Condition = { op: 'flag', flag: 'nope' };
    const t: Condition = { op: 'not', of: yes };
    expect(check(game, s, { op: 'all', of: [] })).toBe(true);
    expect(check(game, s, { op: 'all', of: [t, yes] })).toBe(false);
    expect(check(game, s, { op: 'any', of: [t, yes] })).toBe(true);
    expect(check(game, s, { op: 'any', of: [t, yes, t], atLeast: 2 })).toBe(true);
    expect(check(game, s, { op: 'any', of: [t, yes, yes], atLeast: 2 })).toBe(false);
  });

  it('tests control of places, hexes and countries by side or power', () => {
    expect(check(game, s, { op: 'controls', by: 'red', places: ['crimson-city', 'crimson-port'] })).toBe(true);
    expect(check(game, s, { op: 'controls', by: 'crimson', hexes: ['0101'] })).toBe(true);
    expect(check(game, s, { op: 'controls', by: 'red', places: ['crimson-city', 'azure-city'] })).toBe(false);
    expect(check(game, s, { op: 'controls', by: 'red', places: ['crimson-city', 'azure-city'], atLeast: 1 })).toBe(true);
    // A country is held through its capital; Slate has none, so through all its places (the Pass).
    expect(check(game, s, { op: 'controls', by: 'blue', countries: ['azure'] })).toBe(true);
    expect(check(game, s, { op: 'controls', by: 'slate', countries: ['slate'] })).toBe(true);
    expect(check(game, s, { op: 'controls', by: 'blue', countries: ['slate'] })).toBe(false);
  });

  it('compares turns, statuses, relations, flags and numbers', () => {
    expect(check(game, s, { op: 'turn', cmp: '==', turn: { turn: 1 } })).toBe(true);
    expect(check(game, s, { op: 'turn', cmp: '>', turn: { turn: 1 } })).toBe(false);
    expect(check(game, s, { op: 'status', power: 'slate', in: ['neutral'] })).toBe(true);
    expect(check(game, s, { op: 'relation', between: ['azure', 'crimson'], in: ['war'] })).toBe(true);
    expect(check(game, s, { op: 'compare', left: { op: 'resource', power: 'crimson', resource: 'pp' }, cmp: '>=', right: 3 })).toBe(true);
  });

  it('tests presence of units by class in places, hexes and countries', () => {
    expect(check(game, s, { op: 'present', of: 'red', countries: ['crimson'] })).toBe(true);
    expect(check(game, s, { op: 'present', of: 'red', unitClass: 'naval' })).toBe(true);
    expect(check(game, s, { op: 'present', of: 'red', unitClass: 'naval', countries: ['crimson'] })).toBe(false);
    expect(check(game, s, { op: 'present', of: 'blue', places: ['azure-city'], unitClass: 'fortification' })).toBe(true);
    expect(check(game, s, { op: 'present', of: 'slate', hexes: ['0303'] })).toBe(true);
  });

  it('knows the season on a seasonal calendar', () => {
    const r = fixture('ridge');
    r.calendar = { kind: 'seasonal', seasons: ['spring', 'summer', 'autumn', 'winter'], first: { year: 1901, season: 'autumn' }, last: { year: 1903, season: 'spring' } };
    r.scenarios!.campaign.start = { year: 1901, season: 'winter' };
    const g = start(r);
    expect(g.s.turn).toBe(2);
    expect(check(g.game, g.s, { op: 'season', in: ['winter'] })).toBe(true);
    expect(check(g.game, g.s, { op: 'turn', cmp: '<', turn: { year: 1902, season: 'spring' } })).toBe(true);
    expect(g.game.status(g.s)).toMatchObject({ turn: 2, turnLabel: 'winter 1901', lastTurn: 7 });
  });
});

describe('expressions: numbers', () => {
  const { game, s } = start();

  it('counts controlled places (listed or by kind), countries and units', () => {
    expect(count(game, s, { op: 'count', controlledBy: 'red', placeKind: 'production' })).toBe(2);
    expect(count(game, s, { op: 'count', controlledBy: 'blue', places: ['azure-city', 'pass'], countries: ['azure'] })).toBe(2);
    expect(count(game, s, { op: 'count', controlledBy: 'red', units: true })).toBe(3);
    expect(count(game, s, { op: 'count', controlledBy: 'azure', units: true, places: ['azure-city'] })).toBe(1);
  });

  it('reads tracks and stocks, sums, and the turn number', () => {
    expect(count(game, s, { op: 'sum', of: [{ op: 'track', track: 'tension' }, { op: 'resource', power: 'azure', resource: 'pp' }, { op: 'turnNumber' }, 10] })).toBe(0 + 3 + 1 + 10);
  });

  it('asks for a starting value that is a gap, and never reads it as a number', () => {
    const r = fixture('ridge');
    r.scenarios!.campaign.economy!.crimson.pp = { gap: 'the scenario card is torn' };
    const g = start(r);
    expect(g.s.resources.crimson).toBeUndefined();
    const result = g.game.applyAction(g.s, { type: 'manual', op: { op: 'adjustResource', power: 'crimson', resource: 'pp', by: 1 } });
    expect(result.ok && result.question).toMatchObject({ key: '/scenarios/campaign/economy/crimson/pp', text: "crimson's starting pp: the data has a gap (the scenario card is torn)", expects: 'number' });
    const answered = act(g.game, (result as { state: GameState }).state, { type: 'answer', key: '/scenarios/campaign/economy/crimson/pp', value: 4 });
    expect(answered.resources.crimson.pp).toBe(5);
  });
});
