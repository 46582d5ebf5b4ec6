// Drives the production build in Debian's Chromium. Needs `next build` first (bin/test.sh does it).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { chromium } from 'playwright-core';

const projectDir = path.resolve(import.meta.dirname, '../..');
const rulesetsDir = path.resolve(projectDir, process.env.SANDTABLE_RULESETS ?? 'rulesets');
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

let server;
let serverLog = '';
let baseUrl;
let browser;
let tmpDir;

before(
  async () => {
    assert.ok(
      fs.existsSync(path.join(projectDir, '.next', 'BUILD_ID')),
      'No production build in .next/: run `npx next build` first',
    );
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandtable-e2e-'));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    // detached: the server gets its own process group, so `after` can stop `next` and any worker it forks at once.
    server = spawn(
      path.join(projectDir, 'node_modules', '.bin', 'next'),
      ['start', '-p', String(port), '-H', '127.0.0.1'],
      {
        cwd: projectDir,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, SANDTABLE_DB: path.join(tmpDir, 'e2e.db'), NEXT_TELEMETRY_DISABLED: '1' },
      },
    );
    server.stdout.on('data', (chunk) => (serverLog += chunk));
    server.stderr.on('data', (chunk) => (serverLog += chunk));
    await waitUntilAnswering(baseUrl, 60_000);
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  },
  { timeout: 90_000 },
);

after(async () => {
  await browser?.close();
  if (server?.exitCode === null) process.kill(-server.pid, 'SIGTERM');
  if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
});

test('the home page lists every bundled ruleset, loading nothing from other hosts', { timeout: 60_000 }, async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const consoleErrors = [];
  const foreignRequests = [];
  page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  page.on('request', (request) => {
    const url = new URL(request.url());
    const remote = /^(https?|wss?):$/.test(url.protocol) && !['127.0.0.1', 'localhost'].includes(url.hostname);
    if (remote) foreignRequests.push(url.href);
  });

  const response = await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
  assert.equal(response?.status(), 200);
  assert.equal(await page.locator('h1').textContent(), 'Ruleset library');

  const expected = bundledRulesets();
  assert.equal(await page.locator('tr[data-ruleset]').count(), expected.length, 'one row per ruleset folder');
  for (const { id, title } of expected) {
    const row = page.locator(`tr[data-ruleset="${id}"]`);
    assert.equal(await row.count(), 1, `no row for ruleset "${id}"`);
    // A manifest the catalog rejects is listed by folder name with its error instead of its title.
    if ((await row.locator('.error').count()) === 0) assert.equal(await row.locator('.title').textContent(), title);
  }

  fs.mkdirSync(path.join(projectDir, 'test-results'), { recursive: true });
  await page.screenshot({ path: path.join(projectDir, 'test-results', 'home.png'), fullPage: true });
  assert.deepEqual(consoleErrors, [], 'console errors');
  assert.deepEqual(foreignRequests, [], 'requests to non-local hosts');
  await page.close();
});

test('GET /api/trpc/rulesets.list answers JSON naming every ruleset', async () => {
  const response = await fetch(`${baseUrl}/api/trpc/rulesets.list`);
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /application\/json/);
  const body = await response.json();
  assert.deepEqual(
    body.result.data.map((r) => r.id).sort(),
    bundledRulesets()
      .map((r) => r.id)
      .sort(),
  );
});

test('a stale draft save through the built server is a conflict carrying the stored version', async (t) => {
  const [ruleset] = bundledRulesets();
  if (!ruleset) return t.skip('no ruleset in the library to save a draft for');
  const save = (baseRevision, content) =>
    fetch(`${baseUrl}/api/trpc/drafts.save`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rulesetId: ruleset.id, path: 'e2e-draft.json', baseRevision, content }),
    });

  const first = await save(0, '{"first": true}');
  assert.equal(first.status, 200);
  assert.equal((await first.json()).result.data.revision, 1);

  const stale = await save(0, '{"second": true}');
  assert.equal(stale.status, 409);
  assert.deepEqual((await stale.json()).error.data.conflict, { revision: 1, content: '{"first": true}' });
});

/** Folders holding a ruleset.json, with the title their manifest declares (the folder name if unreadable). */
function bundledRulesets() {
  if (!fs.existsSync(rulesetsDir)) return [];
  return fs
    .readdirSync(rulesetsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(rulesetsDir, entry.name, 'ruleset.json')))
    .map(({ name }) => {
      try {
        const { title } = JSON.parse(fs.readFileSync(path.join(rulesetsDir, name, 'ruleset.json'), 'utf8'));
        return { id: name, title: typeof title === 'string' ? title : name };
      } catch {
        return { id: name, title: name };
      }
    });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilAnswering(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`next start exited with code ${server.exitCode}:\n${serverLog}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`next start did not answer at ${url} within ${timeoutMs / 1000} s:\n${serverLog}`);
}
