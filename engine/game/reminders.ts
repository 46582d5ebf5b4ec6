// What the tester adjudicates in a slot: the special rules that apply there (but those the engine now
// plays all of), the parts of its model
// the ruleset declares manual, and whatever the engine has no model for. Only the last stops an
// automatic step: the others are reminders, applied by the tester as play goes on (with manual
// actions), and left out of games bots play alone.
import type { Condition, OddsTableCombat } from '../generated/schema-types';
import { joinPointer } from '../json/pointer';
import { hostile } from './board';
import { graphOf } from './graph';
import type { Rules } from './rules';
import type { Slot } from './sequence-slots';
import { phaseOf, stepOf } from './sequence';
import type { Tx } from './tx';
import { whereabouts } from './whereabouts';
import { AUTOMATED_COMBAT } from './combat/models';
import { cellCodes } from '../tables/codes';

export interface Reminder {
  text: string;
  pointer: string;
  /** A special rule's condition: reminded of only while it holds. */
  while?: Condition;
  /** Battles the engine does not fight: where they are due is said as the step begins (contestedLocations). */
  battles?: true;
  /** The engine cannot run the step without the tester (no model for its procedure). */
  blocks?: true;
  /** The tester does work of the step the engine does not (a step adjudicated by hand, a model it does not run): a step never passed as having nothing to do. */
  byHand?: true;
}

/** The models a slot runs, with their pointers: its procedure's (if it has one) and its other combats'. */
function modelsOf(rules: Rules, slot: Slot) {
  const m = rules.r.mechanics;
  const procedure = slot.procedure;
  if (procedure === 'income') return [{ model: m?.production, at: '/mechanics/production', name: 'production', combat: false }];
  if (procedure === 'movement' || procedure === 'production' || procedure === 'supply' || procedure === 'zoc') return [{ model: m?.[procedure], at: `/mechanics/${procedure}`, name: procedure, combat: false }];
  return slot.combats.map((id) => ({ model: m?.combat?.[id], at: joinPointer('/mechanics/combat', id), name: `combat.${id}`, combat: true }));
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
    if (rule.automated) continue;
    const here = (slot.stepId && rule.appliesIn?.includes(slot.stepId)) || (slot.firstOfPhase && rule.appliesIn?.includes(slot.phaseId));
    if (here) out.push({ text: `${rule.name}: ${rule.text}`, pointer: joinPointer('/specialRules', id), ...(rule.while ? { while: rule.while } : {}) });
  }
  const proc = slot.procedure;
  for (const used of modelsOf(rules, slot)) {
    if (!used.model && proc !== 'zoc') out.push({ text: `the ruleset declares no model for ${used.name}: adjudicate it by hand`, pointer: '/mechanics', blocks: true, byHand: true });
    (used.model?.manual ?? []).forEach((part, i) => out.push({ text: part.text, pointer: joinPointer(used.at, 'manual', i) }));
    if (used.combat && used.model && !AUTOMATED_COMBAT.includes(used.model.model)) out.push({ text: `combat model "${used.model.model}" is not automated: adjudicate battles by hand`, pointer: used.at, byHand: true, battles: true });
    if (used.model?.model === 'odds-table') out.push(...oddsReminders(rules, used.model, used.at));
  }
  const step = stepOf(rules, slot);
  // The engine offers nothing for it but ending the step: the reminder says where the tester's hand comes in.
  if (proc === 'manual' || (proc === undefined && step?.description)) out.push({ text: `${step?.name ?? phaseOf(rules, slot).name}: ${step?.description ?? 'adjudicated by the tester'} (the tester does by hand what the engine does not, with manual adjudication)`, pointer: slot.pointer, byHand: true });
  return out;
}

/** What an odds table leaves to the tester in its battles: the result codes its table gives no effects, and the die-roll modifiers. */
function oddsReminders(rules: Rules, model: OddsTableCombat, at: string): Reminder[] {
  const table = rules.r.tables?.[model.table];
  const out: Reminder[] = [];
  const codes = [...cellCodes(table?.cells).keys()].filter((code) => !table?.results?.[code]?.effects);
  if (codes.length) out.push({ text: `results ${codes.map((c) => `"${c}"`).join(', ')} of ${table?.title ?? model.table} have no effects the engine applies: the tester applies them by their meaning when they come up`, pointer: joinPointer('/tables', model.table, 'results') });
  if (model.dieModifiers) out.push({ text: `the die-roll modifiers of ${rules.r.tables?.[model.dieModifiers]?.title ?? model.dieModifiers} that apply are totalled by the tester at each battle`, pointer: joinPointer(at, 'dieModifiers') });
  return out;
}

/** Whether the tester does work of a slot that the engine does not. */
export const byHand = (rules: Rules, slot: Slot) => reminders(rules, slot).some((r) => r.byHand);

/**
 * Where hostile units share a location (where battles are fought in an area game), each with how many units
 * of each power stand there: "Middle Isle (Red 3, Blue 2)". Said with a reminder of battles fought by hand.
 */
export function contestedLocations(tx: Tx): string[] {
  const w = whereabouts(tx);
  const g = graphOf(tx.rules);
  return w.stacks.flatMap((i) => {
    const units = w.byLocation[i] ?? [];
    if (!units.some((u) => units.some((v) => hostile(tx.s, u.power, v.power)))) return [];
    const count = new Map<string, number>();
    for (const u of units) count.set(u.power, (count.get(u.power) ?? 0) + 1);
    return [`${tx.rules.label(g.keys[i])} (${[...count].map(([power, n]) => `${tx.rules.party(power)} ${n}`).join(', ')})`];
  });
}
