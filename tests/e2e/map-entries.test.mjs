// A modder, on the map page of a new hex ruleset and of a new area ruleset, adds a power (and a country of it, which the
// power then lists), makes a place its power's capital (an existing one, and a new one as it is added), and renames and
// recolours a terrain type and a country: each saved as drafts of the documents that hold them (the manifest for the
// powers), undone and redone, the ruleset showing no new error; the page says what the last attempt did, or why it was
// refused, and nothing older. Needs `next build` first. The studio serves a copy of the map test rulesets.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { callApi, projectDir, shots, studioForTests, watchPage } from './studio.mjs';

const studio = studioForTests({ copyOf: path.join(projectDir, 'tests', 'map', 'fixtures', 'rulesets') });

const PROVISIONAL = { kind: 'provisional', note: 'added by the designer on the map' };

/** The ruleset's errors as drafted (what the workbench lists), by document, pointer and code. */
async function errorsOf(id) {
  const { diagnostics } = await callApi(studio.baseUrl, 'rulesets.get', { id, drafts: true });
  return diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.document}${d.pointer} ${d.code}`);
}

/** A new ruleset from the template, and its map page open. */
async function openNew(id, mapKind) {
  await callApi(studio.baseUrl, 'authoring.createRuleset', { id, title: `Entries ${mapKind}`, mapKind }, { mutation: true });
  const page = await studio.browser.newPage({ viewport: { width: 1280, height: 1100 } });
  const problems = watchPage(page);
  await page.goto(`${studio.baseUrl}/rulesets/${id}/map`, { waitUntil: 'networkidle' });
  const status = page.getByRole('status');
  const draft = async (docPath) => JSON.parse((await callApi(studio.baseUrl, 'drafts.get', { rulesetId: id, path: docPath })).content);
  return { page, problems, status, saved: (text) => status.filter({ hasText: text }).waitFor({ timeout: 15_000 }), draft };
}

test('on a hex map a modder adds a power and its country, makes places capitals, and renames and recolours a terrain type and a country, each undoable', { timeout: 120_000 }, async () => {
  const id = 'entries-hex';
  const { page, problems, status, saved, draft } = await openNew(id, 'hex');
  const before = await errorsOf(id);
  await page.locator('.leaflet-container[data-draw-ms]').waitFor({ timeout: 30_000 });

  // A power, beside the country form: a bad id refused, the refusal gone once the id changes.
  await page.getByLabel('Paint country').check();
  const power = page.getByRole('form', { name: 'New power' });
  await power.getByLabel('New power: id').fill('Power C');
  // Without a name it cannot be added, and says so.
  assert.equal(await power.getByRole('button', { name: 'Add' }).isDisabled(), true);
  await power.getByText('needs a name').waitFor();
  await power.getByLabel('New power: name').fill('Power C');
  await power.getByRole('button', { name: 'Add' }).click();
  assert.match(await power.getByRole('alert').textContent(), /an id is lower-case letters/);
  await power.getByLabel('New power: id').fill('power-c');
  assert.equal(await power.getByRole('alert').count(), 0);
  await power.getByLabel('New power: kind').selectOption('minor');
  await power.getByLabel('New power: side').selectOption('side-a');
  // A colour picked can be taken back to the automatic one.
  await power.getByText('automatic', { exact: true }).waitFor();
  await power.getByLabel('New power: colour').fill('#112233');
  await power.getByLabel('New power: colour: automatic').click();
  assert.equal(await power.getByLabel('New power: colour').getAttribute('data-picked'), 'no');
  await power.getByLabel('New power: colour').fill('#336699');
  await power.getByRole('button', { name: 'Add' }).click();
  await saved('ruleset.json as draft revision 1: Power C added as a power');
  assert.deepEqual((await draft('ruleset.json')).powers['power-c'], { name: 'Power C', kind: 'minor', side: 'side-a', color: '#336699', source: PROVISIONAL });
  // A second of the same id is refused: the status line no longer says what the last edit did.
  await power.getByLabel('New power: id').fill('power-a');
  await power.getByLabel('New power: name').fill('Again');
  await power.getByRole('button', { name: 'Add' }).click();
  assert.match(await power.getByRole('alert').textContent(), /there is already a power "power-a"/);
  assert.doesNotMatch(await status.innerText(), /Power C added/);
  // So is another of the same name (every list of powers would name two alike).
  await power.getByLabel('New power: id').fill('power-d');
  await power.getByLabel('New power: name').fill('power c');
  await power.getByRole('button', { name: 'Add' }).click();
  assert.match(await power.getByRole('alert').textContent(), /the power power-c is named Power C already: give this one another name/);

  // The new power is there at once for a new country to belong to: the country names it, it lists the country, saved together.
  const country = page.getByRole('form', { name: 'New country' });
  await country.getByLabel('New country: id').fill('country-c');
  await country.getByLabel('New country: name').fill('Country C');
  await country.getByLabel('New country: power').selectOption('power-c');
  await country.getByRole('button', { name: 'Add' }).click();
  await saved(/Saved map\.json as draft revision \d+, ruleset\.json as draft revision \d+: Country C added as a country of Power C/);
  assert.equal((await draft('map.json')).map.countries['country-c'].power, 'power-c');
  assert.deepEqual((await draft('ruleset.json')).powers['power-c'].countries, ['country-c']);
  // That later edit takes the power form's refusal away.
  assert.equal(await power.getByRole('alert').count(), 0);

  // The country painted, renamed and recoloured under the map (its id stays).
  await page.getByRole('combobox', { name: 'Country', exact: true }).selectOption('country-a');
  const editCountry = page.getByRole('form', { name: 'Edit country' });
  await editCountry.getByLabel('Edit country: name').fill('Country Alpha');
  await editCountry.getByLabel('Edit country: colour').fill('#884422');
  await editCountry.getByRole('button', { name: 'Save' }).click();
  await saved('the country Country A renamed Country Alpha and coloured #884422');
  const countryA = (await draft('map.json')).map.countries['country-a'];
  // Provisional already (the template's placeholder), its source stays as it was.
  assert.deepEqual([countryA.name, countryA.color, countryA.power, countryA.source.note], ['Country Alpha', '#884422', 'power-a', "Template country: a placeholder, replace it with the rulebook's."]);
  assert.equal(await page.getByRole('combobox', { name: 'Country', exact: true }).locator('option[value="country-a"]').textContent(), 'Country Alpha');

  // A terrain type: an emptied name refused, then renamed; its colour, none of its own, left as drawn.
  await page.getByLabel('Paint terrain').check();
  const editTerrain = page.getByRole('form', { name: 'Edit terrain' });
  await editTerrain.getByLabel('Edit terrain: name').fill(' ');
  await editTerrain.getByRole('button', { name: 'Save' }).click();
  assert.match(await editTerrain.getByRole('alert').textContent(), /give the terrain type a name/);
  await editTerrain.getByLabel('Edit terrain: name').fill('Open ground');
  assert.equal(await editTerrain.getByRole('alert').count(), 0);
  await editTerrain.getByRole('button', { name: 'Save' }).click();
  await saved('the terrain type Clear renamed Open ground');
  const clear = (await draft('map.json')).map.terrain.clear;
  assert.deepEqual([clear.name, clear.color, clear.medium], ['Open ground', undefined, 'land']);

  // An existing place made its power's capital: its country's power offered, its kinds given capital, marked ★.
  await page.getByRole('radio', { name: 'Place' }).check();
  await page.getByRole('combobox', { name: 'Place', exact: true }).selectOption('home-a');
  const capital = page.getByRole('form', { name: 'Make capital' });
  assert.equal(await capital.getByLabel('Make capital: power').inputValue(), 'power-a');
  await capital.getByRole('button', { name: 'Make capital of Power A' }).click();
  await saved('Home A made the capital of Power A');
  assert.equal((await draft('ruleset.json')).powers['power-a'].capital, 'home-a');
  assert.deepEqual((await draft('map.json')).map.places['home-a'].kinds, ['production', 'capital']);
  assert.match(await page.locator('.map-place[data-place="home-a"]').getAttribute('title'), /^Home A \(production, capital\)/);
  assert.equal(await capital.getByRole('button', { name: 'Make capital of Power A' }).isDisabled(), true);

  // A new place made the capital of the new power as it is added: the place and the power's capital saved together.
  const place = page.getByRole('form', { name: 'New place' });
  await place.getByLabel('New place: id').fill('c-town');
  await place.getByLabel('New place: name').fill('C Town');
  await place.getByLabel('New place: capital of').selectOption('power-c');
  await place.getByRole('button', { name: 'Add' }).click();
  await saved(/Saved map\.json as draft revision \d+, ruleset\.json as draft revision \d+: C Town added, with no hex yet, the capital of Power C/);
  assert.equal((await draft('ruleset.json')).powers['power-c'].capital, 'c-town');
  assert.deepEqual((await draft('map.json')).map.places['c-town'].kinds, ['capital']);
  // Chosen for the Place tool, it is shown as that power's capital.
  assert.equal(await page.getByRole('combobox', { name: 'Place', exact: true }).inputValue(), 'c-town');
  assert.equal(await capital.getByLabel('Make capital: power').inputValue(), 'power-c');
  assert.equal(await capital.getByRole('button', { name: 'Make capital of Power C' }).isDisabled(), true);
  await page.screenshot({ path: path.join(shots, 'map-entries-hex.png'), fullPage: true });
  assert.deepEqual(await errorsOf(id), before, 'no new error in the ruleset as drafted');

  // Undone, the new capital goes with its place; then Home A is no capital; redone, it is again.
  await page.getByRole('button', { name: 'Undo' }).click();
  await saved('undid "C Town added, with no hex yet, the capital of Power C"');
  assert.equal((await draft('ruleset.json')).powers['power-c'].capital, undefined);
  assert.equal((await draft('map.json')).map.places['c-town'], undefined);
  await page.getByRole('button', { name: 'Undo' }).click();
  await saved('undid "Home A made the capital of Power A"');
  assert.equal((await draft('ruleset.json')).powers['power-a'].capital, undefined);
  assert.deepEqual((await draft('map.json')).map.places['home-a'].kinds, ['production']);
  await page.getByRole('button', { name: 'Redo' }).click();
  await saved('redid "Home A made the capital of Power A"');
  assert.equal((await draft('ruleset.json')).powers['power-a'].capital, 'home-a');
  // The renames and the power undone in turn: the documents as the template wrote them, but Home A's capital.
  for (const what of ['Home A made the capital of Power A', 'the terrain type Clear renamed Open ground', 'the country Country A renamed Country Alpha and coloured #884422', 'Country C added as a country of Power C', 'Power C added as a power']) {
    await page.getByRole('button', { name: 'Undo' }).click();
    await saved(`undid "${what}"`);
  }
  // The country and the power's list of it went together.
  assert.equal((await draft('map.json')).map.countries['country-c'], undefined);
  const manifest = await draft('ruleset.json');
  assert.equal(manifest.powers['power-c'], undefined);
  assert.equal((await draft('map.json')).map.terrain.clear.name, 'Clear');
  assert.equal((await draft('map.json')).map.countries['country-a'].name, 'Country A');
  assert.deepEqual(await errorsOf(id), before);
  assert.deepEqual(problems, [], 'console errors or requests to other hosts');
  await page.close();
});

test('on an area map a modder adds a power beside the area, makes places capitals, and renames and recolours a terrain type and a country, each undoable', { timeout: 120_000 }, async () => {
  const id = 'entries-area';
  const { page, problems, status, saved, draft } = await openNew(id, 'area');
  const before = await errorsOf(id);
  // Its place's mark lies over the area's: a click on it is one on the area.
  await page.locator('.area-west').click({ force: true });
  const details = () => page.getByRole('complementary', { name: 'Area West' });

  // A power: no side chosen is none (null), as the schema has a power with no side; no colour picked is none, the
  // power then drawn in its automatic colour.
  const power = details().getByRole('form', { name: 'New power' });
  await power.getByLabel('New power: id').fill('power-c');
  await power.getByLabel('New power: name').fill('Power C');
  await power.getByRole('button', { name: 'Add' }).click();
  await saved('Power C added as a power');
  assert.deepEqual((await draft('ruleset.json')).powers['power-c'], { name: 'Power C', kind: 'major', side: null, source: PROVISIONAL });
  // Read again, it is a choice for a new country. A country of an id taken is refused, the status line saying nothing older.
  const country = details().getByRole('form', { name: 'New country' });
  await country.getByLabel('New country: power').locator('option[value="power-c"]').waitFor({ state: 'attached', timeout: 10_000 });
  await country.getByLabel('New country: id').fill('country-a');
  await country.getByLabel('New country: name').fill('Country C');
  await country.getByRole('button', { name: 'Add' }).click();
  assert.match(await country.getByRole('alert').textContent(), /there is already a country "country-a"/);
  assert.doesNotMatch(await status.innerText(), /Power C added/);
  // Added, it is listed among the power's countries, saved with it.
  await country.getByLabel('New country: id').fill('country-c');
  await country.getByLabel('New country: power').selectOption('power-c');
  await country.getByRole('button', { name: 'Add' }).click();
  await saved(/Saved map\.json as draft revision \d+, ruleset\.json as draft revision \d+: Country C added as a country of Power C, chosen for West/);
  assert.equal((await draft('map.json')).map.countries['country-c'].power, 'power-c');
  assert.deepEqual((await draft('ruleset.json')).powers['power-c'].countries, ['country-c']);

  // The terrain type and country of the area, renamed and recoloured beside the map; another chosen there.
  const editTerrain = details().getByRole('form', { name: 'Edit terrain' });
  assert.equal(await editTerrain.getByLabel('Edit terrain: which').inputValue(), 'clear');
  await editTerrain.getByLabel('Edit terrain: name').fill('Steppe');
  await editTerrain.getByLabel('Edit terrain: colour').fill('#c0b080');
  await editTerrain.getByRole('button', { name: 'Save' }).click();
  await saved('the terrain type Clear renamed Steppe and coloured #c0b080');
  assert.deepEqual((await draft('map.json')).map.terrain.clear, { name: 'Steppe', medium: 'land', color: '#c0b080', source: { kind: 'provisional', note: 'renamed from "Clear" by the designer on the map' } });
  const editCountry = details().getByRole('form', { name: 'Edit country' });
  await editCountry.getByLabel('Edit country: which').selectOption('country-b');
  await editCountry.getByLabel('Edit country: colour').fill('#aa3344');
  await editCountry.getByRole('button', { name: 'Save' }).click();
  await saved('the country Country B coloured #aa3344');
  const countryB = (await draft('map.json')).map.countries['country-b'];
  // A colour is how the map draws it: its source is kept.
  assert.deepEqual([countryB.name, countryB.color, countryB.source.note], ['Country B', '#aa3344', "Template country: a placeholder, replace it with the rulebook's."]);
  // Drawn in it, by country.
  await page.getByRole('radio', { name: 'country', exact: true }).check();
  await page.waitForFunction(() => document.querySelector('.area-east')?.getAttribute('fill') === '#aa3344', null, { timeout: 10_000 });

  // The area's place made its power's capital (Power A, West's country's), then a new place the new power's.
  const capital = details().getByRole('form', { name: 'Make capital' });
  assert.equal(await capital.getByLabel('Make capital: power').inputValue(), 'power-a');
  await capital.getByRole('button', { name: 'Make capital of Power A' }).click();
  await saved('Home A made the capital of Power A');
  assert.equal((await draft('ruleset.json')).powers['power-a'].capital, 'home-a');
  assert.deepEqual((await draft('map.json')).map.places['home-a'].kinds, ['production', 'capital']);
  const place = details().getByRole('form', { name: 'New place' });
  await place.getByLabel('New place: id').fill('westhold');
  await place.getByLabel('New place: name').fill('Westhold');
  await place.getByLabel('New place: capital of').selectOption('power-c');
  await place.getByRole('button', { name: 'Add' }).click();
  await saved('Westhold added in West, the capital of Power C');
  assert.equal((await draft('ruleset.json')).powers['power-c'].capital, 'westhold');
  assert.deepEqual((await draft('map.json')).map.places.westhold, { name: 'Westhold', area: 'west', country: 'country-a', kinds: ['capital'], source: PROVISIONAL });
  // Two places in the area now: the capital form chooses among them, the power a place is the capital of shown first.
  const capitals = details().getByRole('form', { name: 'Make capital' });
  await capitals.getByLabel('Make capital: place').selectOption('westhold');
  assert.equal(await capitals.getByLabel('Make capital: power').inputValue(), 'power-c');
  assert.equal(await capitals.getByRole('button', { name: 'Make capital of Power C' }).isDisabled(), true);
  await capitals.getByLabel('Make capital: power').selectOption('power-a');
  assert.equal(await capitals.getByRole('button', { name: 'Make capital of Power A' }).isEnabled(), true);
  await page.screenshot({ path: path.join(shots, 'map-entries-area.png'), fullPage: true });
  assert.deepEqual(await errorsOf(id), before, 'no new error in the ruleset as drafted');

  for (const what of ['Westhold added in West, the capital of Power C', 'Home A made the capital of Power A']) {
    await page.getByRole('button', { name: 'Undo' }).click();
    await saved(`undid "${what}"`);
  }
  // Undoing the country takes it off the power's list too.
  for (const what of ['the country Country B coloured #aa3344', 'the terrain type Clear renamed Steppe and coloured #c0b080', 'Country C added as a country of Power C, chosen for West: save its values to give it']) {
    await page.getByRole('button', { name: 'Undo' }).click();
    await saved(`undid "${what}"`);
  }
  assert.equal((await draft('map.json')).map.countries['country-c'], undefined);
  assert.equal((await draft('ruleset.json')).powers['power-c'].countries, undefined);
  assert.equal((await draft('ruleset.json')).powers['power-a'].capital, undefined);
  assert.equal((await draft('ruleset.json')).powers['power-c'].capital, undefined);
  assert.equal((await draft('map.json')).map.places.westhold, undefined);
  assert.deepEqual((await draft('map.json')).map.places['home-a'].kinds, ['production']);
  assert.deepEqual(await errorsOf(id), before);
  assert.deepEqual(problems, [], 'console errors or requests to other hosts');
  await page.close();
});
