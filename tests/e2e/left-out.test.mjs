// Why a unit is missing from an attack, on the play page: the attack's "left out" list names the side's
// units near the target it leaves out, each with its refusal and rule; and in a combat step a unit sent at a
// place tries an attack there with it, refused with the combat's reason, not a movement step's. On the fixture
// "isles": West Horse in the Middle Isle beside East Foot, West Foot put out in the Strait, two steps away.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { callApi, projectDir, shots, studioForTests, watchPage } from './studio.mjs';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sandtable-left-out-'));
fs.cpSync(path.join(projectDir, 'tests', 'engine', 'fixtures', 'isles'), path.join(folder, 'isles'), { recursive: true });
after(() => fs.rmSync(folder, { recursive: true, force: true }));

const studio = studioForTests({ copyOf: folder });

test('an attack says which units near its target it leaves out and why; a unit sent at a place in a combat step attacks it', { timeout: 120_000 }, async () => {
  const { baseUrl } = studio;
  const page = await studio.browser.newPage({ viewport: { width: 1280, height: 1000 } });
  const problems = watchPage(page);
  const { gameId } = await callApi(baseUrl, 'games.create', { rulesetId: 'isles', seed: 1 }, { mutation: true });
  await callApi(baseUrl, 'games.act', { gameId, action: { type: 'move', side: 'red', unit: 'w-horse', to: 'area:middle' } }, { mutation: true });
  await callApi(baseUrl, 'games.act', { gameId, action: { type: 'manual', op: { op: 'moveUnit', unit: 'w-foot', to: 'area:strait' } } }, { mutation: true });
  await callApi(baseUrl, 'games.act', { gameId, action: { type: 'endStep', side: 'red' } }, { mutation: true });
  await page.goto(`${baseUrl}/rulesets/isles/play/${gameId}`, { waitUntil: 'networkidle' });
  const row = page.locator('.play-action-row', { hasText: 'Attack' });
  await row.waitFor({ timeout: 30_000 });
  await row.getByRole('button', { name: 'left out' }).click();
  const left = page.getByTestId('left-out');
  await left.filter({ hasText: 'Left out' }).waitFor({ timeout: 30_000 });
  assert.equal(await left.innerText(), "Left out of this attack:\nAt The Strait: Middle Isle is out of West Foot's reach (beside it) — rule 3");
  await page.screenshot({ path: path.join(shots, 'attack-left-out.png') });

  // The unit form in a combat step tries an attack: West Foot's is refused for its reach.
  const form = page.getByRole('form', { name: 'Try a move' });
  await form.getByLabel('Unit to move').selectOption('w-foot');
  await form.getByLabel('Destination').fill('Middle Isle');
  await form.getByRole('button', { name: 'Try attack' }).click();
  const refusal = page.getByTestId('refusal');
  await refusal.waitFor({ timeout: 30_000 });
  assert.match(await refusal.innerText(), /^Refused: attack Middle Isle with West Foot\. Middle Isle is out of West Foot's reach \(beside it\)/);
  assert.deepEqual(problems, []);
  await page.close();
});
