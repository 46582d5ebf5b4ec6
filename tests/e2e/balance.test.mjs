// The balance of a ruleset in the studio: from the list of 2WW's test games, bots play a few complete
// games with the provisional fill across the server's threads, and the page shows who won how often with
// each share's 95% interval. Without the fill the page lists the gaps the bots would meet; a long run
// can be stopped; runs are kept, and two runs compare outcome by outcome.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { bundled, bundledHas, shots, studioForTests, watchPage } from './studio.mjs';

const present = bundledHas('2ww');
const studio = studioForTests({ copyOf: bundled }, { when: present });

/** Games counted in an outcomes table. */
async function gamesIn(table) {
  let games = 0;
  for (const row of await table.locator('tbody tr').all()) games += Number(await row.locator('td').nth(1).innerText());
  return games;
}

test('bots play runs of 2WW games from the studio: outcomes with their intervals, kept, and compared', { timeout: 180_000 }, async (t) => {
  if (!present) return t.skip('no 2ww in rulesets/');
  const page = await studio.browser.newPage({ viewport: { width: 1280, height: 1000 } });
  const problems = watchPage(page);
  await page.goto(`${studio.baseUrl}/rulesets/2ww/play`, { waitUntil: 'networkidle' });
  const balance = page.getByRole('region', { name: 'Balance' });
  await balance.getByLabel('Games', { exact: true }).fill('4');
  await balance.getByLabel('First seed').fill('5');

  // Without the fill the bots would meet gaps: said before a run, naming the patch set that fills them, and refused, naming them.
  assert.match(await balance.getByTestId('balance-bot-gaps').innerText(), /^Bots stop at \d+ of the ruleset’s \d+ gaps, the values a game reaches missing from its tables, unit types and mechanics \(the workbench lists them all\): choose “Provisional fill for test games” above to fill them\.$/);
  await balance.getByRole('button', { name: 'Play the games' }).click();
  assert.match(await balance.getByRole('alert').innerText(), /gaps a game reaches; a bot cannot adjudicate them[\s\S]*\/unitTypes\/armor/);

  await balance.getByRole('checkbox', { name: /provisional-fill/ }).check();
  assert.equal(await balance.getByTestId('balance-bot-gaps').count(), 0, 'a patch set chosen, the warning goes');
  // A long run, stopped while it plays: the report covers the games it played.
  await balance.getByLabel('Games', { exact: true }).fill('200');
  await balance.getByRole('button', { name: 'Play the games' }).click();
  await balance.getByRole('status').getByRole('button', { name: 'stop' }).click();
  const stopped = balance.getByText(/^Stopped on request: stopped after (\d+) of 200 games\. The report covers the games played\.$/);
  await stopped.waitFor({ timeout: 30_000 });
  const [, played] = (await stopped.innerText()).match(/after (\d+) of/);
  const report = balance.getByTestId('balance-report');
  assert.equal(await gamesIn(report.locator('table').first()), Number(played), 'the stopped run reports the games it played');

  await balance.getByLabel('Games', { exact: true }).fill('4');
  await balance.getByRole('button', { name: 'Play the games' }).click();
  await report.getByRole('heading', { name: /drafts [0-9a-f]{8} \+ provisional-fill, 4 random games from seed 5/ }).waitFor();
  await report.getByText(/^4 games · 23\.0 turns/).waitFor({ timeout: 150_000 });
  assert.equal(await gamesIn(report.locator('table').first()), 4, 'the outcomes count every game');
  assert.match(await report.innerText(), /\d+\.\d–\d+\.\d%/);
  // Turn by turn, a column for each of the 23 turns, each naming its levels.
  const turns = report.getByRole('img', { name: 'Levels reached turn by turn' });
  assert.equal(await turns.locator('g').count(), 23);
  assert.match(await turns.locator('rect title').first().textContent(), /^Turn 1 begins: .+ in \d+ of 4 games/);
  // 2WW's set-up already meets the Axis major victory's count: said, lest the first column read as an outcome.
  assert.match(await report.getByTestId('level-at-start').first().innerText(), /^Every game begins at Axis major victory: the set-up already meets it\./);

  // The same games on the files as published (no drafts here: the same rules), compared with the run before.
  await balance.getByLabel('Rules').selectOption('files');
  await balance.getByRole('button', { name: 'Play the games' }).click();
  await report.getByRole('heading', { name: /files [0-9a-f]{8} \+ provisional-fill, 4 random games from seed 5/ }).waitFor({ timeout: 150_000 });
  await report.getByText(/^4 games · 23\.0 turns/).waitFor({ timeout: 150_000 });
  const earlier = await report.getByLabel('Compare with').locator('option', { hasText: /drafts [0-9a-f]{8} \+ provisional-fill, 4 random/ }).getAttribute('value');
  await report.getByLabel('Compare with').selectOption(earlier);
  const compared = report.getByTestId('balance-compare');
  await compared.getByText(/the same rules .* Of the 4 seeds both played, 4 ended the same way\./).waitFor();
  for (const row of await compared.locator('tbody tr').all()) assert.match(await row.innerText(), /\+?0\.0 points.*no clear change/s);
  // Both runs turn by turn, side by side.
  assert.deepEqual(await compared.getByRole('img').evaluateAll((charts) => charts.map((c) => c.getAttribute('aria-label'))), ['Before, turn by turn', 'This run, turn by turn']);

  // Played again on the drafts (still none: the same rules), and compared with the run it repeats at once.
  await report.getByRole('button', { name: 'play it again on the drafts as they are now' }).click();
  await report.getByRole('heading', { name: /drafts [0-9a-f]{8} \+ provisional-fill, 4 random games from seed 5/ }).waitFor();
  await report.getByTestId('balance-compare').getByText(/Of the 4 seeds both played, 4 ended the same way\./).waitFor({ timeout: 150_000 });
  assert.match(await report.getByLabel('Compare with').locator('option:checked').innerText(), /files [0-9a-f]{8} \+ provisional-fill, 4 random/);

  await page.screenshot({ path: path.join(shots, 'balance.png'), fullPage: true });

  // The runs are kept: after a reload the list has all four, the newest shown.
  await page.reload({ waitUntil: 'networkidle' });
  const runs = balance.getByRole('table', { name: 'Balance runs' });
  assert.equal(await runs.locator('tbody tr').count(), 4);
  assert.match(await runs.locator('tbody tr').first().innerText(), /drafts.*4 from seed 5.*done/s);
  assert.match(await runs.locator('tbody tr').nth(1).innerText(), /files as published.*4 from seed 5.*done/s);
  assert.match(await runs.locator('tbody tr').last().innerText(), /drafts.*of 200 from seed 5.*stopped/s);
  await report.getByText(/^4 games · 23\.0 turns/).waitFor();
  // The refused start is the one failed request (400), as the browser logs it.
  assert.deepEqual(problems.filter((e) => !e.includes('status of 400')), [], 'console errors or requests to other hosts');
  assert.equal(problems.length, 1);
});
