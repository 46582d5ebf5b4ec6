// The off-map boxes on a 2WW test game's map, as a tester uses them: the Atlantic box's two parts framed as one
// box, a fleet in its ocean portion shown there as a counter, and a fleet selected moved into the Capetown box by a
// click on the box, as a click on a hex moves it. Runs on a copy of the bundled rulesets with its own database.
// Needs `next build` first (bin/test.sh does it).
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { bundled, bundledHas, callApi, shots, studioForTests, studioPage } from './studio.mjs';

const present = bundledHas('2ww');
const studio = studioForTests({ copyOf: bundled }, { when: present });

/** A 2WW game at the Allies' first movement (the set-up placed at random), the Home Fleet moved into the Atlantic box. */
async function alliedMovement(baseUrl) {
  const call = (procedure, input) => callApi(baseUrl, procedure, input, { mutation: true });
  const { gameId } = await call('games.create', { rulesetId: '2ww', optionalPatchSets: ['provisional-fill'], seed: 3 });
  for (;;) {
    const { status } = await callApi(baseUrl, 'games.state', { gameId });
    const [side] = status.sides;
    if (side === 'allies' && !status.unplaced.length && status.step) break;
    if (status.unplaced.length) await call('games.placeRest', { gameId, side });
    else await call('games.act', { gameId, action: { type: 'endStep', side } });
  }
  await call('games.act', { gameId, action: { type: 'move', side: 'allies', unit: 'gb-home-fleet', to: 'box:atlantic' } });
  return gameId;
}

/** Each box's name and count show whole (wrapped, nothing cut off), inside its panel, its counters under them; no name runs into another, and the name a box's parts share is inside the map. */
async function boxesReadable(page, when) {
  const { map, title, boxes } = await page.evaluate(() => {
    const rect = (e) => JSON.parse(JSON.stringify(e.getBoundingClientRect()));
    const boxes = [...document.querySelectorAll('.play-map .play-box-label[data-box]')].map((l) => {
      const shown = [...document.querySelectorAll(`.play-where[data-at="box:${l.dataset.box}"] .play-counter, .play-where[data-at="box:${l.dataset.box}"] .play-marker-part`)].map(rect).filter((r) => r.width > 0);
      return { box: l.dataset.box, label: rect(l), cut: l.scrollHeight > l.clientHeight + 1, counters: shown, panel: rect(document.querySelector(`path.box-at-${l.dataset.box}`)) };
    });
    return { map: rect(document.querySelector('.play-map')), title: rect(document.querySelector('.play-map .play-box-title')), boxes };
  });
  assert.ok(title.top >= map.top, `${when}, the Atlantic box's name (from ${title.top} px) is inside the map (from ${map.top} px)`);
  for (const { box, label, cut, counters, panel } of boxes) {
    assert.ok(!cut && label.bottom <= panel.bottom && label.right <= panel.right + 1, `${when}, the ${box} box's label shows whole, inside its panel`);
    for (const c of counters) assert.ok(c.top >= label.bottom && c.bottom <= panel.bottom + 1, `${when}, a counter of the ${box} box (${c.top}–${c.bottom} px) stands under its label (to ${label.bottom} px), in the box (to ${panel.bottom} px)`);
    for (const other of boxes) {
      const apart = other.box === box || label.bottom <= other.label.top || other.label.bottom <= label.top || label.right <= other.label.left || other.label.right <= label.left;
      assert.ok(apart, `${when}, the ${box} and ${other.box} boxes' labels do not overlap`);
    }
  }
}

test('2WW’s off-map boxes: drawn with their units, and a fleet moved into one by a click', { timeout: 180_000 }, async (t) => {
  if (!present) return t.skip('no 2ww in rulesets/');
  const gameId = await alliedMovement(studio.baseUrl);
  const page = await studioPage(studio, { width: 1400, height: 1000 });
  await page.goto(`${studio.baseUrl}/rulesets/2ww/play/${gameId}`, { waitUntil: 'networkidle' });
  const map = page.locator('.play-map .leaflet-container[data-counters]');
  await map.waitFor({ timeout: 30_000 });

  // Every box is drawn and named; the Atlantic box's parts under the name they share.
  for (const box of ['atlantic', 'atlantic-land', 'capetown', 'red-sea', 'persian-gulf']) assert.equal(await page.locator(`.play-map path.box-at-${box}`).count(), 1, `the ${box} box is drawn`);
  assert.deepEqual(await page.locator('.play-map .play-box-title').allInnerTexts(), ['Atlantic box']);
  const labels = await page.locator('.play-map .play-box-label').allInnerTexts();
  assert.deepEqual(labels.slice(0, 3), ['ocean portion · 1 unit', 'land portion: the United States · 0 units', 'Capetown box (Indian Ocean) · 0 units']);
  // A box's name and count show whole (wrapped, nothing cut off), its counters under them, inside the box.
  await page.locator('.play-map .play-counter[data-unit="gb-home-fleet"]').waitFor({ timeout: 15_000 });
  await boxesReadable(page, 'at 1400x1000');
  // In a window too short for them (the map at its least height but for its boxes), the map grows to what their names need and the page scrolls.
  await page.setViewportSize({ width: 1280, height: 560 });
  await page.waitForTimeout(500);
  await boxesReadable(page, 'at 1280x560');
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.waitForTimeout(500);
  // The Home Fleet is a counter in the Atlantic box; clicked, it is selected as a counter on a hex is.
  const homeFleet = page.locator('.play-map .play-counter[data-unit="gb-home-fleet"]');
  const [fleetBox, atlanticBox] = await Promise.all([homeFleet.boundingBox(), page.locator('.play-map path.box-at-atlantic').boundingBox()]);
  assert.ok(fleetBox.x > atlanticBox.x && fleetBox.x + fleetBox.width < atlanticBox.x + atlanticBox.width && fleetBox.y > atlanticBox.y && fleetBox.y + fleetBox.height < atlanticBox.y + atlanticBox.height, 'the counter stands inside its box');
  await homeFleet.click();
  assert.match(await page.getByTestId('selection').innerText(), /^Selected Home Fleet at Atlantic box \(ocean portion\): it may go to 1 hex or box marked green/);
  // Hovering a box says what it is and why it is drawn where it is.
  await page.locator('.play-map path.box-at-red-sea').hover();
  assert.match(await page.locator('.leaflet-tooltip').innerText(), /Red Sea box \(off-map box\): 0 units\. Set along the map's south edge: the data gives no map edge or hex it lies by\./);

  // The Gibraltar fleet selected, the boxes it may reach are marked as hexes are; a click on the Capetown box moves it there.
  await page.locator('select[aria-label="Unit to move"]').selectOption('gb-gibraltar-fleet');
  await page.locator('.play-map path.box-mark.mark-reach').first().waitFor({ timeout: 15_000 });
  assert.ok((await page.locator('.play-map path.box-mark.mark-reach').count()) >= 2, 'the Atlantic and Capetown boxes are marked');
  await page.screenshot({ path: path.join(shots, 'boxes-reach.png') });
  const before = Number(await page.locator('.play-root').getAttribute('data-log-length'));
  await page.locator('.play-map path.box-at-capetown').click();
  await page.waitForFunction((n) => Number(document.querySelector('.play-root')?.getAttribute('data-log-length')) > n, before, { timeout: 15_000 });
  assert.equal(await page.getByTestId('refusal').count(), 0, 'the move was made');
  await page.locator('.play-map .play-box-label', { hasText: 'Capetown box (Indian Ocean) · 1 unit' }).waitFor({ timeout: 15_000 });
  assert.equal(await page.locator('.play-map .play-counter[data-unit="gb-gibraltar-fleet"]').count(), 1);
  const { state } = await callApi(studio.baseUrl, 'games.state', { gameId });
  assert.equal(state.units['gb-gibraltar-fleet'].at, 'box:capetown');
  await page.screenshot({ path: path.join(shots, 'boxes-moved.png') });
  assert.deepEqual(page.problems, []);
});
