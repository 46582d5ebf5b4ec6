// The 2WW play map as it opens, read as a playtester reads it: the map reaches down to the window's bottom and the
// board (hexes and off-map boxes) is fitted to fill it; zoomed out as it is, each stack on a hex is one marker, a
// part a power in that power's colour (as the legend below the map names it) printing how many of its units stand
// there, as the game has them, sized to its hex so that no two markers meet, below the glyph of the place it stands on,
// which stays in view. A marker clicked picks its units one after another, a hex marked green clicked
// moves the one picked there, and zoomed in the markers open into the counters, named, which are picked as
// before. At 1400×900 and 1280×720. Runs on a copy of the bundled rulesets with its own database.
// Needs `next build` first (bin/test.sh does it).
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { bundled, bundledHas, callApi, shots, studioForTests, studioPage } from './studio.mjs';

const present = bundledHas('2ww');
const studio = studioForTests({ copyOf: bundled }, { when: present });

/** A marker part's height, at least, as a share of its hex's width on screen: sized to the hex, as big as it leaves room for. */
const MARKER = 0.5;
/** How much of a place's glyph the markers may cover, at most: the glyph stays in view under or beside a stack. */
const COVERED = 1 / 3;

/** A game of 2WW (or `rulesetId`) with the provisional fill, each side's set-up placed at random: the Axis's first movement. */
async function placedGame(baseUrl, rulesetId = '2ww') {
  const call = (procedure, input) => callApi(baseUrl, procedure, input, { mutation: true });
  const { gameId } = await call('games.create', { rulesetId, optionalPatchSets: ['provisional-fill'], seed: 5 });
  for (let i = 0; i < 10; i++) {
    const { status } = await callApi(baseUrl, 'games.state', { gameId });
    if (!status.unplaced.length) break;
    await call('games.placeRest', { gameId, side: status.sides[0] });
  }
  const { state, status } = await callApi(baseUrl, 'games.state', { gameId });
  assert.equal(status.unplaced.length, 0, 'every unit is placed');
  return { gameId, state, status };
}

/** The units on hexes by location and power, counted: what the markers must say. */
function countsOf(state) {
  const at = {};
  for (const u of Object.values(state.units)) {
    if (!u.at.startsWith('hex:')) continue;
    at[u.at] ??= {};
    at[u.at][u.power] = (at[u.at][u.power] ?? 0) + 1;
  }
  return at;
}

/** What the map shows at each hex holding units: its marker (where on screen) and its parts (power, count printed, size, colour), its hex's width on screen, and whether its stack of counters shows. */
const shownAtHexes = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.play-map .play-where[data-at^="hex:"]')].map((where) => {
      const marker = where.querySelector('.play-marker');
      const pile = where.querySelector('.play-pile');
      return {
        at: where.dataset.at,
        hex: where.getBoundingClientRect().width,
        rect: JSON.parse(JSON.stringify(marker.getBoundingClientRect())),
        marker: marker.getBoundingClientRect().width > 0,
        pile: pile.getBoundingClientRect().width > 0,
        parts: [...marker.querySelectorAll('.play-marker-part')].map((p) => {
          const box = p.getBoundingClientRect();
          const counter = document.querySelector(`.play-map .play-counter[data-unit="${p.dataset.unit}"]`);
          return { power: p.dataset.power, text: p.textContent, width: box.width, height: box.height, color: getComputedStyle(p).backgroundColor, counterColor: counter && getComputedStyle(counter).backgroundColor };
        }),
      };
    }),
  );

/** The glyphs of the places at hexes, each with its hex and where it is on screen. */
const glyphsOf = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.play-map .map-place')].flatMap((g) => {
      const hex = /· hex (\w+)$/.exec(g.title)?.[1];
      return hex ? [{ place: g.dataset.place, at: `hex:${hex}`, rect: JSON.parse(JSON.stringify(g.getBoundingClientRect())) }] : [];
    }),
  );
/** How much of `a` lies under `b`, in square pixels. */
const overlap = (a, b) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

const rectOf = (page, selector) => page.locator(selector).evaluate((e) => JSON.parse(JSON.stringify(e.getBoundingClientRect())));
/** Each off-map box's name, wrapped: its lines, whether any is cut off, and its panel. */
const boxNames = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.play-map .play-box-label[data-box]')].map((l) => {
      const rect = (e) => JSON.parse(JSON.stringify(e.getBoundingClientRect()));
      return { box: l.dataset.box, text: l.innerText, label: rect(l), cut: l.scrollHeight > l.clientHeight + 1 || l.scrollWidth > l.clientWidth + 1, panel: rect(document.querySelector(`path.box-at-${l.dataset.box}`)) };
    }),
  );
/** Asserts that each box's name is whole (wrapped, nothing cut off) and inside its panel. */
async function assertNamesWhole(page) {
  const names = await boxNames(page);
  assert.equal(names.length, 5, 'every box is named');
  for (const { box, text, label, cut, panel } of names) {
    assert.ok(!cut, `the ${box} box's name "${text}" is cut short`);
    assert.ok(label.right <= panel.right + 1 && label.bottom <= panel.bottom, `the ${box} box's name (to ${label.right}, ${label.bottom} px) runs out of its panel (to ${panel.right}, ${panel.bottom} px)`);
  }
}

for (const viewport of [
  { width: 1400, height: 900 },
  { width: 1280, height: 720 },
]) {
  test(`the 2WW play map at its default view, ${viewport.width}×${viewport.height}: the board fills a map as tall as the window allows, each stack a marker saying whose units stand there and how many`, { timeout: 180_000 }, async (t) => {
    if (!present) return t.skip('no 2ww in rulesets/');
    const { gameId, state } = await placedGame(studio.baseUrl);
    const page = await studioPage(studio, viewport);
    await page.goto(`${studio.baseUrl}/rulesets/2ww/play/${gameId}`, { waitUntil: 'networkidle' });
    await page.locator('.play-map .play-marker').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(300);

    // The map reaches down near the window's bottom, the line under it (what a click selected or had refused) in view; the
    // board fitted to it: the Atlantic box at its left (past the zoom buttons), or the Red Sea box at its bottom.
    const map = await rectOf(page, '.play-map .leaflet-container');
    assert.ok(map.bottom <= viewport.height - 40 && map.bottom >= viewport.height - 100, `the map ends at ${map.bottom} px, the window at ${viewport.height}`);
    const said = await rectOf(page, '[data-testid="selection"]');
    assert.ok(said.top >= map.bottom && said.top + 16 <= viewport.height, `the line under the map is in view (at ${said.top} px)`);
    const boxes = await page.locator('.play-map path.play-box').evaluateAll((ps) => ps.map((p) => JSON.parse(JSON.stringify(p.getBoundingClientRect()))));
    assert.equal(boxes.length, 5, 'the off-map boxes are drawn');
    for (const b of boxes) assert.ok(b.left >= map.left && b.right <= map.right && b.top >= map.top && b.bottom <= map.bottom, 'each box is in view');
    await assertNamesWhole(page);
    const [atlantic, redSea] = await Promise.all([rectOf(page, '.play-map path.box-at-atlantic'), rectOf(page, '.play-map path.box-at-red-sea')]);
    const fromLeft = atlantic.left - map.left;
    const fromBottom = map.bottom - redSea.bottom;
    assert.ok(Math.abs(fromLeft - 48) <= 4 || Math.abs(fromBottom - 8) <= 4, `the board fills the map across or down: the Atlantic box ${fromLeft} px from its left, the Red Sea box ${fromBottom} px from its bottom`);

    // Each hex holding units shows a marker (not its counters, too small to read here): a part a power, its count as the game has it, big enough to read.
    const expected = countsOf(state);
    const shown = await shownAtHexes(page);
    assert.deepEqual(shown.map((s) => s.at).sort(), Object.keys(expected).sort(), 'a marker at every hex holding units, and only there');
    for (const s of shown) {
      assert.ok(s.marker && !s.pile, `${s.at} shows its marker, not its counters`);
      assert.deepEqual(Object.fromEntries(s.parts.map((p) => [p.power, Number(p.text)])), expected[s.at], `${s.at}'s marker counts its units by power`);
      for (const p of s.parts) {
        assert.ok(p.height >= MARKER * s.hex, `${s.at}'s ${p.power} part is ${p.width}×${p.height} px, its hex ${s.hex} px wide`);
        assert.equal(p.color, p.counterColor, `${s.at}'s ${p.power} part is in its counters' colour`);
      }
    }
    assert.ok(shown.some((s) => s.parts.some((p) => Number(p.text) > 1)), 'some stacks hold more than one unit');
    // Markers of neighbouring hexes do not meet, and the glyph of a place a stack stands on shows above its marker.
    for (const [i, a] of shown.entries()) for (const b of shown.slice(i + 1)) assert.ok(overlap(a.rect, b.rect) < 1, `the markers of ${a.at} and ${b.at} overlap`);
    const glyphs = await glyphsOf(page);
    assert.ok(glyphs.filter((g) => shown.some((s) => s.at === g.at)).length >= 10, 'stacks stand on places');
    for (const g of glyphs) {
      const covered = shown.reduce((sum, s) => sum + overlap(g.rect, s.rect), 0) / (g.rect.width * g.rect.height);
      assert.ok(covered <= COVERED, `${g.place}'s glyph is ${Math.round(covered * 100)}% under markers`);
    }
    // Whose: every marker's colour is named in the legend under the map.
    const legend = new Set(await page.getByTestId('power-legend').locator('span[aria-hidden]').evaluateAll((ss) => ss.map((s) => getComputedStyle(s).backgroundColor)));
    for (const s of shown) for (const p of s.parts) assert.ok(legend.has(p.color), `${p.power}'s colour ${p.color} is in the legend`);
    await page.screenshot({ path: path.join(shots, `play-markers-${viewport.width}.png`) });

    // A stack of the side to act clicked: its first unit picked; clicked again, the next.
    const sideOf = (power) => state.powers[power]?.side;
    const [side] = (await callApi(studio.baseUrl, 'games.state', { gameId })).status.sides;
    const stack = shown.find((s) => s.parts.some((p) => sideOf(p.power) === side && Number(p.text) > 1));
    assert.ok(stack, `a stack of ${side}'s`);
    const { power } = stack.parts.find((p) => sideOf(p.power) === side && Number(p.text) > 1);
    const part = page.locator(`.play-map .play-where[data-at="${stack.at}"] .play-marker-part[data-power="${power}"]`);
    const nameOf = async (unit) => {
      const option = await page.locator(`select[aria-label="Unit to move"] option[value="${unit}"]`).innerText();
      return option.slice(0, option.lastIndexOf(' at '));
    };
    const selection = page.getByTestId('selection');
    const picked = [];
    for (let i = 0; i < 2; i++) {
      const unit = await part.getAttribute('data-unit');
      await part.click();
      await selection.filter({ hasText: `Selected ${await nameOf(unit)} ` }).waitFor({ timeout: 5_000 });
      assert.equal(state.units[unit].at, stack.at);
      assert.equal(state.units[unit].power, power);
      picked.push(unit);
    }
    assert.notEqual(picked[0], picked[1], 'the second click picks the next unit there');
    assert.match(await part.getAttribute('class'), /\bselected\b/);

    // A click on a hex the unit may go to (found by pointing around its stack, as the corner names each hex) moves it there.
    const unit = picked[1];
    const { actions } = await callApi(studio.baseUrl, 'games.legalActions', { gameId, side });
    const reach = new Set(actions.flatMap(({ action: a }) => (a.type === 'move' && a.unit === unit && !a.rail && a.to?.startsWith('hex:') ? [a.to.slice(4)] : [])));
    assert.ok(reach.size > 0, `${unit} has moves listed`);
    await page.locator('.play-map[data-reach]:not([data-reach="0"])').waitFor({ timeout: 5_000 });
    const hex = Number.parseFloat(await page.locator('.play-map .leaflet-container').evaluate((e) => e.style.getPropertyValue('--hex')));
    const centre = await part.boundingBox();
    const readout = page.getByTestId('hex-readout');
    let target;
    for (const ring of [1, 2, 3]) {
      for (let angle = 0; angle < 360 && !target; angle += 30) {
        const x = centre.x + centre.width / 2 + Math.cos((angle * Math.PI) / 180) * ring * hex * 0.9;
        const y = centre.y + centre.height / 2 + Math.sin((angle * Math.PI) / 180) * ring * hex * 0.9;
        // Not on another stack's marker (a click there picks its unit).
        if (await page.evaluate(([x, y]) => !!document.elementFromPoint(x, y)?.closest('.play-marker'), [x, y])) continue;
        await page.mouse.move(x, y);
        const key = (await readout.innerText().catch(() => '')).match(/^hex (\w+)/)?.[1];
        if (key && reach.has(key)) target = { key, x, y };
      }
      if (target) break;
    }
    assert.ok(target, `a hex ${unit} may go to, near its stack`);
    const before = Number(await page.locator('.play-root').getAttribute('data-log-length'));
    await page.mouse.click(target.x, target.y);
    await page.waitForFunction((n) => Number(document.querySelector('.play-root')?.getAttribute('data-log-length')) > n, before, { timeout: 15_000 });
    assert.equal(await page.getByTestId('refusal').count(), 0, 'the move was made');
    const moved = (await callApi(studio.baseUrl, 'games.state', { gameId })).state;
    assert.equal(moved.units[unit].at, `hex:${target.key}`);
    // The markers say so: one fewer at the stack, the unit counted at its new hex.
    const counts = countsOf(moved);
    await page.waitForFunction(
      ([at, power, n]) => document.querySelector(`.play-map .play-where[data-at="${at}"] .play-marker-part[data-power="${power}"]`)?.textContent === String(n),
      [`hex:${target.key}`, power, counts[`hex:${target.key}`][power]],
      { timeout: 10_000 },
    );
    assert.equal(await part.innerText(), String(counts[stack.at][power]));

    // Zoomed in, the markers open into the counters, each printing its name; a counter clicked is picked.
    for (let i = 0; i < 4 && (await shownAtHexes(page)).some((s) => s.marker); i++) {
      await page.locator('.play-map .leaflet-control-zoom-in').click();
      await page.waitForTimeout(400);
    }
    const zoomed = await shownAtHexes(page);
    assert.ok(zoomed.every((s) => s.pile && !s.marker), 'zoomed in, every hex shows its counters');
    const inView = await page.evaluate((m) => {
      const face = [...document.querySelectorAll('.play-map .play-where[data-at^="hex:"] .play-counter')].find((c) => {
        const r = c.getBoundingClientRect();
        return r.left > m.left + 60 && r.right < m.right - 10 && r.top > m.top + 10 && r.bottom < m.bottom - 30;
      });
      return face && { unit: face.dataset.unit, text: face.querySelector('.play-face').innerText, width: face.getBoundingClientRect().width };
    }, map);
    assert.ok(inView, 'a counter in view');
    const name = await nameOf(inView.unit);
    assert.ok(name.startsWith(inView.text.replace(/ ½$/, '').replace(/…$/, '')), `the counter prints its name: "${inView.text}" for ${name}`);
    await page.locator(`.play-map .play-counter[data-unit="${inView.unit}"]`).click();
    await selection.filter({ hasText: `Selected ${name} ` }).waitFor({ timeout: 5_000 });
    await page.screenshot({ path: path.join(shots, `play-markers-${viewport.width}-zoomed.png`) });
    await page.close();
    assert.deepEqual(page.problems, []);
  });
}

test("The Big One's play map at 1280×720: its header runs longer than 2WW's, yet the map and its boxes fit the window, each box's counters under its name", { timeout: 180_000 }, async (t) => {
  if (!bundledHas('the-big-one')) return t.skip('no the-big-one in rulesets/');
  const viewport = { width: 1280, height: 720 };
  const { gameId, state } = await placedGame(studio.baseUrl, 'the-big-one');
  // Four of the United States's units in the Atlantic box's land portion, whose long name the tester saw them drawn over.
  for (const unit of Object.keys(state.units).filter((u) => state.units[u].power === 'usa').slice(0, 4)) {
    await callApi(studio.baseUrl, 'games.act', { gameId, action: { type: 'manual', op: { op: 'moveUnit', unit, to: 'box:atlantic-land' } } }, { mutation: true });
  }
  const page = await studioPage(studio, viewport);
  await page.goto(`${studio.baseUrl}/rulesets/the-big-one/play/${gameId}`, { waitUntil: 'networkidle' });
  await page.locator('.play-map .play-marker').first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(300);
  const map = await rectOf(page, '.play-map .leaflet-container');
  assert.ok(map.bottom <= viewport.height, `the map ends at ${map.bottom} px, the window at ${viewport.height}`);
  const boxes = await page.locator('.play-map path.play-box').evaluateAll((ps) => ps.map((p) => JSON.parse(JSON.stringify(p.getBoundingClientRect()))));
  assert.ok(boxes.length >= 5, 'the off-map boxes are drawn');
  for (const b of boxes) assert.ok(b.top >= map.top && b.bottom <= map.bottom && b.left >= map.left && b.right <= map.right, 'each box is in view');
  // The Atlantic box's land portion holds the United States's units: under its name, not over it.
  const shown = await page.evaluate(() =>
    [...document.querySelectorAll('.play-map .play-box-label[data-box]')].flatMap((l) => {
      const rect = (e) => JSON.parse(JSON.stringify(e.getBoundingClientRect()));
      const at = `.play-where[data-at="box:${l.dataset.box}"]`;
      const parts = [...document.querySelectorAll(`${at} .play-counter, ${at} .play-marker-part`)].map(rect).filter((r) => r.width > 0);
      return parts.length ? [{ box: l.dataset.box, label: rect(l), parts, panel: rect(document.querySelector(`path.box-at-${l.dataset.box}`)) }] : [];
    }),
  );
  assert.deepEqual(shown.map((s) => s.box), ['atlantic-land'], 'the units in the box are drawn there');
  await assertNamesWhole(page);
  for (const { box, label, parts, panel } of shown) {
    for (const p of parts) assert.ok(p.top >= label.bottom && p.bottom <= panel.bottom + 1, `a unit of the ${box} box (${p.top}–${p.bottom} px) stands under its name (to ${label.bottom} px), in the box (to ${panel.bottom} px)`);
  }
  await page.screenshot({ path: path.join(shots, 'play-markers-tbo-1280.png') });
  await page.close();
  assert.deepEqual(page.problems, []);
});
