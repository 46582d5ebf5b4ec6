// The workbench in Chromium, used as a designer would: open it, break a document twice (a schema error and a
// dangling reference), see both as markers and problems, fix them, edit a combat-chart cell in the grid and see
// the JSON follow, reload and find the draft. Runs on a copy of the bundled rulesets (2WW when present, else the
// skirmish fixture), so nothing in the repository is written. Needs `next build` first (bin/test.sh does it).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { bundled, bundledHas, callApi, locate, projectDir, shots, studioForTests, studioPage } from './studio.mjs';

const fixtures = path.join(projectDir, 'tests', 'fixtures', 'rulesets');
const RULESET = bundledHas('2ww') ? '2ww' : 'skirmish';
const studio = studioForTests({ copyOf: RULESET === '2ww' ? bundled : fixtures });

test(`the workbench on ${RULESET}: markers, problems, grid edits and drafts that survive a reload`, { timeout: 180_000 }, async () => {
  const page = await studioPage(studio);
  const manifest = readJson('ruleset.json');
  const unitsPath = [manifest.documents.units].flat()[0];
  const unitsText = readText(unitsPath);
  const units = JSON.parse(unitsText);

  // From the library to the workbench, by the ruleset's link.
  await page.goto(`${studio.baseUrl}/`, { waitUntil: 'networkidle' });
  await page.locator(`tr[data-ruleset="${RULESET}"] .title a`).click();
  await page.waitForURL(`**/rulesets/${RULESET}**`);
  await editorReady(page);
  const baseline = await problems(page);

  await page.locator(`.wb-tree button[data-path="${unitsPath}"]`).click();
  await editorReady(page);

  // Hover help and completion come from the schemas.
  const typeId = Object.keys(units.unitTypes)[0];
  const unitTypeSchema = JSON.parse(fs.readFileSync(path.join(projectDir, 'schemas', 'units.schema.json'), 'utf8')).$defs.UnitType.properties;
  const key = Object.keys(units.unitTypes[typeId]).find((k) => unitTypeSchema[k]?.description);
  assert.ok((await hoverToken(page, `"${key}"`, `"${key}"`, unitTypeSchema[key].description)).includes(unitTypeSchema[key].description));
  // A number written as a CitedNumber says what the field means, not what a CitedNumber is.
  assert.ok('movement' in units.unitTypes[typeId] && unitTypeSchema.movement.$ref);
  assert.match(await hoverToken(page, '"movement"', '"movement"', unitTypeSchema.movement.description), /Movement allowance\./);
  const missing = Object.keys(unitTypeSchema).find((k) => !(k in units.unitTypes[typeId]));
  const record = locate(unitsText, ['unitTypes', typeId]);
  await goTo(page, record.line, record.column + 1); // just inside the record's brace
  await page.keyboard.press('Enter');
  await suggests(page, missing);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+z');

  // A schema error: a unit type's name becomes a number.
  const name = locate(unitsText, ['unitTypes', typeId, 'name']);
  await replaceAt(page, name, '42');
  const schemaProblem = await waitForProblem(page, 'wrong-type', `${RULESET}/${unitsPath}:${name.line}:`);
  const schemaHover = await hoverToken(page, '"name": 42', '42');
  assert.match(schemaHover, /Incorrect type\. Expected "string"/, 'Monaco’s own schema marker');
  assert.ok(schemaHover.includes(schemaProblem.message), `the server's marker (${schemaProblem.message}) in: ${schemaHover}`);

  // A dangling reference: a roster unit of a type that does not exist.
  const unitId = Object.keys(units.roster)[0];
  const type = locate(unitsText, ['roster', unitId, 'type']);
  await replaceAt(page, type, '"no-such-type"');
  const danglingProblem = await waitForProblem(page, 'dangling-ref', `${RULESET}/${unitsPath}:${type.line}:`);
  const danglingHover = await hoverToken(page, '"type": "no-such-type"', '"no-such-type"');
  assert.ok(danglingHover.includes(danglingProblem.message), `the server's dangling-ref marker in: ${danglingHover}`);
  await page.screenshot({ path: path.join(shots, 'workbench-problems.png') });

  // The problems list jumps to the place, from another document.
  await page.locator('.wb-tree button[data-path="ruleset.json"]').click();
  await page.locator('.wb-problems li[data-code="dangling-ref"] button').click();
  await page.waitForFunction((line) => document.querySelector('.monaco-editor .active-line-number')?.textContent === String(line), type.line);
  assert.equal(await page.locator('.wb-doc-bar strong').textContent(), unitsPath);

  // Found in all documents, unsaved edits included: the match opens its document at its line, and the tree returns once the query is cleared.
  await page.locator('.wb-tree button[data-path="ruleset.json"]').click();
  await page.getByLabel('Find in all documents').fill('no-such-type');
  await page.getByTestId('find-count').filter({ hasText: /^1 match in 1 document$/ }).waitFor({ timeout: 15_000 });
  assert.equal(await page.locator('.wb-tree').count(), 0, 'the matches stand in the place of the tree');
  await page.locator('.wb-find-results button').first().click();
  await page.waitForFunction((line) => document.querySelector('.monaco-editor .active-line-number')?.textContent === String(line), type.line);
  await page.locator('.monaco-editor .selected-text').first().waitFor({ timeout: 5_000 });
  assert.equal(await page.locator('.wb-doc-bar strong').textContent(), unitsPath);
  await page.getByLabel('Find in all documents').fill('');
  await page.locator('.wb-tree').waitFor();

  // Fixed again: the problems are those of the ruleset as bundled.
  await replaceAt(page, { ...name, length: 2 }, JSON.stringify(units.unitTypes[typeId].name));
  await replaceAt(page, { ...type, length: '"no-such-type"'.length }, JSON.stringify(units.roster[unitId].type));
  await page.waitForFunction((n) => document.querySelectorAll('.wb-problems li').length === n && !document.querySelector('.wb-problems h3')?.textContent?.includes('checking'), baseline.length);
  assert.deepEqual(await problems(page), baseline);

  // A document that does not parse: the header's counts say they leave it out, until it parses again.
  const nameText = JSON.stringify(units.unitTypes[typeId].name);
  await replaceAt(page, { ...name, length: nameText.length }, `${nameText} ${nameText}`);
  await waitForProblem(page, 'json-syntax', `${RULESET}/${unitsPath}:${name.line}:`);
  await page.locator('.wb-head .meta', { hasText: new RegExp(`at least \\d+ gaps?, .*\\(without ${RULESET}/${unitsPath}, which cannot be read\\)`) }).waitFor({ timeout: 30_000 });
  await replaceAt(page, { ...name, length: nameText.length * 2 + 1 }, nameText);
  await page.locator('.wb-head .meta', { hasText: 'which cannot be read' }).waitFor({ state: 'detached', timeout: 30_000 });

  // A combat-chart cell edited in the grid appears in the JSON, and comes back from it.
  const chart = combatChart(manifest);
  await page.locator(`.wb-tree button[data-path="${chart.path}"]`).click();
  await openTable(page, chart.id);
  const cell = page.locator(`.wb-grid[data-table="${chart.id}"] button[data-row="${chart.row}"][data-col="${chart.col}"]`);
  await cell.click();
  // A gap (the state of most of 2WW's chart) is turned into a value first: a plain one, under the table's source
  // (a gap filled is offered as provisional, citing the gap's rule).
  const gap = page.locator('.wb-cell-editor').getByRole('checkbox', { name: 'gap' });
  if (await gap.isChecked()) {
    await gap.uncheck();
    assert.equal(await page.locator('.wb-cell-editor').getByLabel('Source').inputValue(), 'provisional');
    await page.locator('.wb-cell-editor').getByLabel('Source').selectOption('table');
  }
  // A value no number of loss points may be (the mechanics read the chart's cells so) is not written: the editor keeps
  // it and says why, in the checks' words, naming the table, row and column; the draft is as it was.
  const { title, rows, columns } = readJson(chart.path).tables[chart.id];
  const storedCell = async () => {
    const draft = await callApi(studio.baseUrl, 'drafts.get', { rulesetId: RULESET, path: chart.path });
    return JSON.parse(draft?.content ?? readText(chart.path)).tables[chart.id].cells[chart.row]?.[chart.col];
  };
  const before = await storedCell();
  const shown = await cell.textContent();
  for (const [typed, why] of [['-1', 'is below zero, and a number of loss points may not be'], ['1.5', 'is not a whole number, and a number of loss points must be']]) {
    await page.getByTestId('cell-value').fill(typed);
    await page.getByTestId('cell-value').press('Enter');
    const refusal = page.locator('.wb-cell-editor [role="alert"]', { hasText: `${typed} ${why}` });
    await refusal.waitFor();
    assert.equal(await refusal.textContent(), `Not written to ${title}: ${rows.name} ${chart.row} · ${columns.name} ${chart.col}: ${typed} ${why}`);
    assert.equal(await page.getByTestId('cell-value').inputValue(), typed);
    assert.equal(await cell.textContent(), shown);
  }
  assert.equal(await page.getByTestId('save-state').textContent(), 'All changes saved');
  assert.deepEqual(await storedCell(), before, 'the draft is unchanged');
  await page.screenshot({ path: path.join(shots, 'workbench-amount-refused.png') });
  // A value it may be is written.
  await page.getByTestId('cell-value').fill(chart.value);
  await page.getByTestId('cell-value').press('Enter');
  await page.waitForFunction(
    (text) => document.querySelector('.monaco-editor .view-lines')?.textContent?.replace(/\u00a0/g, ' ').includes(text),
    `"${chart.col}": ${chart.value}`,
  );
  assert.equal(await cell.textContent(), chart.value);
  assert.equal(await page.locator('.wb-cell-editor [role="alert"]').count(), 0);
  await page.getByTestId('save-state').filter({ hasText: 'All changes saved' }).waitFor();
  await page.screenshot({ path: path.join(shots, 'workbench-table.png') });

  // Reloaded, the draft is as it was: the cell in the grid and in the JSON.
  await page.reload({ waitUntil: 'networkidle' });
  await editorReady(page);
  assert.equal(await page.locator('.wb-doc-bar strong').textContent(), chart.path, 'the URL reopens the document');
  await openTable(page, chart.id);
  assert.equal(await cell.textContent(), chart.value);
  assert.match(await page.locator('.wb-doc-bar').textContent(), /draft revision \d+ saved/);
  const draft = await callApi(studio.baseUrl, 'drafts.get', { rulesetId: RULESET, path: chart.path });
  assert.equal(JSON.parse(draft.content).tables[chart.id].cells[chart.row][chart.col], Number(chart.value));
  await page.screenshot({ path: path.join(shots, 'workbench-after-reload.png') });

  // Ticked "gap" again, a cell the file has as a gap gets that gap back, its rule and category with it.
  const filed = readJson(chart.path).tables[chart.id].cells[chart.row][chart.col];
  if (filed?.gap) {
    await cell.click();
    await gap.check();
    const missing = page.locator('.wb-cell-editor').getByLabel('What is missing');
    assert.equal(await missing.inputValue(), filed.gap);
    await missing.press('Enter');
    await page.waitForFunction(([selector]) => document.querySelector(selector)?.textContent === 'gap', [`.wb-grid[data-table="${chart.id}"] button[data-row="${chart.row}"][data-col="${chart.col}"]`]);
    await page.getByTestId('save-state').filter({ hasText: 'All changes saved' }).waitFor();
    const regapped = await callApi(studio.baseUrl, 'drafts.get', { rulesetId: RULESET, path: chart.path });
    assert.deepEqual(JSON.parse(regapped.content).tables[chart.id].cells[chart.row][chart.col], filed);
  }

  await screenshotViews(page, manifest);
  await page.close();
  assert.deepEqual(page.problems, [], 'console errors or requests to other hosts');
});

test("a gap cell edited in the grid keeps its category: its text retyped, a value applied and the gap ticked again (2WW's production costs)", { timeout: 120_000 }, async (t) => {
  if (RULESET !== '2ww') return t.skip('2WW is not in rulesets/');
  const docPath = 'tables/production-costs.json';
  const filed = readJson(docPath).tables['production-costs'].cells.armor.build;
  assert.equal(filed.category, 'economy');
  const page = await studioPage(studio);
  await page.goto(`${studio.baseUrl}/rulesets/${RULESET}?doc=${docPath}`, { waitUntil: 'networkidle' });
  await editorReady(page);
  await openTable(page, 'production-costs');
  const cell = page.locator('.wb-grid[data-table="production-costs"] button[data-row="armor"][data-col="build"]');
  const editor = page.locator('.wb-cell-editor');
  const gap = editor.getByRole('checkbox', { name: 'gap' });
  const stored = async () => {
    await page.getByTestId('save-state').filter({ hasText: 'All changes saved' }).waitFor();
    return JSON.parse((await callApi(studio.baseUrl, 'drafts.get', { rulesetId: RULESET, path: docPath })).content).tables['production-costs'].cells.armor.build;
  };
  // Its text retyped: filed under economy still.
  await cell.click();
  assert.match(await editor.innerText(), /filed under economy/);
  await editor.getByLabel('What is missing').fill('Printed on the map, not in the text.');
  await editor.getByLabel('What is missing').press('Enter');
  await page.waitForFunction(() => document.querySelector('.monaco-editor .view-lines')?.textContent?.replace(/\u00a0/g, ' ').includes('Printed on the map, not in the text.'));
  assert.deepEqual(await stored(), { ...filed, gap: 'Printed on the map, not in the text.' });
  // Ticked off and on before applying, then a value applied and the gap ticked again: the gap comes back whole.
  await gap.uncheck();
  await gap.check();
  await gap.uncheck();
  await page.getByTestId('cell-value').fill('9');
  await page.getByTestId('cell-value').press('Enter');
  await page.waitForFunction((selector) => document.querySelector(selector)?.textContent === '9', '.wb-grid[data-table="production-costs"] button[data-row="armor"][data-col="build"]');
  // The gap filled: provisional, citing the gap's rule.
  assert.deepEqual(await stored(), { value: 9, source: { kind: 'provisional', ...(filed.rule ? { rule: filed.rule } : {}) } });
  await cell.click();
  await gap.check();
  assert.equal(await editor.getByLabel('What is missing').inputValue(), 'Printed on the map, not in the text.');
  await editor.getByLabel('What is missing').press('Enter');
  await page.waitForFunction((selector) => document.querySelector(selector)?.textContent === 'gap', '.wb-grid[data-table="production-costs"] button[data-row="armor"][data-col="build"]');
  assert.deepEqual(await stored(), { ...filed, gap: 'Printed on the map, not in the text.' });
  await page.close();
  assert.deepEqual(page.problems, []);
});

test('a cell value the tables schema refuses is not written: the editor keeps it and says why, Escape leaves the cell as it was, and a value it accepts is written', { timeout: 120_000 }, async () => {
  const chart = combatChart(readJson('ruleset.json'));
  // A cell the other tests leave alone: the table's last row and column.
  const { rows, columns, title } = readJson(chart.path).tables[chart.id];
  const [row, col] = [rows.keys.at(-1), columns.keys.at(-1)];
  const stored = async () => JSON.parse(await drafted(chart.path)).tables[chart.id].cells[row]?.[col];
  const before = await stored();
  const page = await tablePage(chart.path, chart.id);
  const cell = page.locator(`.wb-grid[data-table="${chart.id}"] button[data-row="${row}"][data-col="${col}"]`);
  const shown = await cell.textContent();
  const editor = page.locator('.wb-cell-editor');
  const asPlainValue = async () => {
    const gap = editor.getByRole('checkbox', { name: 'gap' });
    if (await gap.isChecked()) await gap.uncheck();
    await editor.getByLabel('Source').selectOption('table');
  };
  await cell.click();
  await asPlainValue();

  // Text longer than the schema allows a cell: refused, named with the table, row and column; the typed text stays.
  const typed = 'x'.repeat(101);
  await page.getByTestId('cell-value').fill(typed);
  await page.getByTestId('cell-value').press('Enter');
  const refusal = editor.getByRole('alert');
  await refusal.waitFor();
  assert.equal(await refusal.textContent(), `Not written to ${title}: ${rows.name} ${row} · ${columns.name} ${col}: the value must be at most 100 characters long, not 101`);
  assert.equal(await page.getByTestId('cell-value').inputValue(), typed);
  assert.equal(await cell.textContent(), shown);
  assert.equal(await page.getByTestId('save-state').textContent(), 'All changes saved');
  assert.deepEqual(await stored(), before, 'the draft is unchanged');
  await page.screenshot({ path: path.join(shots, 'workbench-cell-refused.png') });

  // Escape leaves the cell as it was.
  await page.getByTestId('cell-value').press('Escape');
  await editor.waitFor({ state: 'detached' });
  assert.equal(await cell.textContent(), shown);
  assert.deepEqual(await stored(), before);

  // A value the schema accepts is written.
  await cell.click();
  await asPlainValue();
  await page.getByTestId('cell-value').fill('7');
  await page.getByTestId('cell-value').press('Enter');
  await page.waitForFunction((selector) => document.querySelector(selector)?.textContent === '7', `.wb-grid[data-table="${chart.id}"] button[data-row="${row}"][data-col="${col}"]`);
  await page.getByTestId('save-state').filter({ hasText: 'All changes saved' }).waitFor();
  assert.equal(await stored(), 7);
  assert.equal(await editor.getByRole('alert').count(), 0);
  await page.close();
  assert.deepEqual(page.problems, []);
});

test("a cell typed before the ruleset's checks are read is not written unchecked: the editor says so, and Enter writes once they are", { timeout: 120_000 }, async () => {
  const chart = combatChart(readJson('ruleset.json'));
  const { rows, columns, title } = readJson(chart.path).tables[chart.id];
  const [row, col] = [rows.keys[0], columns.keys.at(-1)];
  const page = await studioPage(studio);
  const answer = await holdAnswers(page, 'rulesets.resolved');
  await page.goto(`${studio.baseUrl}/rulesets/${RULESET}?doc=${chart.path}`);
  await page.locator('.wb-tables[data-checking]').waitFor({ timeout: 30_000 });
  const tab = page.locator(`.wb-tabs [role="tab"][data-tables~="${chart.id}"]`);
  if (await tab.count()) await tab.click();
  await page.locator(`.wb-grid[data-table="${chart.id}"] button[data-row="${row}"][data-col="${col}"]`).click();
  const editor = page.locator('.wb-cell-editor');
  const gap = editor.getByRole('checkbox', { name: 'gap' });
  if (await gap.isChecked()) await gap.uncheck();
  await editor.getByLabel('Source').selectOption('table');
  await page.getByTestId('cell-value').fill('-1');
  await page.getByTestId('cell-value').press('Enter');
  assert.match(await editor.getByRole('alert').textContent(), /^Not written to .+ yet: the ruleset's checks are still being read/);
  // Once read, the checks refuse -1 as they always do, the reason following.
  answer();
  await page.locator('.wb-tables:not([data-checking])').waitFor({ timeout: 30_000 });
  await editor.getByRole('alert').filter({ hasText: `Not written to ${title}: ${rows.name} ${row} · ${columns.name} ${col}: -1 is below zero` }).waitFor();
  await page.unrouteAll();
  await page.close();
});

test('a refusal follows what is typed after it: gone once Enter would write the value, back, in its new words, when it would not; Enter writes, Escape leaves the cell as it was', { timeout: 120_000 }, async () => {
  const chart = combatChart(readJson('ruleset.json'));
  // A cell the other tests leave alone: the table's first row, last column.
  const { rows, columns, title } = readJson(chart.path).tables[chart.id];
  const [row, col] = [rows.keys[0], columns.keys.at(-1)];
  const stored = async () => JSON.parse(await drafted(chart.path)).tables[chart.id].cells[row]?.[col];
  const before = await stored();
  const page = await tablePage(chart.path, chart.id);
  const cellSelector = `.wb-grid[data-table="${chart.id}"] button[data-row="${row}"][data-col="${col}"]`;
  const cell = page.locator(cellSelector);
  const shown = await cell.textContent();
  const editor = page.locator('.wb-cell-editor');
  const value = page.getByTestId('cell-value');
  const refusal = editor.getByRole('alert');
  const refused = (why) => `Not written to ${title}: ${rows.name} ${row} · ${columns.name} ${col}: ${why}`;
  const open = async () => {
    await cell.click();
    const gap = editor.getByRole('checkbox', { name: 'gap' });
    if (await gap.isChecked()) await gap.uncheck();
    await editor.getByLabel('Source').selectOption('table');
    await value.fill('');
  };
  await open();
  await value.pressSequentially('-1');
  await value.press('Enter');
  assert.equal(await refusal.textContent(), refused('-1 is below zero, and a number of loss points may not be'));

  // The minus deleted: the refusal goes as typed, and nothing is written before Enter.
  await value.press('Home');
  await value.press('Delete');
  assert.equal(await value.inputValue(), '1');
  await refusal.waitFor({ state: 'detached', timeout: 2_000 });
  // Refusable again: back, saying what is refused now.
  await value.press('End');
  await value.pressSequentially('.5');
  assert.equal(await refusal.textContent(), refused('1.5 is not a whole number, and a number of loss points must be'));
  await page.screenshot({ path: path.join(shots, 'workbench-refusal-as-typed.png') });
  await value.press('Backspace');
  await value.press('Backspace');
  await refusal.waitFor({ state: 'detached', timeout: 2_000 });
  assert.equal(await cell.textContent(), shown);
  assert.equal(await page.getByTestId('save-state').textContent(), 'All changes saved');
  assert.deepEqual(await stored(), before, 'nothing typed is written before Enter');

  // Escape leaves the cell as it was.
  await value.press('Escape');
  await editor.waitFor({ state: 'detached' });
  assert.equal(await cell.textContent(), shown);
  assert.deepEqual(await stored(), before);

  // Refused, corrected as typed, then Enter writes it.
  await open();
  await value.pressSequentially('-2');
  await value.press('Enter');
  assert.equal(await refusal.textContent(), refused('-2 is below zero, and a number of loss points may not be'));
  await value.press('Home');
  await value.press('Delete');
  await refusal.waitFor({ state: 'detached', timeout: 2_000 });
  await value.press('Enter');
  await page.waitForFunction((selector) => document.querySelector(selector)?.textContent === '2', cellSelector);
  await page.getByTestId('save-state').filter({ hasText: 'All changes saved' }).waitFor();
  assert.equal(await stored(), 2);
  await page.close();
  assert.deepEqual(page.problems, []);
});

test('a gap’s cell typed on, clicked or reached by the arrow keys, is filled as unticking “gap” fills it: a provisional value citing the gap’s rule, the editor saying so, “gap” bringing the gap back', { timeout: 120_000 }, async (t) => {
  const manifest = readJson('ruleset.json');
  const chart = combatChart(manifest);
  // Two gaps, one above the other, that the other tests leave alone: not in the table they edit, nor 2WW's production costs.
  const found = [manifest.documents.tables ?? []]
    .flat()
    .flatMap((docPath) => Object.entries(readJson(docPath).tables ?? {}).map(([id, table]) => ({ path: docPath, id, table })))
    .filter(({ id }) => id !== chart.id && id !== 'production-costs')
    .flatMap(({ path: docPath, id, table }) => table.rows.keys.slice(0, -1).flatMap((row, i) => table.columns.keys.map((col) => ({ path: docPath, id, row, below: table.rows.keys[i + 1], col, cells: table.cells ?? {} }))))
    .find(({ row, below, col, cells }) => typeof cells[row]?.[col]?.gap === 'string' && typeof cells[below]?.[col]?.gap === 'string');
  if (!found) return t.skip(`${RULESET}'s tables have no two gaps one above the other`);
  const { path: docPath, id, row, below, col, cells } = found;
  const filedAt = (r) => cells[r][col];
  const filled = (r, value) => ({ value, source: { kind: 'provisional', ...(filedAt(r).rule ? { rule: filedAt(r).rule } : {}) } });
  const stored = async (r) => {
    await page.getByTestId('save-state').filter({ hasText: 'All changes saved' }).waitFor();
    const draft = await callApi(studio.baseUrl, 'drafts.get', { rulesetId: RULESET, path: docPath });
    return JSON.parse(draft?.content ?? readText(docPath)).tables[id].cells[r][col];
  };
  const page = await studioPage(studio);
  await page.goto(`${studio.baseUrl}/rulesets/${RULESET}?doc=${docPath}`, { waitUntil: 'networkidle' });
  await editorReady(page);
  await openTable(page, id);
  const selectorAt = (r) => `.wb-grid[data-table="${id}"] button[data-row="${r}"][data-col="${col}"]`;
  const cell = page.locator(selectorAt(row));
  const editor = page.locator('.wb-cell-editor');
  const gap = editor.getByRole('checkbox', { name: 'gap' });
  const value = page.getByTestId('cell-value');

  // Clicked and typed into, as any cell: the typing lands in the value box, which fills the gap.
  await cell.click();
  assert.ok(await gap.isChecked());
  assert.equal(await value.getAttribute('placeholder'), 'type a value to fill it');
  await page.keyboard.type('3');
  assert.equal(await gap.isChecked(), false, 'typing unticks "gap"');
  assert.equal(await value.inputValue(), '3');
  assert.equal(await editor.getByLabel('Source').inputValue(), 'provisional');
  assert.equal(await editor.getByLabel('Rule').inputValue(), filedAt(row).rule ?? '');
  assert.match(await editor.innerText(), /fills the gap \(tick “gap” to keep it\)/);
  await page.screenshot({ path: path.join(shots, 'workbench-gap-typed.png') });
  await page.keyboard.press('Enter');
  await page.waitForFunction((selector) => document.querySelector(selector)?.textContent === '3', selectorAt(row));
  assert.match(await cell.locator('xpath=..').getAttribute('class'), /\bprov-provisional\b/);
  assert.deepEqual(await stored(row), filled(row, 3));

  // Written, the focus is back on the cell, for the arrows; a gap reached by them and typed on is filled alike.
  await page.waitForFunction((selector) => document.activeElement === document.querySelector(selector), selectorAt(row));
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction((selector) => document.activeElement === document.querySelector(selector), selectorAt(below));
  assert.ok(await gap.isChecked());
  await page.keyboard.type('4');
  assert.equal(await value.inputValue(), '4');
  assert.equal(await gap.isChecked(), false);
  await page.keyboard.press('Enter');
  await page.waitForFunction((selector) => document.querySelector(selector)?.textContent === '4', selectorAt(below));
  assert.deepEqual(await stored(below), filled(below, 4));

  // Ticked "gap" again: the gap as filed.
  await cell.click();
  await gap.check();
  assert.equal(await editor.getByLabel('What is missing').inputValue(), filedAt(row).gap);
  await page.keyboard.press('Enter');
  await page.waitForFunction((selector) => document.querySelector(selector)?.textContent === 'gap', selectorAt(row));
  assert.deepEqual(await stored(row), filedAt(row));
  await page.close();
  assert.deepEqual(page.problems, []);
});

test('as in a spreadsheet, typing on a cell after Escape edits it again, an Enter that changes nothing writes nothing, and Ctrl+Z / Ctrl+Shift+Z on the grid take back and redo an edit (2WW’s combat chart)', { timeout: 120_000 }, async (t) => {
  if (RULESET !== '2ww') return t.skip('2WW is not in rulesets/');
  const docPath = 'tables/combat-chart.json';
  // Cells the other tests leave alone: Land vs. Land, die roll 6 and 7 in the 8-11 column (a value read from an example, and a gap).
  const filed = readJson(docPath).tables['land-vs-land'].cells;
  assert.equal(filed['6']['8-11'].value, 1);
  assert.equal(typeof filed['7']['8-11'].gap, 'string');
  const draft = async () => {
    await page.getByTestId('save-state').filter({ hasText: 'All changes saved' }).waitFor();
    return callApi(studio.baseUrl, 'drafts.get', { rulesetId: RULESET, path: docPath });
  };
  const stored = async (row) => {
    const saved = await draft();
    return JSON.parse(saved?.content ?? readText(docPath)).tables['land-vs-land'].cells[row]['8-11'];
  };
  const page = await studioPage(studio);
  await page.goto(`${studio.baseUrl}/rulesets/${RULESET}?doc=${docPath}`, { waitUntil: 'networkidle' });
  await editorReady(page);
  const selectorAt = (row) => `.wb-grid[data-table="land-vs-land"] button[data-row="${row}"][data-col="8-11"]`;
  const focusedOn = (row) => page.waitForFunction((selector) => document.activeElement === document.querySelector(selector), selectorAt(row));
  const shows = (row, text) => page.waitForFunction(([selector, t]) => document.querySelector(selector)?.textContent === t, [selectorAt(row), text]);
  const cell = page.locator(selectorAt('6'));
  const editor = page.locator('.wb-cell-editor');
  const value = page.getByTestId('cell-value');

  // Each table is one stop of the Tab order, at its first cell until another is focused there.
  await page.locator('.wb-tables:not([data-checking])').waitFor({ timeout: 30_000 });
  const stops = () => page.locator('.wb-grid button[data-row]').evaluateAll((cells) => cells.filter((c) => c.tabIndex === 0).map((c) => `${c.closest('table').dataset.table} ${c.dataset.row} ${c.dataset.col}`));
  const tables = await page.locator('.wb-grid').evaluateAll((grids) => grids.map((g) => `${g.dataset.table} ${g.querySelector('button[data-row]').dataset.row} ${g.querySelector('button[data-row]').dataset.col}`));
  assert.deepEqual(await stops(), tables);
  // Typed on, left by Escape, typed on again: each time the typing opens the editor with what is typed, over the value.
  await cell.click();
  assert.ok((await stops()).includes('land-vs-land 6 8-11'), 'the cell focused is its table’s stop');
  await page.keyboard.type('3');
  assert.equal(await value.inputValue(), '3');
  for (const typed of ['4', '5']) {
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    await focusedOn('6');
    await page.keyboard.type(typed);
    assert.equal(await value.inputValue(), typed, `typed after Escape: ${typed}`);
  }
  await page.keyboard.press('Enter');
  await shows('6', '5');
  assert.deepEqual(await stored('6'), { ...filed['6']['8-11'], value: 5 });

  // Ctrl+Z on the grid takes the edit back, Ctrl+Shift+Z and Ctrl+Y make it again: the JSON editor's undo.
  await focusedOn('6');
  await page.keyboard.press('Control+z');
  await shows('6', '1');
  assert.deepEqual(await stored('6'), filed['6']['8-11']);
  await page.keyboard.press('Control+Shift+z');
  await shows('6', '5');
  await page.keyboard.press('Control+z');
  await shows('6', '1');
  await page.keyboard.press('Control+y');
  await shows('6', '5');
  assert.deepEqual(await stored('6'), { ...filed['6']['8-11'], value: 5 });
  // In the editor's value box, Ctrl+Z is the box's own: the document's edit stays.
  await page.keyboard.type('7');
  await value.press('Control+z');
  assert.equal(await cell.textContent(), '5');
  await page.keyboard.press('Escape');

  // A gap typed on and ticked "gap" again is the gap it was: Enter writes nothing (no revision), and closes as a write does.
  const before = await draft();
  await page.locator(selectorAt('7')).click();
  await page.keyboard.type('3');
  await editor.getByRole('checkbox', { name: 'gap' }).check();
  await editor.getByLabel('What is missing').press('Enter');
  await focusedOn('7');
  assert.equal(await editor.getByRole('checkbox', { name: 'gap' }).isChecked(), true);
  assert.equal(await page.locator(selectorAt('7')).textContent(), 'gap');
  assert.equal(await page.getByTestId('save-state').textContent(), 'All changes saved');
  const after = await draft();
  assert.equal(after?.revision, before?.revision, 'no new revision');
  assert.equal(after?.content, before?.content);
  // The editor as after a write: typing on the cell goes to its value box.
  await page.keyboard.type('2');
  assert.equal(await value.inputValue(), '2');
  await page.close();
  assert.deepEqual(page.problems, []);
});

test('while a document cannot be read, an amount no amount may be is written, as the checks wait too, and outlined once it can be read', { timeout: 120_000 }, async () => {
  const manifest = readJson('ruleset.json');
  const unitsPath = [manifest.documents.units].flat()[0];
  const chart = combatChart(manifest);
  // A cell the other tests leave alone: the table's last row, first column.
  const { rows, columns } = readJson(chart.path).tables[chart.id];
  const [row, col] = [rows.keys.at(-1), columns.keys[0]];
  const stored = async () => JSON.parse(await drafted(chart.path)).tables[chart.id].cells[row]?.[col];
  const unitsText = await drafted(unitsPath);
  const typeId = Object.keys(JSON.parse(unitsText).unitTypes)[0];
  const name = locate(unitsText, ['unitTypes', typeId, 'name']);
  const nameText = JSON.stringify(JSON.parse(unitsText).unitTypes[typeId].name);
  const page = await studioPage(studio);
  await page.goto(`${studio.baseUrl}/rulesets/${RULESET}?doc=${unitsPath}`, { waitUntil: 'networkidle' });
  await editorReady(page);
  await replaceAt(page, { ...name, length: nameText.length }, `${nameText} ${nameText}`);
  const unreadable = page.locator('.wb-head .meta', { hasText: 'which cannot be read' });
  await unreadable.waitFor({ timeout: 30_000 });

  const grid = page.locator(`.wb-grid[data-table="${chart.id}"]`);
  const cell = grid.locator(`button[data-row="${row}"][data-col="${col}"]`);
  const editor = page.locator('.wb-cell-editor');
  const showChart = async () => {
    await page.locator(`.wb-tree button[data-path="${chart.path}"]`).click();
    await openTable(page, chart.id);
  };
  const write = async (value) => {
    await cell.click();
    const gap = editor.getByRole('checkbox', { name: 'gap' });
    if (await gap.isChecked()) await gap.uncheck();
    await editor.getByLabel('Source').selectOption('table');
    await page.getByTestId('cell-value').fill(value);
    await page.getByTestId('cell-value').press('Enter');
  };
  await showChart();
  await write('-1');
  await page.waitForFunction((selector) => document.querySelector(selector)?.textContent === '-1', `.wb-grid[data-table="${chart.id}"] button[data-row="${row}"][data-col="${col}"]`);
  assert.equal(await editor.locator('[role="alert"]').count(), 0);
  await page.getByTestId('save-state').filter({ hasText: 'All changes saved' }).waitFor();
  assert.equal(await stored(), -1);

  // Readable again, the checks outline the cell, their finding in its editor.
  await page.locator(`.wb-tree button[data-path="${unitsPath}"]`).click();
  await editorReady(page);
  await replaceAt(page, { ...name, length: nameText.length * 2 + 1 }, nameText);
  await unreadable.waitFor({ state: 'detached', timeout: 30_000 });
  await showChart();
  await grid.locator(`td.flagged-error button[data-row="${row}"][data-col="${col}"]`).waitFor({ timeout: 30_000 });
  await cell.click();
  assert.match(await editor.locator('.wb-finding.error').textContent(), /-1 is below zero, and a number of loss points may not be/);
  await write('7');
  await grid.locator(`td.flagged-error button[data-row="${row}"][data-col="${col}"]`).waitFor({ state: 'detached' });
  await page.getByTestId('save-state').filter({ hasText: 'All changes saved' }).waitFor();
  assert.equal(await stored(), 7);
  await page.close();
  assert.deepEqual(page.problems, []);
});

test('a save against a stale revision shows both versions and overwrites nothing', { timeout: 90_000 }, async () => {
  const page = await studioPage(studio);
  const docPath = 'ruleset.json';
  await page.goto(`${studio.baseUrl}/rulesets/${RULESET}?doc=${docPath}`, { waitUntil: 'networkidle' });
  await editorReady(page);

  // Someone else saves a revision after the page loaded.
  const stored = await callApi(studio.baseUrl, 'drafts.get', { rulesetId: RULESET, path: docPath });
  const theirs = `${stored?.content ?? readText(docPath)}\n`;
  await callApi(studio.baseUrl, 'drafts.save', { rulesetId: RULESET, path: docPath, baseRevision: stored?.revision ?? 0, content: theirs }, { mutation: true });

  await page.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.insertText('\n\n');
  await page.keyboard.press('Control+s');
  const conflict = page.locator('.wb-conflict');
  await conflict.waitFor();
  assert.match(await conflict.textContent(), /was saved elsewhere/);
  await page.locator('.wb-conflict .monaco-diff-editor').waitFor();
  await page.screenshot({ path: path.join(shots, 'workbench-conflict.png') });
  const after = await callApi(studio.baseUrl, 'drafts.get', { rulesetId: RULESET, path: docPath });
  assert.equal(after.content, theirs, 'the other save is untouched');

  await page.getByRole('button', { name: /Keep mine/ }).click();
  await page.getByTestId('save-state').filter({ hasText: 'All changes saved' }).waitFor();
  const kept = await callApi(studio.baseUrl, 'drafts.get', { rulesetId: RULESET, path: docPath });
  assert.equal(kept.revision, after.revision + 1);
  assert.ok(kept.content.endsWith('\n\n'), 'mine is the newest revision; theirs stays in the history');
  await page.close();
  // The refused save is a 409 response, which the browser logs; nothing else may be.
  assert.deepEqual(page.problems.filter((e) => !e.includes('status of 409')), [], 'console errors or requests to other hosts');
});

test('edits of the resolved ruleset for errata are kept safe: unsaved in the header, problems listed, leaving asks', { timeout: 120_000 }, async () => {
  const page = await studioPage(studio);
  // While the patch sets are read, the view says so rather than showing none under its heading.
  const answer = await holdAnswers(page, 'authoring.patchSets');
  await page.goto(`${studio.baseUrl}/rulesets/${RULESET}?view=errata`);
  await page.locator('.wb-errata .wb-note', { hasText: 'Reading the patch sets' }).waitFor({ timeout: 30_000 });
  answer();
  await page.locator('.wb-errata .wb-note', { hasText: 'Reading the patch sets' }).waitFor({ state: 'detached' });
  await page.unrouteAll();
  await page.getByRole('button', { name: 'Edit the resolved ruleset' }).click();
  const resolved = page.locator('.wb-resolved-editor .monaco-editor .view-lines');
  await resolved.waitFor({ timeout: 30_000 });
  const saveState = page.getByTestId('save-state');
  assert.equal(await saveState.textContent(), 'All changes saved', 'nothing edited yet');

  // A key the schema does not allow, typed on line 2: the header no longer claims all is saved, the editor marks
  // it, and the problems list names it there, counted with the rest.
  await resolved.click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('End');
  assert.equal(await page.locator('.wb-resolved-editor .squiggly-error').count(), 0, 'the resolved ruleset as it is has no problem');
  await page.keyboard.insertText('\n"errata-draft": 1,');
  await saveState.filter({ hasText: /^Unsaved changes in the resolved ruleset/ }).waitFor();
  // Long as it is, it stops short of the buttons beside it, whole on hover.
  const { drawnTo, buttonsFrom } = await saveState.evaluate((e) => {
    const box = e.getBoundingClientRect();
    // Text a box does not clip is drawn past it.
    const drawnTo = getComputedStyle(e).overflow === 'hidden' ? box.right : box.left + e.scrollWidth;
    return { drawnTo, buttonsFrom: e.nextElementSibling.getBoundingClientRect().left };
  });
  assert.ok(drawnTo <= buttonsFrom, `the save state's text (to ${drawnTo}) runs under the buttons from ${buttonsFrom}`);
  assert.match(await saveState.getAttribute('title'), /^Unsaved changes in the resolved ruleset \(save it as/);
  await page.locator('.wb-problems li[data-code="unknown-key"]', { hasText: `${RULESET}/resolved ruleset:2:` }).waitFor({ timeout: 10_000 });
  await page.locator('.wb-resolved-editor .squiggly-error').first().waitFor({ timeout: 10_000 });
  assert.match(await page.locator('.wb-problems h3').textContent(), /[1-9]\d* errors?/);

  // Its value taken out, a syntax error there: the problems list names that instead.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Backspace');
  const problem = page.locator('.wb-problems li[data-code="json-syntax"]', { hasText: `${RULESET}/resolved ruleset:2:` });
  await problem.waitFor({ timeout: 10_000 });
  assert.match(await page.locator('.wb-problems h3').textContent(), /[1-9]\d* errors?/);
  await page.screenshot({ path: path.join(shots, 'workbench-resolved-unsaved.png') });

  // Another document opened and the problem clicked: the edit is as it was left, the cursor on the error.
  await page.locator('.wb-tree button[data-path="ruleset.json"]').click();
  await page.locator('.wb-doc-bar strong', { hasText: 'ruleset.json' }).waitFor();
  await problem.locator('button').click();
  await resolved.waitFor();
  assert.match((await resolved.textContent()).replace(/\u00a0/g, ' '), /"errata-draft": ,/);
  await page.waitForFunction(() => document.querySelector('.wb-resolved-editor .monaco-editor .active-line-number')?.textContent === '2');

  // Leaving the page (a reload) asks first, as with a document's unsaved text; staying keeps the edit.
  const dialogs = [];
  page.on('dialog', (d) => {
    dialogs.push(d.type());
    void d.dismiss();
  });
  const reload = () => page.evaluate(() => void setTimeout(() => location.reload(), 0));
  const asked = page.waitForEvent('dialog', { timeout: 10_000 });
  await reload();
  await asked;
  assert.deepEqual(dialogs, ['beforeunload'], 'the browser asks before the edit is lost');
  assert.match((await resolved.textContent()).replace(/\u00a0/g, ' '), /"errata-draft": ,/, 'and the edit stays when the designer says no');
  // So does a link of the studio's own to another page (the header's), which changes page without unloading it.
  const confirmed = page.waitForEvent('dialog', { timeout: 10_000 });
  await page.getByRole('link', { name: 'Sandtable' }).click();
  assert.equal((await confirmed).message(), 'You have unsaved changes on this page. Leave it and lose them?');
  assert.deepEqual(dialogs, ['beforeunload', 'confirm']);
  assert.equal(new URL(page.url()).pathname, `/rulesets/${RULESET}`, 'staying on the page');
  assert.match((await resolved.textContent()).replace(/\u00a0/g, ' '), /"errata-draft": ,/, 'with the edit');

  // Discarding asks in the studio's modal dialog (cancel focused first), naming what is lost; Escape keeps the edit.
  const discard = page.getByRole('button', { name: 'discard', exact: true });
  await discard.click();
  const confirm = page.getByRole('dialog', { name: 'Discard the edits of the resolved ruleset' });
  await confirm.waitFor();
  assert.equal(await confirm.getAttribute('aria-modal'), 'true');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'cancel');
  assert.match(await confirm.innerText(), new RegExp(`Discard your edits of the resolved ruleset of ${RULESET}\\? They are saved nowhere, neither as an erratum nor as a draft: they are lost, and no document changes\\.`));
  await page.screenshot({ path: path.join(shots, 'workbench-resolved-discard.png') });
  await page.keyboard.press('Escape');
  await confirm.waitFor({ state: 'detached' });
  assert.match((await resolved.textContent()).replace(/\u00a0/g, ' '), /"errata-draft": ,/, 'Escape keeps the edit');
  // Discarded once confirmed, nothing is left unsaved: no problem, no question on leaving.
  await discard.click();
  await confirm.getByRole('button', { name: 'Discard the edits' }).click();
  await saveState.filter({ hasText: /^All changes saved$/ }).waitFor();
  assert.equal(await problem.count(), 0);
  await Promise.all([page.waitForEvent('load'), reload()]);
  assert.deepEqual(dialogs, ['beforeunload', 'confirm'], 'no confirm() of the browser for discarding, and no question on leaving once the edit is discarded');
  await page.close();
  assert.deepEqual(page.problems, [], 'console errors or requests to other hosts');
});

test('a draft is discarded back to the published file, the draft kept in the history, which starts with the file', { timeout: 120_000 }, async () => {
  const page = await studioPage(studio);
  const manifest = readJson('ruleset.json');
  const docPath = [manifest.documents.victory ?? manifest.documents.units].flat()[0];
  const file = readText(docPath);
  await page.goto(`${studio.baseUrl}/rulesets/${RULESET}?doc=${docPath}`, { waitUntil: 'networkidle' });
  await editorReady(page);
  const bar = page.locator('.wb-doc-bar');
  assert.equal(await bar.getByRole('button', { name: 'Discard draft' }).count(), 0, 'nothing to discard while the document is its file');

  // A draft that differs from the file.
  await page.locator('.wb-code .monaco-editor .view-lines').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.insertText('\n');
  await page.getByTestId('save-state').filter({ hasText: 'All changes saved' }).waitFor({ timeout: 15_000 });
  await bar.filter({ hasText: /draft revision \d+ saved .*not published/ }).waitFor();
  const drafted = await callApi(studio.baseUrl, 'drafts.get', { rulesetId: RULESET, path: docPath });
  assert.equal(drafted.content, `${file}\n`);

  // Discarded, once confirmed: the file is the next revision and nothing is left to publish.
  await bar.getByRole('button', { name: 'Discard draft' }).click();
  const asked = page.getByRole('dialog', { name: 'Discard draft' });
  assert.match(await asked.innerText(), new RegExp(`Take ${docPath.replace('.', '\\.')} back to its published file, .* as it is now\\? Its draft \\(revision ${drafted.revision}\\) stays in the history`));
  await asked.getByRole('button', { name: `Discard the draft of ${docPath}` }).click();
  await bar.filter({ hasText: `draft revision ${drafted.revision + 1} saved` }).filter({ hasText: 'same as the file' }).waitFor({ timeout: 15_000 });
  const back = await callApi(studio.baseUrl, 'drafts.get', { rulesetId: RULESET, path: docPath });
  assert.deepEqual({ revision: back.revision, content: back.content }, { revision: drafted.revision + 1, content: file });
  assert.equal(await bar.getByRole('button', { name: 'Discard draft' }).count(), 0);

  // The history starts with the published file, then every revision, the discarded draft among them.
  await bar.getByRole('button', { name: 'history' }).click();
  const entries = page.locator('.wb-revisions li');
  await entries.nth(1).waitFor();
  assert.match(await entries.first().textContent(), /^published file .*same as the text now/);
  assert.deepEqual(
    (await entries.allTextContents()).slice(1).map((t) => /^revision (\d+)/.exec(t)?.[1]),
    Array.from({ length: drafted.revision + 1 }, (_, i) => String(drafted.revision + 1 - i)),
  );
  await entries.first().getByRole('button', { name: 'published file' }).click();
  await page.getByRole('button', { name: 'Restore the published file (saved as a new revision)' }).waitFor();
  await page.screenshot({ path: path.join(shots, 'workbench-discarded.png') });

  // Reloaded, the document is its file.
  await page.reload({ waitUntil: 'networkidle' });
  await editorReady(page);
  await bar.filter({ hasText: 'same as the file' }).waitFor();
  await page.close();
  assert.deepEqual(page.problems, [], 'console errors or requests to other hosts');
});

test('the turn sequence reads as its phases and steps: who acts, what each runs, when it is skipped, its rule', { timeout: 90_000 }, async () => {
  const manifest = readJson('ruleset.json');
  const docPath = [manifest.documents.sequence].flat()[0];
  const [phase] = readJson(docPath).sequence.phases;
  const page = await studioPage(studio);
  await page.goto(`${studio.baseUrl}/rulesets/${RULESET}?doc=${encodeURIComponent(docPath)}`, { waitUntil: 'networkidle' });
  const view = page.locator('.wb-readable');
  await view.waitFor({ timeout: 30_000 });
  const first = view.locator('li.wb-sentence').first();
  assert.match(await first.innerText(), new RegExp(`^${phase.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  assert.equal(await first.locator(':scope > ol > li.wb-sentence').count(), phase.steps?.length ?? 0, 'its steps, in order');
  if (phase.skip) assert.match(await first.innerText(), /Skipped when /);
  // The JSON link shows the phase in the editor.
  await first.getByRole('button', { name: 'JSON' }).first().click();
  await page.waitForFunction(() => Number(document.querySelector('.monaco-editor .active-line-number')?.textContent) > 1);
  await page.close();
  assert.deepEqual(page.problems, [], 'console errors or requests to other hosts');
});

test('a document the manifest lists before it is written says so, and starts from a skeleton of its kind', { timeout: 90_000 }, async () => {
  // A new ruleset from the template, its manifest listing a sequence whose file is not written (taken away here).
  await callApi(studio.baseUrl, 'authoring.createRuleset', { id: 'a-and-a', title: 'Axis & Allies' }, { mutation: true });
  fs.rmSync(path.join(studio.rulesetsDir, 'a-and-a', 'sequence.json'));

  const page = await studioPage(studio);
  await page.goto(`${studio.baseUrl}/rulesets/a-and-a?doc=sequence.json`, { waitUntil: 'networkidle' });
  const empty = page.getByTestId('empty-document');
  await empty.waitFor({ timeout: 30_000 });
  assert.equal(await empty.innerText(), 'sequence.json does not exist yet: start it from a skeleton. Start from a skeleton');
  await waitForProblem(page, 'missing-document', 'sequence.json');
  // Nothing meant for a written document, or for another kind's view.
  const special = await page.locator('.wb-doc').innerText();
  assert.doesNotMatch(special, /Open the Map|syntax error/);

  await empty.getByRole('button', { name: 'Start from a skeleton' }).click();
  await page.locator('.wb-readable li.wb-sentence', { hasText: 'Turn' }).first().waitFor({ timeout: 10_000 });
  assert.match(await page.locator('.wb-doc-bar .wb-bar-hint').innerText(), /skip condition names/);
  // The skeleton stands for the document: it is no longer missing, and the skeleton is valid.
  await page.waitForFunction(() => !document.querySelector('.wb-problems li[data-code="missing-document"]'), undefined, { timeout: 10_000 });
  assert.deepEqual((await problems(page)).filter((p) => p.includes('sequence.json')), []);
  await page.close();
  assert.deepEqual(page.problems, [], 'console errors or requests to other hosts');
});

test("the scenario map pane on an area map says it draws hex maps only, and lists the setup's units without asking to drag them", { timeout: 90_000 }, async () => {
  // The Axis & Allies sketch, an area game, served beside the others.
  fs.cpSync(path.join(projectDir, 'tests', 'fixtures', 'sketches', 'aa-global-1940'), path.join(studio.rulesetsDir, 'aa-global-1940'), { recursive: true });
  const page = await studioPage(studio);
  await page.goto(`${studio.baseUrl}/rulesets/aa-global-1940?doc=setup.json&map=`, { waitUntil: 'networkidle' });
  const pane = page.getByRole('region', { name: 'Scenario map' });
  await pane.getByTestId('area-map-note').waitFor({ timeout: 30_000 });
  assert.match(await pane.getByTestId('area-map-note').innerText(), /draws hex maps only, and this ruleset’s map is an area map/);
  assert.match(await pane.locator('.wb-map-head .meta').innerText(), /^\d+ placements, listed below by where they start\.$/);
  assert.ok((await pane.locator('.wb-tray .play-counter').count()) > 0, 'the units are listed');
  // Grouped by where they start, named as the map names the area.
  const titles = await pane.locator('.wb-tray-title').allInnerTexts();
  assert.ok(titles.includes('At United Kingdom'), titles.join(' | '));
  assert.ok(!titles.some((t) => t.includes('area:')), titles.join(' | '));
  assert.doesNotMatch(await pane.innerText(), /Drag|hex grid with a stated orientation/);
  await page.close();
  assert.deepEqual(page.problems, [], 'console errors (the hex map is not asked for) or requests to other hosts');
});

test('the header keeps its buttons on one line from 1280 px wide, and below wraps them under the title', { timeout: 90_000 }, async () => {
  const page = await studioPage(studio);
  await page.goto(`${studio.baseUrl}/rulesets/${RULESET}`, { waitUntil: 'networkidle' });
  await editorReady(page);
  // The counts are in the header by now; lengthened as a busy ruleset's is (a variant's errors, playtest notes),
  // it wrapped the buttons at 1500 px.
  const meta = page.locator('.wb-head .meta', { hasText: /\d+ gaps?/ });
  await meta.waitFor({ timeout: 30_000 });
  await meta.evaluate((m) => m.append(' · with these texts, variant The Big One has 12 errors · 14 playtest notes'));
  const buttons = page.locator('.wb-head .wb-actions > *');
  // On one line, every control begins above where each other ends (a select and a button differ in height).
  const oneLine = () => buttons.evaluateAll((els) => {
    const boxes = els.map((e) => e.getBoundingClientRect());
    return Math.max(...boxes.map((b) => b.top)) < Math.min(...boxes.map((b) => b.bottom));
  });
  for (const width of [1280, 1500, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    assert.ok(await oneLine(), `one line of buttons at ${width} px`);
    const launch = await page.getByRole('button', { name: 'Launch test game' }).boundingBox();
    assert.ok(launch.x + launch.width <= width, `Launch test game is in view at ${width} px`);
  }
  // Narrower, nothing runs off the page.
  await page.setViewportSize({ width: 800, height: 900 });
  const launch = await page.getByRole('button', { name: 'Launch test game' }).boundingBox();
  assert.ok(launch.x + launch.width <= 800, 'Launch test game is in view at 800 px');
  await page.close();
  assert.deepEqual(page.problems, [], 'console errors or requests to other hosts');
});


async function editorReady(page) {
  await page.locator('.monaco-editor .view-lines').first().waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => !document.querySelector('.wb-problems h3')?.textContent?.includes('checking'));
}

/** The problems list as text, one entry per line. */
async function problems(page) {
  return page.locator('.wb-problems li').allTextContents();
}

async function waitForProblem(page, code, where) {
  const item = page.locator(`.wb-problems li[data-code="${code}"]`, { hasText: where });
  await item.first().waitFor({ timeout: 10_000 });
  return { message: await item.first().locator('span').last().textContent() };
}

/** Holds the studio's answers to a tRPC procedure until the function returned is called: what the page shows meanwhile. */
async function holdAnswers(page, procedure) {
  let release;
  const released = new Promise((resolve) => (release = resolve));
  await page.route(`**/api/trpc/${procedure}*`, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Puts the cursor at a 1-based line and column with Go to Line. */
async function goTo(page, line, column) {
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+g');
  await page.keyboard.type(`${line}:${column}`);
  await page.keyboard.press('Enter');
}

/** Deletes `length` characters at a 1-based line and column and types `text` there. */
async function replaceAt(page, { line, column, length }, text) {
  await goTo(page, line, column);
  for (let i = 0; i < length; i++) await page.keyboard.press('Shift+ArrowRight');
  // Deleted first: typing a quote over a selection would wrap it in quotes instead.
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text);
}

/** Hovers a token of the line holding `lineText` and returns the hover's text once it shows `expected` (by default, a server marker). */
async function hoverToken(page, lineText, token, expected = 'sandtable') {
  const line = page.locator('.monaco-editor .view-line').filter({ hasText: lineText });
  const hover = page.locator('.monaco-hover').filter({ hasText: expected });
  // Monaco shows a hover for a pointer that rests; on a loaded machine one may be missed, so the pointer
  // leaves and comes back, as a person's would, before the test gives up.
  for (let attempt = 1; ; attempt++) {
    await page.mouse.move(0, 0);
    await line.locator('span span').filter({ hasText: token }).first().hover();
    try {
      await hover.first().waitFor({ timeout: 10_000 });
      break;
    } catch (e) {
      if (attempt === 3) throw e;
    }
  }
  const text = await hover.first().textContent();
  await page.mouse.move(0, 0);
  return text;
}

/** Screenshots of the other views, each checked for its content first. */
/** Asks Monaco for completions until one offers `label`: under load, the JSON worker may answer the first request before it has the edit. */
async function suggests(page, label) {
  const row = page.locator('.suggest-widget .monaco-list-row', { hasText: label }).first();
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Control+Space');
    try {
      return await row.waitFor({ timeout: 10_000 });
    } catch (e) {
      if (attempt === 3) throw e;
      await page.keyboard.press('Escape');
    }
  }
}

async function screenshotViews(page, manifest) {
  const views = [
    ['victory', '.wb-readable .wb-sentence'],
    ['rules', '.wb-readable'],
    ['setup', '.wb-scenario'],
  ];
  for (const [kind, ready] of views) {
    const docPath = [manifest.documents[kind] ?? []].flat()[0];
    if (!docPath) continue;
    await page.locator(`.wb-tree button[data-path="${docPath}"]`).click();
    await page.locator(ready).first().waitFor();
    await page.screenshot({ path: path.join(shots, `workbench-${kind}.png`) });
  }
  await page.getByRole('button', { name: 'Errata and variants' }).click();
  await page.locator('.wb-patchset, .wb-errata .wb-note').first().waitFor();
  const show = page.getByRole('button', { name: /^Show diff/ }).first();
  if (await show.count()) {
    await show.click();
    await page.locator('.wb-patchset .monaco-diff-editor').waitFor();
    await page.locator('.wb-patchset .monaco-diff-editor').scrollIntoViewIfNeeded();
  }
  await page.screenshot({ path: path.join(shots, 'workbench-errata.png') });
}

/** Shows the grid of a table: its tab, when the document has several charts or tables. */
async function openTable(page, id) {
  // Its grids write nothing until the ruleset's checks are read.
  await page.locator('.wb-tables:not([data-checking])').waitFor({ timeout: 30_000 });
  const tab = page.locator(`.wb-tabs [role="tab"][data-tables~="${id}"]`);
  if (await tab.count()) await tab.click();
}

/** The first table of a combat chart (by chart, id or title), and a cell of it to change. */
function combatChart(manifest) {
  const candidates = [manifest.documents.tables ?? []].flat().flatMap((docPath) => {
    return Object.entries(readJson(docPath).tables ?? {}).map(([id, t]) => ({ path: docPath, id, table: t }));
  });
  const chosen = candidates.find(({ id, table }) => /combat|fire/i.test(`${table.chart} ${id} ${table.title}`)) ?? candidates[0];
  assert.ok(chosen, `${RULESET} has no tables`);
  const row = chosen.table.rows.keys[0];
  const col = chosen.table.columns.keys[0];
  return { path: chosen.path, id: chosen.id, row, col, value: chosen.table.cells?.[row]?.[col] === 97 ? '98' : '97' };
}

const readText = (docPath) => fs.readFileSync(path.join(studio.rulesetsDir, RULESET, docPath), 'utf8');
const readJson = (docPath) => JSON.parse(readText(docPath));
/** A document as drafted: its latest draft, else its file. */
const drafted = async (docPath) => (await callApi(studio.baseUrl, 'drafts.get', { rulesetId: RULESET, path: docPath }))?.content ?? readText(docPath);

/** A page on a tables document, one of its tables shown in the grid. */
async function tablePage(docPath, table) {
  const page = await studioPage(studio);
  await page.goto(`${studio.baseUrl}/rulesets/${RULESET}?doc=${docPath}`, { waitUntil: 'networkidle' });
  await editorReady(page);
  await openTable(page, table);
  return page;
}

