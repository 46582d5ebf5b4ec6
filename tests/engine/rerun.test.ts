import { describe, expect, it } from 'vitest';
import { rerun, type Game, type GameState } from '@/engine/game';
import { botRng, runBots } from '@/engine/game/bots';
import type { ResolvedRuleset } from '@/engine/generated/schema-types';
import { act, eventsOf, fixture, newGame, playTo } from './play';

/** Ridge with Red's two units beside Blue's infantry, changed as given. */
function ridge(change?: (r: ResolvedRuleset) => void): ResolvedRuleset {
  const r = fixture('ridge');
  r.scenarios!.campaign.placements = [
    { power: 'crimson', unit: 'crimson-1', location: { hex: '0501' } },
    { power: 'crimson', unit: 'crimson-2', location: { hex: '0602' } },
    { power: 'azure', unit: 'azure-2', location: { hex: '0601' } },
  ];
  change?.(r);
  return r;
}

/** Crimson-1 walks 0501 → 0502 → 0501 (a clear hex out and back), then both attack 0601 on seeded dice. */
function played(): { game: Game; s: GameState } {
  const game = newGame(ridge(), 7);
  let s = playTo(game, game.initial, 'movement-step', 'red');
  s = act(game, s, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0501', path: ['hex:0502', 'hex:0501'] });
  s = playTo(game, s, 'combat-step', 'red');
  s = act(game, s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0601', units: ['crimson-1', 'crimson-2'] });
  return { game, s };
}

describe('replaying a game on another ruleset', () => {
  it('finds nothing parting on the same rules, nor on a change the game never reads', () => {
    const { game, s } = played();
    expect(rerun(game, newGame(ridge(), 7), s.log)).toEqual({ kind: 'same', entries: s.log.length });
    const renamed = newGame(ridge((r) => (r.tables!.fire.title = 'Fire Table (errata)')), 7);
    expect(rerun(game, renamed, s.log)).toEqual({ kind: 'same', entries: s.log.length });
  });

  it('names the first entry the other rules refuse, with the rule refusing it', () => {
    const { game, s } = played();
    const at = s.log.findIndex((e) => e.action.type === 'move');
    // Clear terrain now costs 2: the walk out and back needs 4 of the infantry's 3 movement points.
    const dearer = newGame(ridge((r) => (r.tables!['terrain-effects'].cells.clear.cost = 2)), 7);
    const result = rerun(game, dearer, s.log);
    expect(result).toMatchObject({ kind: 'refused', at, entry: { action: { type: 'move', unit: 'crimson-1' } }, refusal: { code: 'movement-points' } });
  });

  it('names the first entry that leads elsewhere from the same position, with the events it has now', () => {
    const { game, s } = played();
    const attack = s.log.length - 1;
    // The errata raise every result of the 5-7 column to 3 loss points: Red's fire (strength 6) reads it.
    const other = newGame(ridge((r) => { for (const row of Object.values(r.tables!.fire.cells)) row['5-7'] = 3; }), 7);
    const result = rerun(game, other, s.log);
    expect(result).toMatchObject({ kind: 'differs', at: attack, entry: { action: { type: 'attack' } } });
    const lookups = eventsOf(result.kind === 'differs' ? result.events : [], 'lookup');
    expect(lookups[0]).toMatchObject({ column: '5-7', result: 3 });
    // And what the positions after it differ in, in words.
    expect(result.kind === 'differs' && result.changes).toEqual(['2nd Azure Guard: hex 0601 (Azure City) as played, eliminated now']);
  });

  it('finds the first parting entry of a long game, past the stretches it compares at once', () => {
    // Without its "R" result (a task for the tester), the bots play Ridge to its end.
    const base = () => {
      const r = fixture('ridge');
      r.tables!.fire.cells['6']['1-2'] = 0;
      return r;
    };
    const game = newGame(base(), 3);
    const rng = botRng(3);
    const { state } = runBots(game, game.initial, { red: 'random', blue: 'random' }, () => rng, { limit: 1000 });
    const log = state.log;
    // A new level is reached at the end of turn 5: the games part at the entry that ends it, far into the log.
    const sooner = base();
    sooner.victory!.levels.unshift({ id: 'truce', name: 'Truce', side: 'blue', condition: { op: 'turn', cmp: '>=', turn: { turn: 5 } }, source: { kind: 'rulebook', rule: '9.3' } });
    const other = newGame(sooner, 3);
    const at = log.findLastIndex((e) => e.turn === 5);
    expect(at).toBeGreaterThan(50);
    expect(rerun(game, other, log)).toMatchObject({ kind: 'differs', at });
    // Up to the entry the two games stand alike (but for the ruleset's hash); after it they do not.
    const position = (g: Game, n: number) => {
      const r = g.replay(log.slice(0, n));
      return r.ok ? g.hash({ ...r.state, rulesetHash: '' }) : 'refused';
    };
    expect(position(other, at)).toBe(position(game, at));
    expect(position(other, at + 1)).not.toBe(position(game, at + 1));
  });
});
