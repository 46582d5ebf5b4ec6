// The named places of a hex map as the play map marks them: one mark each, its look chosen by the
// place's most telling kind, its name and kinds in its title.
import type { MapViewData } from './types';

export type PlaceLook = 'capital' | 'city' | 'port' | 'fort' | 'other';

export interface PlaceMark {
  id: string;
  look: PlaceLook;
  /** The glyph drawn: small, so the counters stay readable. */
  glyph: string;
  title: string;
  /** Where it is drawn: its hex's centre, else its real-world position when the data give it no hex. */
  hex?: string;
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

export function placeMarks(view: Pick<MapViewData, 'places'>): PlaceMark[] {
  return view.places.flatMap((p) => {
    if (!p.hex && !p.at) return [];
    const [look, , glyph] = LOOKS.find(([, is]) => is(p.kinds))!;
    const where = p.hex ? `hex ${p.hex}` : 'no hex in the data: drawn at its real-world position';
    const title = `${p.name}${p.kinds.length ? ` (${p.kinds.map(words).join(', ')})` : ''} · ${where}`;
    return [{ id: p.id, look, glyph, title, ...(p.hex ? { hex: p.hex } : { at: p.at }) }];
  });
}
