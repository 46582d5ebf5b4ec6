// Every hex as all-sea, coastal or all-land, with the country most of its land belongs to,
// by looking the geography up at points spread over the hex.
import { formatHex, hexCenter, hexSamples, type ColRow } from './grid';
import { gridToLonLat, type Georef } from './georef';

export type Medium = 'sea' | 'coastal' | 'land';

/** What is on the ground at a point: -1 for sea, else an index into `codes` (a country's ISO 3166-1 numeric code, or undefined for land without one). */
export interface Surface {
  at(lon: number, lat: number): number;
  codes: readonly (string | undefined)[];
}

export interface ClassifiedHex {
  key: string;
  hex: ColRow;
  medium: Medium;
  /** Share of the hex's sample points on land. */
  land: number;
  /** The ruleset country holding most of the hex's land, if a ruleset country holds more of it than any other land. */
  country?: string;
}

export interface ClassifyOptions {
  /** Below this share of land a hex is all-sea (a rock offshore does not make a coast). */
  seaBelow?: number;
  /** Above this share of land a hex is all-land. */
  landAbove?: number;
  samplesPerSide?: number;
}

/** Ruleset country ids by ISO code; where two countries list the same code, the first listed wins. */
export function countriesByIso(countries: Record<string, { isoCodes?: string[] }>): Map<string, string> {
  const byIso = new Map<string, string>();
  for (const [id, c] of Object.entries(countries)) for (const iso of c.isoCodes ?? []) if (!byIso.has(iso)) byIso.set(iso, id);
  return byIso;
}

export function classifyHexes(georef: Georef, hexes: Iterable<ColRow>, surface: Surface, byIso: ReadonlyMap<string, string>, options: ClassifyOptions = {}): ClassifiedHex[] {
  const seaBelow = options.seaBelow ?? 0.02;
  const landAbove = options.landAbove ?? 0.98;
  const samples = hexSamples(georef.grid, options.samplesPerSide);
  const countryOfCode = surface.codes.map((iso) => (iso === undefined ? undefined : byIso.get(iso)));
  const out: ClassifiedHex[] = [];
  for (const hex of hexes) {
    const key = formatHex(hex, georef.grid);
    if (!key) continue;
    const c = hexCenter(hex, georef.grid);
    let land = 0;
    let total = 0;
    // Land samples per ruleset country; '' for land that no ruleset country claims.
    const tally = new Map<string, number>();
    for (const s of samples) {
      const ll = gridToLonLat(georef, { x: c.x + s.x, y: c.y + s.y });
      if (!ll) continue;
      total++;
      const code = surface.at(ll.lon, ll.lat);
      if (code < 0) continue;
      land++;
      const country = countryOfCode[code] ?? '';
      tally.set(country, (tally.get(country) ?? 0) + 1);
    }
    const share = total ? land / total : 0;
    const medium: Medium = share < seaBelow ? 'sea' : share > landAbove ? 'land' : 'coastal';
    let country: string | undefined;
    let most = 0;
    for (const [id, n] of tally) if (n > most) (most = n), (country = id || undefined);
    out.push({ key, hex, medium, land: share, ...(medium !== 'sea' && country ? { country } : {}) });
  }
  return out;
}
