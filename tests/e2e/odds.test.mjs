// An attack's odds on the play page in the words its combat's model calls for: one attack of a
// per-unit-dice combat is one round of its battle, nobody wins it, so the odds are the hits each side
// takes. On a copy of the fixture "isles" whose combat is per-unit-dice.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { callApi, projectDir, shots, studioForTests, watchPage } from './studio.mjs';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sandtable-odds-'));
const isles = path.join(folder, 'isles');
fs.cpSync(path.join(projectDir, 'tests', 'engine', 'fixtures', 'isles'), isles, { recursive: true });
const edit = (file, change) => {
  const json = JSON.parse(fs.readFileSync(path.join(isles, file), 'utf8'));
  change(json);
  fs.writeFileSync(path.join(isles, file), JSON.stringify(json, null, 2));
};
edit('ruleset.json', (r) => (r.mechanics.combat.land = { model: 'per-unit-dice', attackFactor: 'attack', defenseFactor: 'defense', dieSides: 6, source: { kind: 'rulebook', rule: '3' } }));
edit('units.json', (u) => {
  u.unitTypes.foot.factors = { attack: 1, defense: 2 };
  u.unitTypes.horse.factors = { attack: 3, defense: 1 };
});
after(() => fs.rmSync(folder, { recursive: true, force: true }));

const studio = studioForTests({ copyOf: folder });

test('a per-unit-dice attack\u2019s odds are the hits each side takes in a round, not who wins', { timeout: 120_000 }, async () => {
  const { baseUrl } = studio;
  const page = await studio.browser.newPage({ viewport: { width: 1280, height: 1000 } });
  const problems = watchPage(page);
  const { gameId } = await callApi(baseUrl, 'games.create', { rulesetId: 'isles', seed: 1 }, { mutation: true });
  // Both West units into the Middle Isle, held by East Foot; Red ends its move and fights.
  for (const unit of ['w-horse', 'w-foot']) await callApi(baseUrl, 'games.act', { gameId, action: { type: 'move', side: 'red', unit, to: 'area:middle' } }, { mutation: true });
  await callApi(baseUrl, 'games.act', { gameId, action: { type: 'endStep', side: 'red' } }, { mutation: true });
  await page.goto(`${baseUrl}/rulesets/isles/play/${gameId}`, { waitUntil: 'networkidle' });
  const row = page.locator('.play-action-row', { hasText: 'Attack' });
  await row.waitFor({ timeout: 30_000 });
  await row.getByRole('button', { name: 'odds' }).click();
  const odds = page.getByTestId('odds');
  await odds.filter({ hasText: /^Of/ }).waitFor({ timeout: 30_000 });
  assert.match(await odds.innerText(), /^Of 1,000 rounds on fresh dice, hits taken on average: Red \d\.\d, Blue \d\.\d\.$/);
  await page.screenshot({ path: path.join(shots, 'odds-per-unit-dice.png') });
  assert.deepEqual(problems, []);
  await page.close();
});
