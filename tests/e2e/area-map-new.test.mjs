// A new area ruleset's map in Debian's Chromium: a modder adds its first areas on the map page, places them
// and joins them, each saved as a draft. The studio serves a copy of the test rulesets: the ruleset is created.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { callApi, projectDir, shots, studioForTests, watchPage } from './studio.mjs';

const studio = studioForTests({ copyOf: path.join(projectDir, 'tests', 'map', 'fixtures', 'rulesets') });

test('a modder adds the first areas of a new area map, places them and joins them, each saved as a draft', { timeout: 90_000 }, async () => {
  await callApi(studio.baseUrl, 'authoring.createRuleset', { id: 'fresh-areas', title: 'Fresh areas', mapKind: 'area' }, { mutation: true });
  // The template's placeholder areas cleared, as a modder starting the map over would.
  const mapFile = path.join(studio.rulesetsDir, 'fresh-areas', 'map.json');
  fs.writeFileSync(mapFile, JSON.stringify({ ...JSON.parse(fs.readFileSync(mapFile, 'utf8')), map: { kind: 'area' } }, null, 2));
  const page = await studio.browser.newPage({ viewport: { width: 1280, height: 1000 } });
  const problems = watchPage(page);
  await page.goto(`${studio.baseUrl}/rulesets/fresh-areas/map`, { waitUntil: 'networkidle' });
  const status = page.getByRole('status');
  await status.filter({ hasText: /no areas yet: choose the Place tool to add one/ }).waitFor({ timeout: 30_000 });
  const saved = (pattern) =>
    page.waitForFunction((source) => new RegExp(source).test(document.querySelector('[role=status]')?.textContent ?? ''), pattern.source, { timeout: 15_000 }).catch(async (e) => {
      throw new Error(`${e.message}: waiting for ${pattern} in "${await status.textContent()}"`);
    });
  await page.getByRole('radio', { name: 'Place' }).check();
  const form = page.getByRole('group', { name: 'New area' });
  // A bad id is said, and nothing is written.
  await form.getByLabel('New area id').fill('North Land');
  await form.getByLabel('name').fill('Northland');
  await form.getByRole('button', { name: 'Add area' }).click();
  assert.match(await form.getByRole('alert').textContent(), /an id is lower-case letters/);
  // The second click well away from the first area, on which the map then centres: a click on an area picks it instead.
  for (const [id, name, x, y] of [['northland', 'Northland', 0.45, 0.4], ['southland', 'Southland', 0.8, 0.85]]) {
    await form.getByLabel('New area id').fill(id);
    await form.getByLabel('name').fill(name);
    await form.getByRole('button', { name: 'Add area' }).click();
    await saved(new RegExp(`${name} added`));
    // Where the map is now (the toolbar grows once there is an area to choose); a click while the map still
    // moves to frame the areas placed is not one on the map, so it is made again until the area is placed.
    for (let tries = 0; ; tries++) {
      const map = await page.locator('[data-areas]').boundingBox();
      await page.mouse.click(map.x + map.width * x, map.y + map.height * y);
      const placed = await page
        .waitForFunction((source) => new RegExp(source).test(document.querySelector('[role=status]')?.textContent ?? ''), `${name} placed at`, { timeout: 4_000 })
        .then(() => true, () => false);
      if (placed) break;
      assert.ok(tries < 4, `${name} placed by a click on the map: "${await status.textContent()}"`);
    }
    await page.locator(`.area-${id}`).waitFor();
  }
  await page.getByRole('radio', { name: 'Adjacency' }).check();
  await page.getByLabel('provisional').check();
  await page.locator('.area-northland').click();
  await page.locator('.area-southland').click();
  await saved(/Northland – Southland listed as adjacent, on both sides/);
  const areas = JSON.parse((await callApi(studio.baseUrl, 'drafts.get', { rulesetId: 'fresh-areas', path: 'map.json' })).content).map.areas;
  assert.deepEqual(Object.keys(areas), ['northland', 'southland']);
  assert.deepEqual([areas.northland.adjacent, areas.southland.adjacent], [['southland'], ['northland']]);
  // A designer's area says so: provisional, with a note of what was done.
  assert.deepEqual(areas.northland.source, { kind: 'provisional', note: 'added by the designer on the map' });
  assert.ok(areas.northland.centroid && areas.southland.centroid);
  await page.screenshot({ path: path.join(shots, 'area-map-new.png'), fullPage: true });
  assert.deepEqual(problems, [], 'console errors or requests to other hosts');
});

test("a modder edits an area's values beside the map, and deletes one after being told what names it, then undoes it", { timeout: 90_000 }, async () => {
  await callApi(studio.baseUrl, 'authoring.createRuleset', { id: 'ring-areas', title: 'Ring areas', mapKind: 'area' }, { mutation: true });
  const page = await studio.browser.newPage({ viewport: { width: 1280, height: 1000 } });
  const problems = watchPage(page);
  await page.goto(`${studio.baseUrl}/rulesets/ring-areas/map`, { waitUntil: 'networkidle' });
  const status = page.getByRole('status');
  const saved = (text) => status.filter({ hasText: text }).waitFor({ timeout: 15_000 });
  const areas = async () => JSON.parse((await callApi(studio.baseUrl, 'drafts.get', { rulesetId: 'ring-areas', path: 'map.json' })).content).map.areas;
  // With the Pan tool, an area clicked is shown beside the map.
  await page.locator('.area-north').click();
  const details = page.getByRole('complementary', { name: 'Area North' });
  await details.getByLabel('Name', { exact: true }).fill('Northmark');
  await details.getByLabel('Kind', { exact: true }).selectOption('sea');
  await details.getByLabel('Country', { exact: true }).selectOption('');
  await details.getByRole('button', { name: 'Save changes' }).click();
  await saved('Northmark: name set to Northmark, type set to sea, country taken away');
  const north = (await areas()).north;
  assert.deepEqual([north.name, north.type, north.country, north.terrain], ['Northmark', 'sea', undefined, 'clear']);
  assert.match(north.source.note, /country taken away by the designer on the map/);
  // East holds the scenario's objective and a unit: deleting it is confirmed knowing both.
  await page.locator('.area-east').click({ force: true });
  await page.getByRole('complementary', { name: 'Area East' }).getByRole('button', { name: 'Delete area…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete East' });
  assert.match(await dialog.textContent(), /from the adjacency of Northmark, South/);
  assert.match(await dialog.textContent(), /2 other references will name an area that is no longer there/);
  assert.match(await dialog.textContent(), /map\.json: \/map\/places\/[^/]+\/area/);
  assert.match(await dialog.textContent(), /setup\.json: \/scenarios\/opening\/placements\/1\/location\/area/);
  await dialog.getByRole('button', { name: 'Delete East' }).click();
  await saved('East deleted');
  let after = await areas();
  assert.deepEqual(Object.keys(after), ['west', 'north', 'south']);
  assert.deepEqual([after.north.adjacent, after.south.adjacent], [['west'], ['west']]);
  // The map read again, East is no longer drawn.
  await page.locator('.area-east').waitFor({ state: 'detached', timeout: 10_000 });
  // Undone, East is back as it was, and on its neighbours' lists.
  await page.getByRole('button', { name: 'Undo' }).click();
  await saved('undid "East deleted"');
  after = await areas();
  assert.deepEqual(Object.keys(after), ['west', 'north', 'east', 'south']);
  assert.deepEqual([after.north.adjacent, after.south.adjacent], [['west', 'east'], ['east', 'west']]);
  await page.screenshot({ path: path.join(shots, 'area-details.png'), fullPage: true });
  assert.deepEqual(problems, [], 'console errors or requests to other hosts');
});

test('a modder adds a country and a named place from the area beside the map, each refused with its reason when wrong', { timeout: 90_000 }, async () => {
  await callApi(studio.baseUrl, 'authoring.createRuleset', { id: 'ring-places', title: 'Ring places', mapKind: 'area' }, { mutation: true });
  const page = await studio.browser.newPage({ viewport: { width: 1280, height: 1000 } });
  const problems = watchPage(page);
  await page.goto(`${studio.baseUrl}/rulesets/ring-places/map`, { waitUntil: 'networkidle' });
  const saved = (text) => page.getByRole('status').filter({ hasText: text }).waitFor({ timeout: 15_000 });
  const map = async () => JSON.parse((await callApi(studio.baseUrl, 'drafts.get', { rulesetId: 'ring-places', path: 'map.json' })).content).map;
  await page.locator('.area-north').click();
  const details = page.getByRole('complementary', { name: 'Area North' });

  // A country the map lacks: added, then chosen for the area, which is saved with it.
  const country = details.getByRole('form', { name: 'New country' });
  await country.getByLabel('New country: id').fill('Nordland');
  await country.getByLabel('New country: name').fill('Nordland');
  await country.getByRole('button', { name: 'Add' }).click();
  assert.match(await country.getByRole('alert').textContent(), /an id is lower-case letters/);
  await country.getByLabel('New country: id').fill('nordland');
  // The refusal is said until the entry changes.
  assert.equal(await country.getByRole('alert').count(), 0);
  await country.getByLabel('New country: power').selectOption({ index: 1 });
  const power = await country.getByLabel('New country: power').inputValue();
  await country.getByRole('button', { name: 'Add' }).click();
  await saved('Nordland added as a country');
  // Once the map is read again, the new country is the area's choice, to be saved with its other values.
  await page.waitForFunction(() => document.querySelector('aside select[aria-label="Country"]')?.value === 'nordland', null, { timeout: 10_000 });
  await details.getByRole('button', { name: 'Save changes' }).click();
  await saved('North: country set to nordland');
  let after = await map();
  assert.deepEqual(after.countries.nordland, { name: 'Nordland', power, source: { kind: 'provisional', note: 'added by the designer on the map' } });
  assert.equal(after.areas.north.country, 'nordland');

  // A terrain type the map lacks: added, then chosen for the area, which is saved with it.
  const terrain = details.getByRole('form', { name: 'New terrain' });
  await terrain.getByLabel('New terrain: id').fill('tundra');
  await terrain.getByLabel('New terrain: name').fill('Tundra');
  await terrain.getByRole('button', { name: 'Add' }).click();
  await saved('Tundra added as a terrain type, chosen for North');
  await page.waitForFunction(() => document.querySelector('aside select[aria-label="Terrain"]')?.value === 'tundra', null, { timeout: 10_000 });
  await details.getByRole('button', { name: 'Save changes' }).click();
  await saved('North: terrain set to tundra');
  after = await map();
  assert.deepEqual([after.terrain.tundra.name, after.terrain.tundra.medium, after.areas.north.terrain], ['Tundra', 'land', 'tundra']);

  // A named place in the area, with its kinds (those of the map's places offered) and its value.
  const place = page.getByRole('complementary', { name: 'Area North' }).getByRole('form', { name: 'New place' });
  await place.getByLabel('New place: id').fill('north-harbour');
  await place.getByLabel('New place: name').fill('North Harbour');
  await place.getByLabel('New place: kinds, by commas').fill('port, production, port');
  await place.getByLabel('New place: value').fill('three');
  await place.getByRole('button', { name: 'Add' }).click();
  assert.match(await place.getByRole('alert').textContent(), /the value "three" is not a number of 0 or more, in digits/);
  await place.getByLabel('New place: value').fill('0x10');
  await place.getByRole('button', { name: 'Add' }).click();
  assert.match(await place.getByRole('alert').textContent(), /the value "0x10" is not a number/);
  await place.getByLabel('New place: value').fill('3');
  await place.getByRole('button', { name: 'Add' }).click();
  await saved('North Harbour added in North');
  after = await map();
  // In the area's country.
  assert.deepEqual(after.places['north-harbour'], { name: 'North Harbour', area: 'north', country: 'nordland', kinds: ['port', 'production'], value: 3, source: { kind: 'provisional', note: 'added by the designer on the map' } });
  // Listed beside the map and marked in its area; a second place of the same id is refused.
  const here = page.getByRole('region', { name: 'Places in North' });
  await here.getByRole('listitem').first().waitFor({ timeout: 10_000 });
  assert.match(await here.textContent(), /North Harbour \(port, production\)/);
  await page.locator('.map-place[data-place="north-harbour"]').waitFor();
  await here.getByLabel('New place: id').fill('north-harbour');
  await here.getByLabel('New place: name').fill('Again');
  await here.getByRole('button', { name: 'Add' }).click();
  assert.match(await here.getByRole('alert').textContent(), /there is already a place "north-harbour"/);

  // Undone, the place is gone from the draft and the map.
  await page.getByRole('button', { name: 'Undo' }).click();
  await saved('undid "North Harbour added in North"');
  assert.equal((await map()).places['north-harbour'], undefined);
  await page.locator('.map-place[data-place="north-harbour"]').waitFor({ state: 'detached', timeout: 10_000 });
  await page.screenshot({ path: path.join(shots, 'area-new-place.png'), fullPage: true });
  assert.deepEqual(problems, [], 'console errors or requests to other hosts');
});
