// Changes of control, each an event that may fire triggers on the places there.
import type { UnitClass } from '../generated/schema-types';
import { placesOfKind } from './board';
import type { Rules } from './rules';
import { fireTriggers } from './triggers';
import type { LocKey } from './state';
import type { Tx } from './tx';

/**
 * What a change of control of a location a unit's arrival or the tester makes cites: the ruleset's control
 * rule where it is about the location (a place of its kinds stands there), else the pointer given (the
 * model that moved the unit, or the map).
 */
export function controlCite(tx: Tx, at: LocKey, pointer: string): string {
  const rule = tx.rules.r.mechanics?.control;
  const about = rule && (!rule.placeKinds || placesOfKind(tx.rules, rule.placeKinds).includes(at));
  return about ? '/mechanics/control' : pointer;
}

/** Whether units of a class take control where they arrive: the classes the control rule names, land units where it names none. */
export const takesControl = (rules: Rules, cls: UnitClass): boolean => (rules.r.mechanics?.control?.takenBy ?? ['land']).includes(cls);

export function takeControl(tx: Tx, at: LocKey, party: string, pointer: string) {
  const from = tx.s.control[at];
  if (from === party) return;
  tx.controlToChange()[at] = party;
  tx.emit(() => ({ kind: 'control', location: at, from, to: party, cite: tx.rules.cite(pointer), text: `Control of ${tx.rules.label(at)} passes to ${tx.rules.party(party)}${from ? ` (held by ${tx.rules.party(from)} before)` : ''}` }));
  for (const place of tx.rules.placesAt.get(at) ?? []) fireTriggers(tx, { event: 'control-change', place, party });
}
