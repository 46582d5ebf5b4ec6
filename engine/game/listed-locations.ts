// What a condition's places, hexes, areas and countries stand for on the board: the one reading the evaluator,
// the map's highlights, the explanations and the greedy bot's goals share.
import { countryKeys, countryLocations, placeIdsOfKind } from './board';
import type { Rules } from './rules';
import type { LocKey } from './state';

/** The locations a condition or count lists; `placeKind`, every place of that kind. */
export type LocationListing = { places?: readonly string[]; placeKind?: string; hexes?: readonly string[]; areas?: readonly string[]; countries?: readonly string[] };

/** One place, hex, area or country a listing names, with the board locations it stands for. */
export interface ListedLocation {
  kind: 'place' | 'hex' | 'area' | 'country';
  id: string;
  at: readonly LocKey[];
}

/**
 * Each place (those listed, then those of its kind), hex, area and country a listing names, in that order, with its
 * board locations: a place its own (none where it stands on no hex or area), a hex or area itself, and a country
 * every hex and area of it (`countries: 'locations'`, where its units stand) or those whose control is its control
 * (`'control'`: its capitals', else its places': countryKeys). Do not modify the locations: they are kept per game.
 */
export function listedLocations(rules: Rules, node: LocationListing, countries: 'locations' | 'control'): ListedLocation[] {
  const places = node.placeKind ? [...(node.places ?? []), ...placeIdsOfKind(rules, [node.placeKind])] : (node.places ?? []);
  const ofCountry = countries === 'control' ? countryKeys : countryLocations;
  return [
    ...places.map((id) => ({ kind: 'place' as const, id, at: placeAt(rules, id) })),
    ...(node.hexes ?? []).map((id) => ({ kind: 'hex' as const, id, at: [`hex:${id}`] })),
    ...(node.areas ?? []).map((id) => ({ kind: 'area' as const, id, at: [`area:${id}`] })),
    ...(node.countries ?? []).map((id) => ({ kind: 'country' as const, id, at: ofCountry(rules, id) })),
  ];
}

/**
 * What a `controls` condition counts, each held when its side holds all its locations: what it lists, but for a
 * place on no hex or area (a gap the linter names), which it leaves out rather than count as never held.
 */
export const controlGroups = (rules: Rules, node: LocationListing): ListedLocation[] =>
  listedLocations(rules, node, 'control').filter((l) => l.kind === 'country' || l.at.length > 0);

const placeAt = (rules: Rules, id: string): LocKey[] => {
  const at = rules.placeLoc.get(id);
  return at === undefined ? [] : [at];
};
