// bootstrap-map's work: fit a ruleset's hex grid to its anchors, classify every hex and the sides between
// coasts from Natural Earth, and compose the generated grid document. Reads the ruleset; writing the
// result is the caller's choice.
import { existsSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadRuleset, type LoadedRuleset } from '@/engine';
import type { Map as GameMap, MapDocument } from '@/engine/generated/schema-types';
import { getAt } from '@/engine/json/pointer';
import { fsSource } from '@/engine/load/fs-source';
import { checkPath, type ReadResult } from '@/engine/load/source';
import { collectAnchors } from '@/engine/map/anchors';
import { classifyHexes, classifyHexsides, countriesByIso, type ClassifiedHex, type Medium, type SideMedium, type Surface } from '@/engine/map/classify';
import { anchorBoxes, coverCountries, inExtent } from '@/engine/map/extent';
import { fitGrid, type FitResult } from '@/engine/map/fit';
import { formatGridDocument, generateGridDocument, type GenerateCounts } from '@/engine/map/generate';
import { placesWithoutHex } from '@/engine/map/report';
import { extentBBox, makeGeoref, type Georef } from '@/engine/map/georef';
import { hexesIn, type Extent } from '@/engine/map/grid';
import { schemaRef } from '../schema-ref';
import { naturalEarthSurface } from './surface';
import { isRecord } from '../../engine/json/record';

export interface BootstrapOptions {
  /** Path of the generated document inside the ruleset folder: a new file, or the grid an earlier run wrote. */
  output?: string;
  margin?: number;
  maxGrow?: number;
  /** Terrain id to use for each kind of hex, where the ruleset's terrain types leave it open. */
  terrain?: Partial<Record<Medium, string>>;
}

export interface BootstrapResult {
  document: MapDocument;
  text: string;
  /** Where the document goes: its path inside the ruleset folder, and the file. */
  output: string;
  file: string;
  fit: FitResult;
  extent: Extent;
  extentDerived: boolean;
  classified: ClassifiedHex[];
  counts: GenerateCounts;
  /** The hexside feature written for each kind of side; none for a kind the ruleset declares no feature for. */
  hexsideFeatures: Partial<Record<SideMedium, string>>;
  /** Places with a position but no hex number, and where the fit puts them. */
  unnumbered: { id: string; name: string; hex?: string }[];
  /** Hexes other documents define without a terrain, which bootstrap may not fill in. */
  withoutTerrain: string[];
  /** Whether the manifest lists the output among its map documents. */
  listed: boolean;
  timings: { fitMs: number; classifyMs: number };
}

/** The generated grid's file, unless the caller names another. */
export const GRID_DOCUMENT = 'map-grid.json';

export class BootstrapError extends Error {
  override name = 'BootstrapError';
}

export function bootstrapMap(root: string, id: string, options: BootstrapOptions = {}): BootstrapResult {
  const source = fsSource(root);
  const loaded = loadRuleset(source, id);
  const map = loaded.ruleset?.map as GameMap | undefined;
  if (!map) throw new BootstrapError(`${id} has no map document (or its manifest cannot be read): run validate`);
  if (map.kind !== 'hex') throw new BootstrapError(`${id}'s map is an area map: bootstrap-map --areas proposes area positions and adjacency instead`);
  const g = map.grid;
  if (!g?.orientation || !g.columnDigits || !g.rowDigits) throw new BootstrapError(`${id}'s map has no grid orientation and digit counts (map.grid): the fit needs the numbering`);

  const output = options.output ?? GRID_DOCUMENT;
  checkOutput(root, id, output);
  const generatedName = `${id}/${output}`;
  const existing = earlierGrid(source.read(id, output), generatedName, output);
  const definedElsewhere = (pointer: string) => getAt(loaded.ruleset, pointer) !== undefined && loaded.origins.find(pointer)?.document !== generatedName;

  const t0 = performance.now();
  // An offset the generated document itself holds was the last fit's choice: the fit chooses again.
  const offsetGiven = definedElsewhere('/map/grid/offset');
  const anchors = collectAnchors(map);
  const fit = fitGrid({ orientation: g.orientation, columnDigits: g.columnDigits, rowDigits: g.rowDigits, offset: offsetGiven ? g.offset : undefined }, anchors);
  const georef = makeGeoref(fit.grid, fit.transform, fit.projection);
  const t1 = performance.now();

  const byIso = countriesByIso(map.countries ?? {});
  const given = definedElsewhere('/map/grid/columns') && definedElsewhere('/map/grid/rows') && g.columns && g.rows ? { columns: g.columns, rows: g.rows } : undefined;
  let extent: Extent;
  let classified: ClassifiedHex[];
  let surface: Surface;
  if (given) {
    extent = given;
    surface = surfaceOver(georef, extent);
    classified = classifyHexes(georef, hexesIn(extent), surface, byIso);
  } else {
    const kept = fit.residuals.filter((r) => !r.outlier).map((r) => r.anchor.hex);
    const { inner, outer } = anchorBoxes(kept, fit.grid, { margin: options.margin, maxGrow: options.maxGrow });
    surface = surfaceOver(georef, outer);
    const wide = classifyHexes(georef, hexesIn(outer), surface, byIso);
    extent = coverCountries(inner, wide);
    classified = wide.filter((c) => inExtent(extent, c.hex));
  }

  const overrides = new Map<string, string>();
  for (const o of map.georeference?.borderOverrides ?? []) for (const hex of o.hexes) overrides.set(hex, o.country);
  const hexsideFeatures = hexsideFeatureIds(map);
  const placeHexes = new Set(Object.values(map.places ?? {}).flatMap((p) => (p.hex ? [p.hex] : [])));
  // Where each place's hex has its place, when its place (else another anchor there) says: the landmass the hex counts as.
  const placeAnchor = (hex: string) => anchors.find((a) => a.hex === hex && a.pointer.startsWith('/map/places/')) ?? anchors.find((a) => a.hex === hex);
  const places = new Map([...placeHexes].map((hex) => [hex, placeAnchor(hex)?.at]));
  const { document, counts } = generateGridDocument({
    grid: { ...fit.grid, offsetGiven },
    extent,
    fit,
    classified,
    terrain: terrainIds(map, options.terrain ?? {}),
    overrides,
    placeHexes,
    classifyHexsides: (hexes) => classifyHexsides(georef, hexes, surface, { places }),
    hexsideFeatures,
    // Whatever the document or patch set: a hexside not from bootstrap is a designer's.
    namedSides: (map.hexsides ?? []).filter((s) => s.source?.kind !== 'bootstrap').map((s) => s.between),
    definedElsewhere,
    existing,
    schemaPath: schemaRef(path.dirname(path.join(root, id, output)), 'map'),
    extentNote: given
      ? ''
      : `The text gives no map extent: columns ${extent.columns.first}–${extent.columns.last} and rows ${extent.rows.first}–${extent.rows.last} ` +
        `are a provisional extent from bootstrap-map (the anchors' hexes plus ${options.margin ?? 2}, grown to take in the ruleset's countries by at most ${options.maxGrow ?? 10} hexes).`,
  });
  const t2 = performance.now();
  return {
    document,
    text: formatGridDocument(document),
    output,
    file: path.join(root, id, output),
    fit,
    extent,
    extentDerived: !given,
    classified,
    counts,
    hexsideFeatures,
    unnumbered: placesWithoutHex(map.places ?? {}, georef),
    withoutTerrain: Object.entries(map.hexes ?? {}).filter(([key, h]) => !h.terrain && definedElsewhere(`/map/hexes/${key}`)).map(([key]) => key),
    listed: isListed(loaded, output),
    timings: { fitMs: t1 - t0, classifyMs: t2 - t1 },
  };
}

/**
 * Refuses an output that is not a document path the loader reads, in a folder of the ruleset that exists:
 * the grid is written there and nowhere else (not outside the folder, not through a link out of it).
 */
function checkOutput(root: string, id: string, output: string): void {
  const refused = checkPath(id, output) ?? (output.endsWith('.json') ? undefined : `"${output}" is not a .json file`);
  if (refused) throw new BootstrapError(`--output ${output}: ${refused}; name a file of the ruleset folder, e.g. ${GRID_DOCUMENT}`);
  const folder = realpathSync(path.join(root, id));
  const parent = path.join(folder, path.dirname(output));
  if (!existsSync(parent)) throw new BootstrapError(`--output ${output}: the ruleset folder has no folder ${path.dirname(output)}`);
  const inside = path.relative(folder, realpathSync(parent));
  if (inside === '..' || inside.startsWith(`..${path.sep}`)) throw new BootstrapError(`--output ${output}: ${path.dirname(output)} is a link that leads outside the ruleset folder`);
  if (statSync(path.join(folder, output), { throwIfNoEntry: false })?.isDirectory()) throw new BootstrapError(`--output ${output}: that is a folder; name a file`);
}

/** What bootstrap-map writes in a grid document; a file holding anything else is not one it wrote. */
const GRID_KEYS = new Set(['kind', 'grid', 'georeference', 'hexes', 'hexsides']);

/**
 * The grid an earlier run wrote, if the output exists. Regenerating keeps only the grid, so a file that
 * holds more (the ruleset's map, its units, its manifest) is refused rather than replaced.
 */
function earlierGrid(read: ReadResult, name: string, output: string): MapDocument | undefined {
  if (read.kind === 'missing') return undefined;
  if (read.kind !== 'text') throw new BootstrapError(`--output ${output}: ${name} cannot be read (${read.kind === 'refused' ? read.reason : 'too large'})`);
  let existing: unknown;
  try {
    existing = JSON.parse(read.text);
  } catch (err) {
    throw new BootstrapError(`${name} is not valid JSON (${(err as Error).message}): fix or remove it first, so that no edit in it is lost`);
  }
  const other = notGrid(existing);
  if (other.length) {
    const shown = other.length > 4 ? [...other.slice(0, 3), `${other.length - 3} more`] : other;
    throw new BootstrapError(
      `--output ${output}: ${name} is not a grid bootstrap-map wrote (it holds ${shown.join(', ')}), and writing the grid would replace it: ` +
        'name a new file, or the grid document of an earlier run',
    );
  }
  return existing as MapDocument;
}

/** What a document holds beyond a generated grid. */
function notGrid(document: unknown): string[] {
  if (!isRecord(document)) return ['no JSON object'];
  if (!isRecord(document.map)) return [...Object.keys(document).filter((k) => k !== '$schema'), 'no map'];
  const outside = Object.keys(document).filter((k) => k !== '$schema' && k !== 'map');
  const inMap = Object.keys(document.map).filter((k) => !GRID_KEYS.has(k)).map((k) => `map.${k}`);
  return [...outside, ...inMap];
}


/** Natural Earth over the extent's hexes. */
function surfaceOver(georef: Georef, extent: Extent): Surface {
  const { bbox, hexDegrees } = extentBBox(georef, extent);
  // Sixteen raster cells across a hex resolve a small island; finer buys little and costs memory.
  const cell = Math.min(0.2, Math.max(0.01, hexDegrees / 16));
  return naturalEarthSurface(bbox, cell);
}

/** For each kind of side, the first hexside feature the ruleset declares with that medium. */
function hexsideFeatureIds(map: GameMap): Partial<Record<SideMedium, string>> {
  const out: Partial<Record<SideMedium, string>> = {};
  for (const [id, f] of Object.entries(map.features ?? {})) if (f.on === 'hexside' && f.medium && !out[f.medium]) out[f.medium] = id;
  return out;
}

/** For each kind of hex, the terrain type the option names, else the first the ruleset declares with that medium. */
function terrainIds(map: GameMap, chosen: Partial<Record<Medium, string>>): Record<Medium, string> {
  const types = Object.entries(map.terrain ?? {});
  const first = (medium: Medium) => types.find(([, t]) => t.medium === medium)?.[0];
  for (const [medium, id] of Object.entries(chosen)) {
    if (!map.terrain?.[id]) throw new BootstrapError(`--terrain ${medium}=${id}: no terrain type "${id}" (known: ${types.map(([k]) => k).join(', ') || 'none'})`);
  }
  const land = chosen.land ?? first('land');
  const sea = chosen.sea ?? first('sea');
  if (!land || !sea) {
    const missing = !land ? 'land' : 'sea';
    throw new BootstrapError(`no terrain type has medium "${missing}": declare one in map.terrain, or pass --terrain ${missing}=<terrain id>`);
  }
  // A ruleset without a coastal terrain type treats a coast as land.
  return { land, sea, coastal: chosen.coastal ?? first('coastal') ?? land };
}

function isListed(loaded: LoadedRuleset, output: string): boolean {
  const maps = loaded.ruleset?.documents?.map;
  return (typeof maps === 'string' ? [maps] : (maps ?? [])).includes(output);
}
