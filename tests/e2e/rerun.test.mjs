// After an edit, the designer replays the stored test games on the drafts from the list of games: a
// 2WW game between bots, then a draft with eight-sided dice, and the list names the entry where the
// game now goes another way, the entry as played beside the entry now. Runs on a copy of the bundled
// rulesets with its own database; the game and the draft are made through the API.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { bundled, bundledHas, callApi, shots, studioForTests, watchPage } from './studio.mjs';

const present = bundledHas('2ww');
const studio = studioForTests({ copyOf: bundled }, { when: present });

test('a stored game replayed on an edited draft shows where it now goes another way', { timeout: 120_000 }, async (t) => {
  if (!present) return t.skip('no 2ww in rulesets/');
  const { gameId } = await callApi(studio.baseUrl, 'games.create', { rulesetId: '2ww', optionalPatchSets: ['provisional-fill'], seed: 3, bots: { axis: 'random', allies: 'random' } }, { mutation: true });
  const page = await studio.browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const problems = watchPage(page);
  await page.goto(`${studio.baseUrl}/rulesets/2ww/play`, { waitUntil: 'networkidle' });
  const cell = page.getByTestId(`rerun-${gameId}`);

  // Nothing edited yet: the ruleset is the game's own.
  await cell.getByRole('button', { name: 'replay' }).click();
  await cell.getByText('unchanged since the game began').waitFor({ timeout: 30_000 });

  const manifest = fs.readFileSync(path.join(bundled, '2ww', 'ruleset.json'), 'utf8').replace(/"dice": \{\s*"count": 2,\s*"sides": 6/, '"dice": {"count": 2, "sides": 8');
  await callApi(studio.baseUrl, 'drafts.save', { rulesetId: '2ww', path: 'ruleset.json', baseRevision: 0, content: manifest }, { mutation: true });
  await page.getByRole('button', { name: 'replay every game' }).click();
  const parted = cell.locator('.rerun-parted');
  await parted.waitFor({ timeout: 60_000 });
  assert.match(await parted.innerText(), /^goes another way at #\d+ \(/);
  const detail = page.locator('.rerun-detail');
  await detail.locator('summary').click();
  const sides = detail.locator('.rerun-sides');
  assert.match(await sides.innerText(), /As played[\s\S]*On the drafts now/);
  assert.match(await sides.locator('section').nth(1).innerText(), /d8|rolls?/i, 'the entry now shows its rolls');
  await page.screenshot({ path: path.join(shots, 'rerun.png'), fullPage: true });
  assert.deepEqual(problems, [], 'console errors or requests to other hosts');
});
