// Units carried toward a greedy bot's goals (transport.ts), measured as the bot measures every move: in steps
// over the board to the places it wants (greedy.ts, `nearer`). A unit that cannot get nearer them on its own (in a
// box, or with no move nearer) boards a carrier standing with it when the carrier can take it to a landing nearer
// them; a loaded carrier sails to the landing nearest them in its reach, and its passengers land where it stands
// once none in its reach is nearer; an empty carrier goes to fetch units waiting to board where no way over the
// board leads from (a box), while they outnumber the room aboard the carriers there. A landing is sought only where
// its side holds the location or nobody does: not an assault, nor an invasion of a neutral (the bot's look ahead,
// which weighs every listed action, takes one only for a gain at once).
import type { PlayerAction } from '../actions';
import { controls, movedBy } from '../board';
import type { Game } from '../game';
import { graphOf } from '../graph';
import type { Listing } from '../legal';
import { carrierOf, unitList, type GameState, type LocKey, type UnitState } from '../state';
import { boardingBarrier, landingBarrier, passengersOf, roomAboard, transportOf } from '../transport';
import { Tx } from '../tx';
import { classOf } from '../units';
import type { BotRng } from './rng';
import type { BotChoice } from './play';
import { counted } from '../../words';

/** Steps from each location (by index of the board's graph) to the nearest of the places a bot wants, −1 where no way leads (stepsFrom). */
export type Toward = Int32Array;

/**
 * The transport actions and carriers' moves that bring units nearer the nearest of the places of some measures
 * (`towards`), in the order to weigh them: landings, then carriers sailing, units boarding (nearest landing first),
 * carriers fetching. None by a unit that `guards` a place.
 */
export function carrying(game: Game, s: GameState, side: string, listing: Listing, towards: readonly Toward[], guards: (unit: string) => boolean, rng: BotRng): BotChoice[] {
  const rules = game.rules;
  const tx = new Tx(rules, s, {}, true);
  const model = transportOf(tx);
  if (!model || !towards.length) return [];
  const g = graphOf(rules);
  const toward = nearestOf(towards);
  /** Steps from a location to the places wanted: Infinity off the board's graph (a box) or where no way leads. */
  const far = (at: LocKey) => {
    const i = g.index.get(at);
    const d = i === undefined ? -1 : toward[i];
    return d < 0 ? Infinity : d;
  };
  const reach = new Map(listing.moves.map((m) => [m.unit, m.to]));
  // A carrier's moves when it is not among the units listed: looked up once, only for a unit that would board it.
  const reachOf = (carrier: string) => {
    if (!reach.has(carrier)) reach.set(carrier, game.legalListing(s, side, { movers: [carrier] }).moves[0]?.to ?? []);
    return reach.get(carrier)!;
  };
  const held = (at: LocKey) => s.control[at] === undefined || controls(s, at, side);
  const landsAt = (u: UnitState, at: LocKey) => held(at) && !tx.probe(() => landingBarrier(tx, u, at));
  /** The landing nearest the places wanted among some locations (a carrier's moves) for any of some units, ties drawn at random. */
  const landing = (tos: readonly LocKey[], units: readonly UnitState[]): { to: LocKey; d: number } | undefined => {
    const byDistance = tos.map((to) => ({ to, d: far(to) })).filter((x) => x.d < Infinity).sort((x, y) => x.d - y.d);
    for (let k = 0; k < byDistance.length; ) {
      const d = byDistance[k].d;
      const ring: LocKey[] = [];
      for (; k < byDistance.length && byDistance[k].d === d; k++) if (units.some((u) => landsAt(u, byDistance[k].to))) ring.push(byDistance[k].to);
      if (ring.length) return { to: rng.pick(ring), d };
    }
    return undefined;
  };

  const aboard = new Map<string, UnitState[]>();
  for (const u of unitList(s)) {
    const c = carrierOf(u.at);
    if (c === undefined) continue;
    if (aboard.has(c)) aboard.get(c)!.push(u);
    else aboard.set(c, [u]);
  }
  const lands = listing.others.filter((a): a is Extract<PlayerAction, { type: 'land' }> => a.type === 'land');
  const landings: BotChoice[] = [];
  const sailings: BotChoice[] = [];
  // Loaded carriers: sail to a landing nearer than where they stand, else land there.
  for (const c of new Set([...listing.moves.map((m) => m.unit), ...lands.map((a) => carrierOf(s.units[a.unit].at)!)])) {
    const passengers = aboard.get(c);
    if (!passengers) continue;
    const at = s.units[c].at;
    const here = lands.filter((a) => carrierOf(s.units[a.unit].at) === c && held(at));
    const now = here.length ? far(at) : Infinity;
    const next = guards(c) ? undefined : landing(reach.get(c) ?? [], passengers);
    if (next && next.d < now) sailings.push({ action: { type: 'move', side, unit: c, to: next.to }, why: `it carries its passengers to the landing nearest its side’s goals in its reach (${counted(next.d, 'step')} from them)` });
    else if (now < Infinity) landings.push(...here.map((action) => ({ action, why: `its carrier stands at the landing nearest its side’s goals that it can reach (${counted(now, 'step')} from them)` })));
  }
  // Units that get no nearer on their own: aboard the carrier beside them that lands them nearest, when that is nearer.
  const boardings = new Map<string, { a: PlayerAction; d: number; from: number }>();
  for (const a of listing.others) {
    if (a.type !== 'board' || guards(a.unit)) continue;
    const from = far(s.units[a.unit].at);
    if ((reach.get(a.unit) ?? []).some((to) => far(to) < from)) continue;
    const next = landing(reachOf(a.carrier), [s.units[a.unit]]);
    if (next && next.d < from && next.d < (boardings.get(a.unit)?.d ?? Infinity)) boardings.set(a.unit, { a, d: next.d, from });
  }
  const stepsWords = (d: number) => (d < Infinity ? `${counted(d, 'step')} from them` : 'no way over the board leads to them from where it stands');
  const boarding = [...boardings.values()]
    .sort((x, y) => x.d - y.d)
    .map((x): BotChoice => ({ action: x.a, why: `it gets no nearer its side’s goals on its own (${stepsWords(x.from)}), and the carrier can land it ${counted(x.d, 'step')} from them` }));
  return [...landings, ...sailings, ...boarding, ...fetching(tx, s, side, listing, aboard, far, guards, rng, model.passengers)];
}

/**
 * Empty carriers' moves to where units wait to board (a location no way over the board leads from to the places
 * wanted: a box), while they outnumber the room aboard the side's carriers standing there; one for each carrier that
 * can reach such a place this step.
 */
function fetching(tx: Tx, s: GameState, side: string, listing: Listing, aboard: ReadonlyMap<string, UnitState[]>, far: (at: LocKey) => number, guards: (unit: string) => boolean, rng: BotRng, classes: readonly string[]): BotChoice[] {
  const room = (c: UnitState) => tx.probe(() => roomAboard(tx, c));
  const empty = listing.moves.filter((m) => !aboard.has(m.unit) && !guards(m.unit) && (room(s.units[m.unit]) ?? 0) > 0);
  if (!empty.length) return [];
  const ours = movedBy(tx.rules, s, side);
  const waiting = new Map<LocKey, number>();
  const add = (at: LocKey, n: number) => waiting.set(at, (waiting.get(at) ?? 0) + n);
  for (const u of unitList(s)) {
    if (!ours(u) || far(u.at) < Infinity || boardingBarrier(tx, u.at)) continue;
    const space = room(u);
    if (space !== undefined) add(u.at, -space);
    else if (classes.includes(classOf(tx.rules, u))) add(u.at, 1);
  }
  const choices: BotChoice[] = [];
  for (const m of empty) {
    const there = m.to.filter((to) => (waiting.get(to) ?? 0) > 0);
    if (!there.length) continue;
    const to = rng.pick(there);
    choices.push({ action: { type: 'move', side, unit: m.unit, to }, why: `it goes to fetch units waiting to board in ${tx.rules.label(to)}, more of them than the carriers there have room for` });
  }
  return choices;
}

/** Steps to the nearest of the places of several measures, by location index. */
function nearestOf(towards: readonly Toward[]): Toward {
  if (towards.length === 1) return towards[0];
  return towards[0].map((_, i) => towards.reduce((d, t) => (t[i] >= 0 && (d < 0 || t[i] < d) ? t[i] : d), -1));
}

/** Whether a unit holds passengers (it moves as carrying.ts has it, not toward the places wanted on its own). */
export const loaded = (s: GameState, unit: string) => passengersOf(s, unit).length > 0;
