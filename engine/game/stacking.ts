// Stacking: at most `max` units of the counted classes or kinds per location and side, checked at
// the moments the ruleset names (at the end of every step when it names none).
import type { StackingLimit } from '../generated/schema-types';
import { camp, campName, unitsIndex, unitsThere } from './board';
import type { Slot } from './sequence-slots';
import type { LocKey, UnitState } from './state';
import { onBoard } from './state';
import { graphOf } from './graph';
import type { Tx } from './tx';
import { classOf, kindOf } from './units';
import { cited } from './values';

export interface Overstack {
  at: LocKey;
  camp: string;
  count: number;
  max: number;
  pointer: string;
}

export function stackingCheckedAt(tx: Tx, slot: Slot | undefined): boolean {
  const model = tx.rules.r.mechanics?.stacking;
  if (!model || !slot) return false;
  return !model.checkedAt || model.checkedAt.includes(slot.phaseId) || (slot.stepId !== undefined && model.checkedAt.includes(slot.stepId));
}

/** The lowest limit (an unknown one counts as 0), kept for the game when no gap was consulted. */
function leastLimit(tx: Tx): number {
  const known = tx.rules.memo.get('least-stack-limit') as number | undefined;
  if (known !== undefined) return known;
  const limits = tx.rules.r.mechanics?.stacking?.limits ?? [];
  return tx.keeping(
    () => Math.min(...limits.map((l, i) => tx.probe(() => cited(tx, l.max, tx.rules.pointer('/mechanics/stacking/limits', i, 'max'), 'stacking limit')) ?? 0)),
    (least) => tx.rules.memo.set('least-stack-limit', least),
  );
}

/** Whether a limit counts a unit (by its class and kind). */
const counts = (tx: Tx, limit: StackingLimit, u: UnitState) =>
  (!limit.classes || limit.classes.includes(classOf(tx.rules, u))) && (!limit.kinds || limit.kinds.includes(kindOf(tx.rules, u) ?? ''));

/** Limits broken at a location (where `there` stand), optionally with one more unit there (from wherever it stands); an unknown limit (while probing) holds. */
export function overstacks(tx: Tx, at: LocKey, extra?: UnitState, there: readonly UnitState[] = unitsThere(tx, at)): Overstack[] {
  const model = tx.rules.r.mechanics?.stacking;
  if (!model) return [];
  // Fewer units than any limit allows cannot break one (the usual answer, so asked first).
  if (there.length + (extra ? 1 : 0) <= leastLimit(tx) || !onBoard(at) || (model.exemptBoxes && at.startsWith('box:'))) return [];
  const present = there.filter((u) => u.id !== extra?.id);
  if (extra) present.push(extra);
  if (present.length <= leastLimit(tx)) return [];
  const camps = [...new Set(present.map((u) => camp(tx.s, u.power)))];
  const found: Overstack[] = [];
  model.limits.forEach((limit, i) => {
    for (const c of camps) {
      const count = present.filter((u) => camp(tx.s, u.power) === c && counts(tx, limit, u)).length;
      if (count === 0) continue;
      const max = cited(tx, limit.max, () => tx.rules.pointer('/mechanics/stacking/limits', i, 'max'), 'stacking limit');
      if (max !== undefined && count > max) found.push({ at, camp: c, count, max, pointer: tx.rules.pointer('/mechanics/stacking/limits', i) });
    }
  });
  return found;
}

/** Whether a unit may also stand at a location, by location index of the board's graph, without breaking a limit: asked of many (a unit's every destination). */
export function stackingRoom(tx: Tx, u: UnitState): (i: number) => boolean {
  if (!tx.rules.r.mechanics?.stacking) return () => true;
  const g = graphOf(tx.rules);
  const index = unitsIndex(tx);
  const least = leastLimit(tx);
  return (i) => {
    const there = index[i] ?? [];
    // Most locations hold too few units to break any limit with one more.
    return there.length < least || overstacks(tx, g.keys[i], u, there).length === 0;
  };
}

/** Every broken limit on the board, for the camps given (all when absent). */
export function overstacksEverywhere(tx: Tx, camps?: string[]): Overstack[] {
  const g = graphOf(tx.rules);
  const least = leastLimit(tx);
  const found: Overstack[] = [];
  unitsIndex(tx).forEach((there, i) => {
    // Only a stack of more units than the lowest limit can break one.
    if (!there || there.length <= least) return;
    for (const o of overstacks(tx, g.keys[i], undefined, there)) if (!camps || camps.includes(o.camp)) found.push(o);
  });
  return found;
}

export const describeOverstack = (o: Overstack) => `${o.at}: ${o.count} units of ${campName(o.camp)} where at most ${o.max} may stack`;
