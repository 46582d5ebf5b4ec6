// A designer's first test games of a ruleset made from the new-ruleset template, in Chromium: the launch dialog
// says what stops a game before the button is pressed; the errata form says what it lacks; a long pointer wraps in
// a task's card; the play page takes the window's width; the actions filter does not outlive its step.
// Runs on a copy of the test rulesets, the rulesets created here. Needs `next build` first (bin/test.sh does it).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { callApi, projectDir, shots, studioForTests, watchPage } from './studio.mjs';

const studio = studioForTests({ copyOf: path.join(projectDir, 'tests', 'fixtures', 'rulesets') });

/** A ruleset from the template (hex map), its files then changed by `change(name) => json` where it returns one. */
async function newRuleset(id, change = () => undefined) {
  await callApi(studio.baseUrl, 'authoring.createRuleset', { id, title: id }, { mutation: true });
  for (const name of ['ruleset.json', 'units.json', 'setup.json']) {
    const file = path.join(studio.rulesetsDir, id, name);
    const changed = change(name, JSON.parse(fs.readFileSync(file, 'utf8')));
    if (changed) fs.writeFileSync(file, JSON.stringify(changed, null, 2));
  }
}

async function openLaunch(id, width = 1280) {
  const page = await studio.browser.newPage({ viewport: { width, height: 900 } });
  const problems = watchPage(page);
  await page.goto(`${studio.baseUrl}/rulesets/${id}`, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => document.querySelector('.wb-head button[title^="Play the draft"]')?.disabled === false, null, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Launch test game' }).click();
  const dialog = page.getByRole('dialog', { name: 'Launch test game' });
  await dialog.waitFor();
  return { page, problems, dialog };
}

/** Whether the button can be pressed, as the page shows it: enabled, and not faded. */
const looksEnabled = (button) => button.evaluate((b) => !b.disabled && Number(getComputedStyle(b).opacity) === 1);

test('the launch dialog says what stops a game, before the button: no scenario, or the errors, each opening its place', { timeout: 120_000 }, async () => {
  await newRuleset('no-scenario', (name, doc) => name === 'setup.json' && { ...doc, scenarios: {} });
  let { page, problems, dialog } = await openLaunch('no-scenario');
  const blocked = dialog.getByTestId('launch-blocked');
  await blocked.first().waitFor({ timeout: 15_000 });
  assert.match(await blocked.first().innerText(), /starts from a scenario, and this ruleset has none yet/);
  const start = dialog.getByRole('button', { name: 'Start game' });
  assert.equal(await looksEnabled(start), false, 'Start game is disabled, and looks it');
  // Nothing is left waiting on a scenario never chosen.
  await page.waitForFunction(() => !document.querySelector('[role=dialog]')?.textContent?.includes('Reading what the game leaves'), null, { timeout: 10_000 });
  await page.screenshot({ path: path.join(shots, 'launch-no-scenario.png') });
  await page.close();
  assert.deepEqual(problems, []);

  // A manifest without mechanics: the errors games.create would refuse, named before the button, and no "by hand" list.
  await newRuleset('no-models', (name, doc) => name === 'ruleset.json' && { ...doc, mechanics: undefined });
  ({ page, problems, dialog } = await openLaunch('no-models'));
  const errors = dialog.getByTestId('launch-blocked');
  await errors.waitFor({ timeout: 15_000 });
  assert.match(await errors.innerText(), /A game cannot start: the ruleset has \d+ errors?, to fix first/);
  assert.match(await errors.innerText(), /procedure "movement" has no model in the manifest's mechanics/);
  assert.equal(await dialog.getByText(/Left to you, the tester/).count(), 0);
  assert.equal(await looksEnabled(dialog.getByRole('button', { name: 'Start game' })), false);
  await page.screenshot({ path: path.join(shots, 'launch-errors.png') });
  // Its place, a click away: the dialog closes on the document.
  await errors.getByRole('button', { name: /^no-models\/sequence\.json:\d+:\d+$/ }).first().click();
  await page.locator('.wb-doc-bar strong', { hasText: 'sequence.json' }).waitFor({ timeout: 10_000 });
  assert.equal(await dialog.count(), 0);
  await page.close();
  assert.deepEqual(problems, []);
});

test('the errata form says which fields are required, beside each one left empty that it is missing, and a date or title wrong as typed; a variant id too', { timeout: 90_000 }, async () => {
  await newRuleset('errata-form');
  const page = await studio.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems = watchPage(page);
  await page.goto(`${studio.baseUrl}/rulesets/errata-form?view=errata`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Edit the resolved ruleset' }).click();
  await page.getByRole('button', { name: 'Save as errata…' }).click();
  const form = page.getByRole('form', { name: /Details of the/ });
  assert.deepEqual(
    await Promise.all(['Title', 'Date', 'Citation', 'Reason', 'Rule'].map((f) => form.getByLabel(f, { exact: true }).getAttribute('placeholder').then((p) => p.split(':')[0]))),
    ['required', 'optional', 'optional', 'required', 'optional'],
  );
  // Sent empty: each required field names what it lacks.
  await form.getByRole('button', { name: 'Save patch set' }).click();
  await form.getByTestId('missing-reason').waitFor({ timeout: 5_000 });
  assert.deepEqual(await Promise.all(['title', 'reason'].map((f) => form.getByTestId(`missing-${f}`).innerText())), ['a title is needed', 'a reason is needed']);
  await form.getByLabel('Title').fill('House rule');
  await form.getByLabel('Reason').fill('Tried at the club.');
  await form.getByRole('button', { name: 'Save patch set' }).click();
  const missing = form.getByTestId('missing-source');
  await missing.waitFor({ timeout: 5_000 });
  assert.equal(await missing.innerText(), 'choose where the change comes from');
  assert.equal(await form.getByLabel('Source').getAttribute('aria-invalid'), 'true');
  await page.screenshot({ path: path.join(shots, 'errata-missing-source.png') });
  await form.getByLabel('Source').selectOption('provisional');
  assert.equal(await missing.count(), 0, 'said no more once chosen');
  // A date not written as the schema has it, or one no calendar has, is named beside the field as it is typed; sent, the
  // field has the focus, and nothing is saved.
  const date = form.getByLabel('Date', { exact: true });
  await date.fill('yesterday');
  assert.equal(await form.getByTestId('missing-date').innerText(), 'the date: “yesterday” is not a year, month or day, written 1995, 2018-05 or 2021-09-06');
  await date.fill('2021-02-30');
  assert.equal(await form.getByTestId('missing-date').innerText(), 'the date: 2021-02-30 is not a date: February 2021 has 28 days');
  assert.equal(await date.getAttribute('aria-invalid'), 'true');
  // A title longer than the patch set's schema takes, as it is typed, in the server's words.
  await form.getByLabel('Title').fill('x'.repeat(300));
  assert.equal(await form.getByTestId('missing-title').innerText(), 'the title: must be at most 200 characters long, not 300');
  await page.screenshot({ path: path.join(shots, 'errata-typed.png') });
  await form.getByRole('button', { name: 'Save patch set' }).click();
  assert.equal(await form.getByLabel('Title').evaluate((el) => el === document.activeElement), true, 'the first field wrong has the focus');
  assert.equal(await form.count(), 1, 'not saved');
  await date.fill('2024-02-29');
  await form.getByLabel('Title').fill('House rule');
  assert.deepEqual([await form.getByTestId('missing-date').count(), await form.getByTestId('missing-title').count()], [0, 0], 'said no more once right');
  await form.getByRole('button', { name: 'cancel' }).click();

  // A new variant's id is checked as it is typed too, by the one rule for ruleset ids, and no folder is named for one wrong.
  await page.getByRole('button', { name: 'New variant…' }).click();
  const dialog = page.getByRole('dialog', { name: 'New variant' });
  for (const id of ['Evil_Name', '../x']) {
    await dialog.getByLabel('Id').fill(id);
    assert.equal(await dialog.getByTestId('missing-id').innerText(), 'the id: use lowercase letters, digits and hyphens, beginning with a letter or digit');
    assert.match(await dialog.getByTestId('create-folder').innerText(), /\/<id>\/, in the rulesets folder/);
  }
  await dialog.getByLabel('Id').fill('v'.repeat(81));
  assert.equal(await dialog.getByTestId('missing-id').innerText(), 'the id: at most 80 characters, not 81');
  await page.screenshot({ path: path.join(shots, 'variant-id-typed.png') });
  await dialog.getByLabel('Id').fill('errata-form-house');
  assert.equal(await dialog.getByTestId('missing-id').count(), 0);
  assert.match(await dialog.getByTestId('create-folder').innerText(), /\/errata-form-house\/, in the rulesets folder/);
  await page.close();
  assert.deepEqual(problems, []);
});

test("a task's long pointer wraps inside its card at 1280 px", { timeout: 90_000 }, async () => {
  // Side B's unit to be placed where nothing meets its constraint: a task for the tester, citing a long pointer.
  await newRuleset('long-task', (name, doc) => {
    if (name !== 'setup.json') return;
    const scenario = doc.scenarios.opening;
    scenario.placements[1].location = { constraint: { text: 'In any port of Country B', placeKinds: ['port'] } };
    return { ...doc, scenarios: { 'the-long-campaign-of-the-template': scenario } };
  });
  const { page, problems, dialog } = await openLaunch('long-task');
  await dialog.getByRole('button', { name: 'Start game' }).click();
  const card = page.getByRole('form', { name: 'Adjudication' });
  await card.waitFor({ timeout: 30_000 });
  const pointer = card.locator('code', { hasText: '/scenarios/the-long-campaign-of-the-template/placements/1/location/constraint' });
  const [cardBox, codeBox] = [await card.boundingBox(), await pointer.boundingBox()];
  assert.ok(codeBox.x + codeBox.width <= cardBox.x + cardBox.width, `the pointer ends inside the card (${codeBox.x + codeBox.width} > ${cardBox.x + cardBox.width})`);
  await card.screenshot({ path: path.join(shots, 'task-wrapped.png') });
  await page.close();
  assert.deepEqual(problems, []);
});

test('the play page grows its map with the window, and keeps 1280 px whole', { timeout: 120_000 }, async () => {
  await newRuleset('wide');
  const { page, problems, dialog } = await openLaunch('wide');
  await dialog.getByRole('button', { name: 'Start game' }).click();
  await page.locator('.play-map .leaflet-container').waitFor({ timeout: 30_000 });
  // At 1280 px nothing runs off the page; wider, the map grows with the window.
  const mapWidth = async (width) => {
    await page.setViewportSize({ width, height: 1000 });
    await page.waitForFunction((w) => document.documentElement.clientWidth === w, width);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(overflow, 0, `nothing runs off the page at ${width} px`);
    return (await page.locator('.play-map').boundingBox()).width;
  };
  const widths = { 1280: await mapWidth(1280), 1920: await mapWidth(1920), 2560: await mapWidth(2560) };
  assert.ok(widths[1920] > 1300, `the map at 1920 px is ${widths[1920]} px wide`);
  assert.ok(widths[2560] > 1900, `the map at 2560 px is ${widths[2560]} px wide`);
  await page.screenshot({ path: path.join(shots, 'play-2560.png') });
  await mapWidth(1920);
  await page.screenshot({ path: path.join(shots, 'play-1920.png') });
  await page.close();
  assert.deepEqual(problems, []);
});

test('a filter of the actions ends with its step: the next step lists all of its own', { timeout: 120_000 }, async () => {
  // Two units for Side A: more than eight actions, so the list has its filter.
  await newRuleset('filtered', (name, doc) => {
    if (name === 'units.json') doc.roster['a-2'] = { ...doc.roster['a-1'], name: 'A 2nd Infantry' };
    else if (name === 'setup.json') doc.scenarios.opening.placements.push({ power: 'power-a', unit: 'a-2', location: { hex: '0102' } });
    else return;
    return doc;
  });
  const { page, problems, dialog } = await openLaunch('filtered');
  await dialog.getByRole('button', { name: 'Start game' }).click();
  const actions = page.getByTestId('legal-actions');
  const filter = actions.getByLabel('Filter actions');
  await filter.waitFor({ timeout: 30_000 });
  // The filter leaves one action, ending the step; Side B's movement (fewer than eight actions, no filter box) then lists all of its own.
  await filter.fill('End Movement (Side A)');
  assert.equal(await actions.locator('.play-action').count(), 1);
  await actions.getByRole('button', { name: 'End Movement (Side A)' }).click();
  await page.getByTestId('play-status').filter({ hasText: /Side B/ }).waitFor({ timeout: 15_000 });
  await actions.getByRole('button', { name: 'End Movement (Side B)' }).waitFor({ timeout: 10_000 });
  assert.equal(await page.getByText('No action matches.').count(), 0);
  assert.ok((await actions.locator('.play-action').count()) > 1, 'every action of the step is listed');
  await page.screenshot({ path: path.join(shots, 'filter-cleared.png') });
  await page.close();
  assert.deepEqual(problems, []);
});
