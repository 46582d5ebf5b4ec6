// Triggers: when an event the ruleset names happens and the condition holds, the effects apply.
import type { Event, ResolvedRuleset } from '../generated/schema-types';
import { joinPointer } from '../json/pointer';
import { sideOf } from './board';
import { applyEffect } from './effects';
import { rollsDice, test } from './expressions';
import { openTask } from './tasks';
import { kept, type Rules } from './rules';
import type { Tx } from './tx';

export interface Happening {
  event: Event['event'];
  /** Phase or step id (phase-start, phase-end). */
  phase?: string;
  place?: string;
  country?: string;
  /** The acting power or side. */
  party?: string;
  /** The powers of the units acting, when the party is their side (the attackers of units attacked). */
  powers?: readonly string[];
}

const MAX_DEPTH = 8;

type Trigger = NonNullable<ResolvedRuleset['triggers']>[string];

/** The triggers listening for an event, in the ruleset's order (indexed once: events happen at every step and change of control). */
function listeners(rules: Rules, event: Event['event']): readonly [string, Trigger][] {
  const byEvent = kept(rules, 'triggers-by-event', () => {
    const index = new Map<Event['event'], [string, Trigger][]>();
    for (const entry of Object.entries(rules.r.triggers ?? {})) {
      for (const on of new Set(entry[1].on.map((o) => o.event))) index.get(on)?.push(entry) ?? index.set(on, [entry]);
    }
    return index;
  });
  return byEvent.get(event) ?? [];
}

/** Whether any trigger listens for an event: lets a caller skip working out happenings nobody hears. */
export const listens = (rules: Rules, event: Event['event']) => listeners(rules, event).length > 0;

export function fireTriggers(tx: Tx, h: Happening) {
  const triggers = listeners(tx.rules, h.event);
  if (triggers.length === 0) return;
  if (tx.depth >= MAX_DEPTH) {
    openTask(tx, `triggers kept firing one another (${h.event}); decide what happens`, '/triggers');
    return;
  }
  tx.depth++;
  // The country's status as the event happens: a trigger fired before another may change it.
  const status = statusAt(tx, h);
  try {
    for (const [id, trigger] of triggers) {
      if (!armed(tx, id, trigger, h, status) || !holds(tx, id, trigger)) continue;
      const pointer = joinPointer('/triggers', id);
      if (trigger.once) tx.s.fired.push(id);
      tx.emit(() => ({ kind: 'trigger', trigger: id, cite: tx.rules.cite(pointer), text: `Trigger: ${trigger.name}${whatHappened(tx, h)}` }));
      trigger.effects.forEach((effect, i) => applyEffect(tx, effect, joinPointer(pointer, 'effects', i)));
    }
  } finally {
    tx.depth--;
  }
}

const statusAt = (tx: Tx, h: Happening) => (h.country === undefined ? undefined : tx.s.powers[tx.rules.countryPower(h.country) ?? '']?.status);

/** Whether a trigger answers a happening: one of its events matches, and it has not fired already if it fires once. Its condition is tested apart. */
const armed = (tx: Tx, id: string, trigger: Trigger, h: Happening, status: string | undefined) =>
  !(trigger.once && tx.s.fired.includes(id)) && trigger.on.some((on) => matches(tx, on, h, status));

/** Whether a trigger's condition holds now (it has none, or it is met). */
const holds = (tx: Tx, id: string, trigger: Trigger) => !trigger.condition || test(tx, trigger.condition, joinPointer('/triggers', id, 'condition'));

/**
 * Whether some trigger would fire on a happening now: an invasion that changes something, say. A condition that
 * rolls dice counts as holding: reading it here would draw from the game's dice for nothing.
 */
export function answered(tx: Tx, h: Happening): boolean {
  const status = statusAt(tx, h);
  return listeners(tx.rules, h.event).some(([id, trigger]) => armed(tx, id, trigger, h, status) && (rollsDice(trigger.condition) || tx.probe(() => holds(tx, id, trigger))));
}

/** What set a trigger off, where the happening names who and where (an invasion, a border crossed, units attacked, a place changing hands). */
function whatHappened(tx: Tx, h: Happening): string {
  const country = h.country === undefined ? undefined : (tx.rules.r.map?.countries?.[h.country]?.name ?? h.country);
  const who = h.party === undefined ? undefined : tx.rules.party(h.party);
  const place = h.place === undefined ? undefined : (tx.rules.r.map?.places?.[h.place]?.name ?? h.place);
  // Said of what happened rather than by who: "<side> invades" reads wrong of a side whose name is a plural.
  const what =
    h.event === 'invasion' ? `${country} invaded by ${who}`
    : h.event === 'border-crossing' ? `the border of ${country} crossed by a unit of ${who}`
    : h.event === 'units-attacked' ? `units of ${country} attacked by ${who}`
    : h.event === 'control-change' ? `${place} passes to ${who}`
    : undefined;
  return what ? ` (${what})` : '';
}

function matches(tx: Tx, on: Event, h: Happening, status: string | undefined): boolean {
  if (on.event !== h.event) return false;
  if (on.ofStatuses !== undefined && (status === undefined || !on.ofStatuses.includes(status))) return false;
  if (on.phase !== undefined && on.phase !== h.phase) return false;
  if (on.places !== undefined && (h.place === undefined || !on.places.includes(h.place))) return false;
  if (on.countries !== undefined && (h.country === undefined || !on.countries.includes(h.country))) return false;
  if (on.notCountries !== undefined && (h.country === undefined || on.notCountries.includes(h.country))) return false;
  if (on.by !== undefined) {
    if (h.party === undefined) return false;
    if (on.by !== h.party && !(Object.hasOwn(tx.s.powers, h.party) && sideOf(tx.s, h.party) === on.by) && !h.powers?.includes(on.by)) return false;
  }
  return true;
}
