// What the play map marks: an action's hexes, and where the selected unit may go by the actions listed.
import { describe, expect, it } from 'vitest';
import type { Action } from '@/engine/game';
import { destinationsOf, hexesOf } from '@/editor/play/marks';

const listed = (action: Action) => ({ action, label: JSON.stringify(action) });
const units = { a: { at: 'hex:0101' }, b: { at: 'hex:0202' }, c: { at: 'unplaced' } } as never;

describe('play map marks', () => {
  it("marks an attack's target and where its units stand, and a move's destination alone", () => {
    expect(hexesOf({ type: 'attack', side: 'red', combat: 'land', target: 'hex:0102', units: ['a', 'b'] }, { units })).toEqual({ from: new Set(['0101', '0202']), to: new Set(['0102']) });
    expect(hexesOf({ type: 'move', side: 'red', unit: 'a', to: 'hex:0102' }, { units })).toEqual({ from: new Set(['0101']), to: new Set(['0102']) });
    expect(hexesOf({ type: 'place', side: 'red', unit: 'c', at: 'hex:0303' }, { units })).toEqual({ from: new Set(), to: new Set(['0303']) });
    expect(hexesOf({ type: 'endStep', side: 'red' }, { units })).toEqual({ from: new Set(), to: new Set() });
  });

  it("finds a unit's destinations among the listed actions, on foot before by rail, hexes only", () => {
    const foot = listed({ type: 'move', side: 'red', unit: 'a', to: 'hex:0102' });
    const rail = listed({ type: 'move', side: 'red', unit: 'a', to: 'hex:0102', rail: true });
    const far = listed({ type: 'move', side: 'red', unit: 'a', to: 'hex:0909', rail: true });
    const box = listed({ type: 'move', side: 'red', unit: 'a', to: 'box:atlantic' });
    const other = listed({ type: 'move', side: 'red', unit: 'b', to: 'hex:0103' });
    const place = listed({ type: 'place', side: 'red', unit: 'c', at: 'hex:0303' });
    const to = destinationsOf([foot, rail, far, box, other, place, listed({ type: 'endStep', side: 'red' })], 'a');
    expect([...to]).toEqual([['0102', foot], ['0909', far]]);
    expect([...destinationsOf([place], 'c')]).toEqual([['0303', place]]);
  });
});
