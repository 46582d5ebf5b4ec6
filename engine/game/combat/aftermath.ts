// What follows a battle with a winner, when the model says: once the battle's losses are allocated,
// each of the loser's surviving units of the retreating classes falls back one location, or as many as
// a result says, each farther from the battle (its owner
// choosing where, a unit with nowhere to go eliminated, as is one of a class that cannot retreat), then the winner's may advance into the
// locations the loser left empty beside them. Neither ends where it breaks a stacking limit, unless the
// owner eliminates the excess at the next check. Pending in the state until played out.
import type { CombatRetreat, UnitClass } from '../../generated/schema-types';
import { joinPointer } from '../../json/pointer';
import { actingSide, controls, hostile, placesOfKind, sideOf, unitsThere } from '../board';
import { barredSide, beside, BOX, graphOf, nearest, pathBack, stepsFrom } from '../graph';
import type { PlayerAction } from '../actions';
import { arrive, invasionOf, standingBarrier, stopUnit } from '../movement';
import { staying } from '../displacement';
import type { Rules } from '../rules';
import type { GameState, LocKey, PendingAftermath, UnitState } from '../state';
import { excessEliminated, stackingRoom } from '../stacking';
import { onBoard } from '../state';
import type { Tx } from '../tx';
import { classOf, unitLabels, unitLabel } from '../units';
import { hostileHeld, opensZoneOf, zoneAffecting, zonedBy } from '../zoc';
import { eliminate } from './losses';
import { remindOfTransitAttacks } from './transit';
import { possessive } from '../../words';

const retreatPointer = (combat: string) => joinPointer('/mechanics/combat', combat, 'retreat');
/** The retreat of the aftermath's combat model (a fire-table or an odds-table one). */
const retreatOf = (rules: Rules, a: PendingAftermath): CombatRetreat | undefined => {
  const model = rules.r.mechanics?.combat?.[a.combat];
  return model && 'retreat' in model ? model.retreat : undefined;
};

type Stand = { unit: string; from: LocKey };

/** A retreat of more than one location: how many, each farther from the battle's location. */
export interface Distance {
  locations: number;
  away: LocKey;
}

/**
 * Opens a battle's aftermath, given where each side's units fought: the loser's units of the
 * retreating classes fall back (one location, or a `distance`), then the winner's may advance
 * (settleAftermath plays it on); units that landed in assault do neither.
 */
export function openAftermath(tx: Tx, combat: string, retreat: CombatRetreat, winner: string, winners: readonly Stand[], losers: readonly Stand[], distance?: Distance) {
  // Units that landed in assault never retreat: the assault's end sends them back aboard (assault.ts).
  const landed = new Set(tx.s.assaults?.flatMap((a) => (a.by === 'sea' ? a.units : [])) ?? []);
  const moving = ({ unit }: Stand) => retreat.classes.includes(classOf(tx.rules, tx.s.units[unit])) && !landed.has(unit);
  // Those of the classes that cannot retreat go with the retreat, to be eliminated as a unit with nowhere to go is.
  const falling = ({ unit }: Stand) => retreat.eliminated?.includes(classOf(tx.rules, tx.s.units[unit])) === true && !landed.has(unit);
  tx.s.aftermath = {
    combat,
    winner,
    stage: 'retreat',
    retreating: losers.filter((x) => moving(x) || falling(x)).map((x) => (distance ? { ...x, left: distance.locations } : x)),
    left: [...new Set(losers.map((x) => x.from))],
    advancing: retreat.advance ? winners.filter(moving) : [],
    cite: tx.rules.cite(retreatPointer(combat)),
    ...(distance ? { away: distance.away } : {}),
  };
}

/**
 * Plays the aftermath on as far as it goes without a choice: once no losses await allocation, units
 * with nowhere to retreat are eliminated and those with one place (or no side to choose) go there,
 * unless their side has a retreat to choose (it then retreats its units in the order it likes); the
 * advance follows when every retreat is made, and the aftermath ends when nobody may advance.
 */
export function settleAftermath(tx: Tx) {
  const s = tx.s;
  const a = s.aftermath;
  if (!a || s.losses.length) return;
  if (a.stage === 'retreat') {
    // One unit at a time, looking again after each: a retreat may leave another unit a single place, or none.
    while (settleOne(tx, a));
    if (a.retreating.length) return;
    a.stage = 'advance';
  }
  if (advances(tx).length === 0) s.aftermath = undefined;
}

/**
 * Settles one retreat that needs no choice, if any is left: a unit moved away by hand meanwhile is done,
 * and where no side is choosing where some of its units go (each has a place or none), a unit with one
 * place goes there and one with none is eliminated. A side with a choice to make chooses the order of
 * all its units' retreats, as one retreat may open or close a place to another.
 */
function settleOne(tx: Tx, a: PendingAftermath): boolean {
  const s = tx.s;
  const gone = a.retreating.find((r) => s.units[r.unit].at !== r.from);
  if (gone) {
    a.retreating = a.retreating.filter((x) => x !== gone);
    return true;
  }
  const options = a.retreating.map((r) => ({ r, u: s.units[r.unit], places: retreatPlaces(tx, s.units[r.unit]), chooser: actingSide(tx.rules, s, s.units[r.unit].power) }));
  const choosing = new Set(options.filter((o) => o.places.length > 1 && o.chooser).map((o) => o.chooser));
  const due = options.find((o) => !o.chooser || !choosing.has(o.chooser));
  if (!due) return false;
  const { r, u, places } = due;
  if (places.length === 0) {
    a.retreating = a.retreating.filter((x) => x !== r);
    // Made only when explaining: a headless game reads no events.
    eliminate(tx, u, a.cite, `${unitLabel(tx.rules, u)} cannot retreat from ${tx.rules.label(r.from)} and is eliminated${tx.explains ? nowhereToGo(tx, u) : ''}`);
  } else retreatOne(tx, a, r, places[0], places.length > 1 ? `no side moves ${possessive(tx.rules.party(u.power))} units: the first place open` : 'the only place open');
  return true;
}

/** A unit falls back one location; with more of its retreat to go, it retreats again from there. */
function retreatOne(tx: Tx, a: PendingAftermath, r: PendingAftermath['retreating'][number], to: LocKey, why?: string) {
  const at = a.retreating.indexOf(r);
  const left = (r.left ?? 1) - 1;
  if (left > 0) a.retreating[at] = { unit: r.unit, from: to, left };
  else a.retreating.splice(at, 1);
  shift(tx, a, tx.s.units[r.unit], to, 'retreats', why);
}

/**
 * Where a unit may retreat to, in the order of the board's links: where it could move, free of hostile
 * units (but those it displaces), outside hostile zones that affect retreat unless its side's units of
 * the opening classes stand there, and where stacking allows it (roomFor); or, where the model retreats
 * to the nearest place of some kinds, those its side controls nearest.
 */
function retreatPlaces(tx: Tx, u: UnitState): LocKey[] {
  const g = graphOf(tx.rules);
  const i = g.index.get(u.at);
  if (i === undefined) return [];
  const a = tx.s.aftermath!;
  const retreat = retreatOf(tx.rules, a);
  if (retreat?.eliminated?.includes(classOf(tx.rules, u))) return [];
  if (retreat?.toNearest) return nearestHeld(tx, u, i, retreat.toNearest, retreat.notBeside);
  const bar = retreatBar(tx, u, i);
  return beside(g, i, barredSide(classOf(tx.rules, u))).flatMap((j) => (bar(j) ? [] : [g.keys[j]]));
}

/**
 * Why a unit at location `i` may not retreat into a location beside it, by index (undefined when it may):
 * it could not stand there, it would break a stacking limit its owner may not mend, the location is no
 * farther from the battle, or a hostile zone covers it that no friendly unit there opens.
 */
function retreatBar(tx: Tx, u: UnitState, i: number): (j: number) => string | undefined {
  const g = graphOf(tx.rules);
  const a = tx.s.aftermath!;
  const opening = retreatOf(tx.rules, a)?.zocOpenedBy ?? [];
  // A retreat into a neutral invades it: the zones there spring up as the unit enters ("at the instant of invasion").
  const invading = invasionOf(tx, u);
  const zone = zoneAffecting(tx, u.power, 'retreat', invading);
  const fits = roomFor(tx, u);
  // A retreat of several locations goes farther from the battle with each.
  const steps = a.away === undefined ? undefined : stepsFrom(g, [g.index.get(a.away)!]);
  const opened = (at: LocKey) => unitsThere(tx, at).some((x) => !hostile(tx.s, x.power, u.power) && opening.some((c) => opensZoneOf(tx.rules, classOf(tx.rules, x), c)));
  return (j) => {
    const at = g.keys[j];
    const closed = closedBecause(tx, u, at);
    if (closed) return closed();
    if (!fits(j)) return 'it would break a stacking limit there';
    if (steps && steps[j] <= steps[i]) return `a retreat goes one location at a time, each farther from ${tx.rules.label(a.away!)}, and this one is not`;
    if (zone[j] !== 1 || g.kind[j] === BOX || opened(at)) return undefined;
    const by = zonedBy(tx, u.power, 'retreat', j).map((x) => x.id);
    return `it lies in the zone of control of ${by.length ? unitLabels(tx, by) : 'hostile units'}${invading?.mask[j] ? ', which reaches in as the retreat invades' : ''}${opening.length ? `, with no friendly ${opening.join(' or ')} unit there` : ''}`;
  };
}

/** Why a unit has no place to retreat to, for its elimination's event: its class's rule, or what bars each location beside it. */
function nowhereToGo(tx: Tx, u: UnitState): string {
  const g = graphOf(tx.rules);
  const i = g.index.get(u.at);
  const retreat = retreatOf(tx.rules, tx.s.aftermath!);
  const cls = classOf(tx.rules, u);
  if (i === undefined) return '';
  if (retreat?.eliminated?.includes(cls)) return `: ${cls} units are eliminated rather than retreat`;
  if (retreat?.toNearest) return `: its side controls no ${retreat.toNearest.join(' or ')} it could reach`;
  const bar = retreatBar(tx, u, i);
  const barred = beside(g, i, barredSide(cls)).map((j) => `${tx.rules.label(g.keys[j])}, as ${bar(j)}`);
  return barred.length ? `: not to ${barred.join('; not to ')}` : ': no location lies beside it';
}

/** Why a retreat to a location is refused: it is not one beside the unit it could move to, or that location's bar (see retreatBar). */
function whyNot(tx: Tx, u: UnitState, to: LocKey): string {
  const g = graphOf(tx.rules);
  const i = g.index.get(u.at)!;
  const j = g.index.get(to);
  const bar = j !== undefined && beside(g, i, barredSide(classOf(tx.rules, u))).includes(j) ? retreatBar(tx, u, i)(j) : undefined;
  return bar ?? `a retreat goes to a location beside ${tx.rules.label(u.at)} the unit could move to`;
}

/**
 * Where a unit may end a retreat or an advance as stacking goes, by location index: where it breaks no
 * limit, or anywhere when its owner eliminates the excess at the next check ("any number of units may
 * occupy ... a hex at other times").
 */
const roomFor = (tx: Tx, u: UnitState): ((i: number) => boolean) => (excessEliminated(tx.rules) ? () => true : stackingRoom(tx, u));

/**
 * Why a unit may not end a retreat or an advance at a location, in words made when asked: hostile units it would
 * not displace stand there (in an area too), or it could not be there at all; undefined where it may.
 */
function closedBecause(tx: Tx, u: UnitState, at: LocKey): (() => string) | undefined {
  const there = staying(tx, u, at);
  if (there.length) return () => `${unitLabels(tx, there.map((x) => x.id))} ${there.length > 1 ? 'stand' : 'stands'} there`;
  const barrier = standingBarrier(tx, u.power, classOf(tx.rules, u), at);
  return barrier && (() => barrier.message);
}

/** Whether a unit may not end a retreat or an advance at a location (see closedBecause). */
const closedTo = (tx: Tx, u: UnitState, at: LocKey) => closedBecause(tx, u, at) !== undefined;

/**
 * The locations nearest a unit (in steps it could move, through no hostile units, nor beside hostile
 * units of the `notBeside` classes unless its side's units of the class stand there) that hold a place
 * of some kinds its side controls, in the order a breadth-first search meets them; none within reach, none.
 */
export function nearestHeld(tx: Tx, u: UnitState, start: number, kinds: readonly string[], notBeside?: readonly UnitClass[], prev?: Int32Array): LocKey[] {
  const g = graphOf(tx.rules);
  const party = sideOf(tx.s, u.power) ?? u.power;
  const places = placesOfKind(tx.rules, kinds);
  const held = (j: number) => places.includes(g.keys[j]) && controls(tx.s, g.keys[j], party);
  const barred = notBeside?.length ? besideHostile(tx, u, notBeside) : undefined;
  const open = (j: number) => !closedTo(tx, u, g.keys[j]) && barred?.(j) !== true;
  return nearest(g, start, open, held, barredSide(classOf(tx.rules, u)), prev).map((j) => g.keys[j]);
}

/**
 * The way a retreat to the nearest place of some kinds goes from where the unit stands to `to` (the first
 * the search finds), where it is longer than one location; undefined otherwise.
 */
function retreatRoute(tx: Tx, a: PendingAftermath, u: UnitState, to: LocKey): LocKey[] | undefined {
  const retreat = retreatOf(tx.rules, a);
  const g = graphOf(tx.rules);
  const [start, end] = [g.index.get(u.at), g.index.get(to)];
  if (!retreat?.toNearest || start === undefined || end === undefined) return undefined;
  const prev = new Int32Array(g.keys.length).fill(-1);
  nearestHeld(tx, u, start, retreat.toNearest, retreat.notBeside, prev);
  const path = pathBack(prev, start, end).map((j) => g.keys[j]);
  return path.length > 1 ? path : undefined;
}

/**
 * Whether a location, by index, lies beside hostile units of some classes (across a hexside each class
 * crosses) with none of the unit's side's units of those classes there.
 */
function besideHostile(tx: Tx, u: UnitState, classes: readonly UnitClass[]): (j: number) => boolean {
  const g = graphOf(tx.rules);
  const near = new Uint8Array(g.keys.length);
  for (const cls of classes) {
    hostileHeld(tx, u.power, undefined, [cls]).forEach((h, i) => {
      if (h === 1) for (const j of beside(g, i, barredSide(cls))) near[j] = 1;
    });
  }
  return (j) => near[j] === 1 && !unitsThere(tx, g.keys[j]).some((x) => !hostile(tx.s, x.power, u.power) && classes.includes(classOf(tx.rules, x)));
}

/** A unit retreats or advances (one location, or to the nearest place the model names), taking control there as a move does. */
function shift(tx: Tx, a: PendingAftermath, u: UnitState, to: LocKey, verb: 'retreats' | 'advances', why?: string) {
  const from = u.at;
  const route = verb === 'retreats' ? retreatRoute(tx, a, u, to) : undefined;
  if (route) remindOfTransitAttacks(tx, u, route);
  tx.relocate(u, to);
  const tired = verb === 'retreats' && retreatOf(tx.rules, a)?.exhausts === true;
  if (tired) u.exhausted = true;
  // A unit made to retreat moves no further in a movement step (a fleet attacked in transit, an assault beaten back).
  if (verb === 'retreats') stopUnit(tx, u, { text: 'it retreated after a battle', pointer: retreatPointer(a.combat) });
  // A retreat to the nearest place of some kinds may end where it begins: the unit stands at the nearest already.
  const where = from === to ? `stays at ${tx.rules.label(to)}, the nearest place it retreats to` : `${verb} from ${tx.rules.label(from)} to ${tx.rules.label(to)}`;
  tx.emit(() => ({ kind: 'move', unit: u.id, from, to, path: [to], cost: 0, cite: a.cite, text: `${unitLabel(tx.rules, u)} ${where}${why ? ` (${why})` : ''}${tired ? ', exhausted' : ''}` }));
  arrive(tx, u, from, [to], retreatPointer(a.combat));
}

/** The advances open to the winner: each of its units still where it fought, into a location beside it that the loser left, no hostile unit holds (but those it displaces), and where stacking allows it (roomFor). */
function advances(tx: Tx): { unit: string; to: LocKey }[] {
  const s = tx.s;
  const a = s.aftermath;
  if (!a || a.stage !== 'advance') return [];
  const g = graphOf(tx.rules);
  const open = a.left.filter(onBoard);
  const out: { unit: string; to: LocKey }[] = [];
  for (const { unit, from } of a.advancing) {
    const u = s.units[unit];
    const i = g.index.get(from);
    if (u.at !== from || i === undefined || !actingSide(tx.rules, s, u.power)) continue;
    const near = beside(g, i, barredSide(classOf(tx.rules, u)));
    const fits = roomFor(tx, u);
    for (const at of open) {
      const j = g.index.get(at) ?? -1;
      if (near.includes(j) && fits(j) && !closedTo(tx, u, at)) out.push({ unit, to: at });
    }
  }
  return out;
}

/** The side that must act in the pending aftermath: the loser's to retreat, the winner's to advance. */
export function aftermathSide(rules: Rules, s: GameState): string | undefined {
  const a = s.aftermath;
  if (!a) return undefined;
  const first = a.stage === 'retreat' ? a.retreating[0]?.unit : a.advancing.find(({ unit, from }) => s.units[unit].at === from)?.unit;
  return first ? actingSide(rules, s, s.units[first].power) : undefined;
}

/** The aftermath's legal actions for a side, once no losses await allocation: each retreat still to make, or each advance and declining to advance. */
export function aftermathActions(tx: Tx, side: string): PlayerAction[] {
  const s = tx.s;
  const a = s.aftermath;
  if (!a || aftermathSide(tx.rules, s) !== side) return [];
  if (a.stage === 'retreat') {
    return a.retreating.flatMap(({ unit }) => retreatPlaces(tx, s.units[unit]).map((to): PlayerAction => ({ type: 'retreat', side, unit, to })));
  }
  return [...advances(tx).map(({ unit, to }): PlayerAction => ({ type: 'advance', side, unit, to })), { type: 'endAdvance', side }];
}

/** The `retreat`, `advance` and `endAdvance` actions, once no losses await allocation (the game then settles what follows without a choice). */
export function playAftermath(tx: Tx, action: Extract<PlayerAction, { type: 'retreat' | 'advance' | 'endAdvance' }>) {
  const s = tx.s;
  const a = s.aftermath;
  if (!a) return tx.refuse('no-aftermath', 'no battle awaits its retreat or advance', '/mechanics/combat');
  const cite = a.cite.pointer;
  const side = aftermathSide(tx.rules, s);
  if (action.side !== side) tx.refuse('not-your-turn', `${tx.rules.party(side ?? 'nobody')}, not ${tx.rules.party(action.side)}, ${a.stage === 'retreat' ? 'retreat' : 'advance'} now`, cite);
  if (action.type === 'retreat') {
    if (a.stage !== 'retreat') tx.refuse('not-retreating', 'the retreat is over: the winner may advance', cite);
    const r = a.retreating.find((x) => x.unit === action.unit);
    if (!r) return tx.refuse('not-retreating', `${unitLabels(tx, [action.unit])} has no retreat to make`, cite);
    const u = s.units[r.unit];
    const places = retreatPlaces(tx, u);
    const nearest = retreatOf(tx.rules, a)?.toNearest;
    if (!places.includes(action.to)) {
      tx.refuse('retreat-barred', nearest
        ? `${unitLabel(tx.rules, u)} cannot retreat to ${tx.rules.label(action.to)}: it retreats to the nearest ${nearest.join(' or ')} its side controls (${places.map((p) => tx.rules.label(p)).join(', ') || 'none within reach'})`
        : `${unitLabel(tx.rules, u)} cannot retreat to ${tx.rules.label(action.to)}: ${whyNot(tx, u, action.to)}`, cite);
    }
    retreatOne(tx, a, r, action.to);
  } else {
    if (a.stage !== 'advance') tx.refuse('retreat-pending', `${tx.rules.party(side)} must first retreat ${unitLabels(tx, a.retreating.map((r) => r.unit))}`, cite);
    if (action.type === 'endAdvance') {
      tx.emit(() => ({ kind: 'sequence', what: 'end', id: 'advance', cite: a.cite, text: `No further advance by ${tx.rules.party(action.side)}` }));
      s.aftermath = undefined;
      return;
    }
    if (!advances(tx).some((x) => x.unit === action.unit && x.to === action.to)) tx.refuse('advance-barred', `${unitLabels(tx, [action.unit])} cannot advance to ${tx.rules.label(action.to)}: a unit advances from where it fought into a location beside it that the loser left`, cite);
    shift(tx, a, s.units[action.unit], action.to, 'advances');
  }
}
