// The Rules view's search (2WW's runs to thousands of lines, in a pane about 270 px tall at 1280x720), and a variant's
// Rules view of its resolved ruleset, its own patch sets' changes marked. On the bundled rulesets, nothing written.
// Needs `next build` first (bin/test.sh does it).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { bundled, bundledHas, callApi, locate, shots, studioForTests, studioPage } from './studio.mjs';

const present = bundledHas('2ww') && bundledHas('the-big-one');
const studio = studioForTests({ rulesetsDir: bundled }, { when: present });
const read = (id, file) => fs.readFileSync(path.join(bundled, id, file), 'utf8');
const SECTIONS = ['triggers', 'specialRules', 'constants', 'conflicts'];
const count = (rules) => SECTIONS.reduce((n, k) => n + Object.keys(rules[k] ?? {}).length, 0);
const activeLine = (page, line) => page.waitForFunction((l) => document.querySelector('.monaco-editor .active-line-number')?.textContent === String(l), line, { timeout: 10_000 });

test('the Rules view narrows to the entries a search finds, counted, and says when none is', { timeout: 120_000 }, async (t) => {
  if (!present) return t.skip('no 2ww or the-big-one in rulesets/');
  const total = count(JSON.parse(read('2ww', 'rules.json')));
  const page = await studioPage(studio, { width: 1280, height: 720 });
  await page.goto(`${studio.baseUrl}/rulesets/2ww?doc=rules.json`, { waitUntil: 'networkidle' });
  const view = page.locator('.wb-special-rules');
  const entries = view.locator('.wb-readable > ul > li.wb-sentence');
  await entries.first().waitFor({ timeout: 30_000 });
  assert.equal(await entries.count(), total);

  // Reached from the document's bar with Tab, named for a screen reader.
  const search = page.getByRole('searchbox', { name: 'Search the rules: a rule number, a name or a word of the text' });
  await page.locator('.wb-doc-bar').getByRole('button', { name: 'history' }).focus();
  await page.keyboard.press('Tab');
  assert.ok(await search.evaluate((e) => e === document.activeElement), 'the search comes next after the document bar');

  const status = view.locator('.wb-sections [role=status]');
  const buttons = view.getByRole('navigation', { name: 'Sections' }).getByRole('button');
  for (const query of ['submarine', '11.2.2']) {
    await search.fill(query.toUpperCase());
    await page.waitForFunction(([n]) => document.querySelectorAll('.wb-special-rules .wb-readable > ul > li.wb-sentence').length < n, [total]);
    const n = await entries.count();
    assert.ok(n > 0, `entries with ${query}`);
    // Each entry kept shows the words asked, whatever their case.
    for (const text of await entries.allInnerTexts()) assert.ok(text.toLowerCase().includes(query), `${text.slice(0, 80)} … has ${query}`);
    assert.equal(await status.innerText(), `${n} of ${total} match`);
    const perSection = (await buttons.allInnerTexts()).map((b) => Number(b.match(/\((\d+) of \d+\)$/)?.[1]));
    assert.equal(perSection.reduce((a, b) => a + b, 0), n, 'each section says how many of its entries match');
    if (query === 'submarine') {
      // The search bar and the section buttons stay one line of the short pane.
      const bar = await view.locator('.wb-sections').boundingBox();
      const pane = await view.boundingBox();
      assert.ok(bar.height < 45 && bar.height < pane.height / 4, `the bar is ${bar.height} px of a ${pane.height} px pane`);
      await page.screenshot({ path: path.join(shots, 'rules-search.png') });
    }
  }

  await search.fill('xylophone');
  await view.getByText('No trigger, special rule, constant or contradiction has “xylophone” in its rule number, name or text.').waitFor();
  assert.equal(await entries.count(), 0);
  assert.equal(await status.innerText(), `none of ${total} match`);
  assert.deepEqual(await buttons.evaluateAll((bs) => bs.map((b) => b.disabled)), [true, true, true, true], 'no section to go to');
  await page.screenshot({ path: path.join(shots, 'rules-search-none.png') });

  // Escape clears it: everything again.
  await page.keyboard.press('Escape');
  await page.waitForFunction(([n]) => document.querySelectorAll('.wb-special-rules .wb-readable > ul > li.wb-sentence').length === n, [total]);
  assert.equal(await search.inputValue(), '');
  assert.equal(await status.innerText(), '');

  // A search outlives another document opened meanwhile: back on the rules, it is still typed and still narrows.
  await search.fill('submarine');
  const found = await status.filter({ hasText: 'match' }).innerText();
  await page.locator('.wb-tree button[data-path="victory.json"]').click();
  await page.locator('.wb-doc-bar strong', { hasText: 'victory.json' }).waitFor();
  await page.locator('.wb-tree button[data-path="rules.json"]').click();
  assert.equal(await search.inputValue(), 'submarine');
  assert.equal(await status.filter({ hasText: 'match' }).innerText(), found);
  await search.press('Escape');

  // With the map beside it, half as wide: still one line, the buttons scrolled sideways.
  await page.goto(`${studio.baseUrl}/rulesets/2ww?doc=rules.json&map=`, { waitUntil: 'networkidle' });
  await page.locator('.wb-map-pane').waitFor({ timeout: 30_000 });
  await search.fill('italy');
  await status.filter({ hasText: 'match' }).waitFor();
  const narrow = await view.locator('.wb-sections').boundingBox();
  assert.ok(narrow.height < 50, `the bar is ${narrow.height} px tall beside the map`);
  // The row says it scrolls: its cut end fades, the end that is in sight does not.
  const row = view.getByRole('navigation', { name: 'Sections' });
  await page.waitForFunction(() => document.querySelector('.wb-special-rules nav[aria-label="Sections"]')?.dataset.more === 'end');
  await page.screenshot({ path: path.join(shots, 'rules-search-map.png') });
  await row.evaluate((e) => (e.scrollLeft = e.scrollWidth));
  await page.waitForFunction(() => document.querySelector('.wb-special-rules nav[aria-label="Sections"]')?.dataset.more === 'start');
  await page.close();
  assert.deepEqual(page.problems, [], 'console errors or requests to other hosts');
});

test("a variant's workbench has its resolved ruleset's Rules view, its own changes marked and each opening the change", { timeout: 120_000 }, async (t) => {
  if (!present) return t.skip('no 2ww or the-big-one in rulesets/');
  const resolved = await callApi(studio.baseUrl, 'rulesets.resolved', { id: 'the-big-one', documents: {} }, { mutation: true });
  const rulesText = read('the-big-one', 'patches/02-rules.json');
  const ops = JSON.parse(rulesText).operations;
  const changed = 'italy-neutrality-ends-on-date';
  const first = ops.findIndex((op) => op.path.startsWith(`/triggers/${changed}/`) || op.path === `/triggers/${changed}`);
  assert.ok(first >= 0, '02-rules.json changes the trigger');

  const page = await studioPage(studio, { width: 1280, height: 720 });
  await page.goto(`${studio.baseUrl}/rulesets/the-big-one`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Rules, as resolved' }).click();
  await page.waitForURL(/view=rules/);
  const view = page.locator('.wb-special-resolved');
  const buttons = view.getByRole('navigation', { name: 'Sections' }).getByRole('button');
  await buttons.first().waitFor({ timeout: 30_000 });
  /** The entry titled `name`. */
  const entryNamed = (name) => view.locator('.wb-readable > ul > li.wb-sentence').filter({ has: page.locator(':scope > .wb-sentence-head > strong').getByText(name, { exact: true }) });
  const names = { triggers: 'Triggers', specialRules: 'Special rules', constants: 'Constants', conflicts: 'Contradictions' };
  assert.deepEqual(await buttons.allInnerTexts(), SECTIONS.map((k) => `${names[k]} (${Object.keys(resolved[k]).length})`));
  assert.match(await page.locator('.wb-doc-bar .wb-bar-hint').innerText(), /^2ww’s rules with the patch sets of the-big-one applied/);

  // The trigger 02-rules.json changes says so; the mark opens the operation that changes it.
  const entry = entryNamed(resolved.triggers[changed].name);
  const mark = entry.getByTestId('own-change').filter({ hasText: 'changed in patches/02-rules.json' });
  await mark.waitFor({ timeout: 30_000 });
  await page.screenshot({ path: path.join(shots, 'rules-variant.png') });
  // The contradictions 2WW has and The Big One's text does not raise are named as removed.
  assert.match(await view.getByTestId('removed').filter({ hasText: 'algiers-hex' }).innerText(), /^Removed in patches\/02-rules\.json: .*algiers-hex/);

  // Searching a patch set's name finds what it changes.
  await view.getByRole('searchbox', { name: /Search the rules/ }).fill('03-missing-text');
  await page.waitForFunction(() => [...document.querySelectorAll('.wb-special-resolved .wb-readable > ul > li.wb-sentence')].every((li) => li.textContent.includes('03-missing-text')));
  assert.ok((await view.locator('.wb-readable > ul > li.wb-sentence').count()) > 0);
  await page.keyboard.press('Escape');

  await mark.click();
  await page.locator('.wb-doc-bar strong', { hasText: 'patches/02-rules.json' }).waitFor();
  await activeLine(page, locate(rulesText, ['operations', first]).line);
  // Back returns to the Rules view, and Forward to the patch set: each document or view opened is a step of the browser's history.
  await page.goBack();
  await page.waitForURL(/view=rules/);
  await mark.waitFor();
  await page.goForward();
  await page.locator('.wb-doc-bar strong', { hasText: 'patches/02-rules.json' }).waitFor();
  // Back again: the document the workbench opened on, before the Rules view was chosen.
  await page.goBack();
  await page.waitForURL(/view=rules/);
  await page.goBack();
  await page.waitForURL(/\/rulesets\/the-big-one$/);
  await page.locator('.wb-doc-bar strong').waitFor();
  await page.goForward();
  await page.waitForURL(/view=rules/);
  await mark.waitFor();

  // An entry the variant adds: its JSON opens its operation's value here.
  await page.goto(`${studio.baseUrl}/rulesets/the-big-one?view=rules`, { waitUntil: 'networkidle' });
  const added = ops.findIndex((op) => op.op === 'add' && /^\/triggers\/[^/]+$/.test(op.path));
  const addedId = ops[added].path.split('/')[2];
  const addedEntry = entryNamed(resolved.triggers[addedId].name);
  await addedEntry.getByTestId('own-change').filter({ hasText: 'added in patches/02-rules.json' }).waitFor({ timeout: 30_000 });
  await addedEntry.getByRole('button', { name: 'JSON', exact: true }).click();
  await page.locator('.wb-doc-bar strong', { hasText: 'patches/02-rules.json' }).waitFor();
  await activeLine(page, locate(rulesText, ['operations', added, 'value']).line);

  // One it changes: written by 2WW, its JSON opens 2WW's workbench at it.
  await page.goto(`${studio.baseUrl}/rulesets/the-big-one?view=rules`, { waitUntil: 'networkidle' });
  await mark.waitFor({ timeout: 30_000 });
  await entry.getByRole('button', { name: 'JSON', exact: true }).click();
  await page.waitForURL(/\/rulesets\/2ww\?doc=rules\.json&line=\d+/);
  await activeLine(page, locate(read('2ww', 'rules.json'), ['triggers', changed]).line);
  await page.close();
  assert.deepEqual(page.problems, [], 'console errors or requests to other hosts');
});

test("a view opened again is where the reader left it, and a view opened first is at its top", { timeout: 120_000 }, async (t) => {
  if (!present) return t.skip('no 2ww or the-big-one in rulesets/');
  const page = await studioPage(studio, { width: 1280, height: 720 });
  await page.goto(`${studio.baseUrl}/rulesets/2ww?doc=rules.json`, { waitUntil: 'networkidle' });
  const rules = page.locator('.wb-special-rules');
  await rules.locator('.wb-readable > ul > li.wb-sentence').first().waitFor({ timeout: 30_000 });
  await rules.evaluate((e) => (e.scrollTop = 1500));
  // Scroll events are read when dispatched: one frame later.
  await page.waitForFunction(() => new Promise((done) => requestAnimationFrame(() => done(true))));
  await page.locator('.wb-tree button[data-path="sequence.json"]').click();
  const sequence = page.locator('.wb-special-sequence');
  await sequence.locator('li').first().waitFor();
  assert.equal(await sequence.evaluate((e) => e.scrollTop), 0, 'the sequence opens at its top, not at the rules view’s offset');
  // 2WW's phases and steps carry the rulebook's numbers ("1. Iraq rebellion roll"): the lists add none of their own.
  assert.deepEqual(await sequence.locator('ol').evaluateAll((lists) => [...new Set(lists.map((l) => getComputedStyle(l).listStyleType))]), ['none']);
  await sequence.evaluate((e) => (e.scrollTop = 200));
  await page.waitForFunction(() => new Promise((done) => requestAnimationFrame(() => done(true))));

  await page.goBack();
  await page.waitForURL(/doc=rules\.json/);
  await page.waitForFunction(() => document.querySelector('.wb-special-rules')?.scrollTop === 1500);
  await page.goForward();
  await page.waitForURL(/doc=sequence\.json/);
  await page.waitForFunction(() => document.querySelector('.wb-special-sequence')?.scrollTop === 200);
  // The tree opens it where it was left too.
  await page.locator('.wb-tree button[data-path="rules.json"]').click();
  await page.waitForFunction(() => document.querySelector('.wb-special-rules')?.scrollTop === 1500);
  // A table document's grids too.
  await page.locator('.wb-tree button[data-path="tables/turn-record-track.json"]').click();
  const grids = page.locator('.wb-tables-scroll');
  await grids.locator('table').first().waitFor();
  await grids.evaluate((e) => (e.scrollTop = 300));
  await page.waitForFunction(() => new Promise((done) => requestAnimationFrame(() => done(true))));
  await page.goBack();
  await page.waitForURL(/doc=rules\.json/);
  await page.goForward();
  await page.waitForURL(/turn-record-track/);
  await page.waitForFunction(() => document.querySelector('.wb-tables-scroll')?.scrollTop === 300);
  await page.close();
  assert.deepEqual(page.problems, [], 'console errors or requests to other hosts');
});
