import { describe, expect, it } from 'vitest';
import type { GameState, LogEntry } from '@/engine/game';
import type { ResolvedRuleset } from '@/engine/generated/schema-types';
import { fixture, navalAir, newGame, retreatingCombat, supportedCombat, transitAttacks } from './play';
import { locations, picker, randomAction } from './driver';

// Invariants checked independently of the engine's own code, on the ridge ruleset: 2 land units per
// side and hex at most (boxes exempt); no hex shared by hostile camps; units come and go only where
// the log says a battle, a purchase, an effect or the tester moved them.
const STACK = 2;
const OFF_BOARD = new Set(['pool', 'due', 'unplaced', 'eliminated', 'removed']);
const LAND = new Set(['infantry', 'armor']);

const campOf = (s: GameState, power: string) => s.powers[power]?.side ?? `power:${power}`;
const inPlay = (s: GameState) => Object.values(s.units).filter((u) => u.at !== 'eliminated' && u.at !== 'removed').length;

function landStacks(s: GameState, camp?: string): Map<string, number> {
  const stacks = new Map<string, number>();
  for (const u of Object.values(s.units)) {
    if (!u.at.startsWith('hex:') || !LAND.has(u.type) || (camp && campOf(s, u.power) !== camp)) continue;
    const key = `${u.at}|${campOf(s, u.power)}`;
    stacks.set(key, (stacks.get(key) ?? 0) + 1);
  }
  return stacks;
}

/** Manual moves the fuzzer makes keep to the rules it checks, so any breach is the engine's. */
function safeMove(s: GameState, unit: string, to: string): boolean {
  const u = s.units[unit];
  // A move to where the unit stands changes nothing, and is refused.
  if (u.at === to) return false;
  if (!to.startsWith('hex:')) return !to.startsWith('box:');
  const camp = campOf(s, u.power);
  const here = Object.values(s.units).filter((x) => x.at === to && x.id !== unit);
  if (here.some((x) => campOf(s, x.power) !== camp)) return false;
  return !LAND.has(u.type) || here.filter((x) => LAND.has(x.type)).length < STACK;
}

function numbersFinite(value: unknown, path = ''): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path;
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'log') continue;
      const bad = numbersFinite(v, `${path}/${k}`);
      if (bad) return bad;
    }
  }
  return undefined;
}

/** Throws when an invariant breaks (plain checks: thousands of expect calls would dominate the run). */
function must(ok: boolean, message: string) {
  if (!ok) throw new Error(message);
}

function checkInvariants(known: Set<string>, before: GameState, after: GameState) {
  const entry: LogEntry = after.log[after.log.length - 1];
  const kinds = new Set(entry.events.map((e) => e.kind));
  const effects = new Set(entry.events.flatMap((e) => (e.kind === 'effect' ? [e.op] : [])));
  const where = `entry ${entry.seq} (${JSON.stringify(entry.action)})`;

  const bad = numbersFinite(after);
  must(bad === undefined, `${where}: ${bad} is not a finite number`);
  // No unit vanishes from the state; new ones only by an effect or the tester's hand.
  for (const id of Object.keys(before.units)) must(id in after.units, `${where}: ${id} vanished`);
  if (Object.keys(after.units).length > Object.keys(before.units).length) must(entry.manual || effects.has('addUnits'), `${where}: units appeared`);
  // Units leave play only in battle, by an effect, or by the tester.
  if (inPlay(after) < inPlay(before)) must(entry.manual || kinds.has('loss') || effects.has('removeUnits'), `${where}: units left play`);
  // Units come onto the board only by arriving, being placed or bought, or by the tester.
  const board = (s: GameState) => Object.values(s.units).filter((u) => !OFF_BOARD.has(u.at)).length;
  if (board(after) > board(before)) must(entry.manual || kinds.has('arrive') || kinds.has('place') || kinds.has('buy'), `${where}: units appeared on the board`);
  const camps = new Map<string, string>();
  for (const u of Object.values(after.units)) {
    must(OFF_BOARD.has(u.at) || known.has(u.at) || u.at.startsWith('carried:'), `${where}: ${u.id} at ${u.at}`);
    if (!u.at.startsWith('hex:')) continue;
    // No hex is shared by hostile camps.
    const c = campOf(after, u.power);
    must((camps.get(u.at) ?? c) === c, `${where}: hostile units share ${u.at}`);
    camps.set(u.at, c);
  }
  // Stacking holds for a side when it ends its movement step, unless the tester must adjudicate it.
  for (const e of entry.events) {
    if (e.kind !== 'sequence' || e.what !== 'end' || e.id !== 'movement-step' || after.tasks.length) continue;
    for (const [key, n] of landStacks(after, e.actor)) must(n <= STACK, `${where}: ${key} overstacked`);
  }
}

/** Crimson's wing and squadron start in Crimson Port, where the wing may board and then support land battles from aboard. */
function wingAboard(r: ResolvedRuleset): ResolvedRuleset {
  navalAir(supportedCombat(r));
  Object.assign(r.mechanics!.combat!.land, { reach: 'zone', support: { classes: ['air', 'naval'], cappedBy: ['land'] } });
  r.scenarios!.campaign.placements.find((p) => p.unit === 'crimson-fleet')!.location = { hex: '0103' };
  r.scenarios!.campaign.placements.push({ power: 'crimson', unit: 'crimson-wing', location: { hex: '0103' } });
  return r;
}

function displacingFleets(r: ResolvedRuleset): ResolvedRuleset {
  r.mechanics!.zoc!.displaces = [{ classes: ['naval'], byUnitsOf: ['land'], toMedia: ['sea', 'coastal'] }];
  return r;
}

describe('fuzz: 10,000 random actions', () => {
  it('keeps the invariants, and every game replays from its log to the same hash', () => {
    const p = picker(2024);
    let total = 0;
    let refused = 0;
    let games = 0;
    while (total < 10_000) {
      // Every other game fights with support, retreats and advances; every third, with fleets attacked in transit
      // and displaced from a coast a land unit enters (their owner choosing where, among places as near); every
      // fourth other, with a naval air wing that may fight from aboard a fleet.
      const ridge = games % 3 === 2 ? displacingFleets(transitAttacks(fixture('ridge'))) : games % 4 === 1 ? wingAboard(fixture('ridge')) : fixture('ridge');
      const game = newGame(games % 2 ? retreatingCombat(ridge) : ridge, 1000 + games++, { manualDice: games % 5 === 0 });
      const known = new Set(locations(game));
      let s = game.initial;
      while (!s.over && total < 10_000) {
        const choice = randomAction(game, s, p, { manual: 0.03, wild: 0.05, safeMove });
        must(choice !== undefined, `nobody can act at ${JSON.stringify(game.status(s))}`);
        const result = game.applyAction(s, choice!.action);
        total++;
        if (!result.ok) {
          must(choice!.wild, `refused a listed action ${JSON.stringify(choice!.action)}: ${result.refusal.message}`);
          must(typeof result.refusal.cite.pointer === 'string', 'a refusal without a citation');
          refused++;
          continue;
        }
        if (!result.question) checkInvariants(known, s, result.state);
        s = result.state;
      }
      const replayed = game.replay(s.log);
      expect(replayed.ok, `game ${games} does not replay`).toBe(true);
      const { suspended: _, ...settled } = s;
      if (replayed.ok) expect(game.hash(replayed.state)).toBe(game.hash(settled));
    }
    expect(games).toBeGreaterThan(3);
    expect(refused).toBeGreaterThan(0);
  }, 120_000);
});
