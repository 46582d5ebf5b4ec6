// What a unit is: its type's and its own printed values, full or reduced.
import type { CitedNumber, RosterUnit, UnitClass, UnitType } from '../generated/schema-types';
import { kept, type Rules } from './rules';
import type { UnitState } from './state';
import type { Tx } from './tx';
import { unitNamer } from './unit-names';
import { cited, given, missing } from './values';
import { possessive } from '../words';

export const unitType = (rules: Rules, u: UnitState): UnitType | undefined => rules.r.unitTypes?.[u.type];
/** A unit's own entry in the roster, looked up in a map: asked for units in every loop, and a large record is slow to look up. */
export const rosterOf = (rules: Rules, u: UnitState): RosterUnit | undefined => kept(rules, 'roster', rosterById).get(u.id);
const rosterById = (rules: Rules) => new Map(Object.entries(rules.r.roster ?? {}));
export const classOf = (rules: Rules, u: UnitState): UnitClass => unitType(rules, u)?.class ?? 'land';
/** Every unit class (the record makes the compiler hold the list to the schema's). */
export const UNIT_CLASSES = Object.keys({ land: 1, air: 1, naval: 1, fortification: 1 } satisfies Record<UnitClass, 1>) as readonly UnitClass[];
export const kindOf = (rules: Rules, u: UnitState) => unitType(rules, u)?.kind;
export const stepsOf = (rules: Rules, u: UnitState) => unitType(rules, u)?.steps ?? 1;
const isReduced = (rules: Rules, u: UnitState) => u.stepsLost > 0 || rosterOf(rules, u)?.oneSided === true;
export const stepsLeft = (rules: Rules, u: UnitState) => stepsOf(rules, u) - u.stepsLost;
export const needsSupply = (rules: Rules, u: UnitState) => unitType(rules, u)?.needsSupply !== false;

/** A unit for people, as unitNamer names it: "Crimson Squadron", "1st Armor (Crimson)", "Infantry #3 (Azure)". */
export const unitLabel = (rules: Rules, u: UnitState): string => kept(rules, 'unit-namer', (x) => unitNamer(x.r))(u);

/** Units by id for people, as unitLabel names them (an id no unit has, as it is), joined by commas. */
export const unitLabels = (tx: Tx, ids: readonly string[]) => ids.map((id) => (Object.hasOwn(tx.s.units, id) ? unitLabel(tx.rules, tx.s.units[id]) : id)).join(', ');

/**
 * Whose value a question about a printed value names: the unit's, when the roster gives it its own;
 * else its type's, as the answer (keyed by the type's pointer) serves every unit of the type.
 */
const whose = (rules: Rules, u: UnitState, own: boolean) => (own ? possessive(unitLabel(rules, u)) : `the ${unitType(rules, u)?.name ?? u.type} type's`);

/**
 * Where a unit's factor is given: its own value, else its type's; reduced values when reduced (`value`
 * undefined where the data gives the full value but no reduced one). Undefined when it has none.
 */
function factorEntry(rules: Rules, u: UnitState, name: string): { value: CitedNumber | undefined; at: () => string; what: () => string } | undefined {
  const own = rosterOf(rules, u);
  const type = unitType(rules, u);
  const full = own?.factors?.[name] ?? type?.factors?.[name];
  if (full === undefined) return undefined;
  const reduced = isReduced(rules, u);
  const ownValue = (reduced ? own?.reducedFactors?.[name] : own?.factors?.[name]) !== undefined;
  const field = reduced ? 'reducedFactors' : 'factors';
  return {
    value: reduced ? (own?.reducedFactors?.[name] ?? type?.reducedFactors?.[name]) : full,
    at: () => (ownValue ? rules.pointer('/roster', u.id, field, name) : rules.pointer('/unitTypes', u.type, field, name)),
    what: () => `${whose(rules, u, ownValue)} ${reduced ? 'reduced ' : ''}${name} factor`,
  };
}

/** A unit's factor: its own value, else its type's; reduced values when reduced. Undefined when it has none. */
export function factor(tx: Tx, u: UnitState, name: string): number | undefined {
  const e = factorEntry(tx.rules, u, name);
  if (!e) return undefined;
  return e.value === undefined ? missing(tx, e.at(), e.what(), 'amount') : cited(tx, e.value, e.at, e.what, 'amount');
}

/** Whether a unit's factor (its reduced one when reduced) is a value a designer filled in, from no source. */
function factorIsProvisional(rules: Rules, u: UnitState, name: string): boolean {
  const e = factorEntry(rules, u, name);
  return e?.value !== undefined && rules.sourceOf(e.at()) === 'provisional';
}

/** Whether any of the units' factors of that name is provisional: a battle fought with them says so, as a move does of its costs. */
export const readsProvisional = (rules: Rules, units: readonly UnitState[], name: string) => units.some((u) => factorIsProvisional(rules, u, name));

/** What a battle's text adds when its strengths read provisional factors. */
export const PROVISIONAL_STRENGTHS = '; its strengths read provisional values';

/** Whether a unit may fire with a factor, as the data says without asking: none, or zero, is no fire; a value the data lacks may be any. */
export function mayFireWith(rules: Rules, u: UnitState, name: string): boolean {
  const e = factorEntry(rules, u, name);
  if (!e) return false;
  return e.value === undefined || (given(e.value) ?? 1) > 0;
}

/** A printed value (movement or range): the unit's own, else its type's; absent means none. */
export function printed(tx: Tx, u: UnitState, what: 'movement' | 'range'): number | undefined {
  const own = rosterOf(tx.rules, u)?.[what];
  return cited(
    tx,
    own ?? unitType(tx.rules, u)?.[what],
    () => (own !== undefined ? tx.rules.pointer('/roster', u.id, what) : tx.rules.pointer('/unitTypes', u.type, what)),
    () => `${whose(tx.rules, u, own !== undefined)} ${what}`,
    'amount',
  );
}
