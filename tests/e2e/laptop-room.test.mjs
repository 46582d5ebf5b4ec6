// The workbench at a laptop's 1280x720: the document keeps the room (the Problems list as tall as its entries, a
// view's note one line of the document's bar), and a table's cell editor covers no row and moves none as a refusal
// comes. On the bundled rulesets, nothing written.
// Needs `next build` first (bin/test.sh does it).
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { bundled, bundledHas, shots, studioForTests, studioPage } from './studio.mjs';

const present = bundledHas('2ww') && bundledHas('the-big-one');
const studio = studioForTests({ rulesetsDir: bundled }, { when: present });
const LAPTOP = { width: 1280, height: 720 };
/** A page at a laptop's size on a document of a bundled ruleset's workbench. */
async function laptopPage(ruleset, doc) {
  const page = await studioPage(studio, LAPTOP);
  await page.goto(`${studio.baseUrl}/rulesets/${ruleset}?doc=${doc}`, { waitUntil: 'networkidle' });
  return page;
}
const rect = (locator) => locator.evaluate((e) => JSON.parse(JSON.stringify(e.getBoundingClientRect())));
/** Whether two boxes share any area. */
const overlap = (a, b) => a.top < b.bottom && b.top < a.bottom && a.left < b.right && b.left < a.right;
const checked = (page) => page.waitForFunction(() => /Problems \d/.test(document.querySelector('.wb-problems h3')?.textContent ?? '') && !document.querySelector('.wb-problems h3').textContent.includes('checking'));

test('at 1280x720 the rules document has the room: the Problems list as tall as its entries, folding to its counts, and the Map hint one line of the bar', { timeout: 120_000 }, async (t) => {
  if (!present) return t.skip('no 2ww or the-big-one in rulesets/');
  const page = await laptopPage('2ww', 'rules.json');
  const view = page.locator('.wb-special-rules');
  await view.locator('.wb-sentence').first().waitFor({ timeout: 30_000 });
  await checked(page);

  // 2WW's Problems list holds a few info lines: no taller than they are, and the document has what it leaves.
  const problems = page.locator('.wb-problems');
  const entries = await problems.locator('li').count();
  assert.ok(entries > 0 && entries <= 4, `2WW has a few problems (${entries})`);
  const list = await problems.evaluate((e) => ({ height: e.getBoundingClientRect().height, room: e.getBoundingClientRect().bottom - e.lastElementChild.getBoundingClientRect().bottom }));
  assert.ok(list.room < 8, `${list.room} px of empty room below the last entry`);
  assert.ok(list.height < 140, `the list of ${entries} is ${list.height} px`);
  const doc = await rect(page.locator('.wb-doc'));
  assert.ok(doc.height >= 460, `the document pane is ${doc.height} px of 720`);
  const pane = await rect(view);
  assert.ok(pane.height >= 250, `the Rules view is ${pane.height} px`);

  // The Map hint is one line at the end of the document's bar, not a block over the view: the sections bar is its top.
  const bar = page.locator('.wb-doc-bar');
  assert.match(await bar.locator('.wb-bar-hint').innerText(), /^Open the Map to see what a trigger’s condition names/);
  assert.ok((await rect(bar)).height < 40, 'the bar stays one line');
  assert.equal(await view.evaluate((e) => e.firstElementChild.firstElementChild?.className), 'wb-sections', 'the view opens on its sections');

  // Folded, the list leaves its heading and counts; unfolded, its entries are back.
  const heading = await problems.locator('h3').innerText();
  const fold = problems.getByRole('button', { name: 'hide the list' });
  assert.equal(await fold.getAttribute('aria-expanded'), 'true');
  await fold.click();
  const unfold = problems.getByRole('button', { name: 'show the list' });
  assert.equal(await unfold.getAttribute('aria-expanded'), 'false');
  assert.equal(await problems.locator('li').first().isVisible(), false);
  assert.equal((await problems.locator('h3').innerText()).replace('show the list', ''), heading.replace('hide the list', ''), 'the counts stay in sight');
  assert.ok((await rect(problems)).height < 40, 'folded to one line');
  await page.screenshot({ path: path.join(shots, 'laptop-rules-folded.png') });
  // Folded it stays, after a reload too, until unfolded.
  await page.reload({ waitUntil: 'networkidle' });
  await unfold.waitFor({ timeout: 30_000 });
  assert.equal(await problems.locator('li').first().isVisible(), false);
  await unfold.click();
  await page.reload({ waitUntil: 'networkidle' });
  await fold.waitFor({ timeout: 30_000 });
  assert.ok(await problems.locator('li').first().isVisible());

  // A ruleset with no problem at all: the list is its one line of counts.
  await page.goto(`${studio.baseUrl}/rulesets/the-big-one?view=rules`, { waitUntil: 'networkidle' });
  await page.locator('.wb-special-resolved .wb-sentence').first().waitFor({ timeout: 30_000 });
  await checked(page);
  assert.equal(await problems.locator('li').count(), 0);
  assert.ok((await rect(problems)).height < 40, 'no problems: one line');
  // The resolved rules' note is one line of their bar too.
  assert.ok((await rect(page.locator('.wb-doc-bar'))).height < 40);
  await page.screenshot({ path: path.join(shots, 'laptop-resolved-rules.png') });
  await page.close();
  assert.deepEqual(page.problems, [], 'console errors or requests to other hosts');
});

test('at 1280x720 the cell editor covers no row of the grid, and a refusal moves no row', { timeout: 120_000 }, async (t) => {
  if (!present) return t.skip('no 2ww or the-big-one in rulesets/');
  const page = await laptopPage('2ww', 'tables/combat-chart.json');
  const grids = page.locator('.wb-grid');
  await grids.first().waitFor({ timeout: 30_000 });
  const scroller = page.locator('.wb-tables-scroll');
  const editor = page.locator('.wb-cell-editor');
  /** The first row of the nth table scrolled to the top of the grids' pane. */
  const scrollTo = (n) => scroller.evaluate((e, i) => (e.scrollTop += e.querySelectorAll('.wb-grid')[i].getBoundingClientRect().top - e.getBoundingClientRect().top), n);
  const firstRow = (n) => grids.nth(n).locator('tbody tr').first();

  // A cell of the first row, whose editor opens: the cell stays in sight, above the editor.
  const cell = firstRow(0).locator('button[data-row]').first();
  await cell.click();
  await editor.waitFor();
  assert.ok(!overlap(await rect(cell), await rect(editor)), 'the editor is not over the cell it edits');
  const gap = editor.getByRole('checkbox', { name: 'gap' });
  if (await gap.isChecked()) await gap.uncheck();
  await editor.getByLabel('Source').selectOption('table');

  // Scrolled to the top of a table, its header and first row are not under the editor.
  const count = await grids.count();
  for (let n = 0; n < count; n++) {
    await scrollTo(n);
    const row = await rect(firstRow(n));
    const pane = await rect(scroller);
    assert.ok(row.bottom <= pane.bottom && !overlap(row, await rect(editor)), `table ${n + 1}'s first row is in sight, clear of the editor`);
  }

  // A refusal said moves no row: the edited cell where it was, held in sight, the editor still clear of it.
  // The first table at the pane's top, its first row just under its heads.
  await scrollTo(0);
  const before = await rect(cell);
  await page.getByTestId('cell-value').fill('-1');
  await page.getByTestId('cell-value').press('Enter');
  await editor.getByRole('alert').waitFor();
  assert.equal((await rect(cell)).top, before.top, 'the grid did not move');
  assert.ok(!overlap(await rect(cell), await rect(editor)));
  await page.screenshot({ path: path.join(shots, 'laptop-cell-refused.png') });
  // Nor does the refusal going.
  await page.getByTestId('cell-value').fill('1');
  await editor.getByRole('alert').waitFor({ state: 'detached' });
  assert.equal((await rect(cell)).top, before.top);

  // The cell at the foot of the pane as its editor grows: scrolled only as far as keeps it above the editor.
  await page.keyboard.press('Escape');
  await scrollTo(0);
  const pane = await rect(scroller);
  const low = grids.first().locator('tbody tr').filter({ has: page.locator('button[data-row]') });
  const rows = await low.count();
  let last;
  for (let i = 0; i < rows; i++) if ((await rect(low.nth(i))).bottom <= pane.bottom) last = low.nth(i).locator('button[data-row]').first();
  await last.click();
  await page.getByTestId('cell-value').fill('-1');
  await page.getByTestId('cell-value').press('Enter');
  await editor.getByRole('alert').waitFor();
  // The pane is scrolled once it has shrunk (a resize observed after the refusal is drawn): a moment is allowed.
  const inSight = async () => {
    const held = await rect(last);
    return held.top >= (await rect(scroller)).top && !overlap(held, await rect(editor));
  };
  for (let tries = 0; tries < 20 && !(await inSight()); tries++) await page.waitForTimeout(100);
  assert.ok(await inSight(), 'the cell edited stays in sight above the editor');

  // The grids scrolled away from the cell edited, the Problems list folded and unfolded: they stay where they were scrolled.
  await scrollTo(1);
  const scrolled = await scroller.evaluate((e) => e.scrollTop);
  await page.getByRole('button', { name: 'hide the list' }).click();
  await page.getByRole('button', { name: 'show the list' }).click();
  await page.waitForTimeout(300);
  assert.equal(await scroller.evaluate((e) => e.scrollTop), scrolled, 'folding the Problems list leaves the grids as scrolled');

  // A cell written: the header's counts are made again, and the header keeps its height meanwhile (the page does not jump).
  await page.evaluate(() => {
    const head = document.querySelector('.wb-head');
    window.headHeights = [head.offsetHeight];
    new MutationObserver(() => window.headHeights.push(head.offsetHeight)).observe(head, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  // A cell the other tests leave alone: the second table's first row, last column.
  await scrollTo(1);
  await grids.nth(1).locator('tbody tr').first().locator('button[data-row]').last().click();
  await page.getByTestId('cell-value').fill('2');
  await page.getByTestId('cell-value').press('Enter');
  await page.getByTestId('save-state').filter({ hasText: 'All changes saved' }).waitFor();
  await page.waitForFunction(() => !document.querySelector('.wb-head [aria-busy]'));
  const heights = await page.evaluate(() => window.headHeights);
  assert.ok(heights.length > 1 && new Set(heights).size === 1, `the header stayed ${heights[0]} px tall: ${heights.join(', ')}`);
  await page.close();
  assert.deepEqual(page.problems, [], 'console errors or requests to other hosts');
});

test('at 1280x720 a table taller than the pane keeps its column heads in sight, and the arrows bring no cell under them', { timeout: 120_000 }, async (t) => {
  if (!present) return t.skip('no 2ww or the-big-one in rulesets/');
  const page = await laptopPage('2ww', 'tables/combat-chart.json');
  const grid = page.locator('.wb-grid').first();
  await grid.waitFor({ timeout: 30_000 });
  const scroller = page.locator('.wb-tables-scroll');
  // The heads' cells stick, not the thead.
  const head = grid.locator('thead th').first();
  const rows = grid.locator('tbody tr');
  const last = rows.last().locator('button[data-row]').first();
  assert.ok((await rect(grid)).height > (await rect(scroller)).height, 'the first table is taller than the pane');

  // Its last row scrolled into sight: the heads stand at the pane's top, over the rows that went under them.
  await last.click();
  await page.keyboard.press('Escape');
  const pane = await rect(scroller);
  const stuck = await rect(head);
  assert.ok(stuck.top >= pane.top - 1 && stuck.bottom > pane.top + 10, `the column heads are in sight (${stuck.top}-${stuck.bottom} in ${pane.top}-${pane.bottom})`);
  assert.ok(!overlap(await rect(last), stuck), 'the last row is clear of the heads');

  // Up the column by the arrows to the first row: each cell reached is in sight, none under the heads.
  const count = await rows.count();
  for (let i = 1; i < count; i++) {
    await page.keyboard.press('ArrowUp');
    const focused = page.locator('.wb-grid button:focus');
    const at = await rect(focused);
    assert.ok(!overlap(at, await rect(head)) && at.top >= pane.top, `row ${count - i} is in sight, clear of the heads`);
  }
  await page.screenshot({ path: path.join(shots, 'laptop-grid-heads.png') });
  await page.close();
  assert.deepEqual(page.problems, [], 'console errors or requests to other hosts');
});

test('at 1280x720 a gap typed on keeps its value box where it was: the editor does not reflow under the typing', { timeout: 120_000 }, async (t) => {
  if (!present) return t.skip('no 2ww or the-big-one in rulesets/');
  const page = await laptopPage('2ww', 'tables/combat-chart.json');
  const cell = page.locator('.wb-grid[data-table="land-vs-land"] button[data-row="2"][data-col="4-7"]');
  await cell.waitFor({ timeout: 30_000 });
  assert.equal(await cell.textContent(), 'gap');
  await cell.click();
  const value = page.getByTestId('cell-value');
  const before = await rect(value);
  await page.keyboard.type('3');
  assert.equal(await value.inputValue(), '3');
  const after = await rect(value);
  assert.deepEqual([after.left, after.top, after.width], [before.left, before.top, before.width], 'the value box stays put');
  await page.screenshot({ path: path.join(shots, 'laptop-gap-typed.png') });
  // Left by Escape: nothing written (the bundled rulesets are not a copy).
  await page.keyboard.press('Escape');
  await page.close();
  assert.deepEqual(page.problems, [], 'console errors or requests to other hosts');
});
