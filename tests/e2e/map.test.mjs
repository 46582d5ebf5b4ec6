// Opens 2WW's map in Debian's Chromium, paints a hex, adds a country and a place, and checks the saved drafts of the map documents.
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
  const { page, problems, map } = await openMap();
  assert.ok(Number(await map.getAttribute('data-hexes')) > 100, 'hexes drawn');
  const suspects = page.locator('tr[title*="suspected error"]');
  assert.ok((await suspects.count()) > 0, 'the residual table marks at least one suspect anchor');
  // A suspect's row links to where its hex is written, to correct it there: the workbench at that document's line.
  const [hexCell, written] = [suspects.first().locator('td').nth(1), suspects.first().getByRole('link')];
  const href = new URL(await written.getAttribute('href'), studio.baseUrl);
  assert.equal(href.pathname, `/rulesets/${rulesetId}`);
  const line = fs.readFileSync(path.join(rulesetsDir, rulesetId, href.searchParams.get('doc')), 'utf8').split('\n')[Number(href.searchParams.get('line')) - 1];
  assert.ok(line.includes(`"${await hexCell.innerText()}"`), `line ${href.searchParams.get('line')} of ${href.searchParams.get('doc')} writes the hex: ${line}`);

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

  const terrainSelect = page.getByRole('combobox', { name: 'Terrain', exact: true });
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

  // Undo takes the stroke back, saved as the next draft revision: the document as published again, the hex
  // shown as it was. Ctrl+Y makes it again.
  const published = fs.readFileSync(path.join(rulesetsDir, rulesetId, docPath), 'utf8');
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.waitForFunction(() => /as draft revision 2: undid "1 hex \(\w+\) painted"/.test(document.querySelector('[role=status]')?.textContent ?? ''), null, { timeout: 10_000 });
  assert.equal((await callApi(studio.baseUrl, 'drafts.get', { rulesetId, path: docPath })).content, published);
  await page.mouse.move(x, y + 1);
  await page.mouse.move(x, y);
  assert.match(await status.innerText(), new RegExp(`^${key}: ${escape(terrainBefore)} ·`));
  assert.ok(await page.getByRole('button', { name: 'Undo' }).isDisabled(), 'nothing more to undo');
  await page.keyboard.press('Control+y');
  await page.waitForFunction(() => /as draft revision 3: redid "1 hex \(\w+\) painted"/.test(document.querySelector('[role=status]')?.textContent ?? ''), null, { timeout: 10_000 });
  assert.equal(findHex(JSON.parse((await callApi(studio.baseUrl, 'drafts.get', { rulesetId, path: docPath })).content), key)?.terrain, choice.value);

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

test(`the ${rulesetId} map's Hexside tool marks the side a click is near, and says why a click marks none`, { timeout: 90_000 }, async (t) => {
  if (!present) return t.skip(`no ruleset ${rulesetId} in ${rulesetsDir}`);
  const { page, problems, map } = await openMap();

  // The page leads back to the ruleset's workbench.
  assert.equal(await page.getByRole('link', { name: /workbench/ }).getAttribute('href'), `/rulesets/${rulesetId}`);

  await page.getByLabel('Hexside').check();
  const feature = page.getByRole('combobox', { name: 'Feature' });
  await feature.selectOption('river');
  const note = page.getByTestId('hexside-note');
  assert.match(await note.textContent(), /^Hexside: click near the middle of a side, or drag from one hex into its neighbour, to mark that side\.$/, 'the page says how');

  // The hex under the middle of the map, its centre and the top of its column found by hovering, pixel by pixel.
  const status = page.getByRole('status');
  const hexAt = async (x, y) => {
    await page.mouse.move(x, y);
    // The status follows the pointer on React's next render.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    return /^(\w+):/.exec(await status.innerText())?.[1];
  };
  const box = await map.boundingBox();
  const [x, y] = [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)];
  const key = await hexAt(x, y);
  assert.ok(key, 'a hex in the middle of the map');
  // Its centre: the centroid of the points around that lie in it (the grid may be tilted on screen).
  const inside = [];
  for (let dx = -24; dx <= 24; dx += 3) for (let dy = -24; dy <= 24; dy += 3) if ((await hexAt(x + dx, y + dy)) === key) inside.push([x + dx, y + dy]);
  const [cx, cy] = [0, 1].map((i) => inside.reduce((sum, p) => sum + p[i], 0) / inside.length);
  // A point just inside one of its sides, clear of the corners: going up from near the centre to the hex above,
  // where the boundary runs on a few pixels either way between the same two hexes.
  let side;
  for (const dx of [0, -3, 3, -6, 6]) {
    const sx = Math.round(cx + dx);
    let top = Math.round(cy);
    while ((await hexAt(sx, top - 1)) === key) top--;
    const above = await hexAt(sx, top - 2);
    const straight = (await hexAt(sx - 3, top - 3)) === above && (await hexAt(sx + 3, top - 3)) === above && (await hexAt(sx - 3, top + 3)) === key && (await hexAt(sx + 3, top + 3)) === key;
    if (above && above !== key && straight) {
      side = { x: sx, y: top + 1, above };
      break;
    }
  }
  assert.ok(side, `a side of hex ${key} found`);
  const { above } = side;

  // A click in the middle of the hex marks nothing, and says so.
  await page.mouse.click(cx, cy);
  await note.filter({ hasText: `That click is inside hex ${key}, not near a side: nothing marked.` }).waitFor();
  assert.deepEqual(await map.boundingBox(), box, 'the map stays where it was under the pointer');
  assert.doesNotMatch(await status.innerText(), /Saved/, 'nothing saved is said to be');

  // A click just inside its top side marks that side with the feature, saved in the map document.
  await page.mouse.click(side.x, side.y);
  await page.waitForFunction(() => /Saved \S+ as draft revision \d+: 1 hexside \(\d+\|\d+\) painted/.test(document.querySelector('[role=status]')?.textContent ?? ''), null, { timeout: 10_000 });
  const [, docPath] = /Saved (\S+) as draft revision/.exec(await status.innerText());
  assert.equal(await page.getByTestId('last-stroke').textContent(), `${key}|${above}`);
  assert.match(await note.textContent(), /^Hexside: click near/, 'the note of the click before goes');
  const draft = JSON.parse((await callApi(studio.baseUrl, 'drafts.get', { rulesetId, path: docPath })).content);
  const sides = draft.map?.hexsides ?? [];
  assert.ok(
    sides.some((s) => s.feature === 'river' && s.between.includes(key) && s.between.includes(above) && s.source?.kind === 'provisional'),
    `${docPath} has a river between ${key} and ${above}`,
  );

  // The same click again: the side has the feature already, which is said.
  await page.mouse.click(side.x, side.y);
  await status.filter({ hasText: 'Nothing to save: that hexside had the River already' }).waitFor();
  await page.screenshot({ path: path.join(shots, 'map-hexside.png') });
  assert.deepEqual(problems, [], 'console errors or requests to other hosts');
  await page.close();
});

test(`the ${rulesetId} map's Place tool moves a named place to the hex clicked, saved with the source chosen, and undoes it`, { timeout: 90_000 }, async (t) => {
  if (!present) return t.skip(`no ruleset ${rulesetId} in ${rulesetsDir}`);
  const { page, problems, map } = await openMap();
  const cairo = page.locator('tr', { has: page.getByRole('cell', { name: 'Cairo', exact: true }) });
  const before = await cairo.locator('td').nth(1).innerText();
  await page.getByRole('radio', { name: 'Place' }).check();
  await page.getByRole('combobox', { name: 'Place', exact: true }).selectOption('cairo');
  await page.getByLabel('rulebook, rule').check();
  await page.getByLabel('Rule cited').fill('errata 2.2');
  // The hex under the middle of the map.
  const box = await map.boundingBox();
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x, y);
  const status = page.getByRole('status');
  const key = /^(\w+):/.exec(await status.innerText())?.[1];
  assert.ok(key && key !== before, `a hex in the middle of the map other than Cairo's: ${key}`);
  await page.mouse.click(x, y);
  await status.filter({ hasText: new RegExp(`Saved (\\S+) as draft revision \\d+: Cairo moved to hex ${key}`) }).waitFor({ timeout: 10_000 });
  const [, docPath] = /Saved (\S+) as draft revision/.exec(await status.innerText());
  const placeIn = async () => JSON.parse((await callApi(studio.baseUrl, 'drafts.get', { rulesetId, path: docPath })).content).map.places.cairo;
  assert.deepEqual(await placeIn(), { ...(await placeIn()), hex: key, source: { kind: 'rulebook', rule: 'errata 2.2' } });
  // Its anchor stands at the new hex, its residual fitted again on reload; the place list says where it is now.
  assert.equal(await cairo.locator('td').nth(1).innerText(), `${key} (moved)`);
  assert.match(await page.getByRole('combobox', { name: 'Place', exact: true }).locator('option:checked').innerText(), new RegExp(`^Cairo \\(hex ${key}\\)$`));
  await page.screenshot({ path: path.join(shots, 'map-place.png') });

  await page.getByRole('button', { name: 'Undo' }).click();
  await status.filter({ hasText: `undid "Cairo moved to hex ${key}"` }).waitFor({ timeout: 10_000 });
  assert.equal((await placeIn()).hex, before);
  assert.equal(await cairo.locator('td').nth(1).innerText(), before);
  assert.deepEqual(problems, [], 'console errors or requests to other hosts');
  await page.close();
});

test(`the ${rulesetId} map adds a terrain type and a country and paints them, and adds a named place and puts it on a hex, each saved and undone`, { timeout: 90_000 }, async (t) => {
  if (!present) return t.skip(`no ruleset ${rulesetId} in ${rulesetsDir}`);
  const { page, problems, map } = await openMap();
  const status = page.getByRole('status');
  const savedIn = async (what) => {
    await status.filter({ hasText: what }).waitFor({ timeout: 10_000 });
    return /Saved (\S+) as draft revision/.exec(await status.innerText())[1];
  };
  const mapIn = async (docPath) => JSON.parse((await callApi(studio.baseUrl, 'drafts.get', { rulesetId, path: docPath })).content).map;

  // A terrain type the map lacks, added under the map with its medium and colour: it is then the one painted.
  await page.getByLabel('Paint terrain').check();
  const terrain = page.getByRole('form', { name: 'New terrain' });
  await terrain.getByLabel('New terrain: id').fill('marsh');
  await terrain.getByLabel('New terrain: name').fill('Marsh');
  await terrain.getByLabel('New terrain: medium').selectOption('land');
  await terrain.getByLabel('New terrain: colour').fill('#4f7f5f');
  await terrain.getByRole('button', { name: 'Add' }).click();
  const terrainDoc = await savedIn('Marsh added as a terrain type');
  assert.deepEqual((await mapIn(terrainDoc)).terrain.marsh, { name: 'Marsh', medium: 'land', color: '#4f7f5f', source: { kind: 'provisional', note: 'added by the designer on the map' } });
  assert.equal(await page.getByRole('combobox', { name: 'Terrain', exact: true }).inputValue(), 'marsh');

  // A country the map lacks, added under the map with its power: it is then the one painted, and the power lists it.
  await page.getByLabel('Paint country').check();
  const country = page.getByRole('form', { name: 'New country' });
  await country.getByLabel('New country: id').fill('ruritania');
  await country.getByLabel('New country: name').fill('Ruritania');
  await country.getByLabel('New country: power').selectOption('italy');
  await country.getByRole('button', { name: 'Add' }).click();
  const countryDoc = await savedIn('Ruritania added as a country of Italy');
  assert.match(await status.innerText(), /, ruleset\.json as draft revision \d+: Ruritania/);
  assert.deepEqual((await mapIn(countryDoc)).countries.ruritania, { name: 'Ruritania', power: 'italy', source: { kind: 'provisional', note: 'added by the designer on the map' } });
  const italy = async () => JSON.parse((await callApi(studio.baseUrl, 'drafts.get', { rulesetId, path: 'ruleset.json' })).content).powers.italy;
  const listed = JSON.parse(fs.readFileSync(path.join(rulesetsDir, rulesetId, 'ruleset.json'), 'utf8')).powers.italy.countries;
  assert.deepEqual((await italy()).countries, [...listed, 'ruritania']);
  assert.equal(await page.getByRole('combobox', { name: 'Country', exact: true }).inputValue(), 'ruritania');
  // A second of the same id is refused, saying why; the status line no longer says what the last edit did.
  await country.getByLabel('New country: id').fill('ruritania');
  await country.getByLabel('New country: name').fill('Again');
  await country.getByRole('button', { name: 'Add' }).click();
  assert.match(await country.getByRole('alert').textContent(), /there is already a country "ruritania"/);
  assert.doesNotMatch(await status.innerText(), /Ruritania added/);
  const box = await map.boundingBox();
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x, y);
  const key = /^(\w+):/.exec(await status.innerText())?.[1];
  await page.mouse.click(x, y);
  const hexDoc = await savedIn(`1 hex (${key}) painted`);
  assert.equal((await mapIn(hexDoc)).hexes[key].country, 'ruritania');
  // That later edit takes the form's refusal away.
  assert.equal(await country.getByRole('alert').count(), 0);
  await page.getByLabel('Paint terrain').check();
  await page.mouse.click(x, y);
  // The same words as the last paint's, saved again: the draft is read until it has the terrain.
  for (let i = 0; i < 50 && (await mapIn(hexDoc)).hexes[key].terrain !== 'marsh'; i++) await page.waitForTimeout(200);
  assert.equal((await mapIn(hexDoc)).hexes[key].terrain, 'marsh');
  assert.match(await status.innerText(), new RegExp(`^${key}: Marsh · Ruritania`));
  assert.match(await status.innerText(), new RegExp(`^${key}: .* · Ruritania`));

  // A named place, added with no hex, then put on the hex clicked.
  await page.getByRole('radio', { name: 'Place' }).check();
  const place = page.getByRole('form', { name: 'New place' });
  await place.getByLabel('New place: id').fill('strelsau');
  await place.getByLabel('New place: name').fill('Strelsau');
  await place.getByLabel('New place: kinds, by commas').fill('capital, city');
  await place.getByRole('button', { name: 'Add' }).click();
  const placeDoc = await savedIn('Strelsau added, with no hex yet');
  assert.equal(await page.getByRole('combobox', { name: 'Place', exact: true }).inputValue(), 'strelsau');
  await page.mouse.click(x, y);
  await savedIn(`Strelsau moved to hex ${key}`);
  // Put on a hex of Ruritania, it is Ruritania's; it is drawn there.
  const strelsau = (await mapIn(placeDoc)).places.strelsau;
  assert.deepEqual([strelsau.name, strelsau.kinds, strelsau.hex, strelsau.country, strelsau.source.kind], ['Strelsau', ['capital', 'city'], key, 'ruritania', 'provisional']);
  assert.match(await page.locator('.map-place[data-place="strelsau"]').getAttribute('title'), /^Strelsau/);
  await page.screenshot({ path: path.join(shots, 'map-new-place.png') });

  // Undone, the place leaves its hex, then the map; the hex its country; then the country goes.
  for (const what of [`Strelsau moved to hex ${key}`, 'Strelsau added, with no hex yet', `1 hex (${key}) painted`, `1 hex (${key}) painted`, 'Ruritania added as a country of Italy', 'Marsh added as a terrain type']) {
    await page.getByRole('button', { name: 'Undo' }).click();
    await status.filter({ hasText: `undid "${what}"` }).waitFor({ timeout: 10_000 });
  }
  const after = await mapIn(countryDoc);
  assert.equal(after.countries.ruritania, undefined);
  assert.equal((await mapIn(terrainDoc)).terrain.marsh, undefined);
  assert.equal(after.places.strelsau, undefined);
  assert.deepEqual((await italy()).countries, listed);
  assert.notEqual(after.hexes[key]?.country, 'ruritania');
  assert.equal(await page.getByRole('combobox', { name: 'Place', exact: true }).count(), 1, 'the places written before are still there to move');
  assert.equal(await page.getByRole('combobox', { name: 'Place', exact: true }).locator('option[value="strelsau"]').count(), 0);
  assert.deepEqual(problems, [], 'console errors or requests to other hosts');
  await page.close();
});

test('a variant whose powers, countries and places come from the ruleset it extends offers no form to add them or make a capital, and says why, naming that ruleset', { timeout: 90_000 }, async (t) => {
  if (!present || !fs.existsSync(path.join(rulesetsDir, 'the-big-one', 'ruleset.json'))) return t.skip(`no ruleset ${rulesetId} or the-big-one in ${rulesetsDir}`);
  const { page, problems } = await openMap('the-big-one');
  await page.getByRole('radio', { name: 'Place' }).check();
  // Its places' hexes are its own (its patch sets write them), so the Place tool has one chosen.
  assert.notEqual(await page.getByRole('combobox', { name: 'Place', exact: true }).inputValue(), '');
  assert.equal(await page.getByRole('form', { name: 'Make capital' }).count(), 0);
  assert.equal(await page.getByRole('form', { name: 'New place' }).count(), 0);
  const from = page.getByTestId('from-ruleset');
  await from.filter({ hasText: 'Capitals: the powers come from 2WW: The War in Europe (open its map), so make a capital there, or with a patch set.' }).waitFor({ timeout: 5_000 });
  await from.filter({ hasText: 'New place: the places come from 2WW: The War in Europe' }).waitFor({ timeout: 5_000 });
  await page.getByRole('radio', { name: 'Paint country' }).check();
  assert.equal(await page.getByRole('form', { name: 'New country' }).count(), 0);
  assert.equal(await page.getByRole('form', { name: 'New power' }).count(), 0);
  await from.filter({ hasText: 'New country: the countries come from 2WW: The War in Europe' }).waitFor({ timeout: 5_000 });
  const powers = from.filter({ hasText: 'New power: the powers come from 2WW: The War in Europe' });
  // Its link opens the map the powers can be added on.
  assert.equal(await powers.getByRole('link', { name: 'open its map' }).getAttribute('href'), '/rulesets/2ww/map');
  assert.deepEqual(problems, [], 'console errors or requests to other hosts');
  await page.close();
});

test(`the ${rulesetId} map names the hexes of a terrain its map does not declare`, { timeout: 90_000 }, async (t) => {
  if (!present) return t.skip(`no ruleset ${rulesetId} in ${rulesetsDir}`);
  // A typo saved in the hexes' document (a draft): "swamp" for a hex's terrain.
  const view = await callApi(studio.baseUrl, 'map.view', { rulesetId });
  const [key, hex] = Object.entries(view.hexes).find(([, h]) => h.at);
  const { document, pointer } = hex.at;
  const draft = await callApi(studio.baseUrl, 'drafts.get', { rulesetId, path: document });
  const doc = JSON.parse(draft?.content ?? view.documents[document].content);
  const record = pointer.split('/').slice(1).reduce((node, k) => node[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  record.terrain = 'swamp';
  await callApi(studio.baseUrl, 'drafts.save', { rulesetId, path: document, baseRevision: draft?.revision ?? view.documents[document].revision ?? 0, content: JSON.stringify(doc, null, 2) }, { mutation: true });
  const { page, problems } = await openMap();
  const alert = page.getByRole('alert').filter({ hasText: 'Unknown terrain' });
  assert.equal(await alert.innerText(), `Unknown terrain “swamp” (the map declares none by that id): hex ${key}. Paint it, or fix the id in the workbench.`);
  assert.deepEqual(problems, [], 'console errors or requests to other hosts');
  await page.close();
});

/** The hex record in a map document, or in a patch set's operation that adds it. */
function findHex(doc, key) {
  return doc.map?.hexes?.[key] ?? doc.operations?.find((o) => o.path === `/map/hexes/${key}`)?.value;
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The map page of ruleset `id` (the one under test by default), drawn, with the page's problems watched. */
async function openMap(id = rulesetId) {
  const page = await studio.browser.newPage({ viewport: { width: 1280, height: 1000 } });
  const problems = watchPage(page);
  await page.goto(`${studio.baseUrl}/rulesets/${id}/map`, { waitUntil: 'networkidle' });
  const map = page.locator('.leaflet-container[data-draw-ms]');
  await map.waitFor({ timeout: 30_000 });
  return { page, problems, map };
}
