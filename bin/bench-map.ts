// `npm run bench:map [-- <ruleset>]`: how long fitting and classifying a grid takes (2WW by default), and
// how long Chromium takes to draw a 10,000-hex map (needs `next build`). Prints figures beside their
// targets; asserts nothing.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { bootstrapMap } from '../server/geo/bootstrap';
import { rulesetLocation } from './lib/args';

const RUNS = 5;
const HEXES_TARGET_MS = 1000;

async function main() {
  const target = process.argv[2] ?? (fs.existsSync('rulesets/2ww/ruleset.json') ? 'rulesets/2ww' : 'tests/map/fixtures/rulesets/ww2-mini');
  const { root, id } = rulesetLocation(target);
  const fits: number[] = [];
  const classes: number[] = [];
  let hexes = 0;
  for (let i = 0; i < RUNS; i++) {
    const r = bootstrapMap(root, id);
    fits.push(r.timings.fitMs);
    classes.push(r.timings.classifyMs);
    hexes = r.classified.length;
  }
  console.log(`fit ${id}: median ${median(fits).toFixed(1)} ms (first ${fits[0].toFixed(1)} ms) over ${RUNS} runs`);
  console.log(`classify ${id}: ${hexes} hexes, median ${median(classes).toFixed(1)} ms (first ${classes[0].toFixed(1)} ms); the first run also reads Natural Earth`);

  if (!fs.existsSync('.next/BUILD_ID')) {
    console.log('draw 10,000 hexes in Chromium: skipped (no production build: run `npx next build` first)');
    return;
  }
  const drawn = await drawInChromium(10_000);
  console.log(`draw 10,000 hexes in Chromium (canvas): ${drawn.drawMs} ms to draw, ${drawn.pageMs} ms from navigation to drawn (target < ${HEXES_TARGET_MS} ms to draw)`);
}

/** Serves a generated ruleset of `count` hexes from a throwaway folder and times its map view. */
async function drawInChromium(count: number): Promise<{ drawMs: number; pageMs: number }> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sandtable-bench-map-'));
  const side = Math.ceil(Math.sqrt(count));
  writeSyntheticRuleset(path.join(tmp, 'rulesets', 'bench-hexes'), side);
  const port = await freePort();
  const server = spawn(path.resolve('node_modules/.bin/next'), ['start', '-p', String(port), '-H', '127.0.0.1'], {
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, SANDTABLE_RULESETS: path.join(tmp, 'rulesets'), SANDTABLE_DB: path.join(tmp, 'bench.db'), NEXT_TELEMETRY_DISABLED: '1' },
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  try {
    await waitUntilAnswering(`http://127.0.0.1:${port}/`, 60_000);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const url = `http://127.0.0.1:${port}/rulesets/bench-hexes/map`;
    // Once to warm the server's compile caches, then measured.
    await page.goto(url);
    await page.waitForSelector('[data-draw-ms]', { timeout: 60_000 });
    const started = Date.now();
    await page.goto(url);
    await page.waitForSelector('[data-draw-ms]', { timeout: 60_000 });
    const pageMs = Date.now() - started;
    const drawMs = Number(await page.getAttribute('[data-draw-ms]', 'data-draw-ms'));
    const drawnHexes = Number(await page.getAttribute('[data-hexes]', 'data-hexes'));
    if (drawnHexes !== side * side) throw new Error(`the page drew ${drawnHexes} hexes, not ${side * side}`);
    return { drawMs, pageMs };
  } finally {
    await browser.close();
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** A side × side hex grid over Europe with a stored transform: no anchors to fit, nothing to classify. */
function writeSyntheticRuleset(dir: string, side: number) {
  fs.mkdirSync(dir, { recursive: true });
  const manifest = { id: 'bench-hexes', title: 'Benchmark: many hexes', source: { title: 'generated' }, documents: { map: 'map.json' } };
  const terrain = ['clear', 'forest', 'sea'];
  const hexes: Record<string, object> = {};
  for (let col = 1; col <= side; col++) {
    for (let row = 1; row <= side; row++) hexes[`${String(col).padStart(3, '0')}${String(row).padStart(3, '0')}`] = { terrain: terrain[(col * 7 + row * 3) % 3] };
  }
  const deg = Math.PI / 180;
  const map = {
    map: {
      kind: 'hex',
      grid: { orientation: 'flat-top', columnDigits: 3, rowDigits: 3, columns: { first: 1, last: side }, rows: { first: 1, last: side }, offset: 'even-shifted-down' },
      terrain: { clear: { name: 'Clear', medium: 'land' }, forest: { name: 'Forest', medium: 'land' }, sea: { name: 'Sea', medium: 'sea' } },
      // About 0.45° of longitude a column and 0.4° of latitude a row, from 10°W, 70°N.
      georeference: { transform: { kind: 'affine', projection: 'equirectangular(0)', coefficients: [-10 * deg, 0.52 * deg, 0, -70 * deg, 0, 0.4 * deg] } },
      hexes,
    },
  };
  fs.writeFileSync(path.join(dir, 'ruleset.json'), JSON.stringify(manifest));
  fs.writeFileSync(path.join(dir, 'map.json'), JSON.stringify(map));
}

function median(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilAnswering(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`next start did not answer at ${url} within ${timeoutMs / 1000} s`);
}

main().catch((err) => {
  console.error(`bench-map: ${(err as Error).message}`);
  process.exitCode = 1;
});
