// Units carried by others (fleets): a carrier is a unit whose type has a capacity. In a movement step
// a passenger and a carrier that have not moved yet and stand together where boarding is allowed board; the passenger is then at `carried:<carrier>`,
// off the board, goes where the carrier goes and is lost with it. It lands where the carrier stands,
// if it could enter that location and neither hostile units hold it nor a hostile camp controls it
// (that would be an assault: combat/assault.ts), and moves no further that step, unless it lands at a
// place of the kinds where the model lets it move on, held by its side.
import { joinPointer } from '../json/pointer';
import { actingSide, controllingCamp, controls, placesOfKind, refuseUnlessCommanded, sideOf, unitsThere } from './board';
import { arrive, entryBarrier, movedThisStep, movingUnit, stopUnit, type Barrier } from './movement';
import type { PlayerAction } from './actions';
import type { GameState, LocKey, UnitState } from './state';
import { carrierOf, onBoard, unitList } from './state';
import type { Tx } from './tx';
import { classOf, unitType, unitLabels, unitLabel } from './units';
import { cited } from './values';
import { currentSlot } from './sequence-slots';
import { counted } from '../words';

export const TRANSPORT = '/mechanics/movement/transport';

/** The movement model's transport, where it carries units. */
export const transportOf = (tx: Tx) => {
  const model = tx.rules.r.mechanics?.movement;
  return model?.model === 'hex-grid' ? model.transport : undefined;
};

/** The units a carrier holds. */
export const passengersOf = (s: Pick<GameState, 'units'>, carrier: string) => unitList(s).filter((u) => u.at === `carried:${carrier}`);

/** Why units neither board nor land in the current step, or undefined. */
export function closedStep(tx: Tx): Barrier | undefined {
  const steps = transportOf(tx)?.steps;
  if (steps && !steps.includes(currentSlot(tx.rules, tx.s)?.stepId ?? '')) return { code: 'transport-step', message: 'units neither board nor land in this step', pointer: joinPointer(TRANSPORT, 'steps') };
  return undefined;
}

/** How many more passengers a unit may carry now (undefined for a unit that carries none; a gap asks the tester). */
export function roomAboard(tx: Tx, carrier: UnitState): number | undefined {
  const capacity = cited(tx, unitType(tx.rules, carrier)?.capacity, joinPointer('/unitTypes', carrier.type, 'capacity'), `units a ${carrier.type} carries`, 'count') ?? 0;
  return capacity > 0 ? capacity - passengersOf(tx.s, carrier.id).length : undefined;
}

/** The side other than a unit's that controls a location (a landing there would be an assault), or undefined. */
export function heldAgainst(tx: Tx, u: UnitState, at: LocKey): string | undefined {
  const holder = controllingCamp(tx.rules, tx.s, at);
  return holder !== undefined && tx.rules.sides.includes(holder) && holder !== (sideOf(tx.s, u.power) ?? u.power) ? holder : undefined;
}

/** Why a unit may not board a carrier now, or undefined. */
export function boardBarrier(tx: Tx, u: UnitState, carrier: UnitState): Barrier | undefined {
  const t = transportOf(tx);
  if (!t) return { code: 'no-transport', message: 'the movement model carries no units', pointer: '/mechanics/movement' };
  const closed = closedStep(tx);
  if (closed) return closed;
  if (!t.passengers.includes(classOf(tx.rules, u))) return { code: 'not-passenger', message: `${classOf(tx.rules, u)} units are not carried`, pointer: joinPointer(TRANSPORT, 'passengers') };
  const room = roomAboard(tx, carrier);
  if (room === undefined) return { code: 'not-carrier', message: `${unitLabel(tx.rules, carrier)} carries no units`, pointer: joinPointer('/unitTypes', carrier.type, 'capacity') };
  if (actingSide(tx.rules, tx.s, carrier.power) !== actingSide(tx.rules, tx.s, u.power)) return { code: 'not-yours', message: `${unitLabel(tx.rules, u)}'s side does not move ${unitLabel(tx.rules, carrier)}`, pointer: joinPointer('/powers', carrier.power) };
  if (carrier.at !== u.at || !onBoard(u.at)) return { code: 'not-together', message: `${unitLabel(tx.rules, u)} and ${unitLabel(tx.rules, carrier)} do not stand together`, pointer: TRANSPORT };
  if (movedThisStep(tx, u) || landedThisStep(tx, u) || movedThisStep(tx, carrier)) return { code: 'board-after-move', message: `${unitLabel(tx.rules, u)} and ${unitLabel(tx.rules, carrier)} must board before either moves this step`, pointer: TRANSPORT };
  const where = boardingBarrier(tx, u.at);
  if (where) return where;
  if (room <= 0) return { code: 'carrier-full', message: `${unitLabel(tx.rules, carrier)} holds ${counted(passengersOf(tx.s, carrier.id).length, 'passenger')} already`, pointer: joinPointer('/unitTypes', carrier.type, 'capacity') };
  return undefined;
}

/** Why units may not board at a location, whoever stands there, or undefined: the model's `boardAt` kinds of place, and boxes where it allows boarding in them. */
export function boardingBarrier(tx: Tx, at: LocKey): Barrier | undefined {
  const t = transportOf(tx);
  const kinds = t?.boardAt;
  if (kinds && !placesOfKind(tx.rules, kinds).includes(at) && !(t.boardInBoxes && at.startsWith('box:'))) return { code: 'board-where', message: `units board only at a ${kinds.join(' or ')}${t.boardInBoxes ? ' or in a box' : ''}`, pointer: joinPointer(TRANSPORT, 'boardAt') };
  return undefined;
}

/**
 * Why a unit could not land at a location, were a carrier holding it there (the location's part of `landBarrier`), or
 * undefined. A landing is made ashore: never where the map gives only sea, not even by a unit that may fly over it.
 */
export function landingBarrier(tx: Tx, u: UnitState, at: LocKey): Barrier | undefined {
  if (tx.rules.mediumOf(at) === 'sea') return { code: 'landing-at-sea', message: `${unitLabel(tx.rules, u)} lands only ashore, and ${tx.rules.label(at)} is all sea`, pointer: TRANSPORT };
  const barrier = entryBarrier(tx, u, at);
  if (barrier) return barrier;
  const holder = heldAgainst(tx, u, at);
  const assaults = transportOf(tx)?.assault !== undefined;
  if (holder) return { code: 'amphibious-assault', message: `landing in ${tx.rules.label(at)}, which ${tx.rules.party(holder)} controls, is an assault${assaults ? ' (assault)' : ': adjudicate it by hand'}`, pointer: assaults ? `${TRANSPORT}/assault` : TRANSPORT };
  return undefined;
}

/** Why a passenger may not land now, or undefined. */
export function landBarrier(tx: Tx, u: UnitState): Barrier | undefined {
  const id = carrierOf(u.at);
  const carrier = id !== undefined && Object.hasOwn(tx.s.units, id) ? tx.s.units[id] : undefined;
  if (!carrier || !onBoard(carrier.at)) return { code: 'not-carried', message: `${unitLabel(tx.rules, u)} is not aboard a carrier on the board`, pointer: TRANSPORT };
  const closed = closedStep(tx);
  if (closed) return closed;
  return landingBarrier(tx, u, carrier.at);
}

/** The `board` action: the passenger joins the carrier. */
export function boardUnit(tx: Tx, side: string, unitId: string, carrierId: string) {
  const u = movingUnit(tx, side, unitId);
  const carrier = Object.hasOwn(tx.s.units, carrierId) ? tx.s.units[carrierId] : undefined;
  if (!carrier) return tx.refuse('unknown-unit', `no unit "${carrierId}" in play`, '/roster');
  const barrier = boardBarrier(tx, u, carrier);
  if (barrier) tx.refuse(barrier.code, barrier.message, barrier.pointer);
  const at = u.at;
  tx.relocate(u, `carried:${carrier.id}`);
  tx.emit(() => ({ kind: 'move', unit: u.id, from: at, to: u.at, path: [], cost: 0, cite: tx.rules.cite(TRANSPORT), text: `${unitLabel(tx.rules, u)} boards ${unitLabel(tx.rules, carrier)} at ${tx.rules.label(at)}` }));
}

/** Whether a passenger landed this step where it may move on (it may not board again). */
const landedThisStep = (tx: Tx, u: UnitState) => tx.s.step.landed?.includes(u.id) === true;

/** Whether a passenger landing at a location may move on this step: a place of the kinds the model names there, which its side controls. */
function movesOnFrom(tx: Tx, u: UnitState, at: LocKey): boolean {
  const kinds = transportOf(tx)?.movesOnAt;
  return !!kinds && placesOfKind(tx.rules, kinds).includes(at) && controls(tx.s, at, sideOf(tx.s, u.power) ?? u.power);
}

/** The `land` action: the passenger leaves its carrier where the carrier stands, and moves no further this step (unless where the model lets it move on). */
export function landUnit(tx: Tx, side: string, unitId: string) {
  const s = tx.s;
  const u = Object.hasOwn(s.units, unitId) ? s.units[unitId] : undefined;
  if (!u) return tx.refuse('unknown-unit', `no unit "${unitId}" in play`, '/roster');
  refuseUnlessCommanded(tx, side, u, 'move');
  const barrier = landBarrier(tx, u);
  if (barrier) tx.refuse(barrier.code, barrier.message, barrier.pointer);
  const carrier = carrierOf(u.at)!;
  const to = s.units[carrier].at;
  const movesOn = movesOnFrom(tx, u, to);
  tx.relocate(u, to);
  if (movesOn) (s.step.landed ??= []).push(u.id);
  else stopUnit(tx, u, { text: `it landed from ${unitLabels(tx, [carrier])}`, pointer: TRANSPORT });
  const cite = tx.rules.cite(movesOn ? joinPointer(TRANSPORT, 'movesOnAt') : TRANSPORT);
  tx.emit(() => ({ kind: 'move', unit: u.id, from: `carried:${carrier}`, to, path: [to], cost: 0, cite, text: `${unitLabel(tx.rules, u)} lands from ${unitLabels(tx, [carrier])} at ${tx.rules.label(to)}${movesOn ? ', and may move on this step' : ''}` }));
  // Aboard, it stood where its carrier stands: landing crosses no border.
  arrive(tx, u, to, [to], TRANSPORT);
}

/** Boarding and landing open to a side's unit in a movement step: as a passenger, onto each carrier beside it; as a carrier, each passenger it may land. */
export function transportActions(tx: Tx, side: string, u: UnitState): PlayerAction[] {
  if (!transportOf(tx)) return [];
  const actions: PlayerAction[] = [];
  for (const p of passengersOf(tx.s, u.id)) if (!landBarrier(tx, p)) actions.push({ type: 'land', side, unit: p.id });
  if (onBoard(u.at)) for (const c of unitsThere(tx, u.at)) if (c !== u && !boardBarrier(tx, u, c)) actions.push({ type: 'board', side, unit: u.id, carrier: c.id });
  return actions;
}
