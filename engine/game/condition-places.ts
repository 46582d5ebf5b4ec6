// What a condition names on the board and whether each part holds in a state: what the studio highlights
// on the map while a designer points at a victory condition or a trigger's condition.
import type { Condition, NumberExpr } from '../generated/schema-types';
import { controlsAll, countryKeys, partyUnit } from './board';
import { test } from './expressions';
import type { Game } from './game';
import { listedLocations, type ListedLocation, type LocationListing } from './listed-locations';
import type { GameState } from './state';
import { unitList } from './state';
import { Refused, Tx } from './tx';

/** A place, hex, area or country a condition names, with its board locations (every hex or area of a country). */
export interface NamedLocation extends ListedLocation {
  /** What is asked of it: control by a party, or units of a party there. */
  asks: { what: 'control' | 'units'; party: string };
  /** Whether that holds now; under a `not`, whether the negation does. */
  holds: boolean;
}

export interface ConditionMatch {
  /** Whether the whole condition holds; undefined when that depends on a roll or an unknown value. */
  holds?: boolean;
  why?: string;
  named: NamedLocation[];
}

export function matchCondition(game: Game, s: GameState, c: Condition, pointer: string): ConditionMatch {
  const rules = game.rules;
  const named: NamedLocation[] = [];
  let rolls = false;
  // As the expression evaluator decides: a country is controlled through its capital (or all its places).
  const controlled = (ref: ListedLocation, party: string) => {
    return controlsAll(s, ref.kind === 'country' ? countryKeys(rules, ref.id) : ref.at, party);
  };
  const held = (ref: ListedLocation, party: string, unitClass?: string) => unitList(s).some(partyUnit(rules, s, party, new Set(ref.at), unitClass));
  const add = (node: LocationListing, what: 'control' | 'units', party: string, negated: boolean, holds: (ref: ListedLocation) => boolean) => {
    for (const ref of listedLocations(rules, node, 'locations')) named.push({ ...ref, asks: { what, party }, holds: holds(ref) !== negated });
  };
  const number = (n: NumberExpr, negated: boolean): void => {
    if (typeof n === 'number') return;
    if (n.op === 'sum') return n.of.forEach((x) => number(x, negated));
    if (n.op !== 'count') return;
    if (n.units) add(n, 'units', n.controlledBy, negated, (ref) => held(ref, n.controlledBy));
    else add(n, 'control', n.controlledBy, negated, (ref) => controlled(ref, n.controlledBy));
  };
  const walk = (x: Condition, negated: boolean): void => {
    switch (x.op) {
      case 'all':
      case 'any':
        return x.of.forEach((y) => walk(y, negated));
      case 'not':
        return walk(x.of, !negated);
      case 'controls':
        return add(x, 'control', x.by, negated, (ref) => controlled(ref, x.by));
      case 'present':
        return add(x, 'units', x.of, negated, (ref) => held(ref, x.of, x.unitClass));
      case 'compare':
        number(x.left, negated);
        return number(x.right, negated);
      case 'roll':
        rolls = true;
    }
  };
  walk(c, false);
  // Rolling here would draw from the game's dice for nothing: the answer is "it depends".
  if (rolls) return { why: 'it depends on a die roll', named };
  const tx = new Tx(rules, s);
  try {
    return { holds: tx.probe(() => test(tx, c, pointer)), named };
  } catch (e) {
    if (e instanceof Refused) return { why: e.refusal.message, named };
    throw e;
  }
}
