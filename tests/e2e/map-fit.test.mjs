// The play map fits the board again when its container changes size (the window, or a panel beside it), and a
// view the tester has zoomed stands: through a move, and through a resize, until another board is shown.
// Fixture "isles", an area map. Needs `next build` first (bin/test.sh does it).
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { callApi, projectDir, shots, studioForTests, watchPage } from './studio.mjs';

const studio = studioForTests({ rulesetsDir: path.join(projectDir, 'tests', 'engine', 'fixtures') });

test('the play map refits on a resize, but not once the tester has zoomed, nor on a move', { timeout: 90_000 }, async () => {
  const { gameId } = await callApi(studio.baseUrl, 'games.create', { rulesetId: 'isles', seed: 1 }, { mutation: true });
  const page = await studio.browser.newPage({ viewport: { width: 1280, height: 1000 } });
  const problems = watchPage(page);
  await page.goto(`${studio.baseUrl}/rulesets/isles/play/${gameId}`, { waitUntil: 'networkidle' });
  await page.locator('.play-map .leaflet-container[data-counters="3"]').waitFor({ timeout: 30_000 });

  /** The board's width on screen: West Isle's marker to East Isle's, in pixels (zooming in by one level doubles it). */
  const span = async () => {
    const [west, east] = await Promise.all(['west', 'east'].map((id) => page.locator(`.area-at-${id}`).boundingBox()));
    return Math.round(east.x - west.x);
  };
  /** The span once the map has settled (a resize is seen on the next frame, a zoom animates). */
  const settled = async () => {
    await page.waitForTimeout(400);
    return span();
  };
  const first = await settled();

  // A wider window: the board is fitted again, drawn larger.
  await page.setViewportSize({ width: 1900, height: 1200 });
  const wide = await settled();
  assert.ok(wide > first * 1.3, `fitted to the wider map: ${first} → ${wide} px`);
  // The map's container narrowed with the window as it is (as a panel opening beside it would): fitted smaller.
  await page.locator('.play-map').evaluate((e) => (e.style.width = '45%'));
  const narrow = await settled();
  assert.ok(narrow < wide * 0.75, `fitted to the narrower map: ${wide} → ${narrow} px`);
  await page.screenshot({ path: path.join(shots, 'map-fit-narrow.png') });

  // The tester zooms in: their view stands through a resize and a move.
  await page.locator('.play-map .leaflet-control-zoom-in').click();
  const zoomed = await settled();
  assert.ok(zoomed > narrow * 1.5, `zoomed in: ${narrow} → ${zoomed} px`);
  await page.locator('.play-map').evaluate((e) => (e.style.width = ''));
  assert.equal(await settled(), zoomed, 'a resize keeps the zoom the tester chose');
  await page.locator('.play-map .play-counter[data-unit="w-foot"]').click();
  await page.locator('.play-map[data-reach="1"]').waitFor({ timeout: 5_000 });
  await page.locator('.area-at-middle').click();
  await page.waitForFunction(() => document.querySelector('.play-root')?.getAttribute('data-log-length') === '2', null, { timeout: 15_000 });
  assert.equal(await settled(), zoomed, 'so does a move');

  // Opened again, the game's board is fitted to the map as it is now.
  await page.reload({ waitUntil: 'networkidle' });
  await page.locator('.play-map .leaflet-container[data-counters="3"]').waitFor({ timeout: 30_000 });
  const reopened = await settled();
  assert.ok(Math.abs(reopened - wide) < wide * 0.2, `fitted on opening: ${reopened} px, as ${wide} px before at this size`);
  await page.close();
  assert.deepEqual(problems, []);
});
