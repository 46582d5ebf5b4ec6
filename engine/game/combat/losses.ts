// Loss points taken by a side: fortifications absorb first where the model says so; the rest fall on
// the side's other units, chosen by their owner unless there is no choice to make.
import { actingSide } from '../board';
import type { Cite } from '../log';
import type { Rules } from '../rules';
import type { GameState, PendingLoss, UnitState } from '../state';
import type { Tx } from '../tx';
import { passengersOf } from '../transport';
import { classOf, stepsLeft, unitLabels, unitLabel } from '../units';
import { counted } from '../../words';

/** Takes one step (or, per unit, the whole unit) from a unit. */
export function hit(tx: Tx, u: UnitState, perStep: boolean, cite: Cite) {
  tx.setSteps(u, perStep ? u.stepsLost + 1 : u.stepsLost + stepsLeft(tx.rules, u));
  if (stepsLeft(tx.rules, u) <= 0) eliminate(tx, u, cite, `${unitLabel(tx.rules, u)} is eliminated`, 1);
  else tx.emit(() => ({ kind: 'loss', unit: u.id, steps: 1, eliminated: false, cite, text: `${unitLabel(tx.rules, u)} loses a step` }));
}

/** Takes a unit out of play (after losing `steps` more), and the units it carries with it. */
export function eliminate(tx: Tx, u: UnitState, cite: Cite, text: string, steps = 0) {
  tx.relocate(u, 'eliminated');
  u.exhausted = undefined;
  tx.emit(() => ({ kind: 'loss', unit: u.id, steps, eliminated: true, cite, text }));
  for (const p of passengersOf(tx.s, u.id)) eliminate(tx, p, cite, `${unitLabel(tx.rules, p)} is lost with ${unitLabel(tx.rules, u)}`);
}

const capacity = (tx: Tx, units: UnitState[], perStep: boolean) => (perStep ? units.reduce((n, u) => n + stepsLeft(tx.rules, u), 0) : units.length);

/** Loss points the fortifications among units would absorb, when they absorb first. */
export function absorbable(tx: Tx, units: UnitState[], points: number, perStep: boolean, fortsFirst: boolean): number {
  return fortsFirst ? Math.min(points, capacity(tx, units.filter((u) => classOf(tx.rules, u) === 'fortification'), perStep)) : 0;
}

/** Inflicts loss points, allocated by the units' owner or the `chooser` given; returns the points fortifications absorbed. */
export function inflict(tx: Tx, units: UnitState[], points: number, perStep: boolean, fortsFirst: boolean, cite: Cite, chooser?: string): number {
  let left = points;
  let absorbed = 0;
  const forts = fortsFirst ? units.filter((u) => classOf(tx.rules, u) === 'fortification') : [];
  for (const f of forts) {
    while (left > 0 && f.at !== 'eliminated') {
      hit(tx, f, perStep, cite);
      absorbed++;
      left--;
    }
  }
  const rest = units.filter((u) => !forts.includes(u) && u.at !== 'eliminated');
  if (left <= 0 || rest.length === 0) return absorbed;
  if (left >= capacity(tx, rest, perStep) || rest.length === 1) {
    for (let i = 0; i < left && rest.some((u) => u.at !== 'eliminated'); i++) hit(tx, rest.find((u) => u.at !== 'eliminated')!, perStep, cite);
    return absorbed;
  }
  const owner = chooser ?? actingSide(tx.rules, tx.s, rest[0].power);
  if (!owner) {
    hitInTurn(tx, rest, left, perStep, cite);
    return absorbed;
  }
  const n = (tx.s.serials['#loss'] ?? 0) + 1;
  tx.s.serials['#loss'] = n;
  const pending: PendingLoss = { id: `loss-${n}`, side: owner, points: left, units: rest.map((u) => u.id), perStep, cite };
  tx.s.losses.push(pending);
  tx.emit(() => ({ kind: 'allocation', side: owner, points: left, cite, text: perStep ? `${tx.rules.party(owner)} must allocate ${counted(left, 'loss point')} among ${unitLabels(tx, pending.units)}` : `${tx.rules.party(owner)} must eliminate ${left} of ${unitLabels(tx, pending.units)}` }));
  return absorbed;
}

/** Loss points taken with no one to choose: each full-strength unit first, then round the survivors again. */
function hitInTurn(tx: Tx, units: UnitState[], points: number, perStep: boolean, cite: Cite) {
  spread(tx.rules, units.filter((u) => u.at !== 'eliminated'), perStep).slice(0, points).forEach((u) => hit(tx, u, perStep, cite));
}

/** Hits in order: each full-strength unit first, then again round the survivors. */
function spread(rules: Rules, units: UnitState[], perStep: boolean): UnitState[] {
  const left = new Map(units.map((u) => [u.id, perStep ? stepsLeft(rules, u) : 1]));
  const order: UnitState[] = [];
  const byStrength = [...units].sort((a, b) => a.stepsLost - b.stepsLost);
  while ([...left.values()].some((n) => n > 0)) {
    for (const u of byStrength) {
      if (left.get(u.id)! <= 0) continue;
      order.push(u);
      left.set(u.id, left.get(u.id)! - 1);
    }
  }
  return order;
}

/** Pending losses allocated as they fall with no one to choose (full-strength units first): an estimate's assumption. */
export function spreadAllocation(rules: Rules, s: GameState, pending: PendingLoss): string[] {
  const units = pending.units.map((id) => s.units[id]).filter((u) => u.at !== 'eliminated');
  return spread(rules, units, pending.perStep).slice(0, lossRoom(rules, s, pending).due).map((u) => u.id);
}

/** Hits in order: one unit until it is gone, then the next. */
export function concentrate(tx: Tx, units: UnitState[], perStep: boolean): UnitState[] {
  return units.flatMap((u) => Array.from({ length: perStep ? stepsLeft(tx.rules, u) : 1 }, () => u));
}

/** What losses awaiting allocation leave to choose: the points due (no more than their units can take) and the points each unit still in play can take. */
export function lossRoom(rules: Rules, s: GameState, pending: PendingLoss): { due: number; room: Record<string, number> } {
  const room: Record<string, number> = {};
  for (const id of pending.units) if (s.units[id].at !== 'eliminated') room[id] = pending.perStep ? stepsLeft(rules, s.units[id]) : 1;
  return { due: Math.min(pending.points, Object.values(room).reduce((a, b) => a + b, 0)), room };
}

/** Most choices of whole units to lose listed one by one; with more, the two orders alone (the play page's loss picker takes any). */
const MAX_LISTED_CHOICES = 20;

/**
 * The allocations a listing offers for pending losses, every one when there are few enough: which units
 * take the steps (as many on each as it has), or, where each point eliminates a whole unit (an
 * over-stack's excess), which units go; else hits spread over the units and hits concentrated on one after another.
 */
export function lossChoices(tx: Tx, pending: PendingLoss): string[][] {
  const units = pending.units.map((id) => tx.s.units[id]).filter((u) => u.at !== 'eliminated');
  const { due, room } = lossRoom(tx.rules, tx.s, pending);
  const every = pending.perStep ? stepChoices(units.map((u) => u.id), room, due, MAX_LISTED_CHOICES) : choices(units.map((u) => u.id), due, MAX_LISTED_CHOICES);
  if (every) return every;
  const orders = [spread(tx.rules, units, pending.perStep), concentrate(tx, units, pending.perStep)].map((o) => o.slice(0, due).map((u) => u.id));
  return [...new Map(orders.map((o) => [o.join(','), o])).values()];
}

/** Every choice of k of the ids, in their order; undefined when there are more than `most`. */
function choices(ids: readonly string[], k: number, most: number): string[][] | undefined {
  let count = 1;
  for (let i = 0; i < k; i++) if ((count = (count * (ids.length - i)) / (i + 1)) > most) return undefined;
  const out: string[][] = [];
  const pick = (from: number, chosen: string[]) => {
    if (chosen.length === k) return void out.push(chosen);
    for (let i = from; i <= ids.length - (k - chosen.length); i++) pick(i + 1, [...chosen, ids[i]]);
  };
  pick(0, []);
  return out;
}

/** Every way to put k steps on the ids, each taking no more than its room (ids in their order, repeated per step); undefined when there are more than `most`. */
function stepChoices(ids: readonly string[], room: Record<string, number>, k: number, most: number): string[][] | undefined {
  const out: string[][] = [];
  const pick = (from: number, left: number, chosen: string[]): boolean => {
    if (left === 0) return out.push(chosen) <= most;
    for (let i = from; i < ids.length; i++) {
      for (let n = Math.min(left, room[ids[i]] ?? 0); n >= 1; n--) if (!pick(i + 1, left - n, [...chosen, ...Array<string>(n).fill(ids[i])])) return false;
    }
    return true;
  };
  return pick(0, k, []) ? out : undefined;
}

/** The `allocate` action: one unit id per loss point, in the order the hits fall. */
export function allocateLosses(tx: Tx, side: string, lossId: string, unitIds: string[]) {
  const pending = tx.s.losses.find((l) => l.id === lossId);
  if (!pending) return tx.refuse('no-such-loss', `no losses "${lossId}" await allocation`, '/mechanics/combat');
  if (pending.side !== side) tx.refuse('not-yours', `${tx.rules.party(pending.side)}, not ${tx.rules.party(side)}, allocate these losses`, pending.cite.pointer);
  const { due, room } = lossRoom(tx.rules, tx.s, pending);
  if (unitIds.length !== due) tx.refuse('allocation-count', `allocate exactly ${counted(due, 'loss point')}, one unit id each`, pending.cite.pointer);
  const taken = new Map<string, number>();
  for (const id of unitIds) {
    if (!Object.hasOwn(room, id)) tx.refuse('allocation-unit', `${unitLabels(tx, [id])} is not among the units taking these losses`, pending.cite.pointer);
    taken.set(id, (taken.get(id) ?? 0) + 1);
    if (taken.get(id)! > room[id]) tx.refuse('allocation-excess', `${unitLabels(tx, [id])} cannot take ${counted(taken.get(id)!, 'loss point')}`, pending.cite.pointer);
  }
  for (const id of unitIds) hit(tx, tx.s.units[id], pending.perStep, pending.cite);
  tx.s.losses = tx.s.losses.filter((l) => l !== pending);
}
