// Starts the production build (`next start`) on a free local port with its own database, and Debian's
// Chromium to drive it; and finds values in the JSON the tests edit. Shared by every end-to-end test file.
// Needs `next build` first (bin/test.sh does it).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import { chromium } from 'playwright-core';

export const projectDir = path.resolve(import.meta.dirname, '../..');
/** The rulesets the studio ships with. */
export const bundled = path.join(projectDir, 'rulesets');
/** Whether a bundled ruleset is present (tests of one skip without it). */
export const bundledHas = (id) => fs.existsSync(path.join(bundled, id, 'ruleset.json'));
/** Where the tests leave their screenshots (made when a file's studio starts). */
export const shots = path.join(projectDir, 'test-results');

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/**
 * Starts the built studio on its own database; with `copyOf`, on a scratch copy of that rulesets folder
 * (tests that save and publish must not touch the checkout). stop() removes the database and the copy.
 * @returns {Promise<{ baseUrl: string, browser: import('playwright-core').Browser, tmpDir: string, rulesetsDir: string, log: () => string, stop: () => Promise<void> }>}
 */
export async function startStudio({ rulesetsDir = path.join(projectDir, 'rulesets'), copyOf, env = {} } = {}) {
  assert.ok(fs.existsSync(path.join(projectDir, '.next', 'BUILD_ID')), 'No production build in .next/: run `npx next build` first');
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandtable-e2e-'));
  if (copyOf) {
    rulesetsDir = path.join(tmpDir, 'rulesets');
    fs.cpSync(copyOf, rulesetsDir, { recursive: true });
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  // detached: the server gets its own process group, so stop() ends `next` and any worker it forks at once.
  const server = spawn(path.join(projectDir, 'node_modules', '.bin', 'next'), ['start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: projectDir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, SANDTABLE_RULESETS: rulesetsDir, SANDTABLE_DB: path.join(tmpDir, 'e2e.db'), NEXT_TELEMETRY_DISABLED: '1', ...env },
  });
  server.stdout.on('data', (chunk) => (log += chunk));
  server.stderr.on('data', (chunk) => (log += chunk));
  const stopServer = () => {
    if (server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
  };
  try {
    await waitUntilAnswering(baseUrl, server, () => log, 60_000);
  } catch (e) {
    stopServer();
    throw e;
  }
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  return {
    baseUrl,
    browser,
    tmpDir,
    rulesetsDir,
    log: () => log,
    async stop() {
      await browser.close();
      stopServer();
      fs.rmSync(tmpDir, { recursive: true, force: true });
    },
  };
}

/**
 * Asks the studio's API as its pages do: a query (GET, the input in the address) or, with `mutation`, a
 * mutation (POST). The answer must be a success; its data is returned.
 */
export async function callApi(baseUrl, procedure, input, { mutation = false } = {}) {
  const url = `${baseUrl}/api/trpc/${procedure}`;
  const response = mutation
    ? await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) })
    : await fetch(input === undefined ? url : `${url}?input=${encodeURIComponent(JSON.stringify(input))}`);
  const json = await response.json();
  assert.equal(response.status, 200, `${procedure} answered ${response.status}: ${JSON.stringify(json.error ?? json)}`);
  return json.result.data;
}

/** Publishes the latest draft of each document, as the workbench does once it holds them. */
export async function publishDrafts(baseUrl, id, paths) {
  const documents = await Promise.all(paths.map(async (path) => ({ path, revision: (await callApi(baseUrl, 'drafts.get', { rulesetId: id, path }))?.revision ?? 1 })));
  return callApi(baseUrl, 'authoring.publish', { id, documents }, { mutation: true });
}

/** A page of a studio's browser that records console errors and requests to other hosts in `page.problems`. */
export async function studioPage(studio, viewport = { width: 1400, height: 900 }) {
  const page = await studio.browser.newPage({ viewport });
  page.problems = watchPage(page);
  return page;
}

/** Collects console errors, page errors and requests to any host but this machine: a page must have none. */
export function watchPage(page) {
  const problems = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (/^(https?|wss?):$/.test(url.protocol) && !['127.0.0.1', 'localhost'].includes(url.hostname)) problems.push(`request to ${url.href}`);
  });
  return problems;
}

/** 1-based line and column of the value at a JSON path, and its length. */
export function locate(text, jsonPath) {
  const node = findNodeAtLocation(parseTree(text), jsonPath);
  assert.ok(node, `no ${jsonPath.join('/')} in the document`);
  const before = text.slice(0, node.offset).split('\n');
  return { line: before.length, column: before.at(-1).length + 1, length: node.length };
}

/**
 * The studio of one test file: started before its tests (unless `when` is false) and stopped after them.
 * The object returned gains the started studio's fields (baseUrl, browser, rulesetsDir…).
 */
export function studioForTests(options, { when = true } = {}) {
  const studio = {};
  before(async () => {
    if (!when) return;
    fs.mkdirSync(shots, { recursive: true });
    Object.assign(studio, await startStudio(options));
  }, { timeout: 90_000 });
  after(() => studio.stop?.());
  return studio;
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

async function waitUntilAnswering(url, server, log, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`next start exited with code ${server.exitCode}:\n${log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`next start did not answer at ${url} within ${timeoutMs / 1000} s:\n${log()}`);
}

/** The centre of what a locator finds, in the page's coordinates. */
export async function centreOf(locator) {
  const box = await locator.boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Presses at `from`, moves in steps (a drag, not a click) to `to`, runs `during` with the button still down, and releases. */
export async function dragMouse(page, from, to, during = async () => {}) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 10, from.y + 10, { steps: 2 });
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await during();
  await page.mouse.up();
}
