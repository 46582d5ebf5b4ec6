// The named places of a map as the play maps mark them: one mark each, its look chosen by the place's
// most telling kind, its name and kinds in its title.
import type { ViewPlace } from '@/server/geo/view';

export type PlaceLook = 'capital' | 'city' | 'port' | 'fort' | 'other';

export interface PlaceMark {
  id: string;
  look: PlaceLook;
  /** The glyph drawn: small, so the counters stay readable. */
  glyph: string;
  title: string;
  /** Where it is drawn: at its location (a hex number or an area id, as the map has), else at its real-world position when the data give it none. */
  location?: string;
  at?: { lat: number; lon: number };
}

const LOOKS: [PlaceLook, (kinds: string[]) => boolean, string][] = [
  ['capital', (k) => k.includes('capital'), '★'],
  ['city', (k) => k.includes('city'), '●'],
  ['port', (k) => k.includes('port'), '⚓'],
  ['fort', (k) => k.some((x) => x.includes('fort')), '■'],
  ['other', () => true, '◆'],
];

const words = (id: string) => id.replace(/-/g, ' ');

/** The marks of a hex map's places (`kind` 'hex') or an area map's ('area'). */
export function placeMarks(places: readonly ViewPlace[], kind: 'hex' | 'area'): PlaceMark[] {
  return places.flatMap((p) => {
    const location = p[kind];
    if (!location && !p.at) return [];
    const [look, , glyph] = LOOKS.find(([, is]) => is(p.kinds))!;
    const where = location ? `${kind} ${location}` : `no ${kind} in the data: drawn at its real-world position`;
    const title = `${p.name}${p.kinds.length ? ` (${p.kinds.map(words).join(', ')})` : ''} · ${where}`;
    return [{ id: p.id, look, glyph, title, ...(location ? { location } : { at: p.at }) }];
  });
}
