import { describe, expect, it } from 'vitest';
import type { HexMovement } from '@/engine/generated/schema-types';
import { labelActions } from '@/engine/game/bots';
import { act, eventsOf, fixture, lastEvents, newGame, playTo, put, refusal } from './play';

describe('displacement', () => {
  const displacing = () => {
    const r = fixture('ridge');
    r.mechanics!.zoc!.displaces = [{ classes: ['naval'], byZonesOf: ['land'], unlessWith: ['land'], toMedia: ['sea'], source: { kind: 'rulebook', rule: '3.9' } }];
    const game = newGame(r);
    return { game, s: act(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' }) };
  };

  it('sends a unit that stands in a hostile zone it may not stand in to the nearest location out of those zones and free of hostile units', () => {
    const { game, s } = displacing();
    expect(s.units['crimson-fleet'].at).toBe('hex:0104');
    // Blue infantry at 0103 puts the Crimson fleet's sea hex in its zone, and 0204 beside it; the Slate militia's zone
    // covers 0304 and 0404 (hostile to all): 0504 is the nearest sea hex out of them.
    const t = act(game, s, { type: 'manual', op: { op: 'moveUnit', unit: 'azure-2', to: 'hex:0103' } });
    expect(t.units['crimson-fleet'].at).toBe('hex:0504');
    expect(eventsOf(lastEvents(t), 'effect').map((e) => [e.text, e.cite])).toEqual([['Crimson Squadron is displaced from hex 0104, in a hostile land zone, to hex 0504', { pointer: '/mechanics/zoc/displaces/0', rule: '3.9' }]]);
  });

  it("never sends a unit into a neutral's country, nor into one it would invade", () => {
    // Land units displaced here by hostile land zones. Crimson's 2nd Horse in 0202, Blue's 2nd Guard put in 0201 beside it:
    // of the nearest hexes out of the zone, 0302 lies in neutral Slate.
    const r = fixture('ridge');
    r.mechanics!.zoc!.displaces = [{ classes: ['land'], byZonesOf: ['land'], unlessWith: ['naval'], toMedia: ['land', 'coastal'] }];
    r.scenarios!.campaign.placements = r.scenarios!.campaign.placements.filter((p) => p.unit !== 'slate-militia');
    r.scenarios!.campaign.placements.find((p) => p.unit === 'azure-1')!.location = { hex: '0602' };
    const game = newGame(r);
    const s = act(game, game.initial, { type: 'manual', op: { op: 'moveUnit', unit: 'crimson-2', to: 'hex:0202' } });
    const t = act(game, s, { type: 'manual', op: { op: 'moveUnit', unit: 'azure-2', to: 'hex:0201' } });
    expect(t.units['crimson-2'].at).toBe('hex:0102');
    expect(t.displaced?.find((p) => p.unit === 'crimson-2')?.options).toEqual(['hex:0102', 'hex:0203']);
    // Nor where the movement model's restrictions keep its units out: 0102 closed to Crimson, 0203 alone is left.
    (r.mechanics!.movement as HexMovement).restrictions = [{ id: 'no-0102', powers: ['crimson'], hexes: ['0102'], text: 'Not into 0102.', source: { kind: 'rulebook', rule: '3.8' } }];
    const closed = newGame(r);
    const u = act(closed, act(closed, closed.initial, { type: 'manual', op: { op: 'moveUnit', unit: 'crimson-2', to: 'hex:0202' } }), { type: 'manual', op: { op: 'moveUnit', unit: 'azure-2', to: 'hex:0201' } });
    expect(u.units['crimson-2'].at).toBe('hex:0203');
    expect(u.displaced?.find((p) => p.unit === 'crimson-2')).toBeUndefined();
  });

  it('settles a set-up that starts with a unit in such a zone, and again after each change of a unit', () => {
    const r = fixture('ridge');
    r.mechanics!.zoc!.displaces = [{ classes: ['naval'], byZonesOf: ['land'], toMedia: ['sea'] }];
    const placements = r.scenarios!.campaign.placements!;
    placements.find((p) => p.unit === 'azure-1')!.location = { hex: '0602' };
    placements.find((p) => p.unit === 'azure-2')!.location = { hex: '0103' };
    const game = newGame(r);
    expect(game.initial.units['crimson-fleet'].at).toBe('hex:0504');
    // Put back by hand, it is sent away again at once.
    const back = act(game, game.initial, { type: 'manual', op: { op: 'moveUnit', unit: 'crimson-fleet', to: 'hex:0104' } });
    expect(back.units['crimson-fleet'].at).toBe('hex:0504');
    // A Blue unit added by hand beside where it now is puts it in a zone again, with nowhere left to go.
    const added = act(game, game.initial, { type: 'manual', op: { op: 'addUnit', power: 'azure', type: 'infantry', to: 'hex:0503' } });
    expect(eventsOf(lastEvents(added), 'effect').map((e) => e.text)).toEqual(['Crimson Squadron at hex 0504 must be displaced but finds no location to go to: the tester decides']);
  });

  it('leaves a unit where a friendly unit of the holding classes stands with it, and none while units await their set-up placement', () => {
    const { game, s } = displacing();
    const r = fixture('ridge');
    r.mechanics!.zoc!.displaces = [{ classes: ['naval'], byZonesOf: ['land'], unlessWith: ['naval'] }];
    const held = newGame(r);
    // A second Crimson fleet with it holds the first there (the holding classes are naval here).
    const placed = act(held, held.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' });
    const withFleet = act(held, act(held, placed, { type: 'manual', op: { op: 'addUnit', power: 'crimson', type: 'fleet', to: 'hex:0104' } }), { type: 'manual', op: { op: 'moveUnit', unit: 'azure-2', to: 'hex:0103' } });
    expect(withFleet.units['crimson-fleet'].at).toBe('hex:0104');
    // Before azure-1 is placed, nothing is displaced.
    const early = act(game, game.initial, { type: 'manual', op: { op: 'moveUnit', unit: 'azure-2', to: 'hex:0103' } });
    expect(early.units['crimson-fleet'].at).toBe('hex:0104');
    expect(s.units['crimson-fleet'].at).toBe('hex:0104');
  });

  it('looks again at a unit whose holder leaves it, and at every unit once the last is placed at set-up', () => {
    const r = fixture('ridge');
    r.mechanics!.zoc!.displaces = [{ classes: ['naval'], byZonesOf: ['land'], unlessWith: ['naval'] }];
    const game = newGame(r);
    const placed = act(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' });
    const added = act(game, placed, { type: 'manual', op: { op: 'addUnit', power: 'crimson', type: 'fleet', to: 'hex:0104' } });
    const held = act(game, added, { type: 'manual', op: { op: 'moveUnit', unit: 'azure-2', to: 'hex:0103' } });
    const second = Object.values(held.units).find((u) => u.type === 'fleet' && u.id !== 'crimson-fleet')!;
    expect(held.units['crimson-fleet'].at).toBe('hex:0104');
    // The second fleet sails away, and the first, held no longer, is displaced.
    const left = act(game, held, { type: 'manual', op: { op: 'moveUnit', unit: second.id, to: 'hex:0504' } });
    expect(left.units['crimson-fleet'].at).not.toBe('hex:0104');
    // Moved into the zone while azure-1 awaits its place, the Blue infantry displaces the fleet once azure-1 is placed.
    const early = act(game, game.initial, { type: 'manual', op: { op: 'moveUnit', unit: 'azure-2', to: 'hex:0103' } });
    expect(early.units['crimson-fleet'].at).toBe('hex:0104');
    const later = act(game, early, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' });
    expect(later.units['crimson-fleet'].at).not.toBe('hex:0104');
  });

  it('leaves a unit whose holder leaves it where only moves into a zone displace, yet displaces one a hostile unit moves up to', () => {
    const r = fixture('ridge');
    r.mechanics!.zoc!.displaces = [{ classes: ['naval'], byZonesOf: ['land'], unlessWith: ['naval'], onlyWhenMoved: true }];
    const game = newGame(r);
    const placed = act(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' });
    const added = act(game, placed, { type: 'manual', op: { op: 'addUnit', power: 'crimson', type: 'fleet', to: 'hex:0104' } });
    const held = act(game, added, { type: 'manual', op: { op: 'moveUnit', unit: 'azure-2', to: 'hex:0103' } });
    const second = Object.values(held.units).find((u) => u.type === 'fleet' && u.id !== 'crimson-fleet')!;
    // The second fleet sails away: the first stays in the zone, which no move brought over it.
    const left = act(game, held, { type: 'manual', op: { op: 'moveUnit', unit: second.id, to: 'hex:0504' } });
    expect(left.units['crimson-fleet'].at).toBe('hex:0104');
    // Nor does a change elsewhere that has every unit looked at again (a step lost).
    expect(act(game, left, { type: 'manual', op: { op: 'setSteps', unit: 'crimson-1', lost: 1 } }).units['crimson-fleet'].at).toBe('hex:0104');
    // The Blue infantry moving away and back brings its zone over the fleet: now it goes.
    const away = act(game, left, { type: 'manual', op: { op: 'moveUnit', unit: 'azure-2', to: 'hex:0402' } });
    const back = act(game, away, { type: 'manual', op: { op: 'moveUnit', unit: 'azure-2', to: 'hex:0103' } });
    expect(back.units['crimson-fleet'].at).not.toBe('hex:0104');
  });

  it('lets a unit move into a location of hostile units it displaces, which leave at once for the nearest location of their media free of hostile units', () => {
    const fleetInPort = (displaces: boolean) => {
      const r = fixture('ridge');
      if (displaces) r.mechanics!.zoc!.displaces = [{ classes: ['naval'], byUnitsOf: ['land'], toMedia: ['sea', 'coastal'], source: { kind: 'rulebook', rule: '3.9' } }];
      const game = newGame(r);
      const s = act(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' });
      return { game, s: playTo(game, put(game, s, 'crimson-fleet', 'hex:0603'), 'movement-step', 'blue') };
    };
    const moves = (x: ReturnType<typeof fleetInPort>) => x.game.legalActions(x.s, 'blue').filter((a) => a.type === 'move' && a.unit === 'azure-1').map((a) => (a as { to: string }).to);
    // Without the rule, the Crimson fleet in Azure Port (0603, coast) keeps Blue's infantry out.
    expect(moves(fleetInPort(false))).not.toContain('hex:0603');
    const { game, s } = fleetInPort(true);
    expect(moves({ game, s })).toContain('hex:0603');
    const t = act(game, s, { type: 'move', side: 'blue', unit: 'azure-1', to: 'hex:0603' });
    expect(t.units['azure-1'].at).toBe('hex:0603');
    expect(t.units['crimson-fleet'].at).toBe('hex:0604');
    expect(eventsOf(lastEvents(t), 'effect').map((e) => e.text)).toEqual(['Crimson Squadron is displaced from hex 0603 (Azure Port), entered by a hostile unit, to hex 0604']);
  });

  it("lets the displaced unit's side choose among the locations as near, before anything else happens", () => {
    const r = fixture('ridge');
    r.mechanics!.zoc!.displaces = [{ classes: ['naval'], byUnitsOf: ['land'], toMedia: ['sea', 'coastal'], source: { kind: 'rulebook', rule: '3.9' } }];
    const game = newGame(r);
    const placed = act(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' });
    const s = playTo(game, put(game, put(game, placed, 'crimson-fleet', 'hex:0103'), 'azure-2', 'hex:0203'), 'movement-step', 'blue');
    // 2nd Azure Guard enters Crimson Port: the fleet goes to 0204, and 0104 is as near.
    const t = act(game, s, { type: 'move', side: 'blue', unit: 'azure-2', to: 'hex:0103' });
    expect(t.units['crimson-fleet'].at).toBe('hex:0204');
    expect(t.displaced).toEqual([expect.objectContaining({ unit: 'crimson-fleet', side: 'red', at: 'hex:0204', options: ['hex:0204', 'hex:0104'] })]);
    expect(game.activeSides(t)).toEqual(['red']);
    const choices = game.legalActions(t, 'red');
    expect(choices).toEqual([
      { type: 'displace', side: 'red', unit: 'crimson-fleet', to: 'hex:0204' },
      { type: 'displace', side: 'red', unit: 'crimson-fleet', to: 'hex:0104' },
    ]);
    expect(labelActions(game, t, choices)).toEqual(['Keep displaced Crimson Squadron at 0204', 'Displace Crimson Squadron to 0104 instead']);
    expect(refusal(game, t, { type: 'endStep', side: 'blue' })).toMatchObject({ code: 'displacement-pending', message: 'Red must first choose where Crimson Squadron is displaced to: hex 0204, hex 0104', cite: { pointer: '/mechanics/zoc/displaces/0' } });
    expect(refusal(game, t, { type: 'displace', side: 'red', unit: 'crimson-fleet', to: 'hex:0304' }).code).toBe('displace-where');
    const chosen = act(game, t, { type: 'displace', side: 'red', unit: 'crimson-fleet', to: 'hex:0104' });
    expect(chosen.units['crimson-fleet'].at).toBe('hex:0104');
    expect(chosen.displaced).toBeUndefined();
    expect(eventsOf(lastEvents(chosen), 'effect').map((e) => e.text)).toEqual(['Crimson Squadron goes on to hex 0104, as near as hex 0204, as Red choose']);
    expect(game.activeSides(chosen)).toEqual(['blue']);
    // Moved by the tester's hand meanwhile, the unit has no choice left to make.
    expect(put(game, t, 'crimson-fleet', 'hex:0404').displaced).toBeUndefined();
  });
});
