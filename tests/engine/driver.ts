// A random player for determinism and fuzz tests: picks among the legal actions of whoever may act,
// answers the tester's questions, and now and then adjudicates by hand or tries something illegal.
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { Action, Game, GameState } from '@/engine/game';

export interface Picker {
  int(max: number): number;
  pick<T>(xs: readonly T[]): T;
  chance(p: number): boolean;
}

export function picker(seed: number): Picker {
  const rng = xoroshiro128plus(seed);
  const int = (max: number) => uniformInt(rng, 0, max - 1);
  return { int, pick: (xs) => xs[int(xs.length)], chance: (p) => int(1000) < p * 1000 };
}

/** Board locations of a game's map. */
export const locations = (game: Game) => [
  ...Object.keys(game.rules.r.map?.hexes ?? {}).map((h) => `hex:${h}`),
  ...Object.keys(game.rules.r.map?.boxes ?? {}).map((b) => `box:${b}`),
];

export interface Choice {
  action: Action;
  /** Chosen without regard to the rules: may well be refused. */
  wild: boolean;
}

export function randomAction(game: Game, s: GameState, p: Picker, opts: { manual: number; wild: number; safeMove: (s: GameState, unit: string, to: string) => boolean }): Choice | undefined {
  if (s.suspended) {
    const q = s.suspended.question;
    const value = q.choices ? p.pick(q.choices) : p.int(4);
    return { action: { type: 'answer', key: q.key, value, remember: q.rememberable && p.chance(0.5) }, wild: false };
  }
  if (s.tasks.length && p.chance(0.7)) return { action: { type: 'manual', op: { op: 'resolveTask', task: s.tasks[0].id } }, wild: false };
  if (s.tasks.length || p.chance(opts.manual)) return { action: manualAction(game, s, p, opts.safeMove), wild: false };
  if (p.chance(opts.wild)) return { action: wildAction(game, s, p), wild: true };
  const sides = game.activeSides(s);
  if (sides.length === 0) return undefined;
  const actions = game.legalActions(s, p.pick(sides));
  return actions.length ? { action: p.pick(actions), wild: false } : undefined;
}

function manualAction(game: Game, s: GameState, p: Picker, safeMove: (s: GameState, unit: string, to: string) => boolean): Action {
  const units = Object.keys(s.units);
  const powers = game.rules.powers;
  switch (p.int(5)) {
    case 0: {
      const unit = p.pick(units);
      const to = p.pick([...locations(game), 'pool', 'eliminated']);
      if (safeMove(s, unit, to)) return { type: 'manual', op: { op: 'moveUnit', unit, to } };
      return { type: 'manual', op: { op: 'roll', dice: 1, sides: 6, purpose: 'fuzz' } };
    }
    case 1:
      return { type: 'manual', op: { op: 'adjustResource', power: p.pick(powers), resource: 'pp', by: p.int(5) } };
    case 2:
      return { type: 'manual', op: { op: 'setControl', location: p.pick(locations(game).filter((l) => l.startsWith('hex:'))), to: p.pick([...powers, ...game.rules.sides]) } };
    case 3:
      return { type: 'manual', op: { op: 'setTrack', track: 'tension', value: p.int(6) } };
    default:
      return { type: 'manual', op: { op: 'dieResult', value: 1 + p.int(6), purpose: 'fuzz' } };
  }
}

function wildAction(game: Game, s: GameState, p: Picker): Action {
  const side = p.pick(game.rules.sides);
  const unit = p.pick(Object.keys(s.units));
  const at = p.pick(locations(game));
  switch (p.int(6)) {
    case 0: return { type: 'move', side, unit, to: at };
    case 1: return { type: 'attack', side, combat: 'land', target: at, units: [unit] };
    case 2: return { type: 'buy', side, unit, at };
    case 3: return { type: 'place', side, unit, at };
    case 4: return { type: 'endStep', side };
    default: return { type: 'allocate', side, loss: 'loss-1', units: [unit] };
  }
}
