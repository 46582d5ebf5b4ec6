// The greedy bot: looks one action ahead with the engine and takes the one that makes the most of the
// authored victory conditions hold for its side (places and countries to control), breaking ties at
// random and ending the step when nothing improves. Falls back to the random bot's choice.
import type { Condition } from '../../generated/schema-types';
import type { PlayerAction } from '../actions';
import { controlsAll, countryKeys, sideOf } from '../board';
import type { Game } from '../game';
import { listedActions } from '../legal';
import { kept, type Rules } from '../rules';
import type { GameState, LocKey } from '../state';
import { randomOf } from './random';
import type { BotRng } from './rng';
import { unitList } from '../state';

/** Candidates looked at per decision (sampled when there are more), to keep a decision cheap. */
export const GREEDY_CANDIDATES = 40;
/** Units whose moves a decision considers, drawn at random. */
const GREEDY_MOVERS = 8;

interface Goal {
  /** Who must control the locations for the condition to hold (a side or a power). */
  by: string;
  /** Each group counts once when all its locations are controlled by `by`. */
  groups: (readonly LocKey[])[];
  /** The level's side: +1 for the bot when it is the bot's, −1 otherwise. */
  side?: string;
}

/** The `controls` conditions of the victory levels, with the locations they name (kept for the game). */
export const victoryGoals = (rules: Rules): Goal[] => kept(rules, 'victory-goals', readGoals);

function readGoals(rules: Rules): Goal[] {
  const goals: Goal[] = [];
  const walk = (c: Condition, side: string | undefined) => {
    const node = c as Condition & { of?: Condition | Condition[] };
    if (c.op === 'controls') {
      const groups = [
        ...(c.places ?? []).flatMap((p) => (rules.placeLoc.has(p) ? [[rules.placeLoc.get(p)!]] : [])),
        ...(c.hexes ?? []).map((h) => [`hex:${h}`]),
        ...(c.areas ?? []).map((a) => [`area:${a}`]),
        ...(c.countries ?? []).map((k) => countryKeys(rules, k)).filter((g) => g.length > 0),
      ];
      if (groups.length) goals.push({ by: c.by, groups, side });
      return;
    }
    if (Array.isArray(node.of)) node.of.forEach((x) => walk(x, side));
    else if (node.of && typeof node.of === 'object') walk(node.of, side);
  };
  for (const level of rules.r.victory?.levels ?? []) walk(level.condition, level.side);
  return goals;
}

const belongs = (s: GameState, party: string, side: string) => party === side || sideOf(s, party) === side;

/** How well a position stands for a side by the victory conditions: groups it holds that its levels want, minus those the others' levels want and hold. */
export function victoryScore(rules: Rules, s: GameState, side: string): number {
  if (s.over) return s.over.level?.side === side ? 1e6 : s.over.level?.side ? -1e6 : 0;
  let score = 0;
  for (const g of victoryGoals(rules)) {
    const mine = g.side ? g.side === side : belongs(s, g.by, side);
    const held = g.groups.filter((grp) => controlsAll(s, grp, g.by)).length;
    score += mine ? held : -held;
  }
  // Material, lightly: own units still in play, the others' eliminated.
  for (const u of unitList(s)) {
    const own = belongs(s, u.power, side);
    if (u.at === 'eliminated') score += own ? -0.01 : 0.01;
  }
  return score;
}

export function greedyBot(game: Game, state: GameState, side: string, rng: BotRng): PlayerAction | undefined {
  const listing = game.legalListing(state, side, { movers: rng.sample(game.movers(state, side), GREEDY_MOVERS) });
  const actions = listedActions(listing);
  if (actions.length <= 1) return actions[0];
  const others = actions.filter((a) => a.type !== 'endStep');
  const end = actions.find((a) => a.type === 'endStep');
  const pool = rng.sample(others, GREEDY_CANDIDATES);
  const base = victoryScore(game.rules, state, side);
  let best: PlayerAction[] = [];
  let bestScore = base;
  for (const a of pool) {
    const r = game.lookAhead(state, a);
    if (!r.ok || r.question) continue;
    const score = victoryScore(game.rules, r.state, side);
    if (score > bestScore + 1e-9) { best = [a]; bestScore = score; }
    else if (Math.abs(score - bestScore) <= 1e-9 && bestScore > base) best.push(a);
  }
  if (best.length) return rng.pick(best);
  // Nothing gains: losses and placements must still be made; otherwise act now and then, or end the step.
  if (!end) return randomOf(listing, rng);
  return rng.chance(0.25) && others.length ? rng.pick(others) : end;
}
