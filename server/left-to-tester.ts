// What a test game of a ruleset leaves to the tester, as its engine will remind them step by step: battles of
// a combat model it does not fight, steps adjudicated by hand or with no model, the manual parts its models
// declare, and the special rules it does not play. Said before the game starts, in the launch dialog.
import type { ResolvedRuleset } from '../engine';
import { reminders } from '../engine/game/reminders';
import { compileRules } from '../engine/game/rules';
import { slotName } from '../engine/game/sequence-slots';

export interface LeftToTester {
  /** The work the engine does not do: battles it does not fight, steps adjudicated by hand or without a model. */
  byHand: { text: string; pointer: string; steps: string[] }[];
  /** Reminders as play goes on: manual parts of the models, special rules the engine does not play. */
  reminded: { text: string; pointer: string; steps: string[] }[];
}

/** The reminders of every step of a scenario's sequence, each once, with the steps it comes in (by name). */
export function leftToTester(ruleset: ResolvedRuleset, hash: string, scenario: string): LeftToTester | { error: string } {
  const rules = compileRules(ruleset, hash, scenario);
  if ('error' in rules) return { error: rules.error };
  const found = new Map<string, { text: string; pointer: string; steps: string[]; byHand: boolean }>();
  for (const slot of [...rules.slots.first, ...rules.slots.other]) {
    for (const r of reminders(rules, slot)) {
      const key = `${r.pointer} ${r.text}`;
      const entry = found.get(key) ?? { text: r.text, pointer: r.pointer, steps: [], byHand: !!r.byHand };
      found.set(key, entry);
      const step = slotName(ruleset, slot);
      if (!entry.steps.includes(step)) entry.steps.push(step);
    }
  }
  const all = [...found.values()];
  const out = ({ text, pointer, steps }: (typeof all)[number]) => ({ text, pointer, steps });
  return { byHand: all.filter((e) => e.byHand).map(out), reminded: all.filter((e) => !e.byHand).map(out) };
}
