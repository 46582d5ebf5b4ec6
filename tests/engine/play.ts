// Helpers for the engine's tests: load a fixture ruleset, create games, act and look.
import { expect } from 'vitest';
import { fsSource } from '@/engine/load/fs-source';
import { loadRuleset } from '@/engine/load/resolve';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HexMovement, ResolvedRuleset, RulesetManifest } from '@/engine/generated/schema-types';
import { createGame, type Action, type Game, type GameEvent, type GameState, type GameOptions } from '@/engine/game';
import { currentSlot } from '@/engine/game/sequence-slots';

const FIXTURES = new URL('./fixtures', import.meta.url).pathname;
const cache = new Map<string, ResolvedRuleset>();

/**
 * A fixture ruleset, resolved, as a fresh copy to change freely. The fixtures have one file per
 * document kind and no patches, so resolving is merging their top-level keys; fixtures.test.ts checks
 * that this equals what loadRuleset gives (and spares every other test file compiling the schemas).
 */
export function fixture(id: string): ResolvedRuleset {
  if (!cache.has(id)) {
    const read = (path: string) => JSON.parse(readFileSync(join(FIXTURES, id, path), 'utf8')) as Record<string, unknown>;
    const manifest = read('ruleset.json') as unknown as RulesetManifest;
    const merged: Record<string, unknown> = { ...manifest };
    for (const path of Object.values(manifest.documents)) Object.assign(merged, read(path as string));
    delete merged.$schema;
    cache.set(id, merged as unknown as ResolvedRuleset);
  }
  return structuredClone(cache.get(id)!);
}

/** The fixture as the real loader resolves it, with its diagnostics. */
export const loadFixture = (id: string) => loadRuleset(fsSource(FIXTURES), id);

export function newGame(ruleset: ResolvedRuleset, seed = 1, options: GameOptions = {}, scenario = 'campaign'): Game {
  const created = createGame(ruleset, scenario, seed, options);
  if (!created.ok) throw new Error(created.problems.map((p) => p.message).join('; '));
  return created.game;
}

/** Applies an action that must be accepted and must not wait on a question. */
export function act(game: Game, state: GameState, action: Action): GameState {
  const result = game.applyAction(state, action);
  if (!result.ok) throw new Error(`refused ${JSON.stringify(action)}: ${result.refusal.code}: ${result.refusal.message}`);
  return result.state;
}

/** Applies an action that must be refused; returns the refusal. */
export function refusal(game: Game, state: GameState, action: Action) {
  const result = game.applyAction(state, action);
  expect(result.ok, `expected ${JSON.stringify(action)} to be refused`).toBe(false);
  return (result as Extract<typeof result, { ok: false }>).refusal;
}

/** Applies an action, entering the dice it asks for (the tester rolls by hand). */
export function withDice(game: Game, s: GameState, action: Action, dice: number[]): GameState {
  let result = game.applyAction(s, action);
  for (const die of dice) {
    if (!result.ok) throw new Error(result.refusal.message);
    expect(result.question?.key).toMatch(/^roll:/);
    result = game.applyAction(result.state, { type: 'answer', key: result.question!.key, value: die });
  }
  if (!result.ok) throw new Error(result.refusal.message);
  expect(result.question).toBeUndefined();
  return result.state;
}

/**
 * Ends steps (placing unplaced units first, where listed) until the given step is reached for the given side.
 * Only a step where a side acts can be reached: one the engine runs by itself (counting production points,
 * say) is passed through, and asking for it on a turn fails once that turn is over, saying so.
 */
export function playTo(game: Game, state: GameState, stepId: string, side?: string, turn?: number): GameState {
  let s = state;
  for (let guard = 0; guard < 500; guard++) {
    const slot = currentSlot(game.rules, s);
    const sides = game.activeSides(s);
    if (slot?.stepId === stepId && (turn === undefined || s.turn === turn) && (side === undefined || sides.includes(side)) && s.cursor.entered) return s;
    if (turn !== undefined && s.turn > turn) throw new Error(`turn ${turn} ended without ${stepId} waiting on ${side ?? 'a side'}: a step nobody acts in is run by the engine and passed through`);
    if (s.over) throw new Error(`game over (${s.over.text}, turn ${s.over.turn}) before reaching ${stepId}`);
    if (s.suspended) throw new Error(`question pending: ${s.suspended.question.text}`);
    const mover = sides[0];
    if (!mover) throw new Error(`nobody acts at ${slot?.stepId}`);
    const place = game.legalActions(s, mover).find((a) => a.type === 'place');
    s = act(game, s, place ?? { type: 'endStep', side: mover });
  }
  throw new Error(`never reached ${stepId}`);
}

/** Events of the last log entry. */
export const lastEvents = (s: GameState): GameEvent[] => s.log[s.log.length - 1].events;
export const eventsOf = <K extends GameEvent['kind']>(events: GameEvent[], kind: K) => events.filter((e): e is Extract<GameEvent, { kind: K }> => e.kind === kind);

/** Moves a unit by the tester's hand (to arrange a position), unless it stands there already. */
export const put = (game: Game, s: GameState, unit: string, to: string) => (s.units[unit]?.at === to ? s : act(game, s, { type: 'manual', op: { op: 'moveUnit', unit, to } }));

/** Ridge's land combat as 2WW fights it: land units attack, fleets only support (capped by land strength), land units and forts take the losses. */
export function supportedCombat(r: ResolvedRuleset): ResolvedRuleset {
  Object.assign(r.mechanics!.combat!.land, { attackers: ['land'], support: { classes: ['naval'], cappedBy: ['land'] }, absorbs: ['land', 'fortification'] });
  return r;
}

/** Then the loser falls back one hex (into a zone of control only where its own land unit stands) and the winner may advance. */
export function retreatingCombat(r: ResolvedRuleset): ResolvedRuleset {
  supportedCombat(r);
  Object.assign(r.mechanics!.combat!.land, { retreat: { classes: ['land'], zocOpenedBy: ['land'], advance: true } });
  r.mechanics!.zoc!.classes.land!.affects = ['land-movement', 'supply', 'retreat'];
  return r;
}

/**
 * With fleets that may be attacked in transit: a fleet moves over sea and coast (barred by hostile
 * fleets), projects a zone one hex into them, as land units do, in which either may attack a moving fleet
 * ("sea" combat); Blue gets Azure Squadron, at sea in 0604.
 */
export function transitAttacks(r: ResolvedRuleset): ResolvedRuleset {
  r.mechanics!.movement!.classes!.naval = { allowance: 'movement', ignoresTerrain: true, flatCost: 1, entersTerrain: ['sea', 'coast'], barredByUnitsOf: ['naval'] };
  r.mechanics!.zoc!.classes.naval = { reach: 1, intoTerrain: ['sea', 'coast'], affects: ['transit-attack'] };
  r.mechanics!.zoc!.classes.land!.affects!.push('transit-attack');
  r.mechanics!.combat!.sea = { model: 'fire-table', table: 'fire', factor: 'attack', reach: 'zone', attackers: ['naval', 'land'], defenders: ['naval'], lossUnit: 'step', winner: 'fewer-losses-then-higher-roll', source: { kind: 'rulebook', rule: '4.5' } };
  (r.mechanics!.movement as HexMovement).transit = { classes: ['naval'], combats: ['sea'], source: { kind: 'rulebook', rule: '3.7' } };
  r.roster!['azure-fleet'] = { name: 'Azure Squadron', power: 'azure', type: 'fleet' };
  r.scenarios!.campaign.placements.push({ power: 'azure', unit: 'azure-fleet', location: { hex: '0604' } });
  return r;
}

/**
 * With a naval air wing, Crimson Wing (range 3), that may board a fleet (each carries one) in a port and
 * fights from aboard where the transport model names its kind in `actsAboard`; fleets move over sea and coast.
 */
export function navalAir(r: ResolvedRuleset, actsAboard: string[] = ['naval-air']): ResolvedRuleset {
  r.unitTypes!['naval-air'] = { name: 'Naval air', class: 'air', kind: 'naval-air', factors: { attack: 2 }, range: 3, movement: 3, steps: 1, source: { kind: 'rulebook', rule: '2.4' } };
  r.unitTypes!.fleet.capacity = 1;
  r.roster!['crimson-wing'] = { name: 'Crimson Wing', power: 'crimson', type: 'naval-air' };
  r.mechanics!.movement!.classes!.naval = { allowance: 'movement', ignoresTerrain: true, flatCost: 1, entersTerrain: ['sea', 'coast'] };
  r.mechanics!.movement!.classes!.air = { allowance: 'movement', ignoresTerrain: true, flatCost: 1 };
  Object.assign(r.mechanics!.movement!, { transport: { passengers: ['air'], boardAt: ['port'], ...(actsAboard.length ? { actsAboard } : {}) } });
  r.mechanics!.zoc!.classes.air = { reach: 'range' };
  return r;
}
