// The sequence of play unrolled into slots: one per step and actor, in order. 'each-side' and
// 'each-power' expand into one slot per actor (a phase's expansion repeats all its steps per actor);
// an alternating step stays one slot whose actors take turns.
import type { AttackAgain, ResolvedRuleset, Scenario } from '../generated/schema-types';
import { joinPointer } from '../json/pointer';
import type { Rules } from './rules';
import type { GameState } from './state';

/** The slots of a state's turn: the first turn's, or every other's. */
export const slotsOf = (rules: Rules, s: GameState) => (s.turn === rules.clock.start ? rules.slots.first : rules.slots.other);
/** The slot the state is at, or undefined before the first. */
export const currentSlot = (rules: Rules, s: GameState): Slot | undefined => (s.cursor.slot >= 0 ? slotsOf(rules, s)[s.cursor.slot] : undefined);

export interface Slot {
  phaseId: string;
  stepId?: string;
  /** A side id, a power id, or 'both' (every side). */
  actor: string;
  /** For 'alternate-until-both-pass' steps: the actors taking turns. */
  alternate?: string[];
  /** Only powers of these kinds act in it (the step's powerKinds). */
  powerKinds?: string[];
  /** Which units that attacked earlier in the turn attack again in it (the step's attackAgain). */
  attackAgain?: AttackAgain;
  procedure?: string;
  /** The combats the slot runs: its procedure's, then the step's other `combats`. */
  combats: string[];
  /** The step's pointer, or the phase's when it has no steps. */
  pointer: string;
  phasePointer: string;
  firstOfPhase: boolean;
  lastOfPhase: boolean;
  /** A later actor's slot of a step each side or power plays in turn: the step's reminders were given at the first. */
  repeated?: true;
  /** A power's slot of a step each power plays, in a phase each side takes in turn: the side whose turn it is, whose powers alone play it. */
  inTurnOf?: string;
}

/** A slot as the ruleset names it: its step's name, else its phase's. */
export const slotName = (r: ResolvedRuleset, slot: Slot): string => sequenceName(r, slot.stepId ?? slot.phaseId);

/** A phase or step of the sequence by its name, found by id (the id itself when none has it). */
export function sequenceName(r: ResolvedRuleset, id: string): string {
  for (const phase of r.sequence?.phases ?? []) {
    if (phase.id === id) return phase.name;
    const step = phase.steps?.find((st) => st.id === id);
    if (step) return step.name;
  }
  return id;
}

/** Whether a slot is one of some phases or steps, named by id (a phase names every step in it). */
export const slotIn = (slot: Slot | undefined, ids: readonly string[]) => !!slot && (ids.includes(slot.phaseId) || (slot.stepId !== undefined && ids.includes(slot.stepId)));

export function buildSlots(r: ResolvedRuleset, scenario: Scenario): { first: Slot[]; other: Slot[] } {
  return { first: unroll(r, scenario, true), other: unroll(r, scenario, false) };
}

function unroll(r: ResolvedRuleset, scenario: Scenario, firstTurn: boolean): Slot[] {
  const sides = Object.keys(r.sides ?? {});
  const powers = Object.keys(r.powers ?? {});
  const expand = (actor: string, order: string[] | undefined): string[] => {
    if (actor === 'each-side') {
      const list = order ?? sides;
      const at = firstTurn && scenario.firstSide ? list.indexOf(scenario.firstSide) : -1;
      return at > 0 ? [...list.slice(at), ...list.slice(0, at)] : list;
    }
    if (actor === 'each-power') return order ?? powers;
    return [actor];
  };
  const slots: Slot[] = [];
  (r.sequence?.phases ?? []).forEach((phase, pi) => {
    const phasePointer = joinPointer('/sequence/phases', pi);
    const begin = slots.length;
    const turns = expand(phase.actor ?? 'both', phase.order);
    for (const [t, actor] of turns.entries()) {
      const steps = phase.steps?.length ? phase.steps : [undefined];
      steps.forEach((step, si) => {
        // In a phase each side or power takes in turn, a step naming its own actor is played once: in that
        // actor's turn, or the first when the turns are not its (naming both sides, say).
        const own = step?.actor;
        if (turns.length > 1 && own !== undefined && own !== 'each-side' && own !== 'each-power' && (turns.includes(own) ? own !== actor : t > 0)) return;
        const procedure = step?.procedure;
        const combats = [...(procedure?.startsWith('combat.') ? [procedure.slice(7)] : []), ...(step?.combats ?? [])];
        const base = { phaseId: phase.id, stepId: step?.id, procedure, combats, powerKinds: step?.powerKinds, attackAgain: step?.attackAgain, phasePointer, firstOfPhase: false, lastOfPhase: false };
        const pointer = step ? joinPointer(phasePointer, 'steps', si) : phasePointer;
        // Each power's step within a side's turn: the side's powers alone play it, in the step's order (the phase's names
        // sides), those on the side at the start first, so that the first to play is given the step's reminders.
        const perPower = step?.actor === 'each-power' && phase.actor === 'each-side';
        const listed = expand(step?.actor ?? actor, step?.order ?? (perPower ? undefined : phase.order));
        const actors = perPower ? [...listed.filter((p) => r.powers?.[p]?.side === actor), ...listed.filter((p) => r.powers?.[p]?.side !== actor)] : listed;
        const inTurn = perPower ? { inTurnOf: actor } : {};
        if (step?.repeat === 'alternate-until-both-pass' && actors.length > 1) slots.push({ ...base, actor: actors[0], alternate: actors, pointer });
        else actors.forEach((a, k) => slots.push({ ...base, actor: a, pointer, ...inTurn, ...(k > 0 ? { repeated: true as const } : {}) }));
      });
    }
    if (slots.length > begin) {
      slots[begin].firstOfPhase = true;
      slots[slots.length - 1].lastOfPhase = true;
    }
  });
  return slots;
}
