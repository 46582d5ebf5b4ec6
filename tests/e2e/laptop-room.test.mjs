// The workbench at a laptop's 1280x720: the document keeps the room (the Problems list as tall as its entries, a
// view's note one line of the document's bar), a table's cell editor covers no row and moves none as a refusal
// comes, and bars share the room between the readable view and the JSON, and the document and the map, as the
// designer drags them. On the bundled rulesets, nothing written.
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
  // A table document's grids write nothing until the ruleset's checks are read.
  if (doc.startsWith('tables/')) await page.locator('.wb-tables:not([data-checking])').waitFor({ timeout: 30_000 });
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
  // The document now has a draft: its bar offers "Discard draft", on one line with the rest.
  const discard = page.locator('.wb-doc-bar').getByRole('button', { name: 'Discard draft' });
  await discard.waitFor();
  assert.ok((await rect(discard)).height < 30, `"Discard draft" is ${(await rect(discard)).height} px tall`);
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

/** Presses on the middle of a bar and lets go `by` px further down (or right, with `across`). */
async function drag(page, bar, by, across = false) {
  const box = await bar.boundingBox();
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(across ? x + by : x, across ? y : y + by, { steps: 6 });
  await page.mouse.up();
}
/** Two sizes the same to a pixel's rounding. */
const near = (a, b, what) => assert.ok(Math.abs(a - b) <= 1, `${what}: ${a} px, not ${b}`);
const ariaOf = (bar) => bar.evaluate((e) => ({ now: Number(e.ariaValueNow), min: Number(e.ariaValueMin), max: Number(e.ariaValueMax), orientation: e.ariaOrientation, tabIndex: e.tabIndex }));

test('at 1280x720 the bar between the readable view and the JSON gives one the other’s room: dragged, by the keys, kept after a reload and for every document, the default again on a double-click', { timeout: 180_000 }, async (t) => {
  if (!present) return t.skip('no 2ww or the-big-one in rulesets/');
  const page = await laptopPage('2ww', 'tables/combat-chart.json');
  await page.locator('.wb-grid').first().waitFor({ timeout: 30_000 });
  await checked(page);
  const view = page.locator('.wb-special');
  const code = page.locator('.wb-code');
  const bar = page.getByRole('separator', { name: 'Height of the view over the JSON' });
  const heights = async () => ({ view: (await rect(view)).height, code: (await rect(code)).height, monaco: (await rect(code.locator('.monaco-editor'))).height });
  const start = await heights();
  assert.ok(start.view >= 250, `the view opens some 270 px tall (${start.view})`);
  const aria = await ariaOf(bar);
  assert.equal(aria.orientation, 'horizontal');
  assert.equal(aria.tabIndex, 0);
  assert.ok(aria.min < aria.now && aria.now < aria.max && aria.max < 100, JSON.stringify(aria));
  assert.equal(await bar.getAttribute('aria-controls'), await view.getAttribute('id'), 'the bar names the view it sizes');

  // Dragged 80 px down: the view has them, the JSON gives them, and Monaco is laid out again to its new height.
  await drag(page, bar, 80);
  const dragged = await heights();
  assert.ok(Math.abs(dragged.view - start.view - 80) <= 1, `the view grew by 80 px: ${start.view} → ${dragged.view}`);
  assert.ok(Math.abs(start.code - dragged.code - 80) <= 1, `the JSON shrank by 80 px: ${start.code} → ${dragged.code}`);
  const relaid = () => page.waitForFunction(() => Math.abs(document.querySelector('.wb-code .monaco-editor').getBoundingClientRect().height - document.querySelector('.wb-code').getBoundingClientRect().height) < 1);
  await relaid();
  assert.ok((await ariaOf(bar)).now > aria.now);

  // As far down as it goes: three lines of JSON stay; as far up: the view keeps a bar's height, its grid still there to scroll.
  await drag(page, bar, 600);
  const lineHeight = (await rect(code.locator('.view-line').first())).height;
  const lowest = await heights();
  assert.ok(lowest.code >= 3 * lineHeight && lowest.code < 5 * lineHeight, `the JSON keeps three lines (${lowest.code} px, lines of ${lineHeight})`);
  await relaid();
  await drag(page, bar, -800);
  const highest = await heights();
  assert.ok(highest.view >= 40 && highest.view < 60, `the view keeps its least height (${highest.view} px)`);
  await page.screenshot({ path: path.join(shots, 'laptop-split-least-view.png') });

  // By the keys (the bar is in the tab order): Home and End to the ends, the arrows a step.
  await bar.focus();
  await page.keyboard.press('End');
  near((await heights()).code, lowest.code, 'End: the JSON at its least');
  await page.keyboard.press('ArrowUp');
  const up = await heights();
  assert.ok(up.view < lowest.view - 10 && up.code > lowest.code + 10, `ArrowUp: the view gives the JSON room (${lowest.view} → ${up.view})`);
  await page.keyboard.press('ArrowDown');
  near((await heights()).view, lowest.view, 'ArrowDown: back');
  await page.keyboard.press('Home');
  near((await heights()).view, highest.view, 'Home: the view at its least');
  assert.equal((await ariaOf(bar)).now, (await ariaOf(bar)).min);
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
  const chosen = await heights();
  assert.ok(chosen.view > highest.view + 60, `four steps down (${chosen.view} px)`);

  // Kept after a reload, and for another document with a view (the rules, taller than the room).
  await page.reload({ waitUntil: 'networkidle' });
  await page.locator('.wb-grid').first().waitFor({ timeout: 30_000 });
  await checked(page);
  near((await heights()).view, chosen.view, 'the height chosen survives a reload');
  await page.locator('.wb-tree button[data-path="rules.json"]').click();
  await page.locator('.wb-special-rules .wb-sentence').first().waitFor({ timeout: 30_000 });
  await checked(page);
  near((await heights()).view, chosen.view, 'the rules view has the height chosen too');

  // A double-click gives back the default, for every document after a reload as well.
  await bar.dblclick();
  near((await heights()).view, start.view, 'the default again');
  await page.reload({ waitUntil: 'networkidle' });
  await page.locator('.wb-special-rules .wb-sentence').first().waitFor({ timeout: 30_000 });
  await checked(page);
  near((await heights()).view, start.view, 'the default after a reload');
  assert.equal(await page.evaluate(() => localStorage.getItem('sandtable.workbench.view-share')), null, 'nothing kept');

  // The grid's cell editor still docks at the foot of a view made taller, covering no row.
  await page.goto(`${studio.baseUrl}/rulesets/2ww?doc=tables/combat-chart.json`, { waitUntil: 'networkidle' });
  await page.locator('.wb-grid').first().waitFor({ timeout: 30_000 });
  await checked(page);
  await drag(page, bar, 80);
  const cell = page.locator('.wb-grid tbody tr').nth(5).locator('button[data-row]').first();
  await cell.click();
  const editor = page.locator('.wb-cell-editor');
  await editor.waitFor();
  assert.ok(Math.abs((await rect(editor)).bottom - (await rect(view)).bottom) <= 1, 'the editor at the view’s foot');
  // The grids scroll the cell above the editor once their pane is seen to shrink: a moment is allowed (and a pixel's rounding).
  const clear = async () => (await rect(cell)).bottom <= (await rect(editor)).top + 1;
  for (let tries = 0; tries < 20 && !(await clear()); tries++) await page.waitForTimeout(100);
  assert.ok(await clear(), 'the cell clear of its editor');
  await page.screenshot({ path: path.join(shots, 'laptop-split-cell-editor.png') });
  await page.keyboard.press('Escape');
  await page.close();
  assert.deepEqual(page.problems, [], 'console errors or requests to other hosts');
});

test('at 1280x720 with the Map open, a bar shares the width between the document and the map, and the map reaches the pane’s tray: its messages lie over its foot', { timeout: 180_000 }, async (t) => {
  if (!present) return t.skip('no 2ww or the-big-one in rulesets/');
  const page = await studioPage(studio, LAPTOP);
  await page.goto(`${studio.baseUrl}/rulesets/2ww?doc=setup.json&map=`, { waitUntil: 'networkidle' });
  const map = page.locator('.wb-map');
  await map.locator('.leaflet-container').waitFor({ timeout: 30_000 });
  await checked(page);
  const bar = page.getByRole('separator', { name: 'Width of the document beside the map' });
  const aria = await ariaOf(bar);
  assert.equal(aria.orientation, 'vertical');
  assert.equal(aria.now, 50, 'half and half until chosen');
  const work = page.locator('.wb-work');
  const pane = page.locator('.wb-map-pane');
  const before = { work: (await rect(work)).width, map: (await rect(pane)).width };

  // Dragged 150 px left: the map is that much wider, and Leaflet fills it.
  await drag(page, bar, -150, true);
  const after = { work: (await rect(work)).width, map: (await rect(pane)).width };
  assert.ok(Math.abs(before.work - after.work - 150) <= 1 && Math.abs(after.map - before.map - 150) <= 1, `${JSON.stringify(before)} → ${JSON.stringify(after)}`);
  await page.waitForFunction(() => Math.abs(document.querySelector('.wb-map .leaflet-container').getBoundingClientRect().width - document.querySelector('.wb-map-pane').getBoundingClientRect().width) < 1);
  // The document keeps its least width; the arrows move the bar; the width survives a reload.
  await drag(page, bar, -900, true);
  assert.ok((await rect(work)).width >= 320 && (await rect(work)).width < 330, 'the document keeps 320 px');
  await bar.focus();
  await page.keyboard.press('ArrowRight');
  const stepped = (await rect(work)).width;
  assert.ok(stepped > 340, `ArrowRight widens the document (${stepped} px)`);
  await page.reload({ waitUntil: 'networkidle' });
  await map.locator('.leaflet-container').waitFor({ timeout: 30_000 });
  await checked(page);
  near((await rect(work)).width, stepped, 'the width after a reload');
  // No empty band under the map: it reaches the tray, and a message laid over its foot moves nothing.
  const shown = await rect(map);
  const tray = await rect(page.locator('.wb-tray'));
  near(shown.bottom, tray.top, 'the map reaches the tray of units off it');
  assert.ok(shown.height > 280, `the map is ${shown.height} px tall`);
  const status = page.getByTestId('map-status');
  assert.equal(await status.innerText(), '');
  await page.mouse.click(shown.left + shown.width * 0.45, shown.top + shown.height * 0.5);
  await status.filter({ hasText: /\S/ }).waitFor({ timeout: 10_000 });
  assert.deepEqual(await rect(map), shown, 'the map did not move');
  const said = await rect(status);
  assert.ok(said.bottom <= shown.bottom + 1 && said.top > shown.top, 'the message lies over the map’s foot');
  await page.screenshot({ path: path.join(shots, 'laptop-split-map.png') });
  await page.close();
  assert.deepEqual(page.problems, [], 'console errors or requests to other hosts');
});
