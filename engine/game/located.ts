// What a location on the board is, as the map gives it: read by play (through the compiled rules, which
// keep the answers) and by validation.
import type { Place, ResolvedRuleset } from '../generated/schema-types';
import type { LocKey } from './state';

type GameMap = ResolvedRuleset['map'];

export interface Located {
  terrain?: string;
  medium?: 'land' | 'sea' | 'coastal';
  country?: string;
}

/** A hex's terrain, that terrain's medium and the hex's country; an area's terrain, type and country; nothing for a box. */
export function locate(map: GameMap | undefined, at: LocKey): Located {
  if (at.startsWith('hex:')) {
    const hex = map?.hexes?.[at.slice(4)];
    return { terrain: hex?.terrain, medium: map?.terrain?.[hex?.terrain ?? '']?.medium, country: hex?.country };
  }
  if (at.startsWith('area:')) {
    const area = map?.areas?.[at.slice(5)];
    return { terrain: area?.terrain, medium: area?.type, country: area?.country };
  }
  return {};
}

/** Where a place stands: its hex, else its area, where the map has it. */
export function placeLocation(map: GameMap | undefined, place: Pick<Place, 'hex' | 'area'>): LocKey | undefined {
  if (place.hex !== undefined && map?.hexes?.[place.hex]) return `hex:${place.hex}`;
  if (place.area !== undefined && map?.areas?.[place.area]) return `area:${place.area}`;
  return undefined;
}
