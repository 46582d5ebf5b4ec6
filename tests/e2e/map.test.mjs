// Opens 2WW's map in Debian's Chromium, paints a hex, and checks the saved draft of the map document.
// Needs `next build` first (bin/test.sh does it). MAP_E2E_RULESET names another ruleset to open.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { callApi, projectDir, shots, studioForTests, watchPage } from './studio.mjs';

const rulesetsDir = path.resolve(projectDir, process.env.SANDTABLE_RULESETS ?? 'rulesets');
const rulesetId = process.env.MAP_E2E_RULESET ?? '2ww';
const present = fs.existsSync(path.join(rulesetsDir, rulesetId, 'ruleset.json'));

const studio = studioForTests({ rulesetsDir }, { when: present });

test(`the ${rulesetId} map draws, shows suspect anchors, and a painted hex is saved in its map document`, { timeout: 90_000 }, async (t) => {
  if (!present) return t.skip(`no ruleset ${rulesetId} in ${rulesetsDir}`);
  const page = await studio.browser.newPage({ viewport: { width: 1280, height: 1000 } });
  const problems = watchPage(page);

  await page.goto(`${studio.baseUrl}/rulesets/${rulesetId}/map`, { waitUntil: 'networkidle' });
  const map = page.locator('.leaflet-container[data-draw-ms]');
  await map.waitFor({ timeout: 30_000 });
  assert.ok(Number(await map.getAttribute('data-hexes')) > 100, 'hexes drawn');
  const suspects = page.locator('tr[title*="suspected error"]');
  assert.ok((await suspects.count()) > 0, 'the residual table marks at least one suspect anchor');

  // Choose the tool first: the toolbar grows, and the map moves down with it.
  const chooseTools = async () => {
    await page.getByLabel('Paint terrain').check();
    await page.getByLabel('rulebook, rule').check();
    await page.getByLabel('Rule cited').fill('5.1');
  };
  await chooseTools();

  // Hover the middle of the map to learn which hex is there and what it holds.
  const box = await map.boundingBox();
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x, y);
  const status = page.getByRole('status');
  const hovered = /^(\w+): (.+?) ·/.exec(await status.innerText());
  assert.ok(hovered, `hover shows the hex: ${await status.innerText()}`);
  const [, key, terrainBefore] = hovered;

  const terrainSelect = page.getByRole('combobox', { name: 'Terrain' });
  const options = await terrainSelect.locator('option').evaluateAll((os) => os.map((o) => ({ value: o.value, label: o.textContent })));
  const choice = options.find((o) => o.label !== terrainBefore);
  await terrainSelect.selectOption(choice.value);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.up();

  await page.waitForFunction(() => /Saved \S+ as draft revision \d+/.test(document.querySelector('[role=status]')?.textContent ?? ''), null, { timeout: 10_000 });
  const [, docPath] = /Saved (\S+) as draft revision/.exec(await status.innerText());
  assert.equal(await page.getByTestId('last-stroke').textContent(), key);

  const draft = await callApi(studio.baseUrl, 'drafts.get', { rulesetId, path: docPath });
  const saved = JSON.parse(draft.content);
  const hex = findHex(saved, key);
  assert.equal(hex?.terrain, choice.value, `${docPath} gives ${key} the painted terrain`);
  assert.deepEqual(hex.source, { kind: 'rulebook', rule: '5.1' });

  // The view reads the draft back: after a reload the hex shows what was painted.
  await page.reload({ waitUntil: 'networkidle' });
  await map.waitFor();
  await chooseTools();
  await page.mouse.move(x, y);
  assert.match(await status.innerText(), new RegExp(`^${key}: ${escape(choice.label)} · .*rulebook`));

  await page.screenshot({ path: path.join(shots, 'map.png'), fullPage: true });
  assert.deepEqual(problems, [], 'console errors or requests to other hosts');
  await page.close();
});

/** The hex record in a map document, or in a patch set's operation that adds it. */
function findHex(doc, key) {
  return doc.map?.hexes?.[key] ?? doc.operations?.find((o) => o.path === `/map/hexes/${key}`)?.value;
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

