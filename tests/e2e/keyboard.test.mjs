// The studio by keyboard: the play page's skip link leads past the map to the actions, the hex map's
// hexside lines (hundreds on 2WW) and anchors (their residuals listed in the table beside it) are not tab
// stops, whatever takes the focus shows it, and the hex map's terrain is painted from the keyboard.
// Needs `next build` first (bin/test.sh does it).
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { bundled, bundledHas, callApi, shots, studioForTests, watchPage } from './studio.mjs';

const present = bundledHas('2ww');
const studio = studioForTests({ copyOf: bundled }, { when: present });

/** What has the focus, and whether it is drawn: its outline. */
const focused = (page) =>
  page.evaluate(() => {
    const e = document.activeElement;
    const style = e && getComputedStyle(e);
    return {
      tag: e?.tagName.toLowerCase(),
      cls: e?.getAttribute('class') ?? '',
      text: (e?.textContent ?? '').trim().slice(0, 40),
      inActions: !!e?.closest('#play-actions'),
      outline: style ? `${style.outlineStyle} ${style.outlineWidth}` : '',
      top: e?.getBoundingClientRect().top ?? -1,
    };
  });

test('the play page: a skip link past the map to the actions, and the focus shown', { timeout: 120_000 }, async (t) => {
  if (!present) return t.skip('no 2ww in rulesets/');
  const { gameId } = await callApi(studio.baseUrl, 'games.create', { rulesetId: '2ww', seed: 1 }, { mutation: true });
  const page = await studio.browser.newPage({ viewport: { width: 1400, height: 900 } });
  const problems = watchPage(page);
  await page.goto(`${studio.baseUrl}/rulesets/2ww/play/${gameId}`, { waitUntil: 'networkidle' });
  await page.locator('.play-map .leaflet-container[data-counters]').waitFor({ timeout: 30_000 });
  await page.locator('#play-actions button').first().waitFor({ timeout: 30_000 });

  // After the studio's own links (the brand, the way back), before the game's header and its map.
  let skip;
  for (let i = 0; i < 4 && skip?.text !== 'Skip to the actions'; i++) {
    await page.keyboard.press('Tab');
    skip = await focused(page);
  }
  assert.equal(skip.text, 'Skip to the actions', 'the skip link is among the first tab stops');
  assert.ok(skip.top >= 0, 'shown once focused');
  assert.match(skip.outline, /^solid [1-9]/, 'with a visible focus outline');
  await page.screenshot({ path: path.join(shots, 'keyboard-skip-link.png') });
  await page.keyboard.press('Enter');
  // The next stops are the actions', not the map's.
  let reached;
  for (let i = 0; i < 5 && !reached; i++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (now.inActions) reached = now;
  }
  assert.ok(reached, 'a few tab stops after the skip link are in the actions list');
  assert.match(reached.outline, /^solid [1-9]/, 'the focus is drawn');
  await page.screenshot({ path: path.join(shots, 'keyboard-actions.png') });
  await page.close();
  assert.deepEqual(problems, []);
});

test('the hex map page: hexside lines and anchors are not tab stops; the map shows it has the focus', { timeout: 120_000 }, async (t) => {
  if (!present) return t.skip('no 2ww in rulesets/');
  const page = await studio.browser.newPage({ viewport: { width: 1400, height: 900 } });
  const problems = watchPage(page);
  await page.goto(`${studio.baseUrl}/rulesets/2ww/map`, { waitUntil: 'networkidle' });
  const lines = page.locator('.leaflet-pane.leaflet-hexsides-pane path.leaflet-interactive');
  await lines.first().waitFor({ timeout: 30_000 });
  assert.ok((await lines.count()) > 100, 'the hexsides are drawn');
  assert.equal(await page.locator('.leaflet-hexsides-pane path.leaflet-interactive:not([tabindex="-1"])').count(), 0, 'none of them in the tab order');
  const anchors = page.locator('.leaflet-overlay-pane path.leaflet-interactive');
  assert.ok((await anchors.count()) > 10, 'the anchors are drawn');
  assert.equal(await page.locator('.leaflet-overlay-pane path.leaflet-interactive:not([tabindex="-1"])').count(), 0, 'none of them in the tab order');
  // Still named on hover.
  await anchors.first().hover();
  await page.locator('.leaflet-tooltip', { hasText: /residual \d/ }).waitFor({ timeout: 5_000 });
  // Tab goes round the whole page in a few dozen stops, none of them a line or mark on the map.
  const stops = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    stops.push(await focused(page));
  }
  assert.deepEqual(stops.filter((s) => s.tag === 'path'), [], 'no map line or mark takes the focus');
  assert.ok(stops.filter((s) => s.tag === 'body').length >= 1, 'the tab order comes round within 40 stops');
  const map = stops.find((s) => s.cls.includes('leaflet-container'));
  assert.ok(map, 'the map itself is a tab stop (arrow keys move its cursor hex)');
  assert.match(map.outline, /^solid [1-9]/, 'and shows the focus');
  await page.close();
  assert.deepEqual(problems, []);
});

test('the hex map by keyboard: a cursor hex moved with the arrows, announced, and painted with Enter', { timeout: 120_000 }, async (t) => {
  if (!present) return t.skip('no 2ww in rulesets/');
  const page = await studio.browser.newPage({ viewport: { width: 1400, height: 900 } });
  const problems = watchPage(page);
  await page.goto(`${studio.baseUrl}/rulesets/2ww/map`, { waitUntil: 'networkidle' });
  await page.locator('.leaflet-container[data-draw-ms]').waitFor({ timeout: 30_000 });
  // The tool by keyboard: its radio focused, an arrow chooses the next (Pan, then Paint terrain).
  await page.getByRole('radio', { name: 'Pan' }).focus();
  await page.keyboard.press('ArrowRight');
  assert.ok(await page.getByLabel('Paint terrain').isChecked());
  const terrain = page.getByRole('combobox', { name: 'Terrain', exact: true });
  const options = await terrain.locator('option').evaluateAll((os) => os.map((o) => ({ value: o.value, label: o.textContent })));
  await terrain.focus();
  const choice = options.at(-1);
  await terrain.selectOption(choice.value);

  // Tab on to the map: the cursor hex is announced with its terrain.
  const cursor = page.getByTestId('map-cursor');
  for (let i = 0; i < 30 && !(await page.evaluate(() => document.activeElement?.classList.contains('leaflet-container'))); i++) await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('role')), 'application');
  const announced = async () => /^Hex (\w+): ([^,.]+)/.exec(await cursor.textContent()) ?? [];
  await page.waitForFunction(() => /^Hex \w+: /.test(document.querySelector('[data-testid=map-cursor]')?.textContent ?? ''));
  // Arrows move it to a neighbour; on until a hex of another terrain than the one chosen.
  let [, key, before] = await announced();
  for (let i = 0; i < 12 && before === choice.label; i++) {
    const was = key;
    await page.keyboard.press(i % 4 < 2 ? 'ArrowRight' : 'ArrowDown');
    [, key, before] = await announced();
    assert.notEqual(key, was, 'the arrow moved the cursor');
  }
  assert.notEqual(before, choice.label);
  await page.screenshot({ path: path.join(shots, 'map-keyboard-cursor.png') });

  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /Saved \S+ as draft revision \d+: 1 hex \(\w+\) painted/.test(document.querySelector('[role=status]')?.textContent ?? ''), null, { timeout: 10_000 });
  assert.match(await cursor.textContent(), new RegExp(`^Hex ${key}: ${choice.label}[,.].* Painted\\.$`));
  const [, docPath] = /Saved (\S+) as draft revision/.exec(await page.getByRole('status').first().innerText());
  const draft = JSON.parse((await callApi(studio.baseUrl, 'drafts.get', { rulesetId: '2ww', path: docPath })).content);
  const hex = draft.map?.hexes?.[key] ?? draft.operations?.find((o) => o.path === `/map/hexes/${key}`)?.value;
  assert.equal(hex?.terrain, choice.value, `${docPath} gives ${key} the painted terrain`);
  assert.equal(await page.getByTestId('last-stroke').textContent(), key);
  await page.screenshot({ path: path.join(shots, 'map-keyboard-painted.png') });
  await page.close();
  assert.deepEqual(problems, []);
});
