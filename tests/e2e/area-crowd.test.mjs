// An area map where areas crowd (./crowded-isles.mjs), in Debian's Chromium: on the play map no area's name
// covers another's or a stack of units, stacks without room are badges counting the units by power (each unit
// counted once, on a counter or a badge), and a click on a badge zooms in until its units show; on the map
// editor, no name covers another.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { crowdedIsles } from './crowded-isles.mjs';
import { callApi, shots, studioForTests, watchPage } from './studio.mjs';

const studio = studioForTests({ rulesetsDir: crowdedIsles() });
const UNITS = 17;

/** The boxes of what the map shows, by kind, as the page lays them out. */
const shown = (page) =>
  page.evaluate(() => {
    const box = (e) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, text: e.textContent };
    };
    const all = (selector) => [...document.querySelectorAll(selector)].map(box);
    return { labels: all('.leaflet-tooltip.area-label'), stacks: all('.play-pile'), badges: all('.play-badge') };
  });
const overlap = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
/** Pairs of names, or a name and a stack or badge, or two stacks, that cover each other. */
function covered({ labels, stacks, badges }) {
  const pairs = [];
  labels.forEach((a, i) => [...labels.slice(i + 1), ...stacks, ...badges].forEach((b) => overlap(a, b) && pairs.push(`${a.text} / ${b.text}`)));
  stacks.forEach((a, i) => [...stacks.slice(i + 1), ...badges].forEach((b) => overlap(a, b) && pairs.push(`${a.text} / ${b.text}`)));
  return pairs;
}
const counted = (page) => page.evaluate(() => document.querySelectorAll('.play-map .play-counter').length + [...document.querySelectorAll('.play-badge')].reduce((n, b) => n + Number(b.dataset.units), 0));

test('crowded areas on the play map: names and stacks never cover each other; a badge clicked opens its stack', { timeout: 90_000 }, async () => {
  const page = await studio.browser.newPage({ viewport: { width: 1280, height: 1000 } });
  const problems = watchPage(page);
  const { gameId } = await callApi(studio.baseUrl, 'games.create', { rulesetId: 'crowded-isles', seed: 1 }, { mutation: true });
  await page.goto(`${studio.baseUrl}/rulesets/crowded-isles/play/${gameId}`, { waitUntil: 'networkidle' });
  await page.locator(`.play-map .leaflet-container[data-counters="${UNITS}"]`).waitFor({ timeout: 30_000 });
  await page.locator('.play-badge').first().waitFor();

  // Zoomed out on the whole map: the Low Countries' stacks are badges; every unit is counted once.
  let now = await shown(page);
  assert.deepEqual(covered(now), []);
  assert.ok(now.badges.length >= 5, `badges: ${now.badges.length}`);
  assert.equal(await counted(page), UNITS);
  assert.ok(now.labels.length >= 3, `the names that have room are shown: ${now.labels.map((l) => l.text).join(', ')}`);
  await page.locator('.play-map').screenshot({ path: path.join(shots, 'area-crowd-play.png') });

  // A badge clicked: the map zooms in on its area until its stack opens.
  const counters = await page.locator('.play-map .play-counter').count();
  const badge = page.locator('.play-badge').filter({ has: page.locator('.play-count[title^="Eastmen: Brabant Foot"]') });
  await badge.click();
  await page.locator('.play-map .play-counter[data-unit="brabant-1"]').waitFor({ timeout: 10_000 });
  assert.ok((await page.locator('.play-map .play-counter').count()) > counters);
  await page.waitForTimeout(500); // the zoom's animation, and the names it moves
  now = await shown(page);
  assert.deepEqual(covered(now), []);
  assert.equal(await counted(page), UNITS);
  await page.locator('.play-map').screenshot({ path: path.join(shots, 'area-crowd-play-zoomed.png') });

  // Its counters are picked as anywhere else.
  await page.locator('.play-map .play-counter[data-unit="brabant-1"]').click();
  assert.match(await page.getByTestId('selection').innerText(), /Selected Brabant Foot at Brabant/);
  assert.deepEqual(problems, [], 'console errors or requests to other hosts');
});

test('crowded areas on the map editor: no name covers another', { timeout: 60_000 }, async () => {
  const page = await studio.browser.newPage({ viewport: { width: 1280, height: 1000 } });
  const problems = watchPage(page);
  await page.goto(`${studio.baseUrl}/rulesets/crowded-isles/map`, { waitUntil: 'networkidle' });
  await page.locator('.area-marker').first().waitFor({ timeout: 30_000 });
  await page.locator('.leaflet-tooltip.area-label').first().waitFor();
  const now = await shown(page);
  assert.deepEqual(covered(now), []);
  assert.ok(now.labels.length >= 6, `names shown: ${now.labels.map((l) => l.text).join(', ')}`);
  // A name without room shows when the pointer is on its area.
  const hidden = await page.evaluate(() => {
    const named = new Set([...document.querySelectorAll('.leaflet-tooltip.area-label')].map((t) => t.textContent));
    return ['Holland', 'Zeeland', 'Flanders', 'Brabant', 'Limburg', 'Ardennes', 'Luxembourg'].find((n) => !named.has(n));
  });
  assert.ok(hidden, 'in the crowd, a name has no room at this zoom');
  await page.locator(`.area-${hidden.toLowerCase()}`).hover({ force: true });
  await page.locator('.leaflet-tooltip.area-label-hover', { hasText: hidden }).waitFor({ timeout: 5_000 });
  await page.screenshot({ path: path.join(shots, 'area-crowd-map.png') });
  assert.deepEqual(problems, [], 'console errors or requests to other hosts');
});
