// Fill colours: the ruleset's own where it gives them, else colours told apart however many terrain types or
// countries a map has (distinctColors, as powers get theirs), each keeping its colour as entries are added.
import { distinctColors } from '@/editor/distinct-colors';
import type { ColorMode, MapViewData, ViewHex } from './types';

const BY_MEDIUM: Record<string, string> = { sea: '#8fb8de', coastal: '#b9d3a0', land: '#dcc99b' };
/** A hex without data, or of a terrain type or country the map does not declare (the legend names those). */
const NO_DATA = '#cfcac0';
/** Land of no country. */
const NO_COUNTRY = '#f2efe8';

type Entries = MapViewData['terrain'] | MapViewData['countries'];
const given = (entries: Entries) => Object.values(entries).flatMap((e) => (e.color ? [e.color] : []));

/** Worked out once for each record of entries: a view's are replaced, never changed, when one is added or edited. */
function once<E extends Entries>(work: (entries: E) => Map<string, string>): (entries: E) => Map<string, string> {
  const worked = new WeakMap<E, Map<string, string>>();
  return (entries) => worked.get(entries) ?? worked.set(entries, work(entries)).get(entries)!;
}

/** Each country's colour: its own, else one told apart from the others', from those given and from the sea's. */
const countryColors = once<MapViewData['countries']>((countries) => distinctColors(Object.keys(countries), (id) => countries[id].color, [...given(countries), BY_MEDIUM.sea]));

/**
 * Each terrain type's colour: its own; else its medium's, for every sea terrain (all read as sea) and for the first
 * declared with another medium (clear before forest and mountain); else one told apart from the others' and from
 * the mediums' colours, so that terrains sharing a medium do not look alike, and none looks like sea.
 */
const terrainColors = once<MapViewData['terrain']>((terrain) => {
  const ids = Object.keys(terrain);
  const mediumColor = (id: string) => {
    const medium = terrain[id].medium ?? '';
    if (!BY_MEDIUM[medium]) return undefined;
    const first = ids.find((k) => !terrain[k].color && terrain[k].medium === medium);
    return medium === 'sea' || first === id ? BY_MEDIUM[medium] : undefined;
  };
  return distinctColors(ids, (id) => terrain[id].color ?? mediumColor(id), [...given(terrain), ...Object.values(BY_MEDIUM)]);
});

export function hexFill(hex: ViewHex | undefined, mode: ColorMode, view: Pick<MapViewData, 'terrain' | 'countries'>): string {
  if (!hex) return NO_DATA;
  const terrain = hex.terrain ? view.terrain[hex.terrain] : undefined;
  if (mode === 'country') {
    if (terrain?.medium === 'sea') return BY_MEDIUM.sea;
    return hex.country ? countryColor(hex.country, view) : NO_COUNTRY;
  }
  return hex.terrain ? terrainColor(hex.terrain, view) : NO_DATA;
}

export const countryColor = (id: string, view: Pick<MapViewData, 'countries'>) => countryColors(view.countries).get(id) ?? NO_DATA;
export const terrainColor = (id: string, view: Pick<MapViewData, 'terrain'>) => terrainColors(view.terrain).get(id) ?? NO_DATA;

/** An area's fill: sea areas always read as sea; otherwise by terrain or country like hexes. */
export function areaFill(area: { type: 'land' | 'sea'; terrain?: string; country?: string }, mode: ColorMode, view: Pick<MapViewData, 'terrain' | 'countries'>): string {
  if (area.type === 'sea') return BY_MEDIUM.sea;
  if (mode === 'country') return area.country ? countryColor(area.country, view) : NO_COUNTRY;
  return area.terrain ? terrainColor(area.terrain, view) : BY_MEDIUM.land;
}

/** The colour a terrain type or a country is drawn in (its own, or the one the map gives it), as its colour input holds it: #rrggbb in lower case. */
export const shownColor = (kind: 'terrain' | 'countries', id: string, view: Pick<MapViewData, 'terrain' | 'countries'>) =>
  (kind === 'terrain' ? terrainColor(id, view) : countryColor(id, view)).toLowerCase();
