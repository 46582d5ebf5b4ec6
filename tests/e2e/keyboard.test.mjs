// The studio by keyboard: the play page's skip link leads past the map to the actions, the hex map's
// hexside lines (hundreds on 2WW) and anchors (their residuals listed in the table beside it) are not tab
// stops, whatever takes the focus shows it, and the hex map's terrain is painted from the keyboard. In the
// workbench (at a laptop's 1280x720): "New…" is a menu button, focus rings are whole in its scrolling boxes,
// the JSON editor says how Tab leaves it, Escape closes the history, and a discard leaves the focus in the bar;
// the list of test games imports a game file by keyboard.
// Needs `next build` first (bin/test.sh does it).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { bundled, bundledHas, callApi, shots, studioForTests, studioPage, watchPage } from './studio.mjs';

const present = bundledHas('2ww');
const studio = studioForTests({ copyOf: bundled }, { when: present });

/** What has the focus, and whether it is drawn: its outline. */
const focused = (page) =>
  page.evaluate(() => {
    const e = document.activeElement;
    const style = e && getComputedStyle(e);
    return {
      tag: e?.tagName.toLowerCase(),
      cls: e?.getAttribute('class') ?? '',
      text: (e?.textContent ?? '').trim().slice(0, 40),
      inActions: !!e?.closest('#play-actions'),
      outline: style ? `${style.outlineStyle} ${style.outlineWidth}` : '',
      top: e?.getBoundingClientRect().top ?? -1,
    };
  });

test('the play page: a skip link past the map to the actions, and the focus shown', { timeout: 120_000 }, async (t) => {
  if (!present) return t.skip('no 2ww in rulesets/');
  const { gameId } = await callApi(studio.baseUrl, 'games.create', { rulesetId: '2ww', seed: 1 }, { mutation: true });
  const page = await studio.browser.newPage({ viewport: { width: 1400, height: 900 } });
  const problems = watchPage(page);
  await page.goto(`${studio.baseUrl}/rulesets/2ww/play/${gameId}`, { waitUntil: 'networkidle' });
  await page.locator('.play-map .leaflet-container[data-counters]').waitFor({ timeout: 30_000 });
  await page.locator('#play-actions button').first().waitFor({ timeout: 30_000 });

  // After the studio's own links (the brand, the way back), before the game's header and its map.
  let skip;
  for (let i = 0; i < 4 && skip?.text !== 'Skip to the actions'; i++) {
    await page.keyboard.press('Tab');
    skip = await focused(page);
  }
  assert.equal(skip.text, 'Skip to the actions', 'the skip link is among the first tab stops');
  assert.ok(skip.top >= 0, 'shown once focused');
  assert.match(skip.outline, /^solid [1-9]/, 'with a visible focus outline');
  await page.screenshot({ path: path.join(shots, 'keyboard-skip-link.png') });
  await page.keyboard.press('Enter');
  // The next stops are the actions', not the map's.
  let reached;
  for (let i = 0; i < 5 && !reached; i++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (now.inActions) reached = now;
  }
  assert.ok(reached, 'a few tab stops after the skip link are in the actions list');
  assert.match(reached.outline, /^solid [1-9]/, 'the focus is drawn');
  await page.screenshot({ path: path.join(shots, 'keyboard-actions.png') });
  await page.close();
  assert.deepEqual(problems, []);
});

test('the hex map page: hexside lines and anchors are not tab stops; the map shows it has the focus', { timeout: 120_000 }, async (t) => {
  if (!present) return t.skip('no 2ww in rulesets/');
  const page = await studio.browser.newPage({ viewport: { width: 1400, height: 900 } });
  const problems = watchPage(page);
  await page.goto(`${studio.baseUrl}/rulesets/2ww/map`, { waitUntil: 'networkidle' });
  const lines = page.locator('.leaflet-pane.leaflet-hexsides-pane path.leaflet-interactive');
  await lines.first().waitFor({ timeout: 30_000 });
  assert.ok((await lines.count()) > 100, 'the hexsides are drawn');
  assert.equal(await page.locator('.leaflet-hexsides-pane path.leaflet-interactive:not([tabindex="-1"])').count(), 0, 'none of them in the tab order');
  const anchors = page.locator('.leaflet-overlay-pane path.leaflet-interactive');
  assert.ok((await anchors.count()) > 10, 'the anchors are drawn');
  assert.equal(await page.locator('.leaflet-overlay-pane path.leaflet-interactive:not([tabindex="-1"])').count(), 0, 'none of them in the tab order');
  // Still named on hover.
  await anchors.first().hover();
  await page.locator('.leaflet-tooltip', { hasText: /residual \d/ }).waitFor({ timeout: 5_000 });
  // Tab goes round the whole page in a few dozen stops, none of them a line or mark on the map.
  const stops = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    stops.push(await focused(page));
  }
  assert.deepEqual(stops.filter((s) => s.tag === 'path'), [], 'no map line or mark takes the focus');
  assert.ok(stops.filter((s) => s.tag === 'body').length >= 1, 'the tab order comes round within 40 stops');
  const map = stops.find((s) => s.cls.includes('leaflet-container'));
  assert.ok(map, 'the map itself is a tab stop (arrow keys move its cursor hex)');
  assert.match(map.outline, /^solid [1-9]/, 'and shows the focus');
  await page.close();
  assert.deepEqual(problems, []);
});

test('the hex map by keyboard: a cursor hex moved with the arrows, announced, and painted with Enter', { timeout: 120_000 }, async (t) => {
  if (!present) return t.skip('no 2ww in rulesets/');
  const page = await studio.browser.newPage({ viewport: { width: 1400, height: 900 } });
  const problems = watchPage(page);
  await page.goto(`${studio.baseUrl}/rulesets/2ww/map`, { waitUntil: 'networkidle' });
  await page.locator('.leaflet-container[data-draw-ms]').waitFor({ timeout: 30_000 });
  // The tool by keyboard: its radio focused, an arrow chooses the next (Pan, then Paint terrain).
  await page.getByRole('radio', { name: 'Pan' }).focus();
  await page.keyboard.press('ArrowRight');
  assert.ok(await page.getByLabel('Paint terrain').isChecked());
  const terrain = page.getByRole('combobox', { name: 'Terrain', exact: true });
  const options = await terrain.locator('option').evaluateAll((os) => os.map((o) => ({ value: o.value, label: o.textContent })));
  await terrain.focus();
  const choice = options.at(-1);
  await terrain.selectOption(choice.value);

  // Tab on to the map: the cursor hex is announced with its terrain.
  const cursor = page.getByTestId('map-cursor');
  for (let i = 0; i < 30 && !(await page.evaluate(() => document.activeElement?.classList.contains('leaflet-container'))); i++) await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('role')), 'application');
  const announced = async () => /^Hex (\w+): ([^,.]+)/.exec(await cursor.textContent()) ?? [];
  await page.waitForFunction(() => /^Hex \w+: /.test(document.querySelector('[data-testid=map-cursor]')?.textContent ?? ''));
  // Arrows move it to a neighbour; on until a hex of another terrain than the one chosen.
  let [, key, before] = await announced();
  for (let i = 0; i < 12 && before === choice.label; i++) {
    const was = key;
    await page.keyboard.press(i % 4 < 2 ? 'ArrowRight' : 'ArrowDown');
    [, key, before] = await announced();
    assert.notEqual(key, was, 'the arrow moved the cursor');
  }
  assert.notEqual(before, choice.label);
  await page.screenshot({ path: path.join(shots, 'map-keyboard-cursor.png') });

  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /Saved \S+ as draft revision \d+: 1 hex \(\w+\) painted/.test(document.querySelector('[role=status]')?.textContent ?? ''), null, { timeout: 10_000 });
  assert.match(await cursor.textContent(), new RegExp(`^Hex ${key}: ${choice.label}[,.].* Painted\\.$`));
  const [, docPath] = /Saved (\S+) as draft revision/.exec(await page.getByRole('status').first().innerText());
  const draft = JSON.parse((await callApi(studio.baseUrl, 'drafts.get', { rulesetId: '2ww', path: docPath })).content);
  const hex = draft.map?.hexes?.[key] ?? draft.operations?.find((o) => o.path === `/map/hexes/${key}`)?.value;
  assert.equal(hex?.terrain, choice.value, `${docPath} gives ${key} the painted terrain`);
  assert.equal(await page.getByTestId('last-stroke').textContent(), key);
  await page.screenshot({ path: path.join(shots, 'map-keyboard-painted.png') });
  await page.close();
  assert.deepEqual(problems, []);
});

/** A workbench page at a laptop's size, its document open and its editor drawn. */
async function workbench(query) {
  const page = await studioPage(studio, { width: 1280, height: 720 });
  await page.goto(`${studio.baseUrl}/rulesets/2ww${query}`, { waitUntil: 'networkidle' });
  await page.locator('.monaco-editor').first().waitFor({ timeout: 30_000 });
  return page;
}

const activeText = (page) => page.evaluate(() => (document.activeElement?.textContent ?? '').trim());

test('the header\'s "New…" is a menu button: its choices are browsed with the arrows, none acting until chosen', { timeout: 120_000 }, async (t) => {
  if (!present) return t.skip('no 2ww in rulesets/');
  const page = await workbench('?doc=ruleset.json');
  const button = page.locator('.wb-head').getByRole('button', { name: 'New…' });
  const menu = page.getByRole('menu', { name: 'New…' });
  const dialogs = page.getByRole('dialog');
  assert.equal(await button.getAttribute('aria-haspopup'), 'menu');
  assert.equal(await button.getAttribute('aria-expanded'), 'false');

  // As the tester had it: the arrow opens the list, its first choice focused, and nothing else.
  await button.focus();
  await page.keyboard.press('ArrowDown');
  await menu.waitFor();
  assert.equal(await button.getAttribute('aria-expanded'), 'true');
  assert.deepEqual(await menu.getByRole('menuitem').allInnerTexts(), ['Variant of this ruleset', 'Copy of this ruleset', 'Blank ruleset']);
  const browsed = [await activeText(page)];
  for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowUp', 'Home', 'End']) {
    await page.keyboard.press(key);
    browsed.push(await activeText(page));
  }
  assert.deepEqual(browsed, ['Variant of this ruleset', 'Copy of this ruleset', 'Blank ruleset', 'Variant of this ruleset', 'Blank ruleset', 'Variant of this ruleset', 'Blank ruleset']);
  assert.equal(await dialogs.count(), 0, 'browsing opens nothing');
  await page.screenshot({ path: path.join(shots, 'keyboard-new-menu.png') });

  // Escape closes it, the focus back on the button, nothing opened.
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
  assert.ok(await button.evaluate((b) => b === document.activeElement));
  assert.equal(await dialogs.count(), 0);

  // Enter opens it, and Enter on a choice opens that choice's dialog; closed, the focus is on the button again.
  await page.keyboard.press('Enter');
  await menu.waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'Copy as a new ruleset' }).waitFor();
  assert.equal(await menu.count(), 0);
  await page.keyboard.press('Escape');
  await dialogs.first().waitFor({ state: 'detached' });
  assert.ok(await button.evaluate((b) => b === document.activeElement), 'the dialog gives the focus back to the button');

  // Space opens and chooses too; ArrowUp opens at the last choice.
  await page.keyboard.press(' ');
  await menu.waitFor();
  await page.keyboard.press(' ');
  await page.getByRole('dialog', { name: 'New variant' }).waitFor();
  await page.keyboard.press('Escape');
  await button.focus();
  await page.keyboard.press('ArrowUp');
  assert.equal(await activeText(page), 'Blank ruleset');
  // Tab closes it, going on past the button.
  await page.keyboard.press('Tab');
  await menu.waitFor({ state: 'detached' });
  assert.equal(await activeText(page), 'Map');

  // A click works as before: a click opens the list, a click on a choice its dialog; a click elsewhere closes it.
  await button.click();
  await menu.getByRole('menuitem', { name: 'Blank ruleset' }).click();
  await page.getByRole('dialog', { name: 'New ruleset from the blank template' }).waitFor();
  await page.keyboard.press('Escape');
  await button.click();
  await menu.waitFor();
  await page.locator('.wb-doc-bar strong').click();
  await menu.waitFor({ state: 'detached' });
  assert.equal(await dialogs.count(), 0);
  await page.close();
  assert.deepEqual(page.problems, []);
});

test('"import a game file" is a tab stop showing its focus, and Enter opens the file chooser', { timeout: 120_000 }, async (t) => {
  if (!present) return t.skip('no 2ww in rulesets/');
  const page = await studioPage(studio, { width: 1280, height: 720 });
  await page.goto(`${studio.baseUrl}/rulesets/2ww/play`, { waitUntil: 'networkidle' });
  const label = page.locator('.play-import');
  await label.waitFor();
  let reached = false;
  for (let i = 0; i < 30 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await label.evaluate((l) => l.contains(document.activeElement));
  }
  assert.ok(reached, 'Tab reaches it');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('type')), 'file');
  assert.ok(await page.getByLabel('import a game file').evaluate((e) => e === document.activeElement), 'named by its label');
  const outline = await label.evaluate((l) => getComputedStyle(l).outlineStyle + ' ' + getComputedStyle(l).outlineWidth);
  assert.match(outline, /^solid [1-9]/, 'the label shows the focus');
  await page.screenshot({ path: path.join(shots, 'keyboard-import.png') });
  const [chooser] = await Promise.all([page.waitForEvent('filechooser', { timeout: 5_000 }), page.keyboard.press('Enter')]);
  assert.equal(chooser.isMultiple(), false);
  await page.close();
  assert.deepEqual(page.problems, []);
});

/**
 * Where the focused element's outline is cut: by a box that clips what overflows it (scrolling or hidden), or
 * under something positioned over it (a sticky heading). The middle of each side of the outline's band is checked.
 */
const ringCut = (page) =>
  page.evaluate(() => {
    const e = document.activeElement;
    const style = getComputedStyle(e);
    if (style.outlineStyle === 'none') return ['no outline'];
    const width = parseFloat(style.outlineWidth);
    const offset = parseFloat(style.outlineOffset);
    const r = e.getBoundingClientRect();
    const out = offset + width;
    const mid = offset + width / 2;
    const [cx, cy] = [(r.left + r.right) / 2, (r.top + r.bottom) / 2];
    const sides = { top: [cx, r.top - mid, r.top - out], bottom: [cx, r.bottom + mid, r.bottom + out], left: [r.left - mid, cy, r.left - out], right: [r.right + mid, cy, r.right + out] };
    const cut = [];
    const name = (el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`;
    for (let a = e.parentElement; a && a !== document.documentElement; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const b = a.getBoundingClientRect();
      const clip = { left: b.left + a.clientLeft, top: b.top + a.clientTop, right: b.left + a.clientLeft + a.clientWidth, bottom: b.top + a.clientTop + a.clientHeight };
      if (sides.top[2] < clip.top - 0.5) cut.push(`top by ${name(a)}`);
      if (sides.bottom[2] > clip.bottom + 0.5) cut.push(`bottom by ${name(a)}`);
      if (sides.left[2] < clip.left - 0.5) cut.push(`left by ${name(a)}`);
      if (sides.right[2] > clip.right + 0.5) cut.push(`right by ${name(a)}`);
    }
    for (const [side, [x, y]] of Object.entries(sides)) {
      // An outline is drawn over what follows it in the flow, not under something positioned.
      for (let hit = document.elementFromPoint(x, y); hit && !hit.contains(e) && hit !== e && !e.contains(hit); hit = hit.parentElement) {
        if (getComputedStyle(hit).position !== 'static') {
          cut.push(`${side} under ${name(hit)}`);
          break;
        }
      }
    }
    return cut;
  });

test('the focus ring is whole in the scrolling boxes: the rules\' section buttons, the tree, the problems list', { timeout: 120_000 }, async (t) => {
  if (!present) return t.skip('no 2ww in rulesets/');
  const page = await workbench('?doc=rules.json');
  await page.locator('.wb-special-rules .wb-sentence').first().waitFor({ timeout: 30_000 });
  const search = page.getByRole('searchbox', { name: 'Search the rules: a rule number, a name or a word of the text' });
  await search.focus();
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    const section = await activeText(page);
    assert.ok(await page.evaluate(() => !!document.activeElement?.closest('.wb-sections nav')), `a section button: ${section}`);
    assert.deepEqual(await ringCut(page), [], `the ring round ${section}`);
    if (i === 0) await page.screenshot({ path: path.join(shots, 'keyboard-rules-sections.png') });
  }

  // The tree: from the search above it, its first document, and the one open.
  await page.getByRole('searchbox', { name: 'Find in all documents' }).focus();
  const inTree = () => page.evaluate(() => !!document.activeElement?.closest('.wb-tree'));
  for (let i = 0; i < 5 && !(await inTree()); i++) {
    await page.keyboard.press('Tab');
    assert.ok(await page.evaluate(() => !!document.activeElement?.closest('.wb-side')), 'Tab goes from the search down the side');
    assert.deepEqual(await ringCut(page), [], `the ring round ${await activeText(page)}`);
  }
  assert.ok(await inTree(), 'to the tree');
  await page.locator('.wb-tree button.selected').focus();
  assert.deepEqual(await ringCut(page), [], 'the ring round the selected document');
  await page.screenshot({ path: path.join(shots, 'keyboard-tree.png') });

  // The problems list: its first row, under the sticky heading, and the heading's controls.
  const rows = page.locator('.wb-problems li :is(button, a)');
  await rows.first().waitFor({ timeout: 30_000 });
  await page.locator('.wb-problems h3 :is(select, button)').first().focus();
  assert.deepEqual(await ringCut(page), [], 'the ring round the heading\'s first control');
  await rows.first().focus();
  assert.deepEqual(await ringCut(page), [], 'the ring round the first problem');
  await page.screenshot({ path: path.join(shots, 'keyboard-problems.png') });
  await page.close();
  assert.deepEqual(page.problems, []);
});

test('the JSON editor: Tab indents, a line in the document bar says how Tab leaves it, and Ctrl+M does', { timeout: 120_000 }, async (t) => {
  if (!present) return t.skip('no 2ww in rulesets/');
  const page = await workbench('?doc=victory.json');
  const bar = page.locator('.wb-doc-bar');
  const hint = bar.locator('.wb-bar-hint');
  const MAP_HINT = 'Open the Map to see what a victory level’s condition names and whether it holds at the start.';
  // The bar as it is laid out: its height and where its controls are. No hint, long or short, moves them.
  const layout = () => bar.evaluate((b) => [b.getBoundingClientRect().height, ...[...b.querySelectorAll('button')].map((e) => JSON.stringify(e.getBoundingClientRect()))]);
  const before = await layout();
  assert.equal(await hint.innerText(), MAP_HINT, 'the view\'s note while the editor does not have the focus');
  const editor = page.locator('.wb-doc .monaco-editor');
  const inEditor = () => editor.evaluate((e) => e.contains(document.activeElement));

  await page.locator('.wb-doc .monaco-editor .view-lines').click();
  // Its text input (a textarea, or where the browser has one an EditContext's element) names it so.
  assert.match(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), /^JSON document\. Tab indents; Ctrl\+M makes Tab move the focus/);
  await bar.getByText('Tab indents · Ctrl+M: Tab moves the focus').waitFor();
  assert.deepEqual(await layout(), before, 'one line in the note\'s place: the bar is no taller, nothing in it moved');
  await page.screenshot({ path: path.join(shots, 'keyboard-editor-hint.png') });
  await page.keyboard.press('Tab');
  assert.ok(await inEditor(), 'Tab indents: the focus stays');
  await page.keyboard.press('Control+z');

  await page.keyboard.press('Control+m');
  await bar.getByText('Tab moves the focus · Ctrl+M: Tab indents').waitFor({ timeout: 5_000 });
  await page.keyboard.press('Tab');
  assert.ok(!(await inEditor()), 'Tab leaves the editor');
  await bar.getByText(MAP_HINT).waitFor();
  assert.deepEqual(await layout(), before);
  await page.close();
  assert.deepEqual(page.problems, []);
});

test('Escape closes the history, the focus back on "history"; after a discard the focus is on the document bar', { timeout: 120_000 }, async (t) => {
  if (!present) return t.skip('no 2ww in rulesets/');
  const file = await callApi(studio.baseUrl, 'drafts.get', { rulesetId: '2ww', path: 'victory.json' });
  const content = fs.readFileSync(path.join(studio.rulesetsDir, '2ww', 'victory.json'), 'utf8');
  await callApi(studio.baseUrl, 'drafts.save', { rulesetId: '2ww', path: 'victory.json', baseRevision: file?.revision ?? 0, content: `${content}\n` }, { mutation: true });
  const page = await workbench('?doc=victory.json');
  const bar = page.locator('.wb-doc-bar');
  const history = bar.getByRole('button', { name: /history/ });
  const panel = page.locator('.wb-history');
  const onHistory = () => history.evaluate((b) => b === document.activeElement);

  await history.focus();
  await page.keyboard.press('Enter');
  await panel.getByRole('button', { name: 'published file' }).waitFor();
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });
  assert.ok(await onHistory(), 'Escape on the button closes it');

  await page.keyboard.press('Enter');
  await panel.getByRole('button', { name: 'published file' }).focus();
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });
  assert.ok(await onHistory(), 'Escape inside it closes it, the focus back on the button');
  await page.keyboard.press('Enter');
  await panel.getByRole('button', { name: 'close' }).focus();
  await page.keyboard.press('Enter');
  await panel.waitFor({ state: 'detached' });
  assert.ok(await onHistory(), 'so does its "close"');

  await bar.getByRole('button', { name: 'Discard draft' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Discard draft' });
  await dialog.waitFor();
  await page.keyboard.press('Shift+Tab');
  assert.equal(await activeText(page), 'Discard the draft of victory.json');
  await page.keyboard.press('Enter');
  await bar.filter({ hasText: 'same as the file' }).waitFor({ timeout: 15_000 });
  await bar.getByRole('button', { name: 'Discard draft' }).waitFor({ state: 'detached' });
  assert.ok(await onHistory(), 'the focus is on the document bar, not lost');
  await page.close();
  assert.deepEqual(page.problems, []);
});
