// `npm run bootstrap-map -- <ruleset>`: fits the ruleset's hex grid to geography, classifies every hex
// and the sides between coasts from Natural Earth, writes the generated grid document and prints the
// residual table.
import { join } from 'node:path';
import type { Medium, SideMedium } from '../engine/map/classify';
import { offEarthAnchors } from '../engine/map/anchors';
import { FitError } from '../engine/map/fit';
import type { GenerateCounts } from '../engine/map/generate';
import { residualTable } from '../engine/map/report';
import { formatDiagnostic, loadRuleset } from '../engine';
import { getAt } from '../engine/json/pointer';
import { fsSource } from '../engine/load/fs-source';
import { bootstrapAreas } from '../server/geo/areas';
import { bootstrapMap, BootstrapError, GRID_DOCUMENT } from '../server/geo/bootstrap';
import { replaceFile } from '../server/files';
import { noun } from '../engine/words';
import { CommandFailed, parseArgs, rulesetLocation, UsageError, wholeNumber, type OptionSpec } from './lib/args';

const USAGE = `usage: npm run bootstrap-map -- <ruleset> [--output map-grid.json] [--margin 2] [--max-grow 10]
                                  [--terrain land|coastal|sea=<terrain id>]... [--dry-run]
       npm run bootstrap-map -- <area ruleset> [--write] [--accept <area>:<area>]...
Hex map: fits the grid to the anchors (places with a hex and a lat/lon, and map.georeference.anchors),
classifies every hex as all-sea, coastal or all-land with its country, and the sides between coasts that
are all sea or all land (as the first hexside features with that medium), and writes <ruleset>/<output>
as bootstrap data. Hexes other documents define, hexes and hexsides of <output> a designer has set from
a source, and sides a designer's hexside names are left as they are.
Area map: places each area (its centroid, else its anchors or places), lists adjacency candidates;
--write stores the positions found, --accept adds an adjacency on both sides.`;

const OPTIONS: OptionSpec = {
  output: 'one',
  margin: 'one',
  'max-grow': 'one',
  terrain: 'many',
  'dry-run': 'switch',
  write: 'switch',
  accept: 'many',
};
/** Codes the loader gives a document it could not read (engine/load/resolve.ts); one that does not parse is not among its documents. */
const NOT_READ = new Set(['missing-document', 'bad-path', 'document-too-large']);
const HEX_ONLY = ['output', 'margin', 'max-grow', 'terrain', 'dry-run'];
const AREA_ONLY = ['write', 'accept'];

function main(argv: string[]): number {
  const args = parseArgs(argv, OPTIONS);
  if (args.help) return console.log(USAGE), 0;
  if (args.positional.length !== 1) throw new UsageError('name one ruleset folder, e.g. rulesets/2ww');
  const { root, id, display } = rulesetLocation(args.positional[0]);
  const loaded = loadRuleset(fsSource(root), id);
  const value = (name: string) => args.options.get(name)?.[0];
  const output = value('output') ?? GRID_DOCUMENT;
  // A fit on a ruleset read in part would be wrong without a word. Other errors may be what this run mends (an
  // area map without adjacencies), and the grid it writes may be listed before it exists.
  const manifest = loaded.documents.get(`${id}/ruleset.json`)?.value;
  const unread = loaded.diagnostics.filter(
    (d) => d.severity === 'error' && (!loaded.ruleset || !loaded.documents.has(d.document) || NOT_READ.has(d.code)) && !(d.code === 'missing-document' && getAt(manifest, d.pointer) === output),
  );
  if (unread.length) {
    for (const d of unread) console.error(formatDiagnostic(d, display));
    throw new CommandFailed(`${id} cannot be read in full: fix ${noun(unread.length, 'this', 'these')} first (npm run validate -- ${display}${id})`);
  }
  const isArea = loaded.ruleset?.map?.kind === 'area';
  const misplaced = (isArea ? HEX_ONLY : AREA_ONLY).filter((name) => args.options.has(name));
  if (misplaced.length) throw new UsageError(`${id} has ${isArea ? 'an area' : 'a hex'} map: ${misplaced.map((name) => `--${name}`).join(', ')} ${noun(misplaced.length, 'is', 'are')} for ${isArea ? 'hex' : 'area'} maps`);
  if (isArea) return areas(root, id, display, args.options.get('accept') ?? [], args.options.has('write'));
  const result = bootstrapMap(root, id, {
    output,
    margin: count('margin', value('margin')),
    maxGrow: count('max-grow', value('max-grow')),
    terrain: terrainOption(args.options.get('terrain') ?? []),
  });
  const { fit, extent, counts } = result;

  console.log(`${id}: ${fit.residuals.length} anchors; best fit ${fit.projection}, ${fit.transform.kind}, offset ${fit.grid.offset}; RMS ${fit.rms.toFixed(2)} hexes; suspect beyond ${fit.threshold.toFixed(2)} hexes\n`);
  console.log(residualTable(fit));
  if (fit.unusable.length) console.log(`\nnot hex numbers of this grid: ${fit.unusable.map((a) => `${a.label} (${a.hex})`).join(', ')}`);
  const offEarth = offEarthAnchors(loaded.ruleset?.map);
  if (offEarth.length) console.log(`\npositions that are no place on the earth (latitude within ±90, longitude within ±180), left out: ${offEarth.join(', ')}`);
  console.log('\nmodels tried (best first):');
  for (const m of fit.models.slice(0, 6)) console.log(`  ${m.projection.padEnd(28)} ${m.kind.padEnd(9)} ${m.offset.padEnd(18)} RMS ${m.rms.toFixed(2)}  score ${m.score.toFixed(3)}  suspects ${m.outliers}`);

  const media = { sea: 0, coastal: 0, land: 0 };
  for (const c of result.classified) media[c.medium]++;
  console.log(
    `\nextent: columns ${extent.columns.first}–${extent.columns.last}, rows ${extent.rows.first}–${extent.rows.last}${result.extentDerived ? ' (derived: the map states none)' : ''}; ` +
      `${result.classified.length} hexes: ${media.land} all-land, ${media.coastal} coastal, ${media.sea} all-sea`,
  );
  // A dry run says what it would write.
  const written = args.options.has('dry-run') ? 'would write' : 'written';
  console.log(`${written} ${counts.written} bootstrap hexes; left ${counts.elsewhere} to the documents that define them; kept ${counts.kept} set by a designer`);
  console.log(`${written} hexsides: ${hexsideSummary(result.hexsideFeatures, counts, result.output)}`);
  if (result.withoutTerrain.length) {
    const medium = new Map(result.classified.map((c) => [c.key, c.medium]));
    console.log(`hexes other documents define without a terrain, as Natural Earth has them (set the terrain there): ${result.withoutTerrain.map((k) => `${k} ${medium.get(k) ?? 'off the extent'}`).join(', ')}`);
  }
  // A hex's country is read from Natural Earth through the countries' ISO codes: none given, none is found.
  const coded = Object.values(loaded.ruleset?.map?.countries ?? {}).some((c) => c.isoCodes?.length);
  if (!coded) console.log('no country of the map declares isoCodes (ISO 3166-1 numeric codes of the countries it covers): the hexes get no country');
  else if (!result.classified.some((c) => c.country)) console.log("no hex falls in a country of the map: check its countries' isoCodes");
  if (result.unnumbered.length) console.log(`places with a position but no hex number, where the fit puts them: ${result.unnumbered.map((p) => `${p.name} ${p.hex ?? '(off the grid)'}`).join(', ')}`);
  if (counts.skippedKeys.length) console.log(`not written (another document defines them): ${counts.skippedKeys.join(', ')}`);
  console.log(`fit ${result.timings.fitMs.toFixed(0)} ms, classify ${result.timings.classifyMs.toFixed(0)} ms`);

  if (args.options.has('dry-run')) {
    console.log(`\n--dry-run: ${display}${id}/${result.output} not written`);
  } else {
    replaceFile(result.file, result.text);
    console.log(`\nwrote ${display}${id}/${result.output}`);
  }
  if (!result.listed) console.log(`note: ${id}'s manifest does not list ${result.output} under documents.map yet: add it there to use the grid`);
  return 0;
}

function areas(root: string, id: string, display: string, accept: string[], write: boolean): number {
  const pairs = accept.map((pair): [string, string] => {
    const [a, b] = pair.split(':');
    if (!a || !b) throw new UsageError(`--accept ${pair}: expected <area>:<area>`);
    return [a, b];
  });
  const result = bootstrapAreas(root, id, { accept: pairs, write });
  console.log(`${id}: ${result.placed.length} areas placed (${countBy(result.placed.map((p) => p.from))}); ${result.unplaced.length} without a position${result.unplaced.length ? `: ${result.unplaced.join(', ')} (give each a centroid, or an anchor or place with a lat/lon)` : ''}`);
  console.log(`\nadjacency candidates (${result.candidates.length}), nearest first; accept with --accept <a>:<b>:`);
  for (const c of result.candidates) console.log(`  ${c.between.join(':').padEnd(36)} ${c.kind.padEnd(9)} ${c.km.toFixed(0).padStart(5)} km${c.acrossWater ? '  across water' : ''}`);
  for (const [path, text] of result.changed) {
    replaceFile(join(root, id, path), text);
    console.log(`wrote ${display}${id}/${path}`);
  }
  return 0;
}

/** How many all-sea and all-land hexsides were written, how many were left to a designer, and why none could be. */
function hexsideSummary(features: Partial<Record<SideMedium, string>>, counts: GenerateCounts, output: string): string {
  if (counts.skippedKeys.includes('/map/hexsides')) return `none, as another document defines map.hexsides: move its hexsides into ${output}, where they are kept as a designer's, to have both`;
  const written = counts.hexsides;
  const kinds = [
    ['sea', 'all-sea'],
    ['land', 'all-land'],
  ] as const;
  const parts = kinds.filter(([medium]) => features[medium]).map(([medium, name]) => `${written[medium]} ${name} (${features[medium]})`);
  const missing = kinds.filter(([medium]) => !features[medium]).map(([medium]) => `"${medium}"`);
  const hint = missing.length ? `; no hexside feature has medium ${missing.join(' or ')}: declare one in map.features to have those written` : '';
  const named = counts.namedSides ? `; ${counts.namedSides} more left as they are, a designer's hexside naming the side (its feature decides it)` : '';
  return `${parts.join(', ') || 'none'}${named}${hint}`;
}

const countBy = (xs: string[]) => [...new Set(xs)].map((x) => `${xs.filter((y) => y === x).length} from ${x}`).join(', ') || 'none';

const count = (name: string, value: string | undefined) => (value === undefined ? undefined : wholeNumber(name, value, 0));

function terrainOption(pairs: string[]): Partial<Record<Medium, string>> {
  const out: Partial<Record<Medium, string>> = {};
  for (const pair of pairs) {
    const [medium, id] = pair.split('=', 2);
    if (medium !== 'land' && medium !== 'coastal' && medium !== 'sea') throw new UsageError(`--terrain ${pair}: expected land=<id>, coastal=<id> or sea=<id>`);
    if (!id) throw new UsageError(`--terrain ${pair}: name the terrain id after "="`);
    out[medium] = id;
  }
  return out;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (err) {
  if (err instanceof UsageError) {
    console.error(`bootstrap-map: ${err.message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else if (err instanceof CommandFailed || err instanceof BootstrapError || err instanceof FitError) {
    console.error(`bootstrap-map: ${err.message}`);
    process.exitCode = 1;
  } else throw err;
}
