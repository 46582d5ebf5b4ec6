// Actions come from the network (games.act checks only that one has a type): every kind, each of its
// fields missing or of the wrong shape, at several moments of a game, is refused, never thrown on.
import { describe, expect, it } from 'vitest';
import type { Action } from '@/engine/game';
import { act, fixture, newGame, playTo } from './play';

const FIELDS: Record<string, string[]> = {
  place: ['side', 'unit', 'at'], move: ['side', 'unit', 'to', 'path', 'rail'], board: ['side', 'unit', 'carrier'], land: ['side', 'unit'],
  assault: ['side', 'unit', 'to'], airdrop: ['side', 'unit', 'to'], attack: ['side', 'combat', 'target', 'units'], pass: ['side'],
  displace: ['side', 'unit', 'to'], defend: ['side', 'units'], allocate: ['side', 'loss', 'units'], strike: ['side', 'lost'],
  transfer: ['side', 'transfer', 'to', 'amount'], retreat: ['side', 'unit', 'to'], advance: ['side', 'unit', 'to'], endAdvance: ['side'],
  buy: ['side', 'unit', 'at'], upgrade: ['side', 'unit'], endStep: ['side', 'idle'], answer: ['key', 'value', 'remember'], manual: ['op', 'note'],
};
const GOOD: Record<string, unknown> = {
  side: 'red', unit: 'crimson-1', at: 'hex:0102', to: 'hex:0102', path: ['hex:0102'], rail: true, carrier: 'crimson-fleet', combat: 'land', target: 'hex:0102',
  units: ['crimson-1'], loss: 'loss-1', lost: ['crimson-1'], transfer: 'aid', amount: 1, idle: true, key: 'k', value: 1, remember: true, op: { op: 'moveUnit', unit: 'crimson-1', to: 'hex:0102' }, note: 'n',
};
const WRONG: unknown[] = [undefined, 5, null, 'x', '', [], {}, [5], -1, 'hex:9999', '__proto__'];
const MANUAL_OPS = ['moveUnit', 'setControl', 'adjustResource', 'setTrack', 'setFlag', 'setStatus', 'setSide', 'setRelation', 'roll', 'dieResult', 'setSteps', 'addUnit', 'removeUnit', 'resolveTask', 'clearLosses', 'clearAftermath', 'endGame'];
const MANUAL_FIELDS = ['unit', 'to', 'location', 'power', 'side', 'resource', 'by', 'track', 'value', 'flag', 'status', 'between', 'state', 'dice', 'sides', 'purpose', 'lost', 'type', 'task', 'loss', 'text'];

describe('actions of the wrong shape', () => {
  it('are refused, at placement, in a movement step and in a combat step, never thrown on', () => {
    const game = newGame(fixture('ridge'), 1, { manualDice: true });
    const placed = act(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' });
    const moments = [game.initial, playTo(game, placed, 'movement-step', 'red'), playTo(game, placed, 'combat-step', 'red')];
    const tried: Record<string, unknown>[] = [];
    for (const [type, fields] of Object.entries(FIELDS)) {
      const whole = Object.fromEntries(fields.map((f) => [f, GOOD[f]]));
      for (const f of fields) for (const wrong of WRONG) tried.push({ type, ...whole, [f]: wrong });
    }
    for (const op of MANUAL_OPS) for (const f of MANUAL_FIELDS) for (const wrong of WRONG) tried.push({ type: 'manual', op: { op, unit: 'crimson-1', power: 'crimson', [f]: wrong } });
    const accepted = new Set<string>();
    for (const s of moments) {
      for (const action of tried) {
        let result: ReturnType<typeof game.applyAction> | undefined;
        expect(() => (result = game.applyAction(s, action as unknown as Action)), JSON.stringify(action)).not.toThrow();
        if (result!.ok) accepted.add(JSON.stringify(action));
      }
    }
    // Accepted only where what was left out is optional, or the value is one the field may take (any text, no side).
    const move = '{"type":"manual","op":{"op":"moveUnit","unit":"crimson-1","to":"hex:0102"}';
    const ended = (text: string) => `{"type":"manual","op":{"op":"endGame","unit":"crimson-1","power":"crimson","text":"${text}"}}`;
    expect([...accepted].sort()).toEqual(
      [
        '{"type":"endStep","side":"red"}',
        '{"type":"move","side":"red","unit":"crimson-1","to":"hex:0102","path":["hex:0102"]}',
        ...['x', 'hex:9999', '__proto__'].map(ended),
        `${move}}`,
        ...['', 'x', 'hex:9999', '__proto__'].map((note) => `${move},"note":"${note}"}`),
        '{"type":"manual","op":{"op":"setSide","unit":"crimson-1","power":"crimson","side":null}}',
      ].sort(),
    );
  });

  it('naming a unit not in play are refused as such, whatever the action (a retreat said the unit had no retreat to make)', () => {
    const game = newGame(fixture('ridge'), 1, { manualDice: true });
    const s = playTo(game, act(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' }), 'combat-step', 'red');
    const ghost = ['retreat', 'advance', 'move', 'upgrade'].map((type) => ({ type, side: 'red', unit: 'red-nope', to: 'hex:0102' }));
    for (const action of [...ghost, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0102', units: ['crimson-1', 'red-nope'] }]) {
      const r = game.applyAction(s, action as unknown as Action);
      expect(r.ok ? 'taken' : r.refusal, action.type).toMatchObject({ code: 'unknown-unit', message: 'no unit "red-nope" in play' });
    }
  });
});
