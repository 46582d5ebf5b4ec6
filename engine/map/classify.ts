// Every hex as all-sea, coastal or all-land, with the country and the landmass most of its land belongs
// to, by looking the geography up at points spread over the hex; and the sides between them that are
// all sea (the sea parts their land, or the side lies in it) or all land (the side lies on it).
import { formatHex, hexCenter, hexSamples, neighbours, sharedSide, sideSamples, type ColRow, type Point } from './grid';
import { gridToLonLat, type Georef, type LonLat } from './georef';

export type Medium = 'sea' | 'coastal' | 'land';

/**
 * What is on the ground at a point: -1 for sea, else a code, an index into `codes` (a country's ISO
 * 3166-1 numeric code, or undefined for land without one) and `landmasses` (land joined to other land
 * by land, so that two codes with different landmasses are parted by sea: an island and a mainland).
 */
export interface Surface {
  at(lon: number, lat: number): number;
  codes: readonly (string | undefined)[];
  landmasses: readonly number[];
}

export interface ClassifiedHex {
  key: string;
  hex: ColRow;
  medium: Medium;
  /** Share of the hex's sample points on land. */
  land: number;
  /** The ruleset country holding most of the hex's land, if a ruleset country holds more of it than any other land. */
  country?: string;
  /** The landmass holding most of the hex's land (Surface.landmasses); none for a hex without land. */
  landmass?: number;
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
    // Land samples per ruleset country ('' for land that no ruleset country claims), and per landmass.
    const tally = new Map<string, number>();
    const masses = new Map<number, number>();
    for (const s of samples) {
      const ll = gridToLonLat(georef, { x: c.x + s.x, y: c.y + s.y });
      if (!ll) continue;
      total++;
      const code = surface.at(ll.lon, ll.lat);
      if (code < 0) continue;
      land++;
      const country = countryOfCode[code] ?? '';
      tally.set(country, (tally.get(country) ?? 0) + 1);
      masses.set(surface.landmasses[code], (masses.get(surface.landmasses[code]) ?? 0) + 1);
    }
    const share = total ? land / total : 0;
    const medium: Medium = share < seaBelow ? 'sea' : share > landAbove ? 'land' : 'coastal';
    const country = mostOf(tally) || undefined;
    const landmass = mostOf(masses);
    out.push({ key, hex, medium, land: share, ...(medium !== 'sea' && country ? { country } : {}), ...(landmass !== undefined ? { landmass } : {}) });
  }
  return out;
}

/** The key counted most often (the first such), if any. */
function mostOf<K>(tally: ReadonlyMap<K, number>): K | undefined {
  let best: K | undefined;
  let most = 0;
  for (const [k, n] of tally) if (n > most) (most = n), (best = k);
  return best;
}

/** What a whole hexside is, where that matters to movement: sea land units cannot cross, or land fleets cannot. */
export type SideMedium = 'sea' | 'land';

export interface ClassifiedHexside {
  /** The two hex numbers, in order. */
  between: [string, string];
  medium: SideMedium;
}

export interface HexsideOptions {
  /** Points looked up along each side: a dozen lie closer together than the cells of a raster of sixteen to the hex. */
  pointsAlongSide?: number;
  /** Hexes holding a named place, each with where the place is, when that is known. */
  places?: ReadonlyMap<string, LonLat | undefined>;
}

/**
 * The sides between two of these hexes, one of them coastal, that are all sea although both hexes hold
 * land: where most of each hex's land lies on a different landmass (an island and the mainland: a hex
 * straddling a strait counts as the land it mostly holds), or where the side lies wholly in the sea (a bay
 * between two coasts); and those wholly on land although both hexes touch sea (an isthmus between two
 * waters). A place's hex counts as the landmass the place stands on, and its sides are not looked up: the
 * text puts the place in it, while the fit may put its geography a hex away. Between all-land hexes
 * land is taken for granted, as sea between all-sea. In canonical order: `between` sorted, and the
 * list sorted by it.
 */
export function classifyHexsides(
  georef: Georef,
  hexes: readonly Pick<ClassifiedHex, 'key' | 'hex' | 'medium' | 'landmass'>[],
  surface: Surface,
  options: HexsideOptions = {},
): ClassifiedHexside[] {
  const byKey = new Map(hexes.map((h) => [h.key, h]));
  const places = options.places ?? new Map<string, LonLat | undefined>();
  // Each hex's landmass, read once: a place's own where the place stands on land, else the hex's.
  const landmass = new Map(
    hexes.map((h) => {
      const at = places.get(h.key);
      const code = at ? surface.at(at.lon, at.lat) : -1;
      return [h.key, code >= 0 ? surface.landmasses[code] : h.landmass];
    }),
  );
  const out: ClassifiedHexside[] = [];
  for (const a of hexes) {
    for (const n of neighbours(a.hex, georef.grid)) {
      const b = byKey.get(formatHex(n, georef.grid) ?? '');
      // Each side once, from the hex with the lower number.
      if (!b || b.key <= a.key) continue;
      const media = [a.medium, b.medium];
      if (!media.includes('coastal')) continue;
      const [la, lb] = [landmass.get(a.key), landmass.get(b.key)];
      if (!media.includes('sea') && la !== undefined && lb !== undefined && la !== lb) {
        out.push({ between: [a.key, b.key], medium: 'sea' });
        continue;
      }
      if (places.has(a.key) || places.has(b.key)) continue;
      const side = sharedSide(a.hex, b.hex, georef.grid);
      const along = side && sideSurface(georef, side, surface, options.pointsAlongSide ?? 12);
      if (along === 'sea' && !media.includes('sea')) out.push({ between: [a.key, b.key], medium: 'sea' });
      if (along === 'land' && !media.includes('land')) out.push({ between: [a.key, b.key], medium: 'land' });
    }
  }
  return out.sort((x, y) => compareBetween(x.between, y.between));
}

/** Sea or land if every point looked up along the side is, else undefined (also when a point falls off the projection). */
function sideSurface(georef: Georef, side: [Point, Point], surface: Surface, count: number): SideMedium | undefined {
  let sea = 0;
  let land = 0;
  for (const p of sideSamples(side, count)) {
    const ll = gridToLonLat(georef, p);
    if (!ll) return undefined;
    if (surface.at(ll.lon, ll.lat) < 0) sea++;
    else land++;
  }
  return land === 0 ? 'sea' : sea === 0 ? 'land' : undefined;
}

/** Orders two sides by their hex numbers, the lower of each pair first. */
export function compareBetween(a: readonly [string, string], b: readonly [string, string]): number {
  const [a0, a1] = [...a].sort();
  const [b0, b1] = [...b].sort();
  return a0 < b0 ? -1 : a0 > b0 ? 1 : a1 < b1 ? -1 : a1 > b1 ? 1 : 0;
}
