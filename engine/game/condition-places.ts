// What a condition names on the board and whether each part holds in a state: what the studio highlights
// on the map while a designer points at a victory condition or a trigger's condition.
import type { Condition, NumberExpr } from '../generated/schema-types';
import { controlsAll, countryKeys, countryLocations, partyUnit, placeIdsOfKind } from './board';
import { test } from './expressions';
import type { Game } from './game';
import type { GameState, LocKey } from './state';
import { unitList } from './state';
import { Refused, Tx } from './tx';

export interface NamedLocation {
  kind: 'place' | 'hex' | 'area' | 'country';
  id: string;
  /** The board locations it stands for: one for a place, hex or area; every hex or area of a country. */
  at: LocKey[];
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

type Listing = { places?: string[]; hexes?: string[]; areas?: string[]; countries?: string[] };
type Ref = Omit<NamedLocation, 'asks' | 'holds'>;

export function matchCondition(game: Game, s: GameState, c: Condition, pointer: string): ConditionMatch {
  const rules = game.rules;
  const named: NamedLocation[] = [];
  let rolls = false;
  const refs = (node: Listing): Ref[] => [
    ...(node.places ?? []).map((id) => ({ kind: 'place' as const, id, at: [rules.placeLoc.get(id)].filter((at): at is LocKey => !!at) })),
    ...(node.hexes ?? []).map((id) => ({ kind: 'hex' as const, id, at: [`hex:${id}`] })),
    ...(node.areas ?? []).map((id) => ({ kind: 'area' as const, id, at: [`area:${id}`] })),
    ...(node.countries ?? []).map((id) => ({ kind: 'country' as const, id, at: [...countryLocations(rules, id)] })),
  ];
  // As the expression evaluator decides: a country is controlled through its capital (or all its places).
  const controlled = (ref: Ref, party: string) => {
    return controlsAll(s, ref.kind === 'country' ? countryKeys(rules, ref.id) : ref.at, party);
  };
  const held = (ref: Ref, party: string, unitClass?: string) => unitList(s).some(partyUnit(rules, s, party, new Set(ref.at), unitClass));
  const add = (node: Listing, what: 'control' | 'units', party: string, negated: boolean, holds: (ref: Ref) => boolean) => {
    for (const ref of refs(node)) named.push({ ...ref, asks: { what, party }, holds: holds(ref) !== negated });
  };
  const number = (n: NumberExpr, negated: boolean): void => {
    if (typeof n === 'number') return;
    if (n.op === 'sum') return n.of.forEach((x) => number(x, negated));
    if (n.op !== 'count') return;
    const kindPlaces = n.placeKind ? placeIdsOfKind(rules, [n.placeKind]) : [];
    const listing = { ...n, places: [...(n.places ?? []), ...kindPlaces] };
    if (n.units) add(listing, 'units', n.controlledBy, negated, (ref) => held(ref, n.controlledBy));
    else add(listing, 'control', n.controlledBy, negated, (ref) => controlled(ref, n.controlledBy));
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
