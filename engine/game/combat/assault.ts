// Landings among the enemy: amphibious assaults (the transport model's `assault`) and airdrops (the
// movement model's `airdrop`). An assault: a passenger's carrier sails to a place a hostile side controls
// and the passenger lands there beside any hostile units. An airdrop: a unit goes a few locations over
// everything, and may land among hostile units. The location stays contested (its control unchanged)
// until the side's next step running the landing's combat, where its landed units must attack it; an
// assaulted place no hostile unit holds defends with the model's `undefended` strength, and an airdrop
// among units that have since left needs no battle. Once the battle and its retreats are over: where the
// side won and no hostile unit remains there, it takes control; else assaulting units return to a carrier
// (or are eliminated) and the side's carriers there go to the nearest port it holds, and airdropped
// units retreat as a battle's losers do.
import type { Airdrop, AmphibiousAssault, FireTableCombat } from '../../generated/schema-types';
import { joinPointer } from '../../json/pointer';
import type { PlayerAction } from '../actions';
import { actingSide, actsFrom, controllingCamp, hostileAt, placesOfKind, refuseUnlessCommanded, unitsThere } from '../board';
import { takeControl } from '../control';
import { barredSide, graphOf, nearest, within } from '../graph';
import { arrive, movedThisStep, moveUnit, movingUnit, reachable, standingBarrier, stopUnit, type Barrier } from '../movement';
import { currentSlot } from '../sequence-slots';
import type { LocKey, PendingAssault, UnitState } from '../state';
import { camp, carrierOf, onBoard, unitList } from '../state';
import { closedStep, heldAgainst, passengersOf, roomAboard, TRANSPORT } from '../transport';
import type { Tx } from '../tx';
import { classOf, kindOf, unitLabel, unitLabels, unitType } from '../units';
import { cited, missing } from '../values';
import { zoneOfUnit } from '../zoc';
import { nearestHeld, openAftermath, settleAftermath } from './aftermath';
import { attackedBefore } from './again';
import { eliminate } from './losses';
import { roleIn, strengthIn } from './support';

export const ASSAULT = '/mechanics/movement/transport/assault';
export const AIRDROP = '/mechanics/movement/airdrop';

const assaultOf = (tx: Tx): AmphibiousAssault | undefined => {
  const model = tx.rules.r.mechanics?.movement;
  return model?.model === 'hex-grid' ? model.transport?.assault : undefined;
};

const airdropOf = (tx: Tx): Airdrop | undefined => {
  const model = tx.rules.r.mechanics?.movement;
  return model?.model === 'hex-grid' ? model.airdrop : undefined;
};

/** The most movement points an assault's carrier may have spent in the step (its allowance, where the model sets none). */
const carrierMost = (tx: Tx, model: AmphibiousAssault) => cited(tx, model.carrierMoves, joinPointer(ASSAULT, 'carrierMoves'), 'movement points of an amphibious assault') ?? Infinity;

/** Why a passenger may not land in assault at a location now, or undefined. */
export function assaultBarrier(tx: Tx, u: UnitState, carrier: UnitState, to: LocKey): Barrier | undefined {
  const model = assaultOf(tx);
  if (!model) return { code: 'amphibious-assault', message: `the transport model makes no assaults: adjudicate a landing at ${tx.rules.label(to)} by hand`, pointer: TRANSPORT };
  const closed = closedStep(tx);
  if (closed) return closed;
  // The landed units make the attack there: a unit that only supports in that combat could not.
  const combat = tx.rules.r.mechanics?.combat?.[model.combat];
  const cls = classOf(tx.rules, u);
  if (combat?.model === 'fire-table' && roleIn(combat, cls) !== 'attack') return { code: 'assault-class', message: `${unitLabel(tx.rules, u)} is a ${cls} unit, which makes no attack in ${model.combat}: it cannot land in assault, where the units landed attack`, pointer: joinPointer('/mechanics/combat', model.combat, 'attackers') };
  if (!placesOfKind(tx.rules, model.at).includes(to)) return { code: 'assault-where', message: `an assault lands only at a ${model.at.join(' or ')}, which ${tx.rules.label(to)} holds none of`, pointer: joinPointer(ASSAULT, 'at') };
  if (!heldAgainst(tx, u, to)) return { code: 'not-an-assault', message: `${tx.rules.label(to)} is not held by a side hostile to ${tx.rules.party(u.power)}: a landing there is no assault`, pointer: ASSAULT };
  const standing = standingBarrier(tx, u.power, cls, to);
  if (standing) return standing;
  const most = carrierMost(tx, model);
  const i = graphOf(tx.rules).index.get(to) ?? -1;
  const there = carrier.at === to ? (tx.s.step.spent[carrier.id] ?? 0) <= most : reachable(tx, carrier, most, true).find(i) >= 0;
  if (!there) return { code: 'assault-distance', message: `${unitLabel(tx.rules, carrier)} cannot reach ${tx.rules.label(to)} for an assault this step${most < Infinity ? ` (at most ${most} movement points)` : ''}`, pointer: joinPointer(ASSAULT, 'carrierMoves') };
  return undefined;
}

/** The assaults a side's carrier may make now: each of its passengers, at each place in its reach the model lets them assault. */
export function assaultActions(tx: Tx, side: string, carrier: UnitState): PlayerAction[] {
  const model = assaultOf(tx);
  // Asked of every unit listed: only a carrier on the board is looked into.
  if (!model || unitType(tx.rules, carrier)?.capacity === undefined || !onBoard(carrier.at)) return [];
  const passengers = passengersOf(tx.s, carrier.id).filter((p) => actingSide(tx.rules, tx.s, p.power) === side);
  if (!passengers.length || closedStep(tx)) return [];
  const reach = reachable(tx, carrier, carrierMost(tx, model), true);
  const places = [carrier.at, ...reach.places].filter((at) => placesOfKind(tx.rules, model.at).includes(at));
  return passengers.flatMap((p) => places.filter((to) => !assaultBarrier(tx, p, carrier, to)).map((to): PlayerAction => ({ type: 'assault', side, unit: p.id, to })));
}

/** The `assault` action: the passenger's carrier sails to the location (both stop there) and the passenger lands in assault. */
export function assaultUnit(tx: Tx, side: string, unitId: string, to: LocKey) {
  const s = tx.s;
  const u = Object.hasOwn(s.units, unitId) ? s.units[unitId] : undefined;
  if (!u) return tx.refuse('unknown-unit', `no unit "${unitId}" in play`, '/roster');
  refuseUnlessCommanded(tx, side, u, 'move');
  const id = carrierOf(u.at);
  const carrier = id !== undefined && Object.hasOwn(s.units, id) ? s.units[id] : undefined;
  if (!carrier || !onBoard(carrier.at)) return tx.refuse('not-carried', `${unitLabel(tx.rules, u)} is not aboard a carrier on the board`, TRANSPORT);
  const barrier = assaultBarrier(tx, u, carrier, to);
  if (barrier) tx.refuse(barrier.code, barrier.message, barrier.pointer);
  const model = assaultOf(tx)!;
  if (carrier.at !== to) moveUnit(tx, side, carrier.id, to, undefined, { most: carrierMost(tx, model), pointer: joinPointer(ASSAULT, 'carrierMoves') });
  const holder = heldAgainst(tx, u, to)!;
  tx.relocate(u, to);
  for (const x of [carrier, u]) stopUnit(tx, x, { text: 'it made an assault landing', pointer: ASSAULT });
  const cite = tx.rules.cite(ASSAULT);
  tx.emit(() => ({ kind: 'move', unit: u.id, from: `carried:${carrier.id}`, to, path: [to], cost: 0, cite, text: `${unitLabel(tx.rules, u)} lands in assault from ${unitLabel(tx.rules, carrier)} at ${tx.rules.label(to)}, held by ${tx.rules.party(holder)}: the location is contested until ${tx.rules.party(side)} fight there` }));
  // It takes nothing yet: the location changes hands only when the assault is over.
  arrive(tx, u, to, [to], ASSAULT, false);
  contest(tx, { at: to, by: 'sea', side, combat: model.combat, units: [u.id], cite });
}

/** Records a landing among the enemy, joining the side's landing of the same kind still to be fought there. */
function contest(tx: Tx, landing: PendingAssault) {
  const s = tx.s;
  const open = (s.assaults ?? []).find((a) => a.at === landing.at && a.side === landing.side && a.by === landing.by && !a.outcome);
  if (open) open.units.push(...landing.units);
  else s.assaults = [...(s.assaults ?? []), landing];
}

/** Why a unit may not airdrop now, wherever to, or undefined. */
function dropBarrier(tx: Tx, model: Airdrop | undefined, u: UnitState): Barrier | undefined {
  if (!model) return { code: 'no-airdrop', message: 'the movement model has no airdrops', pointer: '/mechanics/movement' };
  if (!model.kinds.includes(kindOf(tx.rules, u) ?? '')) return { code: 'airdrop-kind', message: `${unitLabel(tx.rules, u)} does not airdrop: only ${model.kinds.join(', ')} units do`, pointer: joinPointer(AIRDROP, 'kinds') };
  if (model.steps && !model.steps.includes(currentSlot(tx.rules, tx.s)?.stepId ?? '')) return { code: 'airdrop-step', message: 'airdrops are not allowed in this step', pointer: joinPointer(AIRDROP, 'steps') };
  if (movedThisStep(tx, u)) return { code: 'airdrop-after-move', message: `${unitLabel(tx.rules, u)} has already moved this step: an airdrop is its move`, pointer: AIRDROP };
  return undefined;
}

/** Where a unit may airdrop to, before what bars it from a location: every location within the model's range but its own, by index. */
function dropRange(tx: Tx, model: Airdrop, u: UnitState): { range: number; reach: number[] } {
  const g = graphOf(tx.rules);
  const range = cited(tx, model.range, joinPointer(AIRDROP, 'range'), 'airdrop range', 'count') ?? 0;
  const from = g.index.get(u.at);
  return { range, reach: from === undefined ? [] : within(g, from, range).filter((i) => i !== from) };
}

/** Why a unit may not airdrop to a location now, or undefined. */
export function airdropBarrier(tx: Tx, u: UnitState, to: LocKey): Barrier | undefined {
  const model = airdropOf(tx);
  const barrier = dropBarrier(tx, model, u);
  if (barrier) return barrier;
  const { range, reach } = dropRange(tx, model!, u);
  if (!reach.includes(graphOf(tx.rules).index.get(to) ?? -1)) return { code: 'airdrop-range', message: `${tx.rules.label(to)} is not within ${range} of ${tx.rules.label(u.at)}`, pointer: joinPointer(AIRDROP, 'range') };
  return standingBarrier(tx, u.power, classOf(tx.rules, u), to);
}

/** The airdrops a unit may make now: to each location within range it could stand in. */
export function airdropActions(tx: Tx, side: string, u: UnitState): PlayerAction[] {
  const model = airdropOf(tx);
  // Asked of every unit listed: only a unit of the kinds named is looked into further.
  if (!model?.kinds.includes(kindOf(tx.rules, u) ?? '') || dropBarrier(tx, model, u)) return [];
  const g = graphOf(tx.rules);
  return dropRange(tx, model, u).reach.flatMap((i): PlayerAction[] => (standingBarrier(tx, u.power, classOf(tx.rules, u), g.keys[i]) ? [] : [{ type: 'airdrop', side, unit: u.id, to: g.keys[i] }]));
}

/** The `airdrop` action: the unit goes there over everything and stops; among hostile units it must attack them in the step the model names. */
export function airdropUnit(tx: Tx, side: string, unitId: string, to: LocKey) {
  const u = movingUnit(tx, side, unitId);
  const barrier = airdropBarrier(tx, u, to);
  if (barrier) tx.refuse(barrier.code, barrier.message, barrier.pointer);
  const model = airdropOf(tx)!;
  const from = u.at;
  const among = hostileAt(tx, to, u.power).length > 0;
  tx.relocate(u, to);
  stopUnit(tx, u, { text: 'it airdropped', pointer: AIRDROP });
  const cite = tx.rules.cite(AIRDROP);
  tx.emit(() => ({ kind: 'move', unit: u.id, from, to, path: [to], cost: 0, cite, text: `${unitLabel(tx.rules, u)} airdrops from ${tx.rules.label(from)} to ${tx.rules.label(to)}${among ? `, among hostile units: it must attack them` : ''}` }));
  arrive(tx, u, from, [to], AIRDROP, !among);
  if (among) contest(tx, { at: to, by: 'air', side, combat: model.combat, units: [u.id], cite });
}

/** A side's landing among the enemy at a location still to be fought in a combat, or undefined. */
export function assaultAt(tx: Tx, side: string, combat: string, at: LocKey): PendingAssault | undefined {
  return tx.s.assaults?.find((a) => a.side === side && a.at === at && a.combat === combat && !a.outcome);
}

/** A side's landing at a location still to be fought in a combat other than `combat`: an attack there waits for it (the landed units attack there first). */
export function assaultFirst(tx: Tx, side: string, combat: string, at: LocKey): PendingAssault | undefined {
  return tx.s.assaults?.find((a) => a.side === side && a.at === at && a.combat !== combat && !a.outcome && assaulting(tx, a).length > 0);
}

/** A side's landings still to be fought in the combats a step runs, with units of theirs still at them that may attack this step. */
export function assaultsToFight(tx: Tx, side: string, combats: readonly string[]): PendingAssault[] {
  const before = attackedBefore(tx);
  const ready = (u: UnitState) => !u.exhausted && !tx.s.step.attackers.includes(u.id) && before?.(u) === undefined;
  return (tx.s.assaults ?? []).filter((a) => a.side === side && combats.includes(a.combat) && !a.outcome && assaulting(tx, a).some(ready));
}

/** Refuses an attack elsewhere by a unit landed among the enemy, in the combat where it must attack there. */
export function refuseLandedElsewhere(tx: Tx, side: string, combat: string, u: UnitState, target: LocKey) {
  const a = tx.s.assaults?.find((x) => x.side === side && x.combat === combat && !x.outcome && x.at === u.at && x.units.includes(u.id));
  if (a && a.at !== target) tx.refuse('assault-units', `${unitLabel(tx.rules, u)}, landed among the enemy at ${tx.rules.label(a.at)}, attacks there first`, a.by === 'sea' ? ASSAULT : AIRDROP);
}

/** An assault's units still where they landed. */
const assaulting = (tx: Tx, a: PendingAssault) => a.units.map((id) => tx.s.units[id]).filter((u) => u.at === a.at);

/** The units landed at a landing's location that an attack there by these units leaves out: they must attack. */
export const leftOut = (tx: Tx, a: PendingAssault, attackers: readonly string[]) => assaulting(tx, a).filter((u) => !attackers.includes(u.id));

/** Refuses an attack on a landing's location that leaves out some of its landed units. */
export function refuseWithoutAssaulters(tx: Tx, a: PendingAssault, attackers: readonly string[]) {
  const missing = leftOut(tx, a, attackers);
  if (missing.length) tx.refuse('assault-units', `the units that landed ${a.by === 'sea' ? 'in assault' : 'by airdrop'} at ${tx.rules.label(a.at)} must attack it: ${unitLabels(tx, missing.map((u) => u.id))}`, a.by === 'sea' ? ASSAULT : AIRDROP);
}

/**
 * The strength defending an assaulted location where no hostile unit stands, explained: the defending
 * camp's units not exhausted that project a zone into it, counted in the model's groups, divided; or the
 * model's strength where none of the classes it names does.
 */
export function undefendedStrength(tx: Tx, fireModel: FireTableCombat, at: LocKey, defending: string): number {
  const model = assaultOf(tx)!.undefended;
  const pointer = joinPointer(ASSAULT, 'undefended');
  if (!model) return missing(tx, pointer, `strength defending ${tx.rules.label(at)}, assaulted where no unit stands`) ?? 0;
  const i = graphOf(tx.rules).index.get(at) ?? -1;
  const projecting = unitList(tx.s).filter((u) => actsFrom(tx.rules, tx.s, u) !== undefined && !u.exhausted && camp(tx.s, u.power) === defending && zoneOfUnit(tx, u)?.includes(i));
  const cite = tx.rules.cite(pointer);
  if (model.withoutZoneOf && !projecting.some((u) => model.withoutZoneOf!.includes(classOf(tx.rules, u)))) {
    const strength = cited(tx, model.strength, joinPointer(pointer, 'strength'), 'strength of an assaulted place into which no unit projects a zone') ?? 0;
    tx.emit(() => ({ kind: 'effect', op: 'assault-defence', cite, text: `No ${model.withoutZoneOf!.join(' or ')} unit of ${tx.rules.party(defending)} projects a zone into ${tx.rules.label(at)}: it defends with ${strength}` }));
    return strength;
  }
  const counted: UnitState[] = [];
  const left = [...projecting];
  for (const group of model.counts) {
    const fits = left.filter((u) => (!group.kinds || group.kinds.includes(kindOf(tx.rules, u) ?? '')) && (!group.classes || group.classes.includes(classOf(tx.rules, u))));
    const taken = group.most === undefined ? fits : [...fits].sort((a, b) => strengthIn(tx, fireModel, [b]) - strengthIn(tx, fireModel, [a])).slice(0, group.most);
    counted.push(...taken);
    for (const u of fits) left.splice(left.indexOf(u), 1);
  }
  const whole = strengthIn(tx, fireModel, counted);
  const divisor = cited(tx, model.divisor, joinPointer(pointer, 'divisor'), 'divisor of an assaulted place\'s strength') ?? 1;
  const strength = Math.floor(whole / divisor);
  tx.emit(() => ({ kind: 'effect', op: 'assault-defence', cite, text: `No unit defends ${tx.rules.label(at)}: ${counted.length ? `${unitLabels(tx, counted.map((u) => u.id))}, projecting zones into it, give ${whole}${divisor !== 1 ? ` ÷ ${divisor}` : ''}` : 'nothing projects a zone into it'}; it defends with ${strength}` }));
  return strength;
}

/**
 * Ends each landing among the enemy whose battle and retreats are over (or, dropped from the air, whose
 * hostile units have left before it), and drops those none of whose units still stand where they landed:
 * where the side won (or nobody was left to fight) and no hostile unit remains there, it takes control;
 * else assaulting units board a friendly carrier there with room (or are eliminated) and the side's
 * carriers there go to the nearest port it holds (or the nearest place free of hostile units), and
 * airdropped units retreat.
 */
export function settleAssaults(tx: Tx) {
  const s = tx.s;
  if (!s.assaults?.length || s.losses.length || s.aftermath || s.defense || s.strike) return;
  for (const a of [...s.assaults]) {
    const here = assaulting(tx, a);
    const power = here[0]?.power;
    const clear = here.length > 0 && hostileAt(tx, a.at, power).length === 0;
    // An airdrop among units that have since left has nobody to fight.
    if (!a.outcome && here.length && !(a.by === 'air' && clear)) continue;
    s.assaults = s.assaults.filter((x) => x !== a);
    if (!here.length) continue;
    if (clear && (a.outcome === 'won' || a.by === 'air')) takeControl(tx, a.at, power, a.cite.pointer);
    else if (a.by === 'air') retreatFrom(tx, a, here);
    else {
      for (const u of here) reembark(tx, u, a);
      for (const c of unitsThere(tx, a.at).filter((x) => camp(s, x.power) === a.side && roomAboard(tx, x) !== undefined)) withdraw(tx, c);
    }
  }
  if (!s.assaults.length) s.assaults = undefined;
}

/** Airdropped units still sharing the location with hostile units after the battle retreat from it as a battle's losers do (settleAftermath plays it out). */
function retreatFrom(tx: Tx, a: PendingAssault, here: readonly UnitState[]) {
  const model = tx.rules.r.mechanics?.combat?.[a.combat] as FireTableCombat | undefined;
  const loser = here.map((u) => ({ unit: u.id, from: a.at }));
  if (model?.retreat) {
    openAftermath(tx, a.combat, model.retreat, controllingCamp(tx.rules, tx.s, a.at) ?? a.side, [], loser);
    return settleAftermath(tx);
  }
  for (const u of here) eliminate(tx, u, a.cite, `${unitLabel(tx.rules, u)} shares ${tx.rules.label(a.at)} with hostile units after the battle and, with no retreat in ${a.combat}, is eliminated`);
}

/** An assaulting unit that did not take the location boards a friendly carrier there with room, or is eliminated. */
function reembark(tx: Tx, u: UnitState, a: PendingAssault) {
  const carrier = unitsThere(tx, a.at).find((c) => camp(tx.s, c.power) === a.side && (roomAboard(tx, c) ?? 0) > 0);
  if (!carrier) return eliminate(tx, u, a.cite, `${unitLabel(tx.rules, u)} finds no carrier at ${tx.rules.label(a.at)} after the assault and is eliminated`);
  tx.relocate(u, `carried:${carrier.id}`);
  tx.emit(() => ({ kind: 'move', unit: u.id, from: a.at, to: u.at, path: [], cost: 0, cite: a.cite, text: `${unitLabel(tx.rules, u)} returns aboard ${unitLabel(tx.rules, carrier)}: the assault on ${tx.rules.label(a.at)} did not take it` }));
}

/** A carrier of the assaulting side leaves the contested location for the nearest port its side holds, or else the nearest place free of hostile units; none within reach, it is eliminated. */
function withdraw(tx: Tx, c: UnitState) {
  const g = graphOf(tx.rules);
  const start = g.index.get(c.at)!;
  const kinds = assaultOf(tx)!.at;
  const free = (j: number) => hostileAt(tx, g.keys[j], c.power).length === 0 && !standingBarrier(tx, c.power, classOf(tx.rules, c), g.keys[j]);
  const to = nearestHeld(tx, c, start, kinds)[0] ?? g.keys[nearest(g, start, free, (j) => j !== start && free(j), barredSide(classOf(tx.rules, c)))[0] ?? -1];
  const cite = tx.rules.cite(ASSAULT);
  if (to === undefined) return eliminate(tx, c, cite, `${unitLabel(tx.rules, c)} has nowhere to go from ${tx.rules.label(c.at)} after the assault and is eliminated`);
  const from = c.at;
  tx.relocate(c, to);
  tx.emit(() => ({ kind: 'move', unit: c.id, from, to, path: [to], cost: 0, cite, text: `${unitLabel(tx.rules, c)} leaves ${tx.rules.label(from)}, still held against the assault, for ${tx.rules.label(to)}` }));
}
