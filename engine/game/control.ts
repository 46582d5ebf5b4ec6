// Changes of control, each an event that may fire triggers on the places there.
import { fireTriggers } from './triggers';
import type { LocKey } from './state';
import type { Tx } from './tx';

export function takeControl(tx: Tx, at: LocKey, party: string, pointer: string) {
  const from = tx.s.control[at];
  if (from === party) return;
  tx.controlToChange()[at] = party;
  tx.emit(() => ({ kind: 'control', location: at, from, to: party, cite: tx.rules.cite(pointer), text: `${tx.rules.label(at)} passes to ${tx.rules.party(party)}${from ? ` from ${tx.rules.party(from)}` : ''}` }));
  for (const place of tx.rules.placesAt.get(at) ?? []) fireTriggers(tx, { event: 'control-change', place, party });
}
