// Attacking again: a step's `attackAgain` keeps units that attacked in some earlier phases or steps of
// the turn out of its attacks, but those of the kinds it names. Attacks are remembered, for the turn,
// only in the phases and steps some step's attackAgain names.
import { joinPointer } from '../../json/pointer';
import { kept, type Rules } from '../rules';
import { currentSlot, sequenceName, slotIn } from '../sequence-slots';
import type { UnitState } from '../state';
import type { Tx } from '../tx';
import { classOf, unitLabel, unitType } from '../units';

/** The phases and steps whose attacks some step's attackAgain looks back on (kept for the game). */
const lookedBackOn = (rules: Rules): readonly string[] =>
  kept(rules, 'attack-again-after', () => [...new Set((rules.r.sequence?.phases ?? []).flatMap((p) => (p.steps ?? []).flatMap((st) => st.attackAgain?.after ?? [])))]);

/** Remembers, for the turn, the units making an attack now, where a later step looks back on the current one. */
export function rememberAttackers(tx: Tx, units: readonly UnitState[]) {
  const ids = lookedBackOn(tx.rules);
  if (!ids.length) return;
  const slot = currentSlot(tx.rules, tx.s);
  for (const id of ids) {
    if (!slotIn(slot, [id])) continue;
    const list = ((tx.s.attackedIn ??= {})[id] ??= []);
    for (const u of units) if (!list.includes(u.id)) list.push(u.id);
  }
}

/**
 * The current step's bar on attacking again: for a unit it keeps out of the step's attacks, the phase or
 * step it attacked in earlier this turn; undefined for any other. Undefined where the step has no attackAgain.
 */
export function attackedBefore(tx: Tx): ((u: UnitState) => string | undefined) | undefined {
  const rule = currentSlot(tx.rules, tx.s)?.attackAgain;
  if (!rule) return undefined;
  const before = tx.s.attackedIn ?? {};
  return (u) => {
    const where = rule.after.find((id) => before[id]?.includes(u.id));
    if (where === undefined || (rule.classes && !rule.classes.includes(classOf(tx.rules, u)))) return undefined;
    return rule.kinds?.includes(unitType(tx.rules, u)?.kind ?? '') ? undefined : where;
  };
}

/** Refuses a unit an attack of the current step that it may not join, having attacked earlier in the turn. */
export function refuseAttackingAgain(tx: Tx, u: UnitState, before: ((u: UnitState) => string | undefined) | undefined) {
  const where = before?.(u);
  if (where === undefined) return;
  const slot = currentSlot(tx.rules, tx.s)!;
  const kinds = slot.attackAgain!.kinds;
  const again = kinds?.length ? `only ${kinds.join(' or ')} units attack again` : 'no unit that did attacks again';
  tx.refuse('attacked-before', `${unitLabel(tx.rules, u)} attacked in ${sequenceName(tx.rules.r, where)} this turn, and in ${sequenceName(tx.rules.r, slot.stepId ?? slot.phaseId)} ${again}`, joinPointer(slot.pointer, 'attackAgain'));
}
