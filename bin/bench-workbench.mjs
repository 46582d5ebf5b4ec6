// `npm run bench:workbench`: the workbench's first-load size and keystroke-to-marker time, measured in Chromium
// against the production build (run `npx next build` first). Targets are printed beside the figures.
// Uses a copy of the bundled rulesets (2WW when present, else the skirmish fixture) and a throwaway draft store.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import { chromium } from 'playwright-core';

const projectDir = path.resolve(import.meta.dirname, '..');
const bundled = path.join(projectDir, 'rulesets');
const RULESET = fs.existsSync(path.join(bundled, '2ww', 'ruleset.json')) ? '2ww' : 'skirmish';
const ROUNDS = 15;

if (!fs.existsSync(path.join(projectDir, '.next', 'BUILD_ID'))) {
  console.error('No production build in .next/: run `npx next build` first');
  process.exit(1);
}

const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandtable-bench-'));
const root = path.join(tmpDir, 'rulesets');
fs.cpSync(RULESET === '2ww' ? bundled : path.join(projectDir, 'tests', 'fixtures', 'rulesets'), root, { recursive: true });
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const server = spawn(path.join(projectDir, 'node_modules', '.bin', 'next'), ['start', '-p', String(port), '-H', '127.0.0.1'], {
  cwd: projectDir,
  detached: true,
  stdio: 'ignore',
  env: { ...process.env, SANDTABLE_RULESETS: root, SANDTABLE_DB: path.join(tmpDir, 'drafts.db'), NEXT_TELEMETRY_DISABLED: '1' },
});
let browser;
try {
  await waitUntilAnswering(baseUrl, 60_000);
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
  console.log(`Workbench of ${RULESET}, production build, ${os.cpus().length} cores\n`);
  await firstLoad();
  await keystrokeToMarker();
  await hugePaste();
} finally {
  await browser?.close();
  process.kill(-server.pid, 'SIGTERM');
  fs.rmSync(tmpDir, { recursive: true, force: true });
}

function row(label, value, target) {
  console.log(`${label.padEnd(52)} ${value.padStart(18)}   (target ${target})`);
}

function kb(bytes) {
  return `${(bytes / 1024).toFixed(0)} KB`;
}

/** What the page's HTML makes the browser load (Next's "first load JS"), then everything until the editor is ready. */
async function firstLoad() {
  const html = await (await fetch(`${baseUrl}/rulesets/${RULESET}`)).text();
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]);
  let raw = 0;
  let gzip = 0;
  for (const src of new Set(scripts)) {
    const body = Buffer.from(await (await fetch(new URL(src, baseUrl))).arrayBuffer());
    raw += body.length;
    gzip += zlib.gzipSync(body).length;
  }
  row(`first-load JS (${new Set(scripts).size} scripts in the HTML)`, `${kb(raw)} / ${kb(gzip)} gz`, '< 250 KB gz; Monaco is lazy');

  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  let js = 0;
  let all = 0;
  page.on('response', async (response) => {
    const body = await response.body().catch(() => Buffer.alloc(0));
    all += body.length;
    if (/javascript/.test(response.headers()['content-type'] ?? '') || response.url().endsWith('.js')) js += body.length;
  });
  const start = Date.now();
  await page.goto(`${baseUrl}/rulesets/${RULESET}`);
  await ready(page);
  const ms = Date.now() - start;
  await page.waitForLoadState('networkidle');
  row('JS loaded until the editor is ready (with Monaco)', kb(js), 'none');
  row('everything loaded (JS, CSS, workspace data)', kb(all), 'none');
  row('navigation to editor ready with diagnostics', `${ms} ms`, '< 3000 ms');
  await page.close();
}

/**
 * Types one character into a roster unit's type (making it a dangling reference) and deletes it again, timing
 * from the keydown to the server's marker being drawn (its squiggle and its line in the problems list).
 */
async function keystrokeToMarker() {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const manifest = JSON.parse(fs.readFileSync(path.join(root, RULESET, 'ruleset.json'), 'utf8'));
  const unitsPath = [manifest.documents.units].flat()[0];
  const text = fs.readFileSync(path.join(root, RULESET, unitsPath), 'utf8');
  const node = findNodeAtLocation(parseTree(text), ['roster', Object.keys(JSON.parse(text).roster)[0], 'type']);
  const before = text.slice(0, node.offset + node.length - 1).split('\n');
  await page.goto(`${baseUrl}/rulesets/${RULESET}?doc=${encodeURIComponent(unitsPath)}`);
  await ready(page);
  await page.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('Control+g');
  await page.keyboard.type(`${before.length}:${before.at(-1).length + 1}`);
  await page.keyboard.press('Enter');

  const appear = [];
  const clear = [];
  for (let i = 0; i < ROUNDS; i++) {
    appear.push(await timeKey(page, 'x', true));
    clear.push(await timeKey(page, 'Backspace', false));
  }
  const stats = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return `${s[Math.floor(s.length / 2)].toFixed(0)} / ${s[Math.floor(s.length * 0.9)].toFixed(0)} ms`;
  };
  row(`keystroke to marker, median / p90 (${ROUNDS} edits)`, stats(appear), '< 300 ms');
  row(`keystroke to marker cleared, median / p90`, stats(clear), '< 300 ms');
  const server = await page.locator('.wb-root').getAttribute('data-validation-ms');
  row('last edit to diagnostics, as the workbench saw it', `${server} ms`, '< 300 ms');
  await page.close();
}

/**
 * Pastes a valid 2.9 MiB setup (20,000 placements of units the roster lacks, so as many errors) over the setup
 * document, then times the problems list appearing, a keystroke, and opening the document's history.
 */
async function hugePaste() {
  if (RULESET !== '2ww') return;
  // A real paste, through the clipboard: Monaco ignores a synthetic paste event.
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  const page = await context.newPage();
  const setup = JSON.parse(fs.readFileSync(path.join(root, RULESET, 'setup.json'), 'utf8'));
  const scenario = Object.values(setup.scenarios)[0];
  // One placement a line, as an exported order of battle would be pasted.
  const ghost = (i) => JSON.stringify({ power: 'germany', unit: `ghost-${i}`, location: { hex: '1909' }, source: { kind: 'provisional', note: 'pasted from the order of battle' } });
  for (let i = 0; i < 20_000; i++) scenario.placements.push(`@${i}@`);
  const text = JSON.stringify(setup, null, 2).replace(/"@(\d+)@"/g, (_, i) => ghost(i));
  await page.goto(`${baseUrl}/rulesets/${RULESET}?doc=setup.json`);
  await ready(page);
  await page.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('Control+a');
  await page.evaluate((pasted) => navigator.clipboard.writeText(pasted), text);
  let start = Date.now();
  await page.keyboard.press('Control+v');
  await page.waitForFunction(() => /200\d\d errors/.test(document.querySelector('.wb-problems h3')?.textContent ?? ''), null, { timeout: 300_000 });
  await page.evaluate(() => new Promise(requestAnimationFrame));
  row(`paste of ${(text.length / 2 ** 20).toFixed(1)} MiB (20,000 errors) to problems listed`, `${Date.now() - start} ms`, 'none');

  await page.keyboard.press('Control+End');
  start = Date.now();
  await page.keyboard.press('Enter');
  await page.evaluate(() => new Promise(requestAnimationFrame));
  row('then a keystroke to the next frame', `${Date.now() - start} ms`, '< 300 ms');
  await page.waitForFunction(() => document.querySelector('.wb-problems h3')?.textContent.includes('checking'), null, { timeout: 300_000, polling: 20 }).catch(() => {});
  await page.waitForFunction(() => !document.querySelector('.wb-problems h3')?.textContent.includes('checking'), null, { timeout: 300_000 });
  await page.evaluate(() => new Promise(requestAnimationFrame));
  row('  and to its problems listed again', `${Date.now() - start} ms`, 'none');

  await page.keyboard.press('Control+s');
  start = Date.now();
  await page.getByRole('button', { name: 'history', exact: true }).click();
  await page.locator('.wb-revisions li[data-entry]').first().waitFor({ timeout: 300_000 });
  row('then History to its revisions listed', `${Date.now() - start} ms`, '< 1000 ms');
  await context.close();
}

async function timeKey(page, key, present) {
  await page.evaluate((want) => {
    const shown = () => Boolean(document.querySelector('.wb-problems li[data-code="dangling-ref"]') && document.querySelector('.monaco-editor .squiggly-error'));
    window.__timing = new Promise((resolve) => {
      let start;
      window.addEventListener('keydown', () => (start = performance.now()), { once: true, capture: true });
      const tick = () => (start !== undefined && shown() === want ? resolve(performance.now() - start) : requestAnimationFrame(tick));
      requestAnimationFrame(tick);
    });
  }, present);
  await page.keyboard.press(key);
  return page.evaluate(() => window.__timing);
}

async function ready(page) {
  await page.locator('.monaco-editor .view-lines').first().waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => document.querySelector('.wb-problems h3') && !document.querySelector('.wb-problems h3').textContent.includes('checking'));
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
  });
}

async function waitUntilAnswering(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`next start did not answer at ${url} within ${timeoutMs / 1000} s`);
}
