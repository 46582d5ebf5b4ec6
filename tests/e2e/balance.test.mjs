// The balance of a ruleset in the studio: from the list of 2WW's test games, bots play a few complete
// games with the provisional fill across the server's threads, and the page shows who won how often with
// each share's 95% interval. Without the fill the page lists the gaps the bots would meet; a long run
// can be stopped.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { bundled, bundledHas, shots, studioForTests, watchPage } from './studio.mjs';

const present = bundledHas('2ww');
const studio = studioForTests({ copyOf: bundled }, { when: present });

test('bots play a run of 2WW games from the studio and the outcomes show with their intervals', { timeout: 180_000 }, async (t) => {
  if (!present) return t.skip('no 2ww in rulesets/');
  const page = await studio.browser.newPage({ viewport: { width: 1280, height: 1000 } });
  const problems = watchPage(page);
  await page.goto(`${studio.baseUrl}/rulesets/2ww/play`, { waitUntil: 'networkidle' });
  const balance = page.getByRole('region', { name: 'Balance' });
  await balance.getByLabel('Games', { exact: true }).fill('4');
  await balance.getByLabel('First seed').fill('5');

  // Without the fill the bots would meet gaps: refused, naming them.
  await balance.getByRole('button', { name: 'Play the games' }).click();
  assert.match(await balance.getByRole('alert').innerText(), /gap\(s\) a game reaches; a bot cannot adjudicate them[\s\S]*\/unitTypes\/armor/);

  await balance.getByRole('checkbox', { name: /provisional-fill/ }).check();
  // A long run, stopped while it plays.
  await balance.getByLabel('Games', { exact: true }).fill('200');
  await balance.getByRole('button', { name: 'Play the games' }).click();
  await balance.getByRole('status').getByRole('button', { name: 'stop' }).click();
  await balance.getByText(/^The run ended without a report: stopped after \d+ of 200 games\.$/).waitFor({ timeout: 30_000 });

  await balance.getByLabel('Games', { exact: true }).fill('4');
  await balance.getByRole('button', { name: 'Play the games' }).click();
  const report = balance.getByTestId('balance-report');
  await report.waitFor({ timeout: 150_000 });
  const rows = report.locator('tbody tr');
  let games = 0;
  for (const row of await rows.all()) games += Number(await row.locator('td').nth(1).innerText());
  assert.equal(games, 4, 'the outcomes count every game');
  assert.match(await report.innerText(), /\d+\.\d–\d+\.\d%/);
  assert.match(await report.innerText(), /4 games · 23\.0 turns/);
  await page.screenshot({ path: path.join(shots, 'balance.png'), fullPage: true });
  // The refused start is the one failed request (400), as the browser logs it.
  assert.deepEqual(problems.filter((e) => !e.includes('status of 400')), [], 'console errors or requests to other hosts');
  assert.equal(problems.length, 1);
});
