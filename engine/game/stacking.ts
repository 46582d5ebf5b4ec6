// Stacking: at most `max` units of the counted classes or kinds per location and side, and no units
// of a power kept apart with the rest of its side's, checked at the moments the ruleset names (at the
// end of every step when it names none).
import { unitsIndex, unitsThere } from './board';
import type { Slot } from './sequence-slots';
import type { LocKey, UnitState } from './state';
import { camp, onBoard } from './state';
import { graphOf } from './graph';
import type { Tx } from './tx';
import { classOf, kindOf, unitLabel } from './units';
import { cited } from './values';
import { kept, newMap, type Rules } from './rules';
import { whereabouts } from './whereabouts';

export interface Overstack {
  at: LocKey;
  camp: string;
  count: number;
  max: number;
  /** The limit broken, by index, or 'apart': units of a power kept apart stand with others of its side (`count` in all, `max` in the largest group). */
  limit: number | 'apart';
  pointer: string;
}

/** Whether a broken stack's owner eliminates its excess at the next check: till then, units may break a limit ("any number of units may occupy ... a hex at other times"). */
export const excessEliminated = (rules: Rules) => rules.r.mechanics?.stacking?.excess === 'owner-eliminates';

/** Whether stacking is checked as a slot ends: every slot without `checkedAt`, else a step it names, or the last slot of a phase it names. */
export function stackingCheckedAt(tx: Tx, slot: Slot | undefined): boolean {
  const model = tx.rules.r.mechanics?.stacking;
  if (!model || !slot) return false;
  return !model.checkedAt || (slot.lastOfPhase && model.checkedAt.includes(slot.phaseId)) || (slot.stepId !== undefined && model.checkedAt.includes(slot.stepId));
}

/** The lowest limit (an unknown one counts as 0; powers kept apart make it 1), kept for the game when no gap was consulted. */
function leastLimit(tx: Tx): number {
  const known = tx.rules.memo.get('least-stack-limit') as number | undefined;
  if (known !== undefined) return known;
  const limits = tx.rules.r.mechanics?.stacking?.limits ?? [];
  return tx.keeping(
    () => Math.min(...limits.map((_, i) => tx.probe(() => limitMax(tx, i)) ?? 0), tx.rules.r.mechanics?.stacking?.apart ? 1 : Infinity),
    (least) => tx.rules.memo.set('least-stack-limit', least),
  );
}

/** Which limits count units of a type (by its class and kind): 1 by limit, kept for the game. */
function countedBy(tx: Tx, u: UnitState): Uint8Array {
  const known = kept(tx.rules, 'stacking-counts', newMap<string, Uint8Array>);
  let counted = known.get(u.type);
  if (!counted) {
    const cls = classOf(tx.rules, u);
    const kind = kindOf(tx.rules, u) ?? '';
    const limits = tx.rules.r.mechanics?.stacking?.limits ?? [];
    known.set(u.type, (counted = Uint8Array.from(limits, (l) => ((!l.classes || l.classes.includes(cls)) && (!l.kinds || l.kinds.includes(kind)) ? 1 : 0))));
  }
  return counted;
}

/** A limit's maximum (undefined while probing an unknown one), kept for the game once read without a gap. */
function limitMax(tx: Tx, i: number): number | undefined {
  const known = kept(tx.rules, 'stacking-max', newMap<number, number | undefined>);
  if (known.has(i)) return known.get(i);
  const limit = tx.rules.r.mechanics!.stacking!.limits[i];
  return tx.keeping(
    () => cited(tx, limit.max, () => tx.rules.pointer('/mechanics/stacking/limits', i, 'max'), 'stacking limit', 'count'),
    (max) => known.set(i, max),
  );
}

/**
 * The limits the units present at a location break, each camp's units counted apart, in the order of
 * the limits and then of the camps as their units come: pushed onto `found`, or without it only
 * whether any is broken (asked for a unit's every destination, so nothing is made).
 */
function broken(tx: Tx, at: LocKey, present: readonly UnitState[], found?: Overstack[]): boolean {
  const limits = tx.rules.r.mechanics!.stacking!.limits;
  const camps = present.map((u) => camp(tx.s, u.power));
  const counted = present.map((u) => countedBy(tx, u));
  for (let i = 0; i < limits.length; i++) {
    for (let j = 0; j < present.length; j++) {
      // Each camp once, where its first unit comes.
      if (camps.indexOf(camps[j]) !== j) continue;
      let count = 0;
      for (let k = j; k < present.length; k++) if (camps[k] === camps[j] && counted[k][i] === 1) count++;
      if (count === 0) continue;
      const max = limitMax(tx, i);
      if (max === undefined || count <= max) continue;
      if (!found) return true;
      found.push({ at, camp: camps[j], count, max, limit: i, pointer: tx.rules.pointer('/mechanics/stacking/limits', i) });
    }
  }
  const apart = tx.rules.r.mechanics!.stacking!.apart?.powers;
  for (let j = 0; apart && j < present.length; j++) {
    if (camps.indexOf(camps[j]) !== j) continue;
    // The camp's units in groups: one for each power kept apart, one for all the others.
    const groups = new Map<string, number>();
    for (let k = j; k < present.length; k++) {
      if (camps[k] !== camps[j]) continue;
      const group = apart.includes(present[k].power) ? present[k].power : '';
      groups.set(group, (groups.get(group) ?? 0) + 1);
    }
    if (groups.size < 2) continue;
    if (!found) return true;
    const sizes = [...groups.values()];
    found.push({ at, camp: camps[j], count: sizes.reduce((a, b) => a + b), max: Math.max(...sizes), limit: 'apart', pointer: '/mechanics/stacking/apart' });
  }
  return found !== undefined && found.length > 0;
}

/** The units at a location, with one more unit there (from wherever it stands). */
const withExtra = (there: readonly UnitState[], extra: UnitState) => [...there.filter((u) => u !== extra && u.id !== extra.id), extra];

/** Whether a location is exempt from stacking or holds too few units (`count`) to break any limit. */
const cannotBreak = (tx: Tx, at: LocKey, count: number) => count <= leastLimit(tx) || !onBoard(at) || (tx.rules.r.mechanics?.stacking?.exemptBoxes === true && at.startsWith('box:'));

/** Limits broken at a location (where `there` stand), optionally with one more unit there (from wherever it stands); an unknown limit (while probing) holds. */
export function overstacks(tx: Tx, at: LocKey, extra?: UnitState, there: readonly UnitState[] = unitsThere(tx, at)): Overstack[] {
  if (!tx.rules.r.mechanics?.stacking || cannotBreak(tx, at, there.length + (extra ? 1 : 0))) return [];
  const present = extra ? withExtra(there, extra) : there;
  const found: Overstack[] = [];
  if (present.length > leastLimit(tx)) broken(tx, at, present, found);
  return found;
}

/** Whether a unit may also stand at a location, by location index of the board's graph, without breaking a limit: asked of many (a unit's every destination). */
export function stackingRoom(tx: Tx, u: UnitState): (i: number) => boolean {
  if (!tx.rules.r.mechanics?.stacking) return () => true;
  const g = graphOf(tx.rules);
  const index = unitsIndex(tx);
  return (i) => {
    const there = index[i];
    // Most locations hold too few units to break any limit with one more.
    if (!there || cannotBreak(tx, g.keys[i], there.length + 1)) return true;
    const present = withExtra(there, u);
    return present.length <= leastLimit(tx) || !broken(tx, g.keys[i], present);
  };
}

/** Every broken limit on the board, for the camps given (all when absent). */
export function overstacksEverywhere(tx: Tx, camps?: string[]): Overstack[] {
  const g = graphOf(tx.rules);
  const least = leastLimit(tx);
  const found: Overstack[] = [];
  const { byLocation, stacks } = whereabouts(tx);
  // Only a stack of more units than the lowest limit can break one: unless a limit is below one, only where units share a location.
  for (const i of least >= 1 ? stacks : byLocation.keys()) {
    const there = byLocation[i];
    if (!there || there.length <= least) continue;
    for (const o of overstacks(tx, g.keys[i], undefined, there)) if (!camps || camps.includes(o.camp)) found.push(o);
  }
  return found;
}

/** The units a broken limit counts at its location, of the camp that broke it. */
export const excessUnits = (tx: Tx, o: Overstack): UnitState[] =>
  unitsThere(tx, o.at).filter((u) => camp(tx.s, u.power) === o.camp && (o.limit === 'apart' || countedBy(tx, u)[o.limit] === 1));

/** A limit broken on the board in words, naming the units that break it. */
export const describeBroken = (tx: Tx, o: Overstack) => describeOverstack(tx.rules, o, excessUnits(tx, o));

/** A broken limit in words: where, how many units of what the limit counts (named, when `units` are given), and the most allowed. */
export function describeOverstack(rules: Rules, o: Overstack, units?: readonly UnitState[]): string {
  const limit = o.limit === 'apart' ? undefined : rules.r.mechanics!.stacking!.limits[o.limit];
  const counted = limit?.kinds?.join(' or ') ?? limit?.classes?.join(' or ');
  const named = units?.length ? ` (${units.map((u) => unitLabel(rules, u)).join(', ')})` : '';
  return `${rules.label(o.at)}: ${o.count} ${counted ? `${counted} ` : ''}units of ${rules.party(o.camp)}${named} ${o.limit === 'apart' ? 'of powers that may not stack together' : `where at most ${o.max} may stack`}`;
}
