// What a designer's acceptance round on 2WW found, in Chromium on a copy of the bundled rulesets: a new 2WW
// scenario that breaks The Big One is counted on 2WW's header and named in The Big One's problems as 2WW's;
// the new-scenario form checks its id and start as typed; the Map and the launch dialog start on the open scenario; a
// table cell an erratum writes over shows the erratum's value and warns on editing. Needs `next build` first.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { bundled, bundledHas, callApi, publishDrafts, shots, studioForTests, studioPage } from './studio.mjs';

const present = bundledHas('2ww') && bundledHas('the-big-one');
const studio = studioForTests({ copyOf: bundled }, { when: present });

/** The workbench of a ruleset at a document, once its checks have answered. */
async function workbench(page, id, doc) {
  await page.goto(`${studio.baseUrl}/rulesets/${id}?doc=${encodeURIComponent(doc)}`);
  await page.locator('.monaco-editor .view-lines').first().waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => /Problems \d/.test(document.querySelector('.wb-problems h3')?.textContent ?? '') && !document.querySelector('.wb-problems h3').textContent.includes('checking'));
}

test('a new 2WW scenario, checked as its id is typed, that breaks The Big One: counted on 2WW, named as 2WW\'s there; Map and launch open on it', { timeout: 240_000 }, async (t) => {
  if (!present) return t.skip('no 2ww or the-big-one in rulesets/');
  const page = await studioPage(studio);
  await workbench(page, '2ww', 'setup.json');
  await page.getByRole('button', { name: 'New scenario from this…' }).click();
  const form = page.locator('.wb-copy-form');
  const id = form.getByLabel('Id');
  await form.getByLabel('Name').fill('Barbarossa');
  await id.fill('My Scenario!');
  assert.match(await form.locator('.wb-error').textContent(), /^The id is lower-case letters, digits/);
  assert.equal(await form.getByRole('button', { name: 'Create scenario' }).isDisabled(), true);
  // No file is named for an id that cannot be one, as the new-variant dialog names no folder.
  assert.match(await form.locator('p.meta', { hasText: 'Copies' }).textContent(), /into scenarios\/<id>\.json/);
  await id.fill('campaign');
  assert.equal(await form.locator('.wb-error').textContent(), 'There is already a scenario “campaign”: choose another id.');
  await id.fill('barbarossa-1941');
  assert.equal(await form.locator('.wb-error').count(), 0);
  assert.match(await form.locator('p.meta', { hasText: 'Copies' }).textContent(), /into scenarios\/barbarossa-1941\.json/);
  // Its start too, as typed, against the ruleset's calendar.
  const year = form.getByLabel('Year');
  const range = "autumn 1939 (turn 1) to spring 1945 (turn 23)";
  for (const [typed, said] of [
    ['abc', `Year: a whole number (the ruleset's calendar runs from ${range}).`],
    ['19.5', `Year: a whole number (the ruleset's calendar runs from ${range}).`],
    ['', `Year: a whole number (the ruleset's calendar runs from ${range}).`],
    ['1930', `Start: autumn 1930 (turn -35) is outside the ruleset's calendar, ${range}.`],
    ['1945', `Start: autumn 1945 (turn 25) is outside the ruleset's calendar, ${range}.`],
  ]) {
    await year.fill(typed);
    assert.equal(await form.locator('.wb-error').textContent(), said, typed);
    assert.equal(await year.getAttribute('aria-invalid'), 'true');
    assert.equal(await form.getByRole('button', { name: 'Create scenario' }).isDisabled(), true, typed);
  }
  await year.fill('1939');
  assert.equal(await form.locator('.wb-error').count(), 0);
  await form.getByRole('button', { name: 'Create scenario' }).click();
  await page.locator('.wb-doc-bar strong', { hasText: 'scenarios/barbarossa-1941.json' }).waitFor();

  // The Big One lacks units 2WW places: its errors lie in 2WW's new document, and 2WW's header says so.
  const variant = page.locator('.wb-variant-errors');
  await variant.waitFor({ timeout: 60_000 });
  assert.match(await variant.textContent(), /variant The Big One has \d+ errors? \(in scenarios\/barbarossa-1941\.json here, fixed in this workbench\)/);
  assert.match(await variant.getAttribute('title'), /^2ww\/scenarios\/barbarossa-1941\.json:\d+:\d+ \/scenarios\/barbarossa-1941\/placements\/\d+\/unit: unknown unit/m);
  await page.screenshot({ path: path.join(shots, 'acceptance-variant-errors.png') });

  // With the new scenario's document open, the map and a test game start on it.
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  await page.waitForURL(/map=barbarossa-1941/);
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  await page.getByRole('button', { name: 'Launch test game' }).click();
  assert.equal(await page.getByRole('dialog').getByLabel('Scenario').inputValue(), 'barbarossa-1941');
  await page.keyboard.press('Escape');

  // Published, the new scenario is The Big One's too (its workbench reads 2WW's files).
  await page.keyboard.press('Control+s');
  await page.getByText('All changes saved').waitFor();
  await publishDrafts(studio.baseUrl, '2ww', ['ruleset.json', 'scenarios/barbarossa-1941.json']);
  const bigOne = await studioPage(studio);
  await workbench(bigOne, 'the-big-one', 'ruleset.json');
  const elsewhere = bigOne.locator('.wb-problems li a', { hasText: '2ww/scenarios/barbarossa-1941.json' }).first();
  assert.match(await elsewhere.textContent(), /in 2ww, which this ruleset extends: fix it there/);
  assert.match(await elsewhere.getAttribute('href'), /^\/rulesets\/2ww\?doc=scenarios%2Fbarbarossa-1941\.json&line=\d+/);
  await bigOne.screenshot({ path: path.join(shots, 'acceptance-variant-side.png') });
  assert.deepEqual([...page.problems, ...bigOne.problems], []);
});

test('a table cell an erratum writes over shows the value games play and the erratum, and warns on editing', { timeout: 120_000 }, async (t) => {
  if (!present) return t.skip('no 2ww in rulesets/');
  const dir = path.join(studio.rulesetsDir, '2ww');
  // The erratum's file, listed by a draft of the manifest (as "save as errata" leaves it).
  const drafted = await callApi(studio.baseUrl, 'drafts.get', { rulesetId: '2ww', path: 'ruleset.json' });
  const manifest = JSON.parse(drafted?.content ?? fs.readFileSync(path.join(dir, 'ruleset.json'), 'utf8'));
  fs.mkdirSync(path.join(dir, 'errata'), { recursive: true });
  const erratum = { title: 'Combat chart erratum', date: '2027-01', source: { kind: 'rulebook', rule: 'errata' }, citation: 'Errata sheet', reason: 'The cell was left out', operations: [{ op: 'replace', path: '/tables/land-vs-land/cells/2/4-7', value: 'DR' }] };
  fs.writeFileSync(path.join(dir, 'errata/combat.json'), JSON.stringify(erratum, null, 2));
  const content = JSON.stringify({ ...manifest, patchSets: ['errata/combat.json'] }, null, 2);
  await callApi(studio.baseUrl, 'drafts.save', { rulesetId: '2ww', path: 'ruleset.json', baseRevision: drafted?.revision ?? 0, content }, { mutation: true });
  const page = await studioPage(studio);
  await workbench(page, '2ww', 'tables/combat-chart.json');
  const cell = page.locator('table[data-table="land-vs-land"] button[data-row="2"][data-col="4-7"]');
  await page.locator('table[data-table="land-vs-land"] td.overridden').first().waitFor({ timeout: 30_000 });
  assert.match(await cell.getAttribute('title'), /Games play DR, from the erratum “Combat chart erratum” \(errata\/combat\.json\)/);
  assert.equal(await page.locator('td.overridden').count(), 1);
  await cell.click();
  const note = page.locator('.wb-cell-editor [role="note"]');
  assert.match(await note.textContent(), /Games play DR, from the erratum “Combat chart erratum” \(errata\/combat\.json\): an edit here changes nothing in play/);
  await page.screenshot({ path: path.join(shots, 'acceptance-erratum-cell.png') });
  await note.getByRole('button', { name: 'Open the erratum' }).click();
  await page.locator('.wb-doc-bar strong', { hasText: 'errata/combat.json' }).waitFor();
  // A game of the draft plays the erratum: the launch dialog names it before the game starts.
  await page.getByRole('button', { name: 'Launch test game' }).click();
  const applied = page.getByRole('dialog', { name: 'Launch test game' }).getByTestId('launch-applied');
  await applied.getByTestId('errata').waitFor({ timeout: 30_000 });
  assert.equal(await applied.innerText(), 'Always applied: errata: Combat chart erratum.');
  await page.keyboard.press('Escape');
  assert.deepEqual(page.problems, []);
});
