// 2WW's submarines in sea combat (4.2 C.3): whoever fires at submarines alone fires on the ASW line with
// ASW factors, a fleet firing back at attacking submarines as much as one attacking them, and air units
// strike submarines alone (which "can't fire back if enemy has only air units").
import { describe, expect, it } from 'vitest';
import type { GameState } from '@/engine/game';
import { act, eventsOf, playTo, put } from '../engine/play';
import { filled } from './filled';

const twoww = filled('2ww');
const game = twoww.game();
const rolls = (s: GameState, from: number) => eventsOf(s.log.slice(from).flatMap((e) => e.events), 'roll').map((r) => r.purpose);
/** The defender sends nothing to the battle it is asked about (support, interceptors). */
function unsupported(s: GameState): GameState {
  for (const side of game.activeSides(s)) {
    const none = game.legalActions(s, side).find((a) => a.type === 'defend' && a.units.length === 0);
    if (none) return unsupported(act(game, s, none));
  }
  return s;
}

describe('2WW submarines', () => {
  it('has a fleet attacked by submarines alone fire back on the ASW line, the submarines firing their regular strength', () => {
    let s = playTo(game, game.initial, 'c3-combat', 'axis', 1);
    s = put(game, s, 'gb-home-fleet', 'hex:1705');
    s = put(game, s, 'ge-1-sub', 'hex:1805');
    const from = s.log.length;
    s = unsupported(act(game, s, { type: 'attack', side: 'axis', combat: 'sea-vs-sea', target: 'hex:1705', units: ['ge-1-sub'] }));
    expect(rolls(s, from)).toEqual(['Axis fire at hex 1705', 'Allies fire back (every attacker submarine: its asw factors)']);
    const lookups = eventsOf(s.log.slice(from).flatMap((e) => e.events), 'lookup');
    expect(lookups.map((l) => l.table)).toEqual(['sea-vs-sea', 'asw']);
  });

  it('lets air units strike submarines alone, on the ASW line', () => {
    let s = playTo(game, game.initial, 'd3-combat', 'allies', 1);
    s = put(game, s, 'ge-1-sub', 'hex:1705');
    expect(game.legalActions(s, 'allies')).toContainEqual(expect.objectContaining({ type: 'attack', combat: 'air-vs-sea', target: 'hex:1705', units: expect.arrayContaining(['gb-bomber-command']) }));
    const from = s.log.length;
    s = unsupported(act(game, s, { type: 'attack', side: 'allies', combat: 'air-vs-sea', target: 'hex:1705', units: ['gb-bomber-command'] }));
    const lookups = eventsOf(s.log.slice(from).flatMap((e) => e.events), 'lookup');
    expect(lookups[0]).toMatchObject({ table: 'asw', provisional: true });
    // The submarine is silent against air units: it fires nothing back.
    expect(lookups.slice(1).every((l) => l.result === 0)).toBe(true);
  });
});
