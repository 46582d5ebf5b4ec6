// The Gaps view: the header's gap count opens the gaps of the ruleset as drafted, by category, each with its rule and a
// link to where it is written; a variant's inherited gaps link to the workbench of the ruleset it extends. On the
// bundled rulesets, nothing written. Needs `next build` first (bin/test.sh does it).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { bundled, bundledHas, callApi, shots, studioForTests, studioPage } from './studio.mjs';

const present = bundledHas('2ww') && bundledHas('the-big-one');
const studio = studioForTests({ rulesetsDir: bundled }, { when: present });
const activeLine = (page, l) => page.waitForFunction((n) => document.querySelector('.monaco-editor .active-line-number')?.textContent === String(n), l, { timeout: 10_000 });
const gapList = (id) => callApi(studio.baseUrl, 'authoring.gapList', { id, documents: {} }, { mutation: true });

test('the header’s gap count opens the gaps, by category with their rules, one followed to its document and Back', { timeout: 120_000 }, async (t) => {
  if (!present) return t.skip('no 2ww or the-big-one in rulesets/');
  const { gaps, provisionalCount } = await gapList('2ww');
  const bots = gaps.filter((g) => g.bots).length;
  const categories = new Set(gaps.map((g) => g.category)).size;
  const page = await studioPage(studio, { width: 1280, height: 720 });
  await page.goto(`${studio.baseUrl}/rulesets/2ww?doc=rules.json`, { waitUntil: 'networkidle' });

  // The count is a button, as the header has it.
  const count = page.locator('.wb-head').getByRole('button', { name: `${gaps.length} gaps` });
  await count.waitFor({ timeout: 60_000 });
  await count.click();
  await page.waitForURL(/[?&]view=gaps/);
  const view = page.locator('.wb-gaps');
  const entries = view.locator('li.wb-gap');
  await entries.first().waitFor({ timeout: 30_000 });
  assert.equal(await entries.count(), gaps.length, 'every gap listed');
  assert.equal(await page.getByRole('tab', { name: `Gaps (${gaps.length})` }).getAttribute('aria-selected'), 'true');

  // Counted, and the play page's smaller count said in words.
  const summary = await view.locator('.wb-gaps-summary').innerText();
  assert.ok(summary.startsWith(`${gaps.length} gaps in ${categories} categories: values the rulebook should give and does not`), summary);
  assert.ok(summary.includes(`Bots stop at ${bots} of these ${gaps.length}, the values missing from the tables, unit types and mechanics`), summary);
  assert.ok(summary.includes(`The other ${gaps.length - bots} (`), summary);
  assert.equal(await view.getByText('bots stop here', { exact: true }).count(), bots);

  // Grouped by category, each gap with its rule number and what is missing.
  const movement = gaps.find((g) => g.pointer === '/unitTypes/armor/movement');
  assert.ok(movement?.at, '2WW has a gap for armor’s movement');
  const entry = view.getByRole('region', { name: 'Units' }).locator(`li[data-pointer="${movement.pointer}"]`);
  const text = await entry.innerText();
  assert.ok(text.startsWith(`rule ${movement.rule} ${movement.gap}`), text);
  assert.ok(text.includes(`/unitTypes/armor/movement in units.json:${movement.at.line}`), text);
  await page.screenshot({ path: path.join(shots, 'gaps-view.png') });

  // A search narrows the list as the Rules view's does, counted.
  const search = view.getByRole('searchbox', { name: /Search the gaps/ });
  await search.fill('ARMOR movement');
  await page.waitForFunction(() => document.querySelectorAll('.wb-gaps li.wb-gap').length === 1);
  assert.equal(await view.getByRole('status').innerText(), `1 of ${gaps.length} match`);

  // Followed, it opens the document with the gap selected; Back returns to the view, its search kept.
  await entry.getByRole('button', { name: /in units\.json:/ }).click();
  await page.locator('.wb-doc-bar strong', { hasText: 'units.json' }).waitFor();
  await page.waitForURL(/[?&]doc=units\.json/);
  await activeLine(page, movement.at.line);
  await page.goBack();
  await page.waitForURL(/[?&]view=gaps/);
  await entry.waitFor();
  assert.equal(await search.inputValue(), 'ARMOR movement');
  assert.equal(await entries.count(), 1);

  // The provisional count opens its list the same way, a step of the history too.
  await page.locator('.wb-head').getByRole('button', { name: `${provisionalCount} provisional values` }).click();
  await page.waitForURL(/[?&]view=provisional/);
  if (provisionalCount === 0) await view.getByText(/^No provisional values/).waitFor();
  await page.goBack();
  await page.waitForURL(/[?&]view=gaps/);
  // A reload opens the view the URL names.
  await page.reload({ waitUntil: 'networkidle' });
  await entries.first().waitFor({ timeout: 30_000 });
  assert.deepEqual(page.problems, []);
});

test('a variant’s inherited gaps say where they lie and link to the workbench of the ruleset it extends', { timeout: 120_000 }, async (t) => {
  if (!present) return t.skip('no 2ww or the-big-one in rulesets/');
  const { gaps } = await gapList('the-big-one');
  const inherited = gaps.find((g) => g.at?.document.startsWith('2ww/'));
  assert.ok(inherited, 'The Big One inherits gaps 2WW writes');
  const page = await studioPage(studio, { width: 1280, height: 720 });
  await page.goto(`${studio.baseUrl}/rulesets/the-big-one?view=gaps`, { waitUntil: 'networkidle' });
  const entry = page.locator(`.wb-gaps li[data-pointer="${inherited.pointer}"]`);
  await entry.waitFor({ timeout: 30_000 });
  assert.match(await entry.innerText(), /in 2ww, which this ruleset extends: fill it there, or with a patch set here$/);
  const link = entry.getByRole('link');
  assert.equal(await link.getAttribute('href'), `/rulesets/2ww?doc=${encodeURIComponent(inherited.at.document.slice('2ww/'.length))}&line=${inherited.at.line}&column=${inherited.at.column}`);
  assert.ok(fs.existsSync(path.join(bundled, inherited.at.document)));
  assert.deepEqual(page.problems, []);
});

test('the lists are of the ruleset as drafted: a gap filled in a draft leaves the gaps and is listed among the provisional values', { timeout: 120_000 }, async (t) => {
  if (!present) return t.skip('no 2ww or the-big-one in rulesets/');
  const before = await gapList('2ww');
  // A draft (in this studio's own database; the files stay as they are) fills armor's movement with a guess.
  const text = fs.readFileSync(path.join(bundled, '2ww', 'units.json'), 'utf8');
  const gap = '"movement": {"gap": "Movement factor: printed on the counter sheet, which the text does not include.", "rule": "8"}';
  assert.ok(text.indexOf(gap) > text.indexOf('"armor"') && text.indexOf(gap) < text.indexOf('"infantry"'), 'armor’s movement is the first such gap');
  const content = text.replace(gap, '"movement": {"value": 4, "source": {"kind": "provisional", "rule": "8", "note": "a guess for the first test games"}}');
  await callApi(studio.baseUrl, 'drafts.save', { rulesetId: '2ww', path: 'units.json', baseRevision: 0, content }, { mutation: true });

  const page = await studioPage(studio, { width: 1280, height: 720 });
  await page.goto(`${studio.baseUrl}/rulesets/2ww?doc=rules.json`, { waitUntil: 'networkidle' });
  await page.locator('.wb-head').getByRole('button', { name: `${before.gaps.length - 1} gaps` }).waitFor({ timeout: 60_000 });
  await page.locator('.wb-head').getByRole('button', { name: `${before.provisionalCount + 1} provisional value${before.provisionalCount ? 's' : ''}` }).click();
  await page.waitForURL(/[?&]view=provisional/);
  const entry = page.locator('.wb-gaps li.wb-gap[data-pointer="/unitTypes/armor/movement"]');
  await entry.waitFor({ timeout: 30_000 });
  assert.equal(await entry.innerText(), 'a guess for the first test games /unitTypes/armor/movement in units.json:12');
  assert.equal(await page.getByRole('tab', { name: `Gaps (${before.gaps.length - 1})` }).count(), 1);
  await page.screenshot({ path: path.join(shots, 'gaps-view-provisional.png') });
  await entry.getByRole('button').click();
  await page.waitForURL(/[?&]doc=units\.json/);
  await activeLine(page, 12);
  await page.goBack();
  await page.waitForURL(/[?&]view=provisional/);
  // Its tab goes to the gaps, where the one filled is no more.
  await page.getByRole('tab', { name: /^Gaps/ }).click();
  await page.waitForURL(/[?&]view=gaps/);
  await page.locator('.wb-gaps li.wb-gap').first().waitFor({ timeout: 30_000 });
  assert.equal(await page.locator('.wb-gaps li.wb-gap[data-pointer="/unitTypes/armor/movement"]').count(), 0);
  assert.equal(await page.locator('.wb-gaps li.wb-gap').count(), before.gaps.length - 1);
  assert.deepEqual(page.problems, []);
});
