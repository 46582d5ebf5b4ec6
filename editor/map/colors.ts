// Fill colours: the ruleset's own where it gives them, else a steady colour per id.
import type { ColorMode, MapViewData, ViewHex } from './types';

const BY_MEDIUM: Record<string, string> = { sea: '#8fb8de', coastal: '#b9d3a0', land: '#dcc99b' };
const NO_DATA = '#cfcac0';

/** The same id always gets the same hue, spread around the wheel. */
function hashColor(id: string): string {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (h * 31 + id.charCodeAt(i)) >>> 0;
  return `hsl(${(h * 137.508) % 360} 55% 62%)`;
}

export function hexFill(hex: ViewHex | undefined, mode: ColorMode, view: Pick<MapViewData, 'terrain' | 'countries'>): string {
  if (!hex) return NO_DATA;
  const terrain = hex.terrain ? view.terrain[hex.terrain] : undefined;
  if (mode === 'country') {
    if (terrain?.medium === 'sea') return BY_MEDIUM.sea;
    return hex.country ? (view.countries[hex.country]?.color ?? hashColor(hex.country)) : '#f2efe8';
  }
  if (!terrain) return NO_DATA;
  return terrainColor(hex.terrain!, view);
}

export const countryColor = (id: string, view: Pick<MapViewData, 'countries'>) => view.countries[id]?.color ?? hashColor(id);
/**
 * A terrain's fill: its own colour; else its medium's, but only for the first terrain declared with that
 * medium (clear before forest and mountain), the others a steady colour of their own, so that terrains
 * sharing a medium do not look alike. Every sea terrain reads as sea.
 */
export const terrainColor = (id: string, view: Pick<MapViewData, 'terrain'>) => {
  const t = view.terrain[id];
  if (t?.color) return t.color;
  const medium = t?.medium ?? '';
  if (!BY_MEDIUM[medium]) return hashColor(id);
  const first = Object.keys(view.terrain).find((k) => !view.terrain[k].color && view.terrain[k].medium === medium);
  return medium === 'sea' || first === id ? BY_MEDIUM[medium] : hashColor(id);
};

/** An area's fill: sea areas always read as sea; otherwise by terrain or country like hexes. */
export function areaFill(area: { type: 'land' | 'sea'; terrain?: string; country?: string }, mode: ColorMode, view: Pick<MapViewData, 'terrain' | 'countries'>): string {
  if (area.type === 'sea') return BY_MEDIUM.sea;
  if (mode === 'country') return area.country ? countryColor(area.country, view) : '#f2efe8';
  return area.terrain ? terrainColor(area.terrain, view) : BY_MEDIUM.land;
}

/** The colour a terrain type or a country is drawn in (its own, or the one the map gives it), as #rrggbb for its colour input. */
export const shownColor = (kind: 'terrain' | 'countries', id: string, view: Pick<MapViewData, 'terrain' | 'countries'>) => hexColor(kind === 'terrain' ? terrainColor(id, view) : countryColor(id, view));

/** A fill as #rrggbb, what a colour input holds: one given so already, or a steady colour's hsl(h s% l%) worked out. */
export function hexColor(fill: string): string {
  if (/^#[0-9a-fA-F]{6}$/.test(fill)) return fill.toLowerCase();
  const hsl = /^hsl\(([\d.]+) ([\d.]+)% ([\d.]+)%\)$/.exec(fill);
  if (!hsl) return '#a0a0a0';
  const [h, s, l] = [Number(hsl[1]), Number(hsl[2]) / 100, Number(hsl[3]) / 100];
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const v = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(v * 255).toString(16).padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}
