// `npm run bootstrap-map -- <ruleset>`: fits the ruleset's hex grid to geography, classifies every hex
// from Natural Earth, writes the generated grid document and prints the residual table.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Medium } from '../engine/map/classify';
import { FitError } from '../engine/map/fit';
import { residualTable } from '../engine/map/report';
import { loadRuleset } from '../engine';
import { fsSource } from '../engine/load/fs-source';
import { bootstrapAreas } from '../server/geo/areas';
import { bootstrapMap, BootstrapError } from '../server/geo/bootstrap';
import { rulesetLocation, UsageError } from './lib/args';

const USAGE = `usage: npm run bootstrap-map -- <ruleset> [--output map-grid.json] [--margin 2] [--max-grow 10]
                                  [--terrain land|coastal|sea=<terrain id>]... [--dry-run]
       npm run bootstrap-map -- <area ruleset> [--write] [--accept <area>:<area>]...
Hex map: fits the grid to the anchors (places with a hex and a lat/lon, and map.georeference.anchors),
classifies every hex as all-sea, coastal or all-land with its country, and writes <ruleset>/<output> as
bootstrap data. Hexes other documents define, and hexes of <output> a designer has set from a source,
are left as they are.
Area map: places each area (its centroid, else its anchors or places), lists adjacency candidates;
--write stores the positions found, --accept adds an adjacency on both sides.`;

function main(argv: string[]): number {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      output: { type: 'string' },
      margin: { type: 'string' },
      'max-grow': { type: 'string' },
      terrain: { type: 'string', multiple: true },
      'dry-run': { type: 'boolean' },
      write: { type: 'boolean' },
      accept: { type: 'string', multiple: true },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return console.log(USAGE), 0;
  if (positionals.length !== 1) throw new UsageError('name one ruleset folder, e.g. rulesets/2ww');
  const { root, id, display } = rulesetLocation(positionals[0]);
  if (loadRuleset(fsSource(root), id).ruleset?.map?.kind === 'area') return areas(root, id, display, values.accept ?? [], values.write ?? false);
  const result = bootstrapMap(root, id, {
    output: values.output,
    margin: count('margin', values.margin),
    maxGrow: count('max-grow', values['max-grow']),
    terrain: terrainOption(values.terrain ?? []),
  });
  const { fit, extent, counts } = result;

  console.log(`${id}: ${fit.residuals.length} anchors; best fit ${fit.projection}, ${fit.transform.kind}, offset ${fit.grid.offset}; RMS ${fit.rms.toFixed(2)} hexes; suspect beyond ${fit.threshold.toFixed(2)} hexes\n`);
  console.log(residualTable(fit));
  if (fit.unusable.length) console.log(`\nnot hex numbers of this grid: ${fit.unusable.map((a) => `${a.label} (${a.hex})`).join(', ')}`);
  console.log('\nmodels tried (best first):');
  for (const m of fit.models.slice(0, 6)) console.log(`  ${m.projection.padEnd(28)} ${m.kind.padEnd(9)} ${m.offset.padEnd(18)} RMS ${m.rms.toFixed(2)}  score ${m.score.toFixed(3)}  suspects ${m.outliers}`);

  const media = { sea: 0, coastal: 0, land: 0 };
  for (const c of result.classified) media[c.medium]++;
  console.log(
    `\nextent: columns ${extent.columns.first}–${extent.columns.last}, rows ${extent.rows.first}–${extent.rows.last}${result.extentDerived ? ' (derived: the map states none)' : ''}; ` +
      `${result.classified.length} hexes: ${media.land} all-land, ${media.coastal} coastal, ${media.sea} all-sea`,
  );
  console.log(`written ${counts.written} bootstrap hexes; left ${counts.elsewhere} to the documents that define them; kept ${counts.kept} set by a designer`);
  if (result.withoutTerrain.length) {
    const medium = new Map(result.classified.map((c) => [c.key, c.medium]));
    console.log(`hexes other documents define without a terrain, as Natural Earth has them (set the terrain there): ${result.withoutTerrain.map((k) => `${k} ${medium.get(k) ?? 'off the extent'}`).join(', ')}`);
  }
  if (result.unnumbered.length) console.log(`places with a position but no hex number, where the fit puts them: ${result.unnumbered.map((p) => `${p.name} ${p.hex ?? '(off the grid)'}`).join(', ')}`);
  if (counts.skippedKeys.length) console.log(`not written (another document defines them): ${counts.skippedKeys.join(', ')}`);
  console.log(`fit ${result.timings.fitMs.toFixed(0)} ms, classify ${result.timings.classifyMs.toFixed(0)} ms`);

  const file = join(root, id, result.output);
  if (values['dry-run']) {
    console.log(`\n--dry-run: ${display}${id}/${result.output} not written`);
  } else {
    writeFileSync(file, result.text);
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
    writeFileSync(join(root, id, path), text);
    console.log(`wrote ${display}${id}/${path}`);
  }
  return 0;
}

const countBy = (xs: string[]) => [...new Set(xs)].map((x) => `${xs.filter((y) => y === x).length} from ${x}`).join(', ') || 'none';

function count(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`--${name} must be a whole number of hexes, not "${value}"`);
  return n;
}

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
  if (err instanceof UsageError) console.error(`${err.message}\n\n${USAGE}`);
  else if (err instanceof BootstrapError || err instanceof FitError || (err as NodeJS.ErrnoException).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') console.error(`bootstrap-map: ${(err as Error).message}`);
  else throw err;
  process.exitCode = 2;
}
