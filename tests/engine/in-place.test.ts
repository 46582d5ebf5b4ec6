import { describe, expect, it } from 'vitest';
import type { Action, Game, GameState } from '@/engine/game';
import { act, fixture, newGame, playTo } from './play';

// A headless game changes one state in place, and the engine keeps what it found about the units
// (where each stands, the reaches found while the hostile units stand still) from one action to the
// next. Whatever it keeps, a state changed in place must list what a fresh copy of it lists.
const setup = () => {
  const game = newGame(fixture('ridge'));
  const s = act(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' });
  return { game, live: structuredClone(playTo(game, s, 'movement-step', 'red')) };
};

function applyInPlace(game: Game, s: GameState, action: Action) {
  const r = game.applyInPlace(s, action);
  if (!r.ok) throw new Error(r.refusal.message);
}

const listed = (game: Game, s: GameState) => game.legalActions(s, 'red');

describe('a game changed in place', () => {
  it('lists new moves once a hostile unit has moved away', () => {
    const { game, live } = setup();
    const before = listed(game, live);
    // The militia's zone stops red's land units at 0302; moved to the far corner, it stops them no more.
    applyInPlace(game, live, { type: 'manual', op: { op: 'moveUnit', unit: 'slate-militia', to: 'hex:0604' } });
    const after = listed(game, live);
    expect(after).not.toEqual(before);
    expect(after).toEqual(listed(game, structuredClone(live)));
  });

  it('lists what a copy lists after its own units move and a power changes side', () => {
    const { game, live } = setup();
    listed(game, live);
    // Entering Slate's country brings Slate into the war on blue's side (its units change camp).
    applyInPlace(game, live, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0302' });
    expect(live.powers.slate.side).toBe('blue');
    expect(live.units['crimson-2'].at).toBe('hex:0302');
    expect(listed(game, live)).toEqual(listed(game, structuredClone(live)));
    // Onto crimson-2's old hex and into the stack it left: where units stand is filed anew.
    applyInPlace(game, live, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0201' });
    expect(listed(game, live)).toEqual(listed(game, structuredClone(live)));
  });

  it('sees a stack broken and mended in place, as a copy does', () => {
    const { game, live } = setup();
    const canEnd = (s: GameState) => listed(game, s).some((a) => a.type === 'endStep');
    expect(canEnd(live)).toBe(true);
    // A unit added first (which files every unit anew), then three red units moved into 0102 one by one, where at most two may stack.
    const before = new Set(Object.keys(live.units));
    applyInPlace(game, live, { type: 'manual', op: { op: 'addUnit', power: 'crimson', type: 'infantry', to: 'hex:0101' } });
    const added = Object.keys(live.units).find((id) => !before.has(id))!;
    applyInPlace(game, live, { type: 'manual', op: { op: 'moveUnit', unit: 'crimson-2', to: 'hex:0102' } });
    applyInPlace(game, live, { type: 'manual', op: { op: 'moveUnit', unit: added, to: 'hex:0102' } });
    applyInPlace(game, live, { type: 'move', side: 'red', unit: 'crimson-1', to: 'hex:0102' });
    // Red may not end the step while it can mend the stack.
    expect(canEnd(live)).toBe(false);
    expect(listed(game, live)).toEqual(listed(game, structuredClone(live)));
    applyInPlace(game, live, { type: 'move', side: 'red', unit: 'crimson-2', to: 'hex:0103' });
    expect(canEnd(live)).toBe(true);
    expect(listed(game, live)).toEqual(listed(game, structuredClone(live)));
  });
});
