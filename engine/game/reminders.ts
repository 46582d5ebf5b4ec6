// What the tester adjudicates in a slot: the special rules that apply there, the parts of its model
// the ruleset declares manual, and whatever the engine has no model for. Only the last stops an
// automatic step: the others are reminders, applied by the tester as play goes on (with manual
// actions), and left out of games bots play alone.
import { joinPointer } from '../json/pointer';
import type { Rules } from './rules';
import type { Slot } from './sequence-slots';
import { phaseOf, stepOf } from './sequence';

export interface Reminder {
  text: string;
  pointer: string;
  /** The engine cannot run the step without the tester (no model for its procedure). */
  blocks?: true;
}

/** The model a procedure runs, with its pointer (undefined for procedures without one). */
function modelOf(rules: Rules, procedure: string | undefined) {
  const m = rules.r.mechanics;
  if (procedure === 'movement' || procedure === 'production' || procedure === 'supply' || procedure === 'zoc') return { model: m?.[procedure], at: `/mechanics/${procedure}` };
  if (procedure?.startsWith('combat.')) return { model: m?.combat?.[procedure.slice(7)], at: joinPointer('/mechanics/combat', procedure.slice(7)) };
  return undefined;
}

const bySlot = new WeakMap<Slot, Reminder[]>();

/** What the tester adjudicates in a slot (worked out once per slot: it depends on the ruleset alone). */
export function reminders(rules: Rules, slot: Slot): readonly Reminder[] {
  let known = bySlot.get(slot);
  if (!known) bySlot.set(slot, (known = remindersOf(rules, slot)));
  return known;
}

function remindersOf(rules: Rules, slot: Slot): Reminder[] {
  const out: Reminder[] = [];
  for (const [id, rule] of Object.entries(rules.r.specialRules ?? {})) {
    const here = (slot.stepId && rule.appliesIn?.includes(slot.stepId)) || (slot.firstOfPhase && rule.appliesIn?.includes(slot.phaseId));
    if (here) out.push({ text: `${rule.name}: ${rule.text}`, pointer: joinPointer('/specialRules', id) });
  }
  const proc = slot.procedure;
  const used = modelOf(rules, proc);
  if (used && !used.model && proc !== 'zoc') out.push({ text: `the ruleset declares no model for ${proc}: adjudicate it by hand`, pointer: '/mechanics', blocks: true });
  (used?.model?.manual ?? []).forEach((part, i) => out.push({ text: part.text, pointer: joinPointer(used!.at, 'manual', i) }));
  const movement = rules.r.mechanics?.movement;
  if (proc === 'movement' && movement?.model === 'hex-grid' && movement.rail) out.push({ text: `rail movement is not automated: move by hand${movement.rail.text ? ` (${movement.rail.text})` : ''}`, pointer: '/mechanics/movement/rail' });
  if (proc?.startsWith('combat.') && used?.model && used.model.model !== 'fire-table') out.push({ text: `combat model "${used.model.model}" is not automated: adjudicate battles by hand`, pointer: used.at });
  const step = stepOf(rules, slot);
  if (proc === 'manual' || (proc === undefined && step?.description)) out.push({ text: `${step?.name ?? phaseOf(rules, slot).name}: ${step?.description ?? 'adjudicated by the tester'}`, pointer: slot.pointer });
  return out;
}
