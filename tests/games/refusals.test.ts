// What the games router refuses, as the client reads it (the server's errorFormatter): the allowed values named, limits in
// plain words, a manual adjudication's numbers and texts bounded, and nothing changed by a refusal.
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_NOTE } from '@/server/limits';
import { refusal } from '../server/failure';
import { serverForTests } from './server';

const caller = await serverForTests();

describe('games router refusals', () => {
  let gameId: string;
  beforeAll(async () => {
    ({ gameId } = await caller().games.create({ rulesetId: '2ww', optionalPatchSets: ['provisional-fill'], seed: 7 }));
  });

  it('names the players allowed and says a log length in plain words', async () => {
    expect(await refusal(caller().games.setPlayer({ gameId, side: 'axis', player: 'godlike' as 'person' }))).toBe('player: "godlike" is not one of "person", "random" or "greedy"');
    expect(await refusal(caller().games.undo({ gameId, toLogLength: 0 }))).toBe('toLogLength: must be at least 1, not 0');
  });

  it('refuses a stock adjusted by more than 1,000,000 or by a fraction, changing nothing', async () => {
    const before = await caller().games.state({ gameId });
    for (const by of [1e308, 1_000_001, -1_000_001, 0.5]) {
      const r = await caller().games.act({ gameId, action: { type: 'manual', op: { op: 'adjustResource', power: 'france', resource: 'pp', by } } });
      expect(r).toMatchObject({ ok: false, refusal: { message: `adjust by a whole number from -1,000,000 to 1,000,000, not ${by}` } });
    }
    const after = await caller().games.state({ gameId });
    expect([after.logLength, after.state.resources]).toEqual([before.logLength, before.state.resources]);
    expect(await caller().games.act({ gameId, action: { type: 'manual', op: { op: 'adjustResource', power: 'france', resource: 'pp', by: 1_000_000 } } })).toMatchObject({ ok: true });
  });

  it("refuses a manual adjudication's text longer than a note, changing nothing", async () => {
    const before = (await caller().games.state({ gameId })).logLength;
    const long = 'x'.repeat(100_000);
    expect(await refusal(caller().games.act({ gameId, action: { type: 'manual', op: { op: 'endGame', text: long } } }))).toBe(`action.op.text: must be at most ${MAX_NOTE} characters long, not 100000`);
    expect(await refusal(caller().games.act({ gameId, action: { type: 'manual', op: { op: 'dieResult', value: 1, purpose: long } } }))).toBe(`action.op.purpose: must be at most ${MAX_NOTE} characters long, not 100000`);
    expect(await refusal(caller().games.act({ gameId, action: { type: 'manual', op: { op: 'resolveTask', task: 'x' }, note: long } }))).toBe(`action.note: must be at most ${MAX_NOTE} characters long, not 100000`);
    const after = await caller().games.state({ gameId });
    expect([after.logLength, after.status.over]).toEqual([before, undefined]);
  });

  it('names an unknown unit before the place it is sent to', async () => {
    const r = await caller().games.act({ gameId, action: { type: 'move', side: 'axis', unit: 'nope', to: 'hex:1' } });
    expect(r).toMatchObject({ ok: false, refusal: { message: 'no unit "nope" in play' } });
  });
});
