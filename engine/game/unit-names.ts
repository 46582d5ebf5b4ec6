// How people name a unit, from the ruleset alone (the play page names units as the engine's events do).
import type { ResolvedRuleset } from '../generated/schema-types';
import type { UnitState } from './state';

export type UnitNamer = (u: Pick<UnitState, 'id' | 'type' | 'power'>) => string;

/**
 * Names a unit by its printed name (a unit the roster does not name, by its type's, numbered), with its
 * power where the name is not one unit's, numbered in roster order where its power has several of that
 * name: "Crimson Squadron", "1st Armor (Crimson)", "Infantry #3 (Azure)", "Fort (unnamed) #2 (Azure)".
 */
export function unitNamer(r: Partial<Pick<ResolvedRuleset, 'roster' | 'unitTypes' | 'powers'>>): UnitNamer {
  const byName = new Map<string, number>();
  const byPower = new Map<string, number>();
  // Of a power's units sharing a name, each one's place among them, from 1.
  const nth = new Map<string, number>();
  for (const [id, u] of Object.entries(r.roster ?? {})) {
    byName.set(u.name, (byName.get(u.name) ?? 0) + 1);
    const key = `${u.power}|${u.name}`;
    byPower.set(key, (byPower.get(key) ?? 0) + 1);
    nth.set(id, byPower.get(key)!);
  }
  const own = (id: string) => (r.roster && Object.hasOwn(r.roster, id) ? r.roster[id].name : undefined);
  const party = (power: string) => (r.powers && Object.hasOwn(r.powers, power) ? r.powers[power].name : undefined) ?? power;
  return (u) => {
    const name = own(u.id);
    if (name && byName.get(name) === 1) return name;
    if (name && (byPower.get(`${u.power}|${name}`) ?? 0) > 1) return `${name} #${nth.get(u.id)} (${party(u.power)})`;
    const hash = u.id.indexOf('#');
    const type = r.unitTypes && Object.hasOwn(r.unitTypes, u.type) ? r.unitTypes[u.type].name : undefined;
    return `${name ?? `${type ?? u.type}${hash >= 0 ? ` ${u.id.slice(hash)}` : ''}`} (${party(u.power)})`;
  };
}
