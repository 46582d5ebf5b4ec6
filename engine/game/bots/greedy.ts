// The greedy bot: looks one action ahead with the engine and takes the one that makes the most of the
// authored victory conditions hold for its side (places and countries to control), breaking ties at
// random, looking ahead on dice of its own; a power the action brings into the war against it counts as
// the enemy's unless it is worth rousing (roused.ts); the last of its units on a place it must keep stays.
// When nothing improves at once it spends its points, makes an attack it likely wins or one where its units
// already stand among the enemy's, or brings a unit nearer a place it holds that the enemy is as near as its
// other units are, else (a unit of a class that takes control) nearer a place whose taking its levels count (by sea where a
// carrier can take it nearer than it gets on its own: carrying.ts), and else ends the step.
import type { Comparator, CompareCondition, Condition, CountNumber, NumberExpr } from '../../generated/schema-types';
import type { PlayerAction } from '../actions';
import { capitalsOf, controls, controlsAll, frozenBy, sideOf } from '../board';
import { seedState } from '../dice';
import type { Game } from '../game';
import { listedActions, type Listing } from '../legal';
import { listedLocations, type LocationListing } from '../listed-locations';
import { kept, type Rules } from '../rules';
import type { GameState, LocKey } from '../state';
import { randomOf } from './random';
import { attackOdds } from '../odds';
import { graphOf, nearestTwo, startOf, stepsFrom } from '../graph';
import type { BotRng } from './rng';
import type { BotChoice } from './play';
import { onBoard, unitList } from '../state';
import { costlyRoused, heldByRoused, rousedAgainst } from './roused';
import { carrying, loaded, type Toward } from './carrying';
import { counted } from '../../words';
import { waits } from '../pending';
import { takesControl } from '../control';
import { classOf } from '../units';

/** Candidates looked at per decision (sampled when there are more), to keep a decision cheap. */
export const GREEDY_CANDIDATES = 40;
/** Units whose moves a decision considers, drawn at random; and how many such draws it makes before ending a step for want of a move. */
const GREEDY_MOVERS = 8;
const MOVER_DRAWS = 3;

interface Goal {
  /** Whose control of the locations counts (a side or a power). */
  by: string;
  /** Each group counts once when all its locations are controlled by `by`. */
  groups: (readonly LocKey[])[];
  /** The level's side: the goal counts for the bot when it is the bot's, against it otherwise. */
  side?: string;
  /** 1 when the level wants more of the groups held by `by`, −1 when it wants fewer. */
  sign: 1 | -1;
}

/**
 * What the victory levels want, as counts of places and countries to be held: their `controls`
 * conditions, and their comparisons of such a count with a number (more held wanted for `>` and `>=`,
 * fewer for `<`, `<=` and `== 0`); under a `not`, the other way. A level's clause that another side hold
 * something (a lesser victory won while the enemy still holds its homeland) bounds the level and is no
 * goal of its side. Kept for the game.
 */
export const victoryGoals = (rules: Rules): Goal[] => kept(rules, 'victory-goals', readGoals);

function readGoals(rules: Rules): Goal[] {
  const goals: Goal[] = [];
  const add = (by: string, where: LocationListing, side: string | undefined, sign: 1 | -1) => {
    // What is on no hex or area (a place off the map, a country without locations) is nothing to hold.
    const groups = listedLocations(rules, where, 'control').flatMap((l) => (l.at.length > 0 ? [l.at] : []));
    if (groups.length) goals.push({ by, groups, side, sign });
  };
  const walk = (c: Condition, side: string | undefined, sign: 1 | -1) => {
    if (c.op === 'controls') {
      if (!(side && rules.sides.includes(c.by) && c.by !== side)) add(c.by, c, side, sign);
      return;
    }
    if (c.op === 'compare') {
      const wanted = countWanted(c);
      if (wanted) add(wanted.count.controlledBy, wanted.count, side, wanted.more ? sign : (-sign as 1 | -1));
      return;
    }
    if (c.op === 'not') return walk(c.of, side, -sign as 1 | -1);
    const node = c as Condition & { of?: Condition | Condition[] };
    if (Array.isArray(node.of)) node.of.forEach((x) => walk(x, side, sign));
    else if (node.of && typeof node.of === 'object') walk(node.of, side, sign);
  };
  for (const level of rules.victory?.levels ?? []) walk(level.condition, level.side, 1);
  return goals;
}

/** A comparison of a count of places held with a number: the count, and whether the comparison wants it larger (undefined for any other comparison). */
function countWanted(c: CompareCondition): { count: CountNumber; more: boolean } | undefined {
  const isCount = (x: NumberExpr): x is CountNumber => typeof x === 'object' && x.op === 'count' && !x.units;
  // Read as `count cmp number`, the count on the left.
  const [count, cmp, bound] = isCount(c.left) && typeof c.right === 'number' ? [c.left, c.cmp, c.right] : isCount(c.right) && typeof c.left === 'number' ? [c.right, FLIPPED[c.cmp], c.left] : [];
  if (!count || !cmp) return undefined;
  if (cmp === '>' || cmp === '>=') return { count, more: true };
  if (cmp === '<' || cmp === '<=' || (cmp === '==' && bound === 0)) return { count, more: false };
  return undefined;
}

const FLIPPED: Record<Comparator, Comparator> = { '<': '>', '<=': '>=', '==': '==', '!=': '!=', '>=': '<=', '>': '<' };

const belongs = (s: GameState, party: string, side: string) => party === side || sideOf(s, party) === side;

/** What a unit weighs in the score: lightly, beside a place or country held. */
const MATERIAL = 0.01;

/** How well a position stands for a side by the victory conditions: the groups its levels want held (or not), less what the others' levels want, and lightly, material. */
export function victoryScore(rules: Rules, s: GameState, side: string): number {
  if (s.over) return s.over.level?.side === side ? 1e6 : s.over.level?.side ? -1e6 : 0;
  const { held, lost, eliminated } = scoreParts(rules, s, side);
  return held + MATERIAL * (eliminated - lost);
}

/** What a score adds up: the groups the levels count for the side (less those counted against it), and the units eliminated, its own and the others'. */
function scoreParts(rules: Rules, s: GameState, side: string): { held: number; lost: number; eliminated: number } {
  let held = 0;
  for (const g of victoryGoals(rules)) {
    const mine = g.side ? g.side === side : belongs(s, g.by, side);
    held += (mine ? g.sign : -g.sign) * g.groups.filter((grp) => controlsAll(s, grp, g.by)).length;
  }
  let lost = 0;
  let eliminated = 0;
  for (const u of unitList(s)) {
    if (u.at !== 'eliminated') continue;
    if (belongs(s, u.power, side)) lost++;
    else eliminated++;
  }
  return { held, lost, eliminated };
}

/** What an action's outcome gains a side, in words: what the levels count, and the units eliminated on either side. */
function gains(rules: Rules, before: GameState, after: GameState, side: string): string {
  if (after.over) return `the game ends${after.over.level ? ` at ${after.over.level.name ?? after.over.level.id}` : ''}`;
  const [was, is] = [scoreParts(rules, before, side), scoreParts(rules, after, side)];
  const words = [
    is.held !== was.held && `its victory standing (the places its levels want held, less those the enemy's want) goes from ${was.held} to ${is.held}`,
    is.eliminated > was.eliminated && `${counted(is.eliminated - was.eliminated, 'enemy unit')} eliminated`,
    is.lost > was.lost && `${counted(is.lost - was.lost, 'unit')} of its own lost`,
  ].filter((w): w is string => typeof w === 'string');
  return words.join(', ') || 'the position scores higher';
}

interface Stakes {
  /** Locations whose taking counts for the side: where its levels want a party of its own to hold more, those it does not hold; where they want another to hold less, those the other holds. */
  take: Set<LocKey>;
  /** Locations the side holds whose loss to the enemy would count against it. */
  keep: Set<LocKey>;
}

/**
 * Where a side stands to gain and to lose by the goals. A place its levels want only out of the enemy's hands
 * (a neutral's, where the level counts what the enemy holds) is neither: taking it gains nothing.
 */
function stakesOf(rules: Rules, s: GameState, side: string): Stakes {
  const take = new Set<LocKey>();
  const keep = new Set<LocKey>();
  for (const g of victoryGoals(rules)) {
    const wanted = (g.side ? g.side === side : belongs(s, g.by, side)) ? g.sign : -g.sign;
    const ours = belongs(s, g.by, side);
    // Its own holding wanted larger, or another's smaller: the other cases want nothing of the side's units.
    if (ours !== wanted > 0) continue;
    for (const at of g.groups.flat()) {
      if (controls(s, at, side)) keep.add(at);
      else if (ours || controls(s, at, g.by)) take.add(at);
    }
  }
  return { take, keep };
}

/**
 * The moves that may change what the goals count, as `unit|to|rail`: those that end at, or pass, a
 * location whose taking counts. A move takes control only along its route.
 */
function movesThatCount(stakes: Stakes, moves: Listing['moves']): Set<string> {
  const takes = (at: LocKey) => stakes.take.has(at);
  const found = new Set<string>();
  for (const m of moves) {
    const ends = m.rail ? [...m.to, ...m.rail] : m.to;
    ends.forEach((to, k) => {
      if (takes(to) || m.via![k].some(takes)) found.add(moveKey(m.unit, to, k >= m.to.length));
    });
  }
  return found;
}

const moveKey = (unit: string, to: LocKey, rail: boolean) => `${unit}|${to}|${rail ? 'rail' : ''}`;

/**
 * Actions that move no unit over the board and fight no battle (placing, buying, upgrading, sending
 * points, boarding a carrier where the unit stands): they take no place. They change the score only where a
 * victory check run on the spot ends the game, or through what follows the last placement, when the sequence
 * moves on: none of the first four did in 34,000 look-aheads over 14 greedy games of the bundled rulesets, so
 * the bot looks at them only in the first case.
 */
const TAKING_NOTHING: ReadonlySet<PlayerAction['type']> = new Set(['place', 'buy', 'upgrade', 'transfer', 'board']);

/** Whether some victory check runs after every action (kept for the game). */
const checkedOnTheSpot = (rules: Rules): boolean => kept(rules, 'victory-checked-on-the-spot', () => (rules.victory?.checks ?? []).some((c) => c.when === 'immediately'));

/** Which of the listed actions may change the score, and so are worth a look ahead. */
function worthALook(rules: Rules, stakes: Stakes, listing: Listing): (a: PlayerAction) => boolean {
  const counting = movesThatCount(stakes, listing.moves);
  const onTheSpot = checkedOnTheSpot(rules);
  return (a) => (a.type === 'move' ? counting.has(moveKey(a.unit, a.to, a.rail === true)) : onTheSpot || !TAKING_NOTHING.has(a.type));
}

/** The greedy bot's choice, with why it made it: what it gained, spent, fought for or moved toward, or why it ends the step. */
export function greedyBot(game: Game, state: GameState, side: string, rng: BotRng): BotChoice | undefined {
  // A few units at a time: the step ends only when no draw of them finds a move worth making (one draw of a
  // large army is mostly units with nothing to do).
  const movers = rng.sample(game.movers(state, side), GREEDY_MOVERS * MOVER_DRAWS);
  // What the position is worth to the side, and where it stands to gain and lose: the same for every draw.
  const base = victoryScore(game.rules, state, side);
  const stakes = stakesOf(game.rules, state, side);
  // Never the last of its units off a place it must keep, nor off its capital, whatever the move gains at once.
  const guards = guarding(game.rules, state, side, stakes);
  for (let i = 0; ; i += GREEDY_MOVERS) {
    const chosen = decide(game, state, side, rng, movers.slice(i, i + GREEDY_MOVERS), { base, stakes, guards });
    if (chosen?.action.type !== 'endStep' || i + GREEDY_MOVERS >= movers.length) return chosen;
  }
}

/** A decision looking at the moves of some units, from the position's worth, stakes and guards. */
function decide(game: Game, state: GameState, side: string, rng: BotRng, movers: readonly string[], { base, stakes, guards }: { base: number; stakes: Stakes; guards: (unit: string) => boolean }): BotChoice | undefined {
  const listing = game.legalListing(state, side, { movers, routes: true });
  const actions = listedActions(listing);
  if (actions.length <= 1) return actions[0] && { action: actions[0], why: 'the only action open' };
  const others = actions.filter((a) => a.type !== 'endStep');
  const end = actions.find((a) => a.type === 'endStep');
  const pool = rng.sample(others, GREEDY_CANDIDATES);
  const worth = worthALook(game.rules, stakes, listing);
  // Looked ahead on dice of its own, not the game's: the bot may not know how the battle it weighs will go.
  const ahead = { ...state, manualDice: false, rng: seedState(rng.int(2 ** 31)) };
  // The score after an action, whether it brings a power into the war against the side (roused.ts), and whether it takes ground.
  const lookAt = (a: PlayerAction): { score: number; after: GameState; costly: boolean; rouses: boolean; takes: boolean } | undefined => {
    const r = game.lookAhead(ahead, a);
    if (!r.ok || r.question) return undefined;
    const roused = rousedAgainst(state, r.state, side, game.rules);
    const costly = costlyRoused(game.rules, r.state, side, roused, stakes.take);
    const units = [...costly.values()].reduce((n, k) => n + k, 0);
    const score = costly.size ? victoryScore(game.rules, heldByRoused(game.rules, r.state, costly.keys()), side) - MATERIAL * units : victoryScore(game.rules, r.state, side);
    return { score, after: r.state, costly: costly.size > 0, rouses: roused.length > 0, takes: roused.length > 0 && takesGround(state, r.state, side) };
  };
  let best: { a: PlayerAction; after: GameState; costly: boolean }[] = [];
  let bestScore = base;
  for (const a of pool) {
    if (!worth(a) || (a.type === 'move' && guards(a.unit))) continue;
    const seen = lookAt(a);
    if (!seen) continue;
    const { score, after, costly } = seen;
    if (score > bestScore + 1e-9) { best = [{ a, after, costly }]; bestScore = score; }
    else if (Math.abs(score - bestScore) <= 1e-9 && bestScore > base) best.push({ a, after, costly });
  }
  if (best.length) {
    const { a, after, costly } = rng.pick(best);
    return { action: a, why: `the best of ${counted(pool.length, 'action')} looked at, looking ahead (any battle on dice of its own): ${gains(game.rules, state, after, side)}${costly ? ', the land of the powers it brings into the war counted as the enemy’s' : ''}` };
  }
  // Nothing gains at once: losses and placements must still be made; otherwise spend the points it has,
  // make an attack it likely wins, or bring a unit nearer a place it must keep, then one it would take, never
  // moving the last of its units off a place its levels count nor making a move that costs it (a neutral
  // roused against it); else end the step.
  if (!end) {
    // At random, but none that brings a power into the war (a retreat into a neutral's land) while another does not.
    const action = rng.sample(actions, GREEDY_CANDIDATES).find((a) => lookAt(a)?.rouses === false) ?? randomOf(listing, rng);
    const wait = waits(game.rules, state).waits.find((w) => w.side === side);
    const must = wait ? `it must ${wait.what} now` : `the step cannot end yet${listing.endHeld ? ` (${listing.endHeld.text})` : ''}`;
    return action && { action, why: `${must}, and no choice open improves its victory standing: one of them, at random` };
  }
  const spending = others.filter((a) => a.type === 'buy' || a.type === 'upgrade');
  if (spending.length) return spend(game.rules, spending, stakes, rng);
  const attack = likelyWin(game, state, side, others, stakes, rng) ?? engaged(state, side, others, rng);
  if (attack) return attack;
  // Nearer the places it must keep that the enemy is as near as its other units are, then those it would take; units
  // carried first (carrying.ts), toward the nearest of either (one measure, so that a unit boarded for the one is not
  // landed again for the other): a carrier that walked first would leave its passengers behind, and a loaded one walks
  // no further alone.
  const threat = threats(game.rules, state, side, stakes);
  const taking = stepsToward(game.rules, stakes.take);
  // Only a unit that would take control there (control.ts) is drawn to a place to take: any other arrives and takes nothing.
  const captor = (unit: string) => takesControl(game.rules, classOf(game.rules, state.units[unit]));
  const goals = [
    { steps: threat, toward: 'a place its side must keep that the enemy is as near to as its other units are' },
    { steps: (unit: string) => (captor(unit) ? taking : undefined), toward: 'a place its side’s victory levels want taken', before: threat },
  ];
  const carried = carrying(game, state, side, listing, [threat(), taking].filter((t): t is Toward => t !== undefined), guards, rng);
  const stays = (unit: string) => guards(unit) || loaded(state, unit);
  const moves = [
    ...carried,
    ...goals.flatMap(({ steps, toward, before }) =>
      nearer(game.rules, state, listing, steps, stays, rng, before)
        .slice(0, MOVES_WEIGHED)
        .map(({ action, d, target }) => ({ action, why: `it brings the unit nearer ${game.rules.label(target)}, ${toward}${d === 0 ? ': it gets there' : ` (${counted(d, 'step')} away after it)`}` })),
    ),
  ];
  // A move that costs nothing is made; one that brings a power into the war, only for a gain, or for ground taken
  // in a war worth making (the way to its goals may run through a neutral): never a unit wandering in that takes none.
  for (const m of moves) {
    const after = lookAt(m.action);
    if (!after) continue;
    if (!after.rouses && after.score >= base - 1e-9) return m;
    if (after.rouses && after.score > base + 1e-9) return { ...m, why: `${m.why}; it brings a power into the war, and its victory standing gains by it` };
    if (after.rouses && after.takes && after.score >= base - 1e-9) return { ...m, why: `${m.why}; it brings a power into the war, and takes ground in doing so` };
  }
  const clauses = [
    'no action improves its victory standing now',
    others.some((a) => a.type === 'attack') && 'no attack is likely won',
    movers.length > 0 && `none of the ${counted(movers.length, 'unit')} looked at can move nearer its side’s goals without cost`,
  ].filter((c): c is string => typeof c === 'string');
  return { action: end, why: clauses.length > 1 ? `${clauses.slice(0, -1).join(', ')} and ${clauses.at(-1)}` : clauses[0] };
}

/** Whether control of some location passed to a side between two positions. */
function takesGround(before: GameState, after: GameState, side: string): boolean {
  if (after.control === before.control) return false;
  for (const at in after.control) if (after.control[at] !== before.control[at] && controls(after, at, side)) return true;
  return false;
}

/**
 * What to spend points on: a reduced unit restored first (its strength back at once), else a unit bought where it stands
 * nearest the places whose taking counts (a fort far from any front is points thrown away), ties at random.
 */
function spend(rules: Rules, spending: readonly PlayerAction[], stakes: Stakes, rng: BotRng): BotChoice {
  const upgrades = spending.filter((a) => a.type === 'upgrade');
  if (upgrades.length) return { action: rng.pick(upgrades), why: 'a reduced unit is restored before any is bought: its strength is back at once' };
  const g = graphOf(rules);
  const steps = stepsToward(rules, stakes.take);
  const far = (a: PlayerAction) => {
    const i = a.type === 'buy' && a.at !== undefined ? g.index.get(a.at) : undefined;
    return i === undefined || !steps || steps[i] < 0 ? Infinity : steps[i];
  };
  const nearest = Math.min(...spending.map(far));
  const where = nearest < Infinity ? `where it stands nearest the places its side’s victory levels want taken (${counted(nearest, 'step')} away)` : 'at any of its sites, none of which leads to a place its side’s victory levels want taken';
  return { action: rng.pick(spending.filter((a) => far(a) === nearest)), why: `points are spent while no action improves its victory standing now: bought ${where}` };
}

/** Moves toward its goals a decision weighs with a look ahead, nearest first, before it ends the step. */
const MOVES_WEIGHED = 3;

/** Units that hold a place for their side: the last of it standing on a location it must keep, or on its power's capital. */
function guarding(rules: Rules, s: GameState, side: string, stakes: Stakes): (unit: string) => boolean {
  const own = (at: LocKey) => unitList(s).filter((u) => u.at === at && belongs(s, u.power, side)).length;
  return (id) => {
    const u = s.units[id];
    const key = capitalsOf(rules, u.power).some((c) => c.at === u.at) || stakes.keep.has(u.at);
    return key && own(u.at) === 1;
  };
}

/**
 * Steps toward the places it must keep that none of its units stands on, where an enemy unit that may move stands no
 * more steps away than its own nearest: the enemy would be there first, or as soon, and the bot sends a unit. For a
 * unit, measured without it: a place stays threatened while that unit alone keeps it safe, so the unit does not turn
 * back as it comes near (the place no longer threatened) and away again (threatened once more). Undefined with none.
 */
function threats(rules: Rules, s: GameState, side: string, stakes: Stakes): (except?: string) => Toward | undefined {
  const g = graphOf(rules);
  /** How many of its units stand at each location, by index; and where each stands. */
  const count = new Int32Array(g.keys.length);
  const where = new Map<string, number>();
  const theirs: number[] = [];
  for (const u of unitList(s)) {
    const i = onBoard(u.at) ? (g.index.get(u.at) ?? -1) : -1;
    if (i < 0) continue;
    const party = sideOf(s, u.power);
    if (party === side) count[i]++, where.set(u.id, i);
    else if (party !== null && frozenBy(rules, s, u.power) === undefined) theirs.push(i);
  }
  const keep = [...stakes.keep].flatMap((at) => g.index.get(at) ?? []);
  if (!keep.length || !theirs.length) return () => undefined;
  const enemy = stepsFrom(g, theirs);
  // Its own nearest to each place, and the nearest but for any one location: without a unit standing alone, the other.
  const mine = nearestTwo(g, [...where.values()]);
  // The steps toward each set of places threatened, made once (most units measure alike).
  const toward = new Map<string, Toward | undefined>();
  return (except) => {
    const alone = except === undefined || count[where.get(except) ?? -1] !== 1 ? -1 : where.get(except)!;
    const targets = keep.filter((i) => {
      if (count[i] > (i === alone ? 1 : 0) || enemy[i] < 0) return false;
      const d = mine.from[i] === alone ? mine.second[i] : mine.first[i];
      return d < 0 || enemy[i] <= d;
    });
    const key = targets.join(' ');
    if (!toward.has(key)) toward.set(key, targets.length ? stepsFrom(g, targets) : undefined);
    return toward.get(key);
  };
}

/** Attacks a decision weighs, drawn at random, and the battles fought on fresh dice to weigh each. */
const ATTACKS_WEIGHED = 4;
const ODDS_RUNS = 12;
/** The share of battles won above which the bot makes an attack. */
const LIKELY = 0.6;

/**
 * The listed attack the side most often wins (fought on fresh dice), when it wins it often enough; attacks on
 * places whose taking counts weighed first. A battle of rounds that one round does not decide counts as won when
 * the side inflicts half as many hits again as it takes.
 */
function likelyWin(game: Game, s: GameState, side: string, actions: readonly PlayerAction[], stakes: Stakes, rng: BotRng): BotChoice | undefined {
  const attacks = rng.sample(actions.filter((x) => x.type === 'attack'), Infinity) as Extract<PlayerAction, { type: 'attack' }>[];
  attacks.sort((a, b) => Number(stakes.take.has(b.target)) - Number(stakes.take.has(a.target)));
  let best: { a: PlayerAction; won: number } | undefined;
  for (const a of attacks.slice(0, ATTACKS_WEIGHED)) {
    const r = attackOdds(game, s, a, ODDS_RUNS);
    if (!r.ok) continue;
    const { wins, lossPoints, runs } = r.odds;
    const decided = Object.values(wins).some((n) => n > 0);
    const taken = lossPoints[side] ?? 0;
    const dealt = Object.entries(lossPoints).reduce((sum, [party, n]) => (party === side ? sum : sum + n), 0);
    const won = decided ? (wins[side] ?? 0) / runs : dealt > 1.5 * taken ? 1 : 0;
    if (won > LIKELY && won > (best?.won ?? 0)) best = { a, won };
  }
  return best && { action: best.a, why: `it won ${Math.round(best.won * ODDS_RUNS)} of ${ODDS_RUNS} trial battles fought on dice of its own, the best odds among the attacks weighed${stakes.take.has((best.a as Extract<PlayerAction, { type: 'attack' }>).target) ? ', on a place its side’s victory levels want taken' : ''}` };
}

/**
 * An attack on a location where its own units already stand among hostile ones (on an area map, units moved in
 * to fight): fought, likely won or not, rather than left standing there with the enemy.
 */
function engaged(s: GameState, side: string, actions: readonly PlayerAction[], rng: BotRng): BotChoice | undefined {
  const ours = new Set(unitList(s).flatMap((u) => (belongs(s, u.power, side) ? [u.at] : [])));
  const there = actions.filter((a) => a.type === 'attack' && ours.has(a.target));
  return there.length ? { action: rng.pick(there), why: 'its units already stand there among the enemy’s: fought, rather than left standing with them' } : undefined;
}

/** Steps over the board to the nearest of some locations, by location index (−1 where none leads), or undefined when none is on the board's graph. */
function stepsToward(rules: Rules, locations: ReadonlySet<LocKey>): Toward | undefined {
  const g = graphOf(rules);
  const targets = [...locations].flatMap((at) => g.index.get(at) ?? []);
  return targets.length ? stepsFrom(g, targets) : undefined;
}

/** The moves that bring a unit nearer, in steps over the board (`steps`, stepsToward, for the unit), to some locations, nearest first, one a unit, with the steps left after each and the location they lead to: none of a unit that `stays`. */
function nearer(rules: Rules, s: GameState, listing: Listing, stepsFor: (unit: string) => Toward | undefined, stays: (unit: string) => boolean, rng: BotRng, before?: (unit: string) => Toward | undefined): { action: PlayerAction; d: number; target: LocKey }[] {
  if (!listing.moves.length) return [];
  const g = graphOf(rules);
  const found: { a: Extract<PlayerAction, { type: 'move' }>; d: number; steps: Toward }[] = [];
  for (const m of listing.moves) {
    const steps = stays(m.unit) ? undefined : stepsFor(m.unit);
    const here = g.index.get(s.units[m.unit].at) ?? -1;
    const from = steps?.[here] ?? -1;
    if (!steps || from < 0) continue;
    // Never farther from the places of a goal that comes first: a unit pulled two ways would go back and forth.
    const first = before?.(m.unit);
    const limit = first && first[here] >= 0 ? first[here] : Infinity;
    for (const to of m.to) {
      const i = g.index.get(to)!;
      const d = steps[i];
      if (d >= 0 && d < from && !(first && first[i] > limit)) found.push({ a: { type: 'move', side: listing.side, unit: m.unit, to }, d, steps });
    }
  }
  // Nearest first, ties in random order; each unit's nearest only, so that the moves weighed are of different units.
  const seen = new Set<string>();
  return rng
    .sample(found, Infinity)
    .sort((x, y) => x.d - y.d)
    .filter((x) => !seen.has(x.a.unit) && seen.add(x.a.unit))
    .map((x) => ({ action: x.a, d: x.d, target: g.keys[startOf(g, x.steps, g.index.get(x.a.to)!)!] }));
}
