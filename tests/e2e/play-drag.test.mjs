// Moving by dragging on the 2WW play map, as a playtester tries it: a counter of the side to act, in its movement
// step, dragged to a hex it may not go to is refused with the rule shown and nothing moves; dragged to one it may go
// to (marked green while it is dragged), it moves there, logged; the map does not pan under either drag. A drag of
// empty map, or of a counter of the side not to act, still pans it. Runs on a copy of the bundled rulesets with its
// own database. Needs `next build` first (bin/test.sh does it).
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { bundled, bundledHas, callApi, centreOf, dragMouse, shots, studioForTests, studioPage } from './studio.mjs';

const present = bundledHas('2ww');
const studio = studioForTests({ copyOf: bundled }, { when: present });

/** A game of 2WW with the provisional fill, each side's set-up placed at random: the Axis's first movement. */
async function placedGame(baseUrl) {
  const call = (procedure, input) => callApi(baseUrl, procedure, input, { mutation: true });
  const { gameId } = await call('games.create', { rulesetId: '2ww', optionalPatchSets: ['provisional-fill'], seed: 5 });
  for (let i = 0; i < 10; i++) {
    const { status } = await callApi(baseUrl, 'games.state', { gameId });
    if (!status.unplaced.length) break;
    await call('games.placeRest', { gameId, side: status.sides[0] });
  }
  return { gameId, ...(await callApi(baseUrl, 'games.state', { gameId })) };
}

/** Where the map is panned to: its pane's offset, which a pan changes. */
const panOf = (page) => page.locator('.play-map .leaflet-map-pane').evaluate((e) => e.style.transform);


test('a counter dragged on the 2WW play map: refused with its rule to a hex it may not go to, moved to one it may; the map pans only for empty map and counters not to move', { timeout: 180_000 }, async (t) => {
  if (!present) return t.skip('no 2ww in rulesets/');
  const { gameId, state, status } = await placedGame(studio.baseUrl);
  assert.equal(status.procedure, 'movement');
  const [side] = status.sides;
  const sideOf = (unit) => state.powers[state.units[unit].power]?.side;
  const { actions } = await callApi(studio.baseUrl, 'games.legalActions', { gameId, side });
  // The hexes a unit may go to: over the map, or only by rail (a drop there makes the rail move, as a click does).
  const reachOf = (unit, rail = false) => new Set(actions.flatMap(({ action: a }) => (a.type === 'move' && a.unit === unit && (rail || !a.rail) && a.to?.startsWith('hex:') ? [a.to.slice(4)] : [])));

  const page = await studioPage(studio);
  await page.goto(`${studio.baseUrl}/rulesets/2ww/play/${gameId}`, { waitUntil: 'networkidle' });
  await page.locator('.play-map .play-marker').first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(300);
  const root = page.locator('.play-root');
  const logLength = async () => Number(await root.getAttribute('data-log-length'));

  // A marker's part of the side to act whose unit has moves listed: dragging it drags that unit.
  const units = await page.locator('.play-map .play-where[data-at^="hex:"] .play-marker-part').evaluateAll((ps) => ps.map((p) => p.dataset.unit));
  const unit = units.find((u) => sideOf(u) === side && reachOf(u).size > 0);
  assert.ok(unit, `a unit of ${side}'s with moves listed`);
  const reach = reachOf(unit);
  const listed = reachOf(unit, true);
  const lifted = await page.locator(`.play-map .play-marker-part[data-unit="${unit}"]`).boundingBox();
  const from = { x: lifted.x + lifted.width / 2, y: lifted.y + lifted.height / 2 };
  const name = (await page.locator(`select[aria-label="Unit to move"] option[value="${unit}"]`).innerText()).replace(/ at .*$/, '');

  // A hex it may go to and one it may not, near it, found by pointing around it (the corner names the hex under the pointer), off any marker.
  const hex = Number.parseFloat(await page.locator('.play-map .leaflet-container').evaluate((e) => e.style.getPropertyValue('--hex')));
  const readout = page.getByTestId('hex-readout');
  let legal;
  let illegal;
  for (const ring of [1, 2, 3, 4]) {
    for (let angle = 0; angle < 360; angle += 30) {
      const x = from.x + Math.cos((angle * Math.PI) / 180) * ring * hex * 0.9;
      const y = from.y + Math.sin((angle * Math.PI) / 180) * ring * hex * 0.9;
      if (await page.evaluate(([x, y]) => !!document.elementFromPoint(x, y)?.closest('.play-marker, .map-place'), [x, y])) continue;
      await page.mouse.move(x, y);
      // The corner follows the pointer a moment later.
      await page.waitForTimeout(60);
      const key = (await readout.innerText().catch(() => '')).match(/^hex (\w+)/)?.[1];
      if (!key || `hex:${key}` === state.units[unit].at) continue;
      if (reach.has(key)) legal ??= { key, x, y };
      else if (ring > 1 && !listed.has(key)) illegal ??= { key, x, y };
    }
  }
  assert.ok(legal && illegal, `hexes near ${unit} it may go to (${legal?.key}) and may not (${illegal?.key})`);

  const before = await logLength();
  // Dragged where it may not go: while dragged, it is selected and where it may go is marked; dropped, the move is refused with its rule, and nothing moves.
  const pan = await panOf(page);
  await dragMouse(page, from, illegal, async () => {
    // A copy of the counter follows the pointer, as big as the marker's part it was lifted from.
    const ghost = await page.locator('.counter-ghost').boundingBox();
    assert.ok(ghost.width >= lifted.width - 1 && ghost.height >= lifted.height - 1 && Math.hypot(ghost.x - illegal.x, ghost.y - illegal.y) < 20, `the dragged copy (${JSON.stringify(ghost)}) is seen at the pointer`);
    await page.locator('.play-map:not([data-reach="0"])').waitFor({ timeout: 5_000 });
    assert.match(await page.getByTestId('selection').innerText(), new RegExp(`^Selected ${name.replace(/[()]/g, '\\$&')} .*marked green`));
    assert.equal(await panOf(page), pan, 'the map does not pan while a counter is dragged');
    await page.screenshot({ path: path.join(shots, 'play-drag-during.png') });
  });
  const refusal = page.getByTestId('refusal');
  await refusal.waitFor({ timeout: 15_000 });
  const refused = await refusal.innerText();
  assert.ok(refused.startsWith(`Refused: move ${name} to hex ${illegal.key}.`), refused);
  assert.match(refused, /— (rule \S+|no rule number)/, 'the refusal shows its rule');
  assert.equal(await page.locator('.counter-ghost').count(), 0);
  assert.equal(await panOf(page), pan, 'nor after the drop');
  assert.equal(await logLength(), before, 'nothing was played');
  assert.equal((await callApi(studio.baseUrl, 'games.state', { gameId })).state.units[unit].at, state.units[unit].at, 'the unit did not move');
  await page.screenshot({ path: path.join(shots, 'play-drag-refused.png') });

  // Dragged where it may go: moved there, the move logged.
  await dragMouse(page, await centreOf(page.locator(`.play-map .play-where[data-at="${state.units[unit].at}"] .play-marker-part[data-power="${state.units[unit].power}"]`)), legal);
  await page.waitForFunction((n) => Number(document.querySelector('.play-root')?.getAttribute('data-log-length')) > n, before, { timeout: 15_000 });
  assert.equal(await refusal.count(), 0, 'the move was made');
  assert.equal(await panOf(page), pan);
  assert.equal((await callApi(studio.baseUrl, 'games.state', { gameId })).state.units[unit].at, `hex:${legal.key}`);
  assert.match(await page.locator(`.play-entries > li[data-seq="${before}"]`).innerText(), new RegExp(`${name.replace(/[()]/g, '\\$&')} moves from hex \\w+[^:]*: .*hex ${legal.key}`));
  await page.screenshot({ path: path.join(shots, 'play-drag-moved.png') });

  // A counter of the side not to act is not moved by a drag: the map pans, as a drag of empty map does; nothing is played.
  const other = (await page.locator('.play-map .play-where[data-at^="hex:"] .play-marker-part').evaluateAll((ps) => ps.map((p) => p.dataset.unit))).find((u) => sideOf(u) !== side);
  assert.ok(other, 'a counter of the other side');
  const start = await centreOf(page.locator(`.play-map .play-marker-part[data-unit="${other}"]`));
  await dragMouse(page, start, { x: start.x + 60, y: start.y + 40 }, async () => assert.equal(await page.locator('.counter-ghost').count(), 0));
  const panned = await panOf(page);
  assert.notEqual(panned, pan, 'a drag of a counter not to move pans the map');
  const map = await page.locator('.play-map .leaflet-container').boundingBox();
  const empty = await page.evaluate(
    (m) => {
      for (let y = m.y + 60; y < m.y + m.height - 60; y += 20)
        for (let x = m.x + 60; x < m.x + m.width - 60; x += 20) if (!document.elementFromPoint(x, y)?.closest('.play-marker, .play-pile, .map-place, .play-box')) return { x, y };
    },
    map,
  );
  await dragMouse(page, empty, { x: empty.x - 50, y: empty.y - 30 });
  assert.notEqual(await panOf(page), panned, 'a drag of empty map pans it');
  assert.equal(await logLength(), before + 1, 'only the dragged move was played');
  await page.close();
  assert.deepEqual(page.problems, []);
});
