// 2WW's map page: a hex the text names without its terrain says it is a gap, its rule, and what the provisional fill
// gives it (keyboard cursor and hover); a new place's kinds field offers the kinds in use and read, after each comma,
// and says of a slip ("prot") the kind it most likely means.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { projectDir, shots, studioForTests, watchPage } from './studio.mjs';

const rulesetsDir = path.resolve(projectDir, 'rulesets');
const present = fs.existsSync(path.join(rulesetsDir, '2ww', 'ruleset.json'));
const studio = studioForTests({ rulesetsDir }, { when: present });

async function openMap() {
  const page = await studio.browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const problems = watchPage(page);
  await page.goto(`${studio.baseUrl}/rulesets/2ww/map`, { waitUntil: 'networkidle' });
  const map = page.locator('.leaflet-container[data-draw-ms]');
  await map.waitFor({ timeout: 30_000 });
  return { page, problems, map };
}

const GAP = /^2511: no terrain, a gap \(rule 12\.1\.1\); the optional patch set "Provisional fill for test games" fills it with Coastal hex · Albania · rulebook · map\.json$/;

test('a hex the text names without its terrain says it is a gap, and what the provisional fill gives it', { timeout: 120_000 }, async (t) => {
  if (!present) return t.skip('no 2ww in rulesets/');
  const { page, problems, map } = await openMap();
  await map.focus();
  const cursor = page.getByTestId('map-cursor');
  await page.waitForFunction(() => /^Hex \w+: /.test(document.querySelector('[data-testid=map-cursor]')?.textContent ?? ''));
  // The arrows keep the row (left, right) or the column (up, down): on to 2511, Albania.
  for (let i = 0; i < 80; i++) {
    const [, col, row] = /^Hex (\d\d)(\d\d)/.exec(await cursor.textContent());
    if (col === '25' && row === '11') break;
    await page.keyboard.press(Number(col) < 25 ? 'ArrowRight' : Number(col) > 25 ? 'ArrowLeft' : Number(row) < 11 ? 'ArrowDown' : 'ArrowUp');
  }
  assert.match(await cursor.textContent(), /^Hex 2511: no terrain, a gap \(rule 12\.1\.1: .*\); the optional patch set "Provisional fill for test games" fills it with Coastal hex, Albania\./);
  // The pointer on the hex the cursor outlines: the status line says the same.
  const outline = await page.locator('.leaflet-cursor-pane path').last().boundingBox();
  await page.mouse.move(outline.x + outline.width / 2, outline.y + outline.height / 2);
  await page.getByRole('status').filter({ hasText: /^2511: / }).waitFor({ timeout: 5_000 });
  assert.match(await page.getByRole('status').innerText(), GAP);
  await page.screenshot({ path: path.join(shots, 'map-terrain-gap.png') });
  assert.deepEqual(problems, [], 'console errors or requests to other hosts');
  await page.close();
});

test("a new place's kinds field offers the kinds in use and read after each comma, and names the kind a slip most likely means", { timeout: 120_000 }, async (t) => {
  if (!present) return t.skip('no 2ww in rulesets/');
  const { page, problems } = await openMap();
  await page.getByRole('radio', { name: 'Place' }).check();
  const kinds = page.getByRole('form', { name: 'New place' }).getByLabel('New place: kinds, by commas');
  const offered = () => kinds.evaluate((input) => [...input.list.options].map((o) => [o.value, o.label]));
  assert.deepEqual((await offered()).find(([k]) => k === 'port'), ['port', 'read by rules; on 9 places']);
  assert.deepEqual((await offered()).find(([k]) => k === 'named-fort'), ['named-fort', 'read by no rule; on 6 places']);
  await kinds.fill('port, ci');
  const after = await offered();
  assert.ok(after.every(([v]) => v.startsWith('port, ')) && after.some(([v]) => v === 'port, city') && !after.some(([v]) => v === 'port, port'), JSON.stringify(after));
  await kinds.fill('prot');
  assert.equal(await page.getByTestId('unknown-kinds').innerText(), '"prot" is a kind no place has and no rule reads: did you mean "port"?');
  await page.getByRole('form', { name: 'New place' }).screenshot({ path: path.join(shots, 'map-place-kinds.png') });
  await kinds.fill('port, city');
  assert.equal(await page.getByTestId('unknown-kinds').count(), 0);
  assert.deepEqual(problems, [], 'console errors or requests to other hosts');
  await page.close();
});
