// A test game on an area map in Debian's Chromium: launch the fixture "isles" from its workbench, see its
// areas, places and counters, point at an action, select a unit, and move it with its stack by clicking the area marked for them;
// then move a unit by dragging its counter to an area.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { callApi, centreOf, dragMouse, projectDir, shots, studioForTests, watchPage } from './studio.mjs';

const studio = studioForTests({ rulesetsDir: path.join(projectDir, 'tests', 'engine', 'fixtures') });

test('an area game is played on its map: areas, counters, marks, a move by clicking an area, and a stack moved together', { timeout: 90_000 }, async () => {
  const page = await studio.browser.newPage({ viewport: { width: 1280, height: 1000 } });
  const problems = watchPage(page);
  await page.goto(`${studio.baseUrl}/rulesets/isles`, { waitUntil: 'networkidle' });
  const launch = page.getByRole('button', { name: 'Launch test game' });
  await launch.waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => !document.querySelector('.wb-head button[title^="Play the draft"]')?.disabled, null, { timeout: 30_000 });
  await launch.click();
  await page.getByRole('dialog', { name: 'Launch test game' }).getByRole('button', { name: 'Start game' }).click();
  await page.waitForURL(/\/rulesets\/isles\/play\/[\w-]+$/, { timeout: 30_000 });

  // Four areas at their centroids, three units in two stacks.
  const map = page.locator('.play-map .leaflet-container[data-counters="3"]');
  await map.waitFor({ timeout: 30_000 });
  assert.equal(await page.locator('.area-marker').count(), 4);
  assert.equal(await page.locator('.play-map .play-counter').count(), 3);
  // Each area is filled with the colour of the power holding it (its country's, before anyone takes it), said in a legend: the Westmen's West Isle in their counters' colour.
  assert.equal(await page.getByTestId('holder-legend').innerText(), 'Areas are filled with the colour of the power that holds them: Eastmen, Westmen.');
  const westFill = await page.locator('.area-at-west').getAttribute('fill');
  const westCounter = await page.locator('.play-map .play-counter[data-unit="w-foot"]').evaluate((e) => e.style.background);
  const rgb = (hex) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
  assert.equal(rgb(westFill), westCounter);
  assert.notEqual(await page.locator('.area-at-east').getAttribute('fill'), westFill);
  // Each side's capital marked as on a hex map, inside its area's marker, named on hover.
  assert.equal(await map.getAttribute('data-places'), '2');
  const hall = page.locator('.play-map .map-place-capital[data-place="west-hall"]');
  assert.equal(await hall.getAttribute('title'), 'West Hall (capital) · area west');
  const [glyph, west] = await Promise.all([hall.boundingBox(), page.locator('.area-at-west').boundingBox()]);
  const inside = (x, y) => x > west.x && x < west.x + west.width && y > west.y && y < west.y + west.height;
  assert.ok(inside(glyph.x + glyph.width / 2, glyph.y + glyph.height / 2), 'the glyph stands inside its area\'s marker');
  // Isles traces supply but has no zones of control: only the supply overlay is offered.
  const overlays = page.getByTestId('overlays');
  assert.match(await overlays.innerText(), /units out of supply now/);
  assert.doesNotMatch(await overlays.innerText(), /zones of control/);

  // Pointing at a listed move rings where the unit stands and where it goes.
  await page.locator('.play-action', { hasText: 'Move West Foot' }).hover();
  await page.locator('.play-map[data-marked="2"]').waitFor({ timeout: 5_000 });
  await page.mouse.move(0, 0);

  // West Foot may go to Middle Isle alone (its marsh costs both movement points); a click there moves it.
  await page.locator('.play-map .play-counter[data-unit="w-foot"]').click();
  await page.locator('.play-map[data-reach="1"]').waitFor({ timeout: 5_000 });
  assert.match(await page.getByTestId('selection').innerText(), /Selected West Foot at West Isle: it may go to 1 area marked green/);
  // A click on a place's glyph is a click on its area: here where the unit stands already.
  await hall.click();
  assert.match(await page.getByTestId('refusal').innerText(), /move West Foot to West Isle\. West Foot is already at West Isle/);
  // A unit picked (here the same one again), the refusal of what was tried before goes.
  await page.locator('.play-map .play-counter[data-unit="w-foot"]').click();
  await page.getByTestId('refusal').waitFor({ state: 'detached', timeout: 5_000 });
  assert.match(await page.getByTestId('selection').innerText(), /Selected West Foot at West Isle/);
  // West Horse, in the same stack, moves with it: where both may go is marked, and a click moves each there.
  await page.getByTestId('companions').getByLabel('West Horse').check();
  await page.getByTestId('selection').filter({ hasText: 'with 1 other unit moving with it, they may all go to 1 area marked green' }).waitFor({ timeout: 5_000 });
  // Elsewhere, where not all have a move listed, nothing is tried for the stack.
  const east = await page.locator('.area-at-east').boundingBox();
  await page.mouse.click(east.x + east.width / 2, east.y + east.height / 2);
  assert.match(await page.getByTestId('refusal').innerText(), /Not every unit ticked has a move listed to East Isle: click a place marked green, or move them one at a time/);
  assert.equal(await page.locator('.play-root').getAttribute('data-log-length'), '1');
  const middle = await page.locator('.area-at-middle').boundingBox();
  await page.mouse.click(middle.x + middle.width / 2, middle.y + middle.height / 2);
  // Both moves are logged; with nothing left to do, Red's step then passes by itself (the launch dialog's default).
  await page.waitForFunction(() => Number(document.querySelector('.play-root')?.getAttribute('data-log-length')) >= 3, null, { timeout: 15_000 });
  assert.equal(await page.getByTestId('refusal').count(), 0);
  const log = await page.locator('.play-log').innerText();
  assert.match(log, /West Foot moves from West Isle: Middle Isle for 2/);
  assert.match(log, /West Horse moves from West Isle: Middle Isle for 2/);

  // By hand, a location typed as a bare word is the area of that id.
  const manual = page.getByRole('form', { name: 'Manual adjudication' });
  await page.locator('.play-manual summary').click();
  await manual.getByLabel('unit', { exact: true }).selectOption({ label: 'West Foot at Middle Isle' });
  await manual.getByLabel('to', { exact: true }).fill('east');
  const moved = Number(await page.locator('.play-root').getAttribute('data-log-length'));
  await manual.getByRole('button', { name: 'Apply by hand' }).click();
  await page.waitForFunction((n) => document.querySelector('.play-root')?.getAttribute('data-log-length') === String(n + 1), moved, { timeout: 15_000 });
  assert.match(await page.locator(`.play-entries > li[data-seq="${moved}"]`).innerText(), /moved from .* to (area east|East Isle)/);
  await page.screenshot({ path: path.join(shots, 'area-play.png'), fullPage: true });
  assert.deepEqual(problems, [], 'console errors or requests to other hosts');
});

test('an area game: a counter dragged to an area it may not go to is refused with its rule, to the area marked for it moved there', { timeout: 90_000 }, async () => {
  const { gameId } = await callApi(studio.baseUrl, 'games.create', { rulesetId: 'isles', seed: 1 }, { mutation: true });
  const page = await studio.browser.newPage({ viewport: { width: 1280, height: 1000 } });
  const problems = watchPage(page);
  await page.goto(`${studio.baseUrl}/rulesets/isles/play/${gameId}`, { waitUntil: 'networkidle' });
  await page.locator('.play-map .leaflet-container[data-counters="3"]').waitFor({ timeout: 30_000 });
  const pan = () => page.locator('.play-map .leaflet-map-pane').evaluate((e) => e.style.transform);
  const panned = await pan();
  const drag = async (to, during) => dragMouse(page, await centreOf(page.locator('.play-map .play-counter[data-unit="w-foot"]')), to, during);

  // Dragged, West Foot is selected and Middle Isle marked for it; dropped on East Isle, the move is refused with its rule.
  await drag(await centreOf(page.locator('.area-at-east')), async () => {
    await page.locator('.play-map[data-reach="1"]').waitFor({ timeout: 5_000 });
    assert.match(await page.getByTestId('selection').innerText(), /Selected West Foot at West Isle: it may go to 1 area marked green/);
  });
  const refusal = await page.getByTestId('refusal').innerText();
  assert.ok(refusal.startsWith('Refused: move West Foot to East Isle.'), refusal);
  assert.match(refusal, /— (rule \S+|no rule number)/);
  assert.equal(await page.locator('.play-root').getAttribute('data-log-length'), '1');
  // Dropped on Middle Isle, it moves there; the map never panned.
  await drag(await centreOf(page.locator('.area-at-middle')));
  await page.waitForFunction(() => Number(document.querySelector('.play-root')?.getAttribute('data-log-length')) >= 2, null, { timeout: 15_000 });
  assert.match(await page.locator('.play-log').innerText(), /West Foot moves from West Isle: Middle Isle for 2/);
  assert.equal(await pan(), panned, 'the map did not pan under the counter');
  await page.screenshot({ path: path.join(shots, 'area-play-drag.png'), fullPage: true });
  await page.close();
  assert.deepEqual(problems, [], 'console errors or requests to other hosts');
});
