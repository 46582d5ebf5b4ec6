import { describe, expect, it } from 'vitest';
import type { ResolvedRuleset } from '@/engine/generated/schema-types';
import type { GameState } from '@/engine/game';
import { test as holds } from '@/engine/game/expressions';
import { tracedByParty } from '@/engine/game/supply';
import { Tx } from '@/engine/game/tx';
import { act, eventsOf, fixture, newGame, playTo } from './play';

/**
 * The ridge with the conquest model, Slate's capital at the Pass (0303), its militia beside it at 0302,
 * supply blocked by hostile units alone (not their zones), and Azure's units set up.
 */
function conquering(change?: (r: ResolvedRuleset) => void) {
  const r = fixture('ridge');
  r.statuses = { ...r.statuses, conquered: { name: 'Conquered' }, liberated: { name: 'Liberated' } };
  r.powers!.slate.capital = 'pass';
  r.scenarios!.campaign.placements.find((p) => p.unit === 'slate-militia')!.location = { hex: '0302' };
  r.mechanics!.supply!.blockedByZocOf = [];
  r.mechanics!.conquest = { model: 'by-capital', conquered: 'conquered', liberated: 'liberated', source: { kind: 'rulebook', rule: '6.5' } };
  change?.(r);
  const game = newGame(r);
  return { game, s: act(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' }) };
}
const hold = (game: ReturnType<typeof newGame>, s: GameState, at: string, to: string) => act(game, s, { type: 'manual', op: { op: 'setControl', location: at, to } });
/** The texts of the conquest model's events over the whole log. */
const told = (s: GameState) => s.log.flatMap((e) => eventsOf(e.events, 'effect')).filter((e) => e.cite?.pointer === '/mechanics/conquest').map((e) => e.text);

describe('conquest and liberation by capital', () => {
  it('conquers a power whose capital another side holds at the end of the turn, tracing supply from it, and eliminates its units on the board', () => {
    const { game, s } = conquering();
    const t = playTo(game, hold(game, s, 'hex:0303', 'crimson'), 'produce', 'blue', 2);
    expect(t.powers.slate).toMatchObject({ status: 'conquered', conqueredBy: 'red' });
    expect(t.units['slate-militia'].at).toBe('eliminated');
    expect(told(t)).toEqual(['Slate is conquered: hex 0303 (The Pass) is held by Red, with a supply line from it']);
    expect(t.log.flatMap((e) => eventsOf(e.events, 'loss')).map((e) => e.text)).toContain('Slate Militia is eliminated: Slate is conquered');
  });

  it("marks a conquered power's stock as conquered in the game's status", () => {
    const { game, s } = conquering((r) => (r.scenarios!.campaign.economy!.slate = { pp: 2 }));
    expect(game.status(s).stocks.find((x) => x.power === 'slate')).toEqual({ power: 'slate', resource: 'pp', amount: 2 });
    const t = playTo(game, hold(game, s, 'hex:0303', 'crimson'), 'produce', 'blue', 2);
    expect(game.status(t).stocks.find((x) => x.power === 'slate')).toMatchObject({ power: 'slate', conquered: true });
  });

  it('conquers nothing while the holder traces no supply from the capital, nor a power the model leaves alone', () => {
    // With supply paths of one hex, the Pass traces none to Crimson City.
    const far = conquering((r) => (r.mechanics!.supply!.maxLength = { value: 1, source: { kind: 'rulebook', rule: '7' } }));
    const t = playTo(far.game, hold(far.game, far.s, 'hex:0303', 'red'), 'produce', 'blue', 2);
    expect(t.powers.slate.status).toBe('neutral');
    expect(told(t)).toEqual([]);
    const left = conquering((r) => (r.mechanics!.conquest!.exceptPowers = ['slate']));
    expect(playTo(left.game, hold(left.game, left.s, 'hex:0303', 'red'), 'produce', 'blue', 2).powers.slate.status).toBe('neutral');
  });

  it('liberates a conquered power whose capital a side other than its conqueror holds, tracing supply: it joins that side and its eliminated units go to the force pool', () => {
    const { game, s } = conquering();
    const conquered = playTo(game, hold(game, s, 'hex:0303', 'red'), 'produce', 'blue', 2);
    const t = playTo(game, hold(game, conquered, 'hex:0303', 'blue'), 'produce', 'blue', 3);
    expect(t.powers.slate).toEqual({ side: 'blue', status: 'liberated' });
    expect(t.units['slate-militia'].at).toBe('pool');
    expect(told(t).at(-1)).toBe('Slate is liberated: hex 0303 (The Pass) is held by Blue, with a supply line from it; Slate joins Blue, and its eliminated units go to the force pool (Slate Militia)');
  });

  it('liberates, where the model has the liberator occupy the capital, only once a unit of its side stands there (2WW 5.3.3)', () => {
    const { game, s } = conquering((r) => (r.mechanics!.conquest!.liberatorOccupies = true));
    const conquered = playTo(game, hold(game, s, 'hex:0303', 'red'), 'produce', 'blue', 2);
    const held = hold(game, conquered, 'hex:0303', 'blue');
    expect(playTo(game, held, 'produce', 'blue', 3).powers.slate.status).toBe('conquered');
    const occupied = act(game, held, { type: 'manual', op: { op: 'moveUnit', unit: 'azure-1', to: 'hex:0303' } });
    const freed = playTo(game, occupied, 'produce', 'blue', 3);
    expect(freed.powers.slate).toEqual({ side: 'blue', status: 'liberated' });
    expect(told(freed).at(-1)).toMatch(/^Slate is liberated: hex 0303 \(The Pass\) is occupied by Blue, with a supply line from it/);
  });

  it("traces a liberation's supply line by the liberator's powers, not by the conquered power's own, whose capital is its source", () => {
    // Slate on Blue's side, each power tracing to its own capital, with paths of one hex: only Slate's own net reaches the Pass, its capital.
    const { game, s } = conquering((r) => {
      r.powers!.slate.side = 'blue';
      r.mechanics!.supply!.ownCapital = true;
      r.mechanics!.supply!.maxLength = { value: 1, source: { kind: 'rulebook', rule: '7' } };
    });
    const tx = new Tx(game.rules, structuredClone(hold(game, s, 'hex:0303', 'blue')));
    expect(tracedByParty(tx, 'blue')('hex:0303')).toBe(true);
    expect(tracedByParty(tx, 'blue', 'slate')('hex:0303')).toBe(false);
  });

  it('conquers and liberates a power of several capitals only when one side holds them all, tracing supply from each; the country counts as held through all of them', () => {
    // Slate's second capital, Slate Town, stands at 0302 beside the Pass.
    const { game, s } = conquering((r) => {
      r.map!.places!['slate-town'] = { name: 'Slate Town', hex: '0302', kinds: ['city'], country: 'slate' };
      r.powers!.slate.capital = ['pass', 'slate-town'];
    });
    const controlsSlate = (t: GameState, by: string) => holds(new Tx(game.rules, structuredClone(t)), { op: 'controls', by, countries: ['slate'] }, '/test');
    const one = hold(game, s, 'hex:0303', 'red');
    expect(controlsSlate(one, 'red')).toBe(false);
    expect(playTo(game, one, 'produce', 'blue', 2).powers.slate.status).toBe('neutral');
    const split = hold(game, one, 'hex:0302', 'blue');
    expect(playTo(game, split, 'produce', 'blue', 2).powers.slate.status).toBe('neutral');
    const both = hold(game, one, 'hex:0302', 'red');
    expect(controlsSlate(both, 'red')).toBe(true);
    const conquered = playTo(game, both, 'produce', 'blue', 2);
    expect(conquered.powers.slate).toMatchObject({ status: 'conquered', conqueredBy: 'red' });
    expect(told(conquered)).toEqual(['Slate is conquered: hex 0303 (The Pass) and hex 0302 (Slate Town) are held by Red, with a supply line from each']);
    // Blue retaking one of them liberates nothing; retaking both does.
    const half = hold(game, conquered, 'hex:0303', 'blue');
    expect(playTo(game, half, 'produce', 'blue', 3).powers.slate.status).toBe('conquered');
    const freed = playTo(game, hold(game, half, 'hex:0302', 'blue'), 'produce', 'blue', 3);
    expect(freed.powers.slate).toEqual({ side: 'blue', status: 'liberated' });
  });
});
