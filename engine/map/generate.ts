// The generated grid document: every hex of the extent as bootstrap data, never in place of a hex that
// another document defines, nor of one in this document that a designer has since set from a source;
// and the all-sea and all-land sides between the hexes it writes, never on a side a designer has named.
import type { Gap, Hex, Hexside, MapDocument, Source } from '../generated/schema-types';
import { joinPointer } from '../json/pointer';
import { compareBetween, type ClassifiedHex, type ClassifiedHexside, type Medium, type SideMedium } from './classify';
import type { FitResult } from './fit';
import type { Extent, GridSpec } from './grid';

export interface GenerateInput {
  /** The grid's numbering as the ruleset states it (restated here: every map document must be valid alone). */
  grid: GridSpec & { offsetGiven: boolean };
  extent: Extent;
  fit: FitResult;
  classified: readonly ClassifiedHex[];
  terrain: Record<Medium, string>;
  /** Country of each hex named in the georeference's border overrides. */
  overrides: ReadonlyMap<string, string>;
  /** Hexes holding a named place: never all-sea, whatever the coastline data says. */
  placeHexes: ReadonlySet<string>;
  /** The all-sea and all-land sides between the hexes given. */
  classifyHexsides(hexes: readonly ClassifiedHex[]): readonly ClassifiedHexside[];
  /** The hexside feature for each kind of side; a kind the ruleset has no feature for is not written. */
  hexsideFeatures: Partial<Record<SideMedium, string>>;
  /** Sides the ruleset's hexsides name in other documents or patch sets, whatever their feature: the designer's word on them stands. */
  namedSides: readonly Hexside['between'][];
  /** Whether a value at this pointer of the resolved ruleset comes from some other document. */
  definedElsewhere(pointer: string): boolean;
  /** The generated document as it stands, if it exists. */
  existing?: MapDocument;
  schemaPath: string;
  /** Why the extent is what it is, when this document sets it. */
  extentNote: string;
}

export interface GenerateCounts {
  written: number;
  /** Hexes left to the document that defines them. */
  elsewhere: number;
  /** Hexes of this document a designer set from a source other than bootstrap, kept as they are. */
  kept: number;
  /** Hexsides written, by kind. */
  hexsides: Record<SideMedium, number>;
  /** All-sea or all-land sides left as they are because a designer's hexside names them. */
  namedSides: number;
  /** Parts of the grid or georeference another document defines, so not written here. */
  skippedKeys: string[];
}

const BOOTSTRAP: Source = { kind: 'bootstrap' };

export function generateGridDocument(input: GenerateInput): { document: MapDocument; counts: GenerateCounts } {
  const { fit, grid } = input;
  const counts: GenerateCounts = { written: 0, elsewhere: 0, kept: 0, hexsides: { sea: 0, land: 0 }, namedSides: 0, skippedKeys: [] };
  const free = (pointer: string) => {
    if (!input.definedElsewhere(pointer)) return true;
    counts.skippedKeys.push(pointer);
    return false;
  };

  const previous = input.existing?.map?.hexes ?? {};
  const hexes: Record<string, Hex> = {};
  const designed = (h: Hex | undefined) => h !== undefined && h.source?.kind !== 'bootstrap';
  for (const [key, hex] of Object.entries(previous)) if (designed(hex) && !input.definedElsewhere(joinPointer('/map/hexes', key))) hexes[key] = hex;
  // The hexes whose sides this run classifies: those it writes, and those another document names without
  // a terrain (a place's hex); not a hex whose terrain a designer gave (a straits hex): its crossings are theirs.
  const sided: ClassifiedHex[] = [];
  for (const c of input.classified) {
    const medium: Medium = c.medium === 'sea' && input.placeHexes.has(c.key) ? 'coastal' : c.medium;
    if (input.definedElsewhere(joinPointer('/map/hexes', c.key))) {
      counts.elsewhere++;
      if (!input.definedElsewhere(joinPointer('/map/hexes', c.key, 'terrain'))) sided.push({ ...c, medium });
      continue;
    }
    if (designed(previous[c.key])) {
      counts.kept++;
      continue;
    }
    const country = medium === 'sea' ? undefined : (input.overrides.get(c.key) ?? c.country);
    hexes[c.key] = { terrain: input.terrain[medium], ...(country ? { country } : {}), source: BOOTSTRAP };
    sided.push({ ...c, medium });
    counts.written++;
  }

  const gridOut: Record<string, unknown> = { orientation: grid.orientation, columnDigits: grid.columnDigits, rowDigits: grid.rowDigits };
  if (!grid.offsetGiven && free('/map/grid/offset')) gridOut.offset = grid.offset;
  // Where the extent's provenance goes: a gap on the grid, else the georeference's note.
  let extentNoted = true;
  if (free('/map/grid/columns') && free('/map/grid/rows')) {
    gridOut.columns = input.extent.columns;
    gridOut.rows = input.extent.rows;
    if (free('/map/grid/gaps')) gridOut.gaps = [{ gap: input.extentNote, category: 'map' } satisfies Gap];
    else extentNoted = false;
  }
  const georeference: Record<string, unknown> = {};
  if (free('/map/georeference/transform')) {
    georeference.transform = {
      kind: fit.transform.kind,
      projection: fit.projection,
      coefficients: fit.transform.coefficients.map((c) => Number(c.toPrecision(12))),
      rmsResidual: round(fit.rms, 3),
    };
  }
  if (free('/map/georeference/source')) georeference.source = { kind: 'bootstrap', note: extentNoted ? fitNote(fit) : `${fitNote(fit)} ${input.extentNote}` };

  const map: Record<string, unknown> = { kind: 'hex', grid: gridOut };
  if (Object.keys(georeference).length) map.georeference = georeference;
  map.hexes = hexes;
  const hexsides = generateHexsides(input, sided, counts, free);
  if (hexsides.length) map.hexsides = hexsides;
  return { document: { $schema: input.schemaPath, map: map as unknown as MapDocument['map'] }, counts };
}

/**
 * The document's hexsides: those a designer painted into it, kept as they are, and the all-sea and all-land
 * sides between the hexes it classifies where no hexside of the designer's names the side.
 */
function generateHexsides(input: GenerateInput, sided: readonly ClassifiedHex[], counts: GenerateCounts, free: (pointer: string) => boolean): Hexside[] {
  const designed = (input.existing?.map?.hexsides ?? []).filter((s) => s.source?.kind !== 'bootstrap');
  if (!Object.keys(input.hexsideFeatures).length || !free('/map/hexsides')) return designed;
  const named = new Set([...input.namedSides, ...designed.map((s) => s.between)].map(sideKey));
  const generated = input.classifyHexsides(sided).flatMap(({ between, medium }): Hexside[] => {
    const feature = input.hexsideFeatures[medium];
    if (!feature) return [];
    if (named.has(sideKey(between))) return (counts.namedSides++, []);
    counts.hexsides[medium]++;
    return [{ between, feature, source: BOOTSTRAP }];
  });
  return [...designed, ...generated].sort((a, b) => compareBetween(a.between, b.between));
}

const sideKey = (between: readonly [string, string]) => [...between].sort().join('|');

const round = (x: number, digits: number) => Number(x.toFixed(digits));

function fitNote(fit: FitResult): string {
  const outliers = fit.residuals.filter((r) => r.outlier).map((r) => `${r.anchor.label} (${r.anchor.hex})`);
  return (
    `Fitted by bootstrap-map to ${fit.residuals.length} anchors: ${fit.projection}, ${fit.transform.kind}, ` +
    `RMS ${fit.rms.toFixed(2)} hexes over the ${fit.residuals.length - outliers.length} that fit` +
    (outliers.length ? `; suspected errors: ${outliers.join(', ')}` : '') +
    '. Hexes are classified from Natural Earth 1:50m country outlines.'
  );
}

/**
 * The document as text, one hex to a line in hex-number order (an object's own order would put
 * "1001" before "0601"), and one hexside to a line in the order given, so a regenerated grid diffs
 * hex by hex and side by side.
 */
export function formatGridDocument(document: MapDocument): string {
  const { hexes = {}, hexsides, ...rest } = document.map ?? { kind: 'hex' };
  const [hexesMarker, hexsidesMarker] = ['"__HEXES__"', '"__HEXSIDES__"'];
  const map = { ...rest, hexes: hexesMarker.slice(1, -1), ...(hexsides ? { hexsides: hexsidesMarker.slice(1, -1) } : {}) };
  const text = JSON.stringify({ ...document, map }, null, 2);
  const hexLines = Object.keys(hexes)
    .sort()
    .map((key) => `      ${JSON.stringify(key)}: ${JSON.stringify(hexes[key])}`);
  const sideLines = (hexsides ?? []).map((side) => `      ${JSON.stringify(side)}`);
  return (
    text
      .replace(hexesMarker, () => (hexLines.length ? `{\n${hexLines.join(',\n')}\n    }` : '{}'))
      .replace(hexsidesMarker, () => (sideLines.length ? `[\n${sideLines.join(',\n')}\n    ]` : '[]')) + '\n'
  );
}
