// What the play map marks: an action's locations, and where the selected unit may go by the actions listed.
import { describe, expect, it } from 'vitest';
import type { Action } from '@/engine/game';
import { attacksAt, destinationsOf, locationsOf } from '@/editor/play/marks';

const listed = (action: Action) => ({ action, label: JSON.stringify(action) });
const units = { a: { at: 'hex:0101' }, b: { at: 'hex:0202' }, c: { at: 'unplaced' }, d: { at: 'area:west' } } as never;

describe('play map marks', () => {
  it("marks an attack's target and where its units stand, and a move's destination alone", () => {
    expect(locationsOf({ type: 'attack', side: 'red', combat: 'land', target: 'hex:0102', units: ['a', 'b'] }, { units })).toEqual({ from: new Set(['hex:0101', 'hex:0202']), to: new Set(['hex:0102']) });
    expect(locationsOf({ type: 'move', side: 'red', unit: 'a', to: 'hex:0102' }, { units })).toEqual({ from: new Set(['hex:0101']), to: new Set(['hex:0102']) });
    expect(locationsOf({ type: 'move', side: 'red', unit: 'd', to: 'area:middle' }, { units })).toEqual({ from: new Set(['area:west']), to: new Set(['area:middle']) });
    expect(locationsOf({ type: 'place', side: 'red', unit: 'c', at: 'hex:0303' }, { units })).toEqual({ from: new Set(), to: new Set(['hex:0303']) });
    expect(locationsOf({ type: 'endStep', side: 'red' }, { units })).toEqual({ from: new Set(), to: new Set() });
  });

  it("finds a unit's destinations among the listed actions, on foot before by rail, to hexes, areas and boxes", () => {
    const foot = listed({ type: 'move', side: 'red', unit: 'a', to: 'hex:0102' });
    const rail = listed({ type: 'move', side: 'red', unit: 'a', to: 'hex:0102', rail: true });
    const far = listed({ type: 'move', side: 'red', unit: 'a', to: 'hex:0909', rail: true });
    const box = listed({ type: 'move', side: 'red', unit: 'a', to: 'box:atlantic' });
    const other = listed({ type: 'move', side: 'red', unit: 'b', to: 'hex:0103' });
    const place = listed({ type: 'place', side: 'red', unit: 'c', at: 'hex:0303' });
    const to = destinationsOf([foot, rail, far, box, other, place, listed({ type: 'endStep', side: 'red' })], 'a');
    expect([...to]).toEqual([['hex:0102', foot], ['hex:0909', far], ['box:atlantic', box]]);
    expect([...destinationsOf([place], 'c')]).toEqual([['hex:0303', place]]);
    const sail = listed({ type: 'move', side: 'red', unit: 'd', to: 'area:strait' });
    expect([...destinationsOf([sail], 'd')]).toEqual([['area:strait', sail]]);
  });

  it("takes a click on an enemy's counter, a unit selected in a combat step, for one on its place; a friend's, or an unplaced enemy, for a pick", () => {
    const state = {
      units: { mine: { at: 'hex:0101', power: 'reds' }, friend: { at: 'hex:0102', power: 'pinks' }, foe: { at: 'hex:0103', power: 'blues' }, neutral: { at: 'box:sea', power: 'greys' }, waiting: { at: 'pool', power: 'blues' } },
      powers: { reds: { side: 'red' }, pinks: { side: 'red' }, blues: { side: 'blue' }, greys: { side: null } },
    } as never;
    expect(attacksAt(state, 'mine', 'foe')).toBe('hex:0103');
    expect(attacksAt(state, 'mine', 'neutral')).toBe('box:sea');
    expect(attacksAt(state, 'mine', 'friend')).toBeUndefined();
    expect(attacksAt(state, 'mine', 'waiting')).toBeUndefined();
    expect(attacksAt(state, undefined, 'foe')).toBeUndefined();
    expect(attacksAt(state, 'mine', 'mine')).toBeUndefined();
  });
});
