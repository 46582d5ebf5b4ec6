// `npm run bench`: prints speed figures. Targets are printed beside them, never asserted by tests.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { loadRuleset, overlaySource, type RulesetSource } from '../engine';
import { fsSource } from '../engine/load/fs-source';

const ROOT = join(import.meta.dirname, '..');

/** Median wall time of `run` in milliseconds, after warm-up runs. */
function measure(run: () => void, { warmup = 3, runs = 15 } = {}): number {
  for (let i = 0; i < warmup; i++) run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
}

/** A ruleset with a 100 × 100 hex grid, every hex with terrain, country and provenance. */
function largeMapSource(): RulesetSource {
  const hexes: Record<string, object> = {};
  for (let col = 1; col <= 100; col++) {
    for (let row = 1; row <= 100; row++) {
      const key = String(col).padStart(3, '0') + String(row).padStart(3, '0');
      hexes[key] = { terrain: (col + row) % 5 ? 'clear' : 'sea', country: col < 50 ? 'west' : 'east', source: { kind: 'bootstrap' } };
    }
  }
  const files = new Map([
    ['big/ruleset.json', JSON.stringify({ id: 'big', title: 'Large map', source: { title: 'Benchmark' }, documents: { map: 'map.json' }, sides: { a: { name: 'A' } } })],
    ['big/map.json', JSON.stringify({
      map: {
        kind: 'hex',
        grid: { orientation: 'flat-top', columnDigits: 3, rowDigits: 3, columns: { first: 1, last: 100 }, rows: { first: 1, last: 100 }, offset: 'odd-shifted-down' },
        terrain: { clear: { name: 'Clear' }, sea: { name: 'Sea' } },
        countries: { west: { name: 'West' }, east: { name: 'East' } },
        hexes,
      },
    }, null, 2)],
  ]);
  return overlaySource({ read: () => ({ kind: 'missing' }) }, files);
}

const row = (label: string, ms: number, target: string) =>
  console.log(`${label.padEnd(48)} ${ms.toFixed(1).padStart(8)} ms   (target ${target})`);

const fixture = fsSource(join(ROOT, 'tests', 'fixtures', 'rulesets'));
row('validate fixture ruleset (warm, median)', measure(() => loadRuleset(fixture, 'skirmish')), '< 20 ms');
const big = largeMapSource();
const bigResult = loadRuleset(big, 'big');
if (bigResult.diagnostics.length) throw new Error(`benchmark map has diagnostics: ${bigResult.diagnostics[0].message}`);
row('validate 10,000-hex map (warm, median)', measure(() => loadRuleset(big, 'big'), { warmup: 2, runs: 7 }), '< 200 ms');
const bundled = fsSource(join(ROOT, 'rulesets'));
for (const id of (await import('../engine/load/fs-source')).listRulesetIds(join(ROOT, 'rulesets'))) {
  row(`validate rulesets/${id} (warm, median)`, measure(() => loadRuleset(bundled, id), { warmup: 1, runs: 5 }), 'none');
}
await import('./bench-games');

// The workbench in Chromium needs the production build; bin/build-if-stale.sh makes one when it is missing or old.
const built = spawnSync('bash', [join(ROOT, 'bin', 'build-if-stale.sh')], { stdio: 'inherit' });
if (built.status !== 0) throw new Error('the production build failed: the workbench cannot be measured');
spawnSync(process.execPath, [join(ROOT, 'bin', 'bench-workbench.mjs')], { stdio: 'inherit' });
