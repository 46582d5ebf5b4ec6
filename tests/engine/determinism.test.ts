import { describe, expect, it } from 'vitest';
import type { Action, GameState } from '@/engine/game';
import { act, eventsOf, fixture, newGame, refusal } from './play';
import { picker, randomAction } from './driver';

/** Plays `n` random actions; returns the actions taken and the hash after each. */
function playRandom(seed: number, n: number, choose = seed) {
  const game = newGame(fixture('ridge'), seed);
  const p = picker(choose);
  let s = game.initial;
  const actions: Action[] = [];
  const hashes = [game.hash(s)];
  const states: GameState[] = [s];
  for (let i = 0; i < n && !s.over; i++) {
    const choice = randomAction(game, s, p, { manual: 0.05, wild: 0, safeMove: () => false })!;
    s = act(game, s, choice.action);
    actions.push(choice.action);
    hashes.push(game.hash(s));
    states.push(s);
  }
  return { game, s, actions, hashes, states };
}

describe('determinism', () => {
  it('gives the same state hash for the same ruleset, seed and actions', () => {
    const a = playRandom(11, 300);
    const b = newGame(fixture('ridge'), 11);
    let s = b.initial;
    a.actions.forEach((action, i) => {
      s = act(b, s, action);
      expect(b.hash(s), `after action ${i}`).toBe(a.hashes[i + 1]);
    });
    expect(s).toEqual(a.s);
  });

  it('leaves the state it was given as it was', () => {
    const game = newGame(fixture('ridge'), 21);
    const p = picker(21);
    let s = game.initial;
    for (let i = 0; i < 300 && !s.over; i++) {
      const before = JSON.stringify(s);
      const choice = randomAction(game, s, p, { manual: 0.1, wild: 0.1, safeMove: () => false })!;
      const r = game.applyAction(s, choice.action);
      expect(JSON.stringify(s), `action ${i}: ${JSON.stringify(choice.action)}`).toBe(before);
      if (r.ok) s = r.state;
    }
  });

  it('reaches the same states applying actions in place, as headless games do', () => {
    const a = playRandom(31, 300);
    const s = structuredClone(a.game.initial);
    a.actions.forEach((action, i) => {
      const r = a.game.applyInPlace(s, action);
      expect(r.ok && r.state, `action ${i}: ${JSON.stringify(action)}`).toBe(s);
      expect(a.game.hash(s), `after action ${i}`).toBe(a.hashes[i + 1]);
    });
    expect({ ...s, log: [] }).toEqual({ ...a.s, log: [] });
    // Entries after the start (which came with the initial state) keep their actions, not their events.
    expect(s.log.slice(1)).toEqual(a.s.log.slice(1).map((entry) => ({ ...entry, events: [] })));
  });

  it('rolls differently with another seed', () => {
    const rolls = (seed: number) => {
      const game = newGame(fixture('ridge'), seed);
      let s = act(game, game.initial, { type: 'place', side: 'blue', unit: 'azure-1', at: 'hex:0602' });
      for (let i = 0; i < 10; i++) s = act(game, s, { type: 'manual', op: { op: 'roll', dice: 1, sides: 6, purpose: 'test' } });
      return s.log.flatMap((e) => eventsOf(e.events, 'roll')).map((r) => r.total);
    };
    expect(rolls(1)).toEqual(rolls(1));
    expect(rolls(1)).not.toEqual(rolls(2));
  });

  it('replays the log to the same state', () => {
    const { game, s } = playRandom(5, 400);
    const replayed = game.replay(s.log);
    expect(replayed.ok).toBe(true);
    if (replayed.ok) {
      expect(game.hash(replayed.state)).toBe(game.hash(s));
      expect(replayed.state).toEqual(s);
    }
  });

  it('replays from the log alone: actions and answers, as plain JSON', () => {
    const { game, s } = playRandom(6, 200);
    const stored = JSON.parse(JSON.stringify(s.log.map(({ action, answers }) => ({ action, answers }))));
    const replayed = game.replay(stored);
    expect(replayed.ok && game.hash(replayed.state)).toBe(game.hash(s));
  });

  it('undoes to any earlier action', () => {
    const { game, s, hashes, states } = playRandom(7, 200);
    for (const seq of [1, 2, 50, 137, s.log.length - 1]) {
      const undone = game.undo(s, seq);
      expect(undone.log).toHaveLength(seq);
      expect(game.hash(undone)).toBe(hashes[seq - 1]);
      expect(undone).toEqual(states[seq - 1]);
    }
    // The start itself is never undone.
    expect(game.undo(s, 0).log).toHaveLength(1);
  });

  it('keeps the state plain, serialisable data', () => {
    const { game, s } = playRandom(8, 150);
    const copy = JSON.parse(JSON.stringify(s));
    expect(copy).toEqual(s);
    expect(game.hash(copy)).toBe(game.hash(s));
    expect(s.rulesetHash).toMatch(/^[0-9a-f]+$/);
  });

  it('leaves the state untouched by a question, and withdraws the action on cancel', () => {
    const r = fixture('ridge');
    r.scenarios!.campaign.placements = [{ power: 'crimson', unit: 'crimson-1', location: { hex: '0501' } }, { power: 'azure', unit: 'azure-2', location: { hex: '0502' } }];
    const game = newGame(r, 3, { manualDice: true });
    let s = game.initial;
    s = act(game, s, { type: 'endStep', side: 'red' });
    const asked = game.applyAction(s, { type: 'attack', side: 'red', combat: 'land', target: 'hex:0502', units: ['crimson-1'] });
    if (!asked.ok) throw new Error(asked.refusal.message);
    const { suspended, ...rest } = asked.state;
    expect(rest).toEqual(s);
    expect(suspended?.action.type).toBe('attack');
    expect(refusal(game, asked.state, { type: 'answer', key: 'roll:0', value: 7 })).toMatchObject({ code: 'bad-answer', message: 'the answer must be one of 1, 2, 3, 4, 5, 6' });
    const cancelled = act(game, asked.state, { type: 'cancel' });
    expect(cancelled).toEqual(s);
  });
});
