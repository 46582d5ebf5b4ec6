// Test games in Chromium, played as a tester would: open 2WW's workbench, launch a game with the
// provisional fill, make a legal move from the list, try an illegal one from the map and read its reason,
// reload and find the game as it was; then a game whose Allies a bot plays, and undo. Runs on a copy of the
// bundled rulesets with its own database. Needs `next build` first (bin/test.sh does it).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { bundled, bundledHas, callApi, shots, studioForTests, watchPage } from './studio.mjs';

const present = bundledHas('2ww');
const studio = studioForTests({ copyOf: bundled }, { when: present });

test('a 2WW test game: launch with the provisional fill, a legal move, an illegal one refused, resumed after a reload', { timeout: 180_000 }, async (t) => {
  if (!present) return t.skip('no 2ww in rulesets/');
  const { baseUrl } = studio;
  const { page, problems } = await openPage();

  // Launch from the workbench.
  const gameUrl = await launchGame(page, baseUrl, '7');

  const root = page.locator('.play-root');
  await root.waitFor({ timeout: 30_000 });
  const banner = page.getByTestId('provisional-banner');
  assert.match(await banner.innerText(), /uses \d+ provisional values.*\d+ gaps/s, 'the banner counts provisional values and gaps');
  const status = page.getByTestId('play-status');
  const logLength = async () => Number(await root.getAttribute('data-log-length'));
  const before = await logLength();
  assert.equal(before, 1, 'a new game has its start entry');

  // A legal move: the first listed action. Pointing at it marks its hex on the map.
  const first = page.locator('.play-action').first();
  await first.waitFor({ timeout: 30_000 });
  const label = await first.innerText();
  await page.locator('.play-map .leaflet-container[data-counters]').waitFor({ timeout: 30_000 });
  // The all-sea and all-land hexsides the map bootstrap found are drawn, and the legend says what they bar.
  assert.match(await page.getByTestId('hexside-legend').innerText(), /all sea, which land units do not cross; .*all land, which fleets do not cross/);
  assert.ok((await page.locator('.play-map path.leaflet-interactive[stroke="#2f6db5"]').count()) > 50, 'the all-sea hexsides are drawn');
  // The map's named places are marked, each naming itself on hover: Paris (a capital with no hex number) at its real-world position, Toulon at its hex.
  assert.equal(await page.locator('.play-map .leaflet-container').getAttribute('data-places'), String(await page.locator('.play-map .map-place').count()));
  assert.match(await page.locator('.play-map .map-place-capital[data-place="paris"]').getAttribute('title'), /^Paris \(city, capital/);
  assert.match(await page.locator('.play-map .map-place[data-place="toulon"]').getAttribute('title'), /^Toulon .* · hex 1911$/);
  await first.hover();
  await page.locator('.play-map[data-marked="1"]').waitFor({ timeout: 5_000 });
  await first.click();
  await page.waitForFunction((n) => Number(document.querySelector('.play-root')?.getAttribute('data-log-length')) > n, before, { timeout: 15_000 });
  assert.equal(await page.getByTestId('refusal').count(), 0, `"${label}" was accepted`);
  const afterMove = await logLength();
  const logText = await page.locator('.play-log').innerText();
  assert.ok(logText.includes(`#${afterMove - 1}`), 'the new entry is in the play-by-play');

  // An illegal move from the map: pick a unit, click a hex somewhere else. Zoomed out as it opens, the map shows each
  // stack as a marker counting its units by power; a click on one picks its power's first unit there.
  const map = page.locator('.play-map .leaflet-container[data-counters]');
  await map.waitFor({ timeout: 30_000 });
  const counter = page.locator('.play-map .play-marker-part').first();
  await counter.click();
  const unit = await counter.getAttribute('data-unit');
  // The page names a unit as the engine does: the unit picker's option for it reads "<name> at <location>".
  const option = await page.locator(`select[aria-label="Unit to move"] option[value="${unit}"]`).innerText();
  const name = option.slice(0, option.lastIndexOf(' at '));
  assert.ok((await page.getByTestId('selection').innerText()).startsWith(`Selected ${name} `), `the selection names ${name}`);
  const box = await counter.boundingBox();
  const mapBox = await map.boundingBox();
  const x = box.x + box.width / 2 > mapBox.x + mapBox.width / 2 ? box.x - 60 : box.x + box.width + 60;
  // The hex under the pointer is named in a corner of the map, as the refusal will name it.
  await page.mouse.move(x, box.y + box.height / 2 + 40);
  const readout = page.getByTestId('hex-readout');
  await readout.waitFor();
  const hovered = (await readout.innerText()).match(/^hex (\w+)/)?.[1];
  assert.ok(hovered, 'the readout names a hex');
  await page.mouse.click(x, box.y + box.height / 2 + 40);
  const refusal = page.getByTestId('refusal');
  await refusal.waitFor({ timeout: 15_000 });
  const reason = await refusal.innerText();
  assert.ok(reason.startsWith(`Refused: move ${name} to hex ${hovered}.`), reason);
  assert.match(reason, /\((placement-pending|not-your-turn|wrong-step|[\w-]+)\)/, 'the refusal names its code');
  assert.equal(await logLength(), afterMove, 'a refused move leaves the log alone');

  // The unit that must be placed first, selected: the hexes its listed placements go to are marked on the map.
  const pending = reason.match(/^Refused: .*? to hex \w+\. (.+) must first be placed/)?.[1];
  assert.ok(pending, reason);
  await page.getByLabel('Unit to move').selectOption({ label: `${pending} (unplaced)` });
  const places = await page.locator('.play-action[data-kind="place"]').count();
  await page.locator(`.play-map[data-reach="${places}"]`).waitFor({ timeout: 5_000 });
  const selection = await page.getByTestId('selection').innerText();
  assert.ok(selection.startsWith(`Selected ${pending} (unplaced): it may go to ${places} hexes or boxes marked green`), selection);
  // A unit of another power, not placed yet either: no placement is listed for it, and the selection says whose units are placed now.
  const power = pending.match(/\(([^)]+)\)$/)[1];
  const another = (await page.getByLabel('Unit to move').locator('option').allInnerTexts()).find((o) => o.endsWith(') (unplaced)') && !o.includes(`(${power})`));
  await page.getByLabel('Unit to move').selectOption({ label: another });
  await page.getByTestId('selection').filter({ hasText: `no placement is listed for it now (the units placed now are ${power}'s)` }).waitFor({ timeout: 5_000 });

  // What the position shows the side in view: hostile zones of control marked, units out of supply counted.
  const overlays = page.getByTestId('overlays');
  await overlays.getByLabel('hostile zones of control').check();
  await overlays.getByLabel(/units out of supply/).check();
  await page.getByTestId('overlay-counts').filter({ hasText: /^\s*\d+ locations in hostile zones; \d+ units? out of supply$/ }).waitFor({ timeout: 10_000 });
  assert.ok(Number(await page.locator('.play-map').getAttribute('data-zones')) > 0, 'hostile zones are marked on the map');

  await page.screenshot({ path: path.join(shots, 'play.png'), fullPage: true });

  // Reload: the same game, at the same place.
  const statusText = await status.innerText();
  await page.goto(gameUrl, { waitUntil: 'networkidle' });
  await root.waitFor({ timeout: 30_000 });
  assert.equal(await logLength(), afterMove, 'same log length after a reload');
  assert.equal(await status.innerText(), statusText, 'same turn, phase and step after a reload');
  // The last result is the newest entry's, as before the reload: a unit placed.
  assert.match(await page.locator('.play-last').innerText(), /^Last result\n[\s\S]* is placed at /);

  // Launched passing the steps with nothing to do; turned off, it stays off across a reload.
  const passing = page.getByRole('checkbox', { name: 'pass steps with nothing to do' });
  assert.equal(await passing.isChecked(), true, 'the launch dialog passes empty steps by default');
  // The box shows the game's choice: it clears once the game has taken the change.
  await passing.click();
  await page.waitForFunction(() => document.querySelector('.play-actions .play-check input')?.checked === false, null, { timeout: 15_000 });
  await page.goto(gameUrl, { waitUntil: 'networkidle' });
  await root.waitFor({ timeout: 30_000 });
  assert.equal(await page.getByRole('checkbox', { name: 'pass steps with nothing to do' }).isChecked(), false);

  // Adjudicated by hand: the unit picked by its name, the hex typed as the map names it, the reason logged;
  // the reason is cleared once the engine takes the change, the parts kept for the next one.
  const manual = page.getByRole('form', { name: 'Manual adjudication' });
  await page.locator('.play-manual summary').click();
  // Named there as in the unit picker: "<name> at <location>".
  await manual.getByLabel('unit', { exact: true }).selectOption({ label: option });
  await manual.getByLabel('to', { exact: true }).fill(hovered);
  assert.equal(await manual.getByLabel('to', { exact: true }).getAttribute('list'), 'manual-off-board', 'a unit moved by hand may leave the board');
  await manual.getByLabel('Note').fill('a ruling for the test');
  // The move tried again, typed: refused as before, the refusal shown until the game moves on.
  const tryMove = page.getByRole('form', { name: 'Try a move' });
  await tryMove.getByLabel('Unit to move').selectOption({ label: option });
  await tryMove.getByLabel('Destination').fill(hovered);
  await tryMove.getByRole('button', { name: 'Try move' }).click();
  await refusal.waitFor({ timeout: 15_000 });
  const beforeManual = await logLength();
  await manual.getByRole('button', { name: 'Apply by hand' }).click();
  await page.waitForFunction((n) => Number(document.querySelector('.play-root')?.getAttribute('data-log-length')) > n, beforeManual, { timeout: 15_000 });
  assert.equal(await refusal.count(), 0, 'a refusal goes once the game has moved on');
  const entry = page.locator(`.play-entries > li[data-seq="${beforeManual}"]`);
  assert.match(await entry.innerText(), new RegExp(`moved from .* to hex ${hovered}.*a ruling for the test`, 's'));
  assert.equal(await manual.getByLabel('Note').inputValue(), '', 'the reason goes with the change it was given for');
  assert.equal(await manual.getByLabel('to', { exact: true }).inputValue(), hovered, 'the parts stay for the next change');
  // A track kept for the game as a whole asks for no power.
  await manual.getByLabel('Kind of adjudication').selectOption({ label: 'set a track' });
  assert.equal(await manual.getByLabel('track', { exact: true }).count(), 1);
  assert.equal(await manual.getByLabel('of power', { exact: true }).count(), 0);
  // Control is of a place on the board: nothing off it is offered.
  await manual.getByLabel('Kind of adjudication').selectOption({ label: 'set control' });
  assert.equal(await manual.getByLabel('location', { exact: true }).getAttribute('list'), null);

  // The game ended by hand, won by the Allies, its outcome a text as long as the server takes and with no space: one
  // character more is said as it is typed, not cut; the banner, the last result and the log say who won, wrapped.
  await manual.getByLabel('Kind of adjudication').selectOption({ label: 'end the game' });
  await manual.getByLabel('won by', { exact: true }).selectOption({ label: 'Allies' });
  await manual.getByLabel('outcome', { exact: true }).fill('x'.repeat(4001));
  assert.equal(await manual.locator('.play-too-long').innerText(), 'the outcome: must be at most 4000 characters long, not 4001');
  assert.equal(await manual.getByRole('button', { name: 'Apply by hand' }).isDisabled(), true);
  await manual.getByLabel('outcome', { exact: true }).fill('x'.repeat(4000));
  assert.equal(await manual.locator('.play-too-long').count(), 0);
  await manual.getByRole('button', { name: 'Apply by hand' }).click();
  const over = page.locator('.play-over');
  await over.waitFor({ timeout: 15_000 });
  // Its first lines, the rest a click away.
  assert.match(await over.innerText(), /^Xx{298}… show all \(4016 characters\)$/);
  await over.getByRole('button', { name: /^show all/ }).click();
  assert.match(await over.innerText(), /^Xx{3999} \(won by Allies\) show less$/);
  assert.match(await page.locator('.play-last').innerText(), /Game over on .*: x{4000} \(won by Allies\)/);
  assert.equal(await page.locator('.play-entries > li', { hasText: /the tester ends the game: x{4000} \(won by Allies\)/ }).count(), 1);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'nothing runs off the page sideways');
  await page.screenshot({ path: path.join(shots, 'play-ended-by-hand.png') });

  assert.deepEqual(problems.filter((p) => !/favicon/.test(p)), []);
  await page.close();
});

test('a 2WW test game with a bot for the Allies: the bot plays its side, undo takes entries back, the history shows earlier positions, the bot plays on when let, and the game is deleted', { timeout: 180_000 }, async (t) => {
  if (!present) return t.skip('no 2ww in rulesets/');
  const { baseUrl } = studio;
  const { page, problems } = await openPage();
  // Undo and deletion ask in the studio's modal dialog, never the browser's confirm().
  const browserDialogs = [];
  page.on('dialog', (d) => (browserDialogs.push(d.type()), void d.dismiss()));
  const confirm = (name, button) => page.getByRole('dialog', { name }).getByRole('button', { name: button }).click();

  const gameUrl = await launchGame(page, baseUrl, '11', (dialog) => dialog.getByLabel('Player of Allies').selectOption('random'));

  // The Allies set up first: the bot has placed their units, and the Axis is to act.
  const root = page.locator('.play-root');
  await root.waitFor({ timeout: 30_000 });
  const logLength = async () => Number(await root.getAttribute('data-log-length'));
  const started = await logLength();
  assert.ok(started > 1, `the bot's entries follow the start (log ${started})`);
  // The side is named once the game's ruleset is read (an ellipsis until then).
  await page.getByTestId('play-status').filter({ hasText: /to act: Axis/ }).waitFor({ timeout: 15_000 });
  assert.match(await page.locator('.play-entries > li[data-seq="1"]').innerText(), /place /, 'the bot placed a unit');

  // The Axis places a unit.
  await page.getByRole('tab', { name: /axis/i }).click();
  const first = page.locator('.play-action').first();
  await first.waitFor({ timeout: 30_000 });
  await first.click();
  await page.waitForFunction((n) => Number(document.querySelector('.play-root')?.getAttribute('data-log-length')) > n, started, { timeout: 15_000 });
  const mine = page.locator(`.play-entries > li[data-seq="${started}"]`);
  assert.match(await mine.innerText(), /place /);
  await page.screenshot({ path: path.join(shots, 'play-bot.png'), fullPage: true });

  // Undone: that entry and everything after it go, and stay gone after a reload.
  await mine.getByRole('button', { name: 'undo to here' }).click();
  await confirm(`Undo to entry #${started}`, 'Undo 1 entry');
  await page.waitForFunction((n) => Number(document.querySelector('.play-root')?.getAttribute('data-log-length')) === n, started, { timeout: 15_000 });
  assert.equal(await mine.count(), 0);
  assert.match(await page.getByTestId('play-status').innerText(), new RegExp(`to act: Axis · log ${started}$`));
  await page.screenshot({ path: path.join(shots, 'play-undone.png'), fullPage: true });
  await page.goto(gameUrl, { waitUntil: 'networkidle' });
  await root.waitFor({ timeout: 30_000 });
  assert.equal(await logLength(), started, 'same log length after a reload');

  // History: the board as it stood after the bot's first placement, read only, then a step later, kept
  // in the address across a reload; back to the present, the actions return.
  const map = page.locator('.play-map .leaflet-container[data-counters]');
  await map.waitFor({ timeout: 30_000 });
  const onMap = async () => Number(await map.getAttribute('data-counters'));
  const countersNow = await onMap();
  const history = page.getByTestId('history');
  await page.locator('.play-entries > li[data-seq="1"]').getByRole('button', { name: 'view' }).click();
  await history.filter({ hasText: 'after entry #1 ' }).waitFor({ timeout: 15_000 });
  await page.getByTestId('play-status').filter({ hasText: / · log 2$/ }).waitFor({ timeout: 15_000 });
  assert.ok((await onMap()) < countersNow, 'fewer units on the map before the bot placed them');
  assert.match(await page.getByTestId('viewed-entry').innerText(), /^Entry #1: place /);
  assert.equal(await page.getByTestId('legal-actions').count(), 0, 'nothing can be played in the history');
  assert.equal(await logLength(), started, 'viewing the history changes nothing');
  await history.getByRole('button', { name: 'later ▶' }).click();
  await history.filter({ hasText: 'after entry #2 ' }).waitFor({ timeout: 15_000 });
  assert.match(page.url(), /[?&]at=3$/);
  await page.reload({ waitUntil: 'networkidle' });
  await history.filter({ hasText: 'after entry #2 ' }).waitFor({ timeout: 30_000 });
  await page.locator('.play-entries > li.viewed[data-seq="2"]').waitFor();
  await history.getByRole('button', { name: 'back to the present' }).click();
  await page.getByTestId('legal-actions').waitFor({ timeout: 15_000 });
  assert.equal(await history.count(), 0);
  assert.equal(await onMap(), countersNow);
  assert.doesNotMatch(page.url(), /at=/);

  // Undone into the bot's turn: the bot waits until let play, then plays as it did, up to the Axis.
  await page.locator('.play-entries > li[data-seq="1"]').getByRole('button', { name: 'undo to here' }).click();
  await confirm('Undo to entry #1', `Undo ${started - 1} entries`);
  await page.waitForFunction(() => Number(document.querySelector('.play-root')?.getAttribute('data-log-length')) === 1, null, { timeout: 15_000 });
  const waiting = page.getByTestId('bots-to-act');
  assert.match(await waiting.innerText(), /To act now: Allies, played by a random bot\./);
  await waiting.getByRole('button', { name: 'Let the bots play' }).click();
  await page.getByTestId('bots-note').filter({ hasText: `The bots made ${started - 1} actions and stopped: Axis to act.` }).waitFor({ timeout: 15_000 });
  assert.equal(await logLength(), started);
  assert.equal(await waiting.count(), 0);

  // The Axis leaves the rest of its set-up to chance: each of its units goes where it may, one logged placement each.
  const placeRest = page.getByRole('button', { name: 'Place the rest at random' });
  await placeRest.click();
  const note = page.getByTestId('bots-note').filter({ hasText: /^\d+ units placed at random\.$/ });
  await note.waitFor({ timeout: 30_000 });
  const placed = Number((await note.innerText()).match(/^(\d+)/)[1]);
  assert.ok(placed > 1, `the Axis placed its units (${placed})`);
  const entries = await callApi(baseUrl, 'games.log', { gameId: gameUrl.split('/').pop(), from: started });
  assert.deepEqual(entries.entries.slice(0, placed).map((e) => `${e.action.type} ${e.action.side}`), Array(placed).fill('place axis'), 'a logged placement per unit');
  assert.equal(await placeRest.count(), 0, 'nothing left to place');
  await page.screenshot({ path: path.join(shots, 'play-placed-rest.png'), fullPage: true });

  // A note for the designer on the newest entry: shown under it, kept across a reload.
  const length = await logLength();
  const newest = page.locator(`.play-entries > li[data-seq="${length - 1}"]`);
  await newest.getByRole('button', { name: 'note' }).click();
  await newest.getByLabel(`Note on entry #${length - 1}`).fill('Placed at random: check the stacks.');
  await newest.getByRole('button', { name: 'Save note' }).click();
  await newest.locator('.play-notes').filter({ hasText: 'Placed at random: check the stacks.' }).waitFor({ timeout: 15_000 });
  await page.reload({ waitUntil: 'networkidle' });
  await newest.locator('.play-notes').filter({ hasText: 'Placed at random: check the stacks.' }).waitFor({ timeout: 30_000 });
  // The play-by-play is by turn, each summed up; a search reads the whole log and keeps the entries it finds.
  assert.match(await page.locator('.play-turn > summary').first().innerText(), /^Turn 1 \(.+\) \d+ entries/);
  await page.getByLabel('Search the play-by-play').fill('place');
  await page.locator('.play-log-tools').getByText(/^\d+ entries found$/).waitFor({ timeout: 15_000 });
  // Each turn counts the entries found in it as found, not as the turn's.
  assert.match(await page.locator('.play-turn > summary').first().innerText(), /^Turn 1 \(.+\) \d+ entr(y|ies) found/);
  const found = await page.locator('.play-entries > li').allInnerTexts();
  assert.ok(found.length >= placed && found.every((t) => /place/i.test(t)), `the search keeps the placements (${found.length})`);
  await page.getByLabel('Search the play-by-play').fill('');
  // The workbench counts the notes left on the ruleset's games, and leads to them.
  await page.goto(`${baseUrl}/rulesets/2ww`, { waitUntil: 'networkidle' });
  await page.getByRole('link', { name: '1 playtest note' }).click();
  await page.locator('#playtest-notes li').filter({ hasText: 'Placed at random: check the stacks.' }).waitFor({ timeout: 15_000 });
  await page.goto(gameUrl, { waitUntil: 'networkidle' });
  await root.waitFor({ timeout: 30_000 });

  // Carried elsewhere as a file: downloaded from the game's page, imported from the list of test games,
  // it opens as a new game at the same position, with its note.

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'download game file' }).click()]);
  assert.match(download.suggestedFilename(), /^2ww-[0-9a-f]{8}\.sandtable-game\.json$/);
  const saved = path.join(shots, download.suggestedFilename());
  await download.saveAs(saved);
  // The play-by-play as text: each entry, its events, and the note where it was written.
  const [text] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'play-by-play as text' }).click()]);
  const transcript = fs.readFileSync(await text.path(), 'utf8');
  assert.match(transcript, /^2WW: The War in Europe: .+, game [0-9a-f-]{36} \(seed 11\)\n/);
  assert.match(transcript, new RegExp(`\\n#${length - 1} · turn \\d+ · [^\\n]+\\n(    [^\\n]+\\n)*    Note: Placed at random: check the stacks\\.\\n`));
  await page.getByRole('link', { name: 'all test games' }).click();
  // The list gathers the playtesters' notes, each a way back to the position it is about.
  const gathered = page.locator('.play-notes-all li').filter({ hasText: 'Placed at random: check the stacks.' });
  await gathered.waitFor({ timeout: 15_000 });
  assert.match(await gathered.getByRole('link').innerText(), new RegExp(`^game ${gameUrl.split('/').pop().slice(0, 8)}, entry #${length - 1}$`));
  await page.locator('.play-import input[type=file]').setInputFiles(saved);
  await page.waitForURL((url) => /\/play\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(gameUrl.split('/').pop()), { timeout: 30_000 });
  await root.waitFor({ timeout: 30_000 });
  assert.equal(await logLength(), length, 'the imported game stands where the file left it');
  await newest.locator('.play-notes').filter({ hasText: 'Placed at random: check the stacks.' }).waitFor({ timeout: 15_000 });
  await page.goto(gameUrl, { waitUntil: 'networkidle' });
  await root.waitFor({ timeout: 30_000 });

  assert.deepEqual(problems.filter((p) => !/favicon/.test(p)), []);

  // Deleted from the list of test games: gone from it, and its address says so (the one request refused: 404).
  const gameId = gameUrl.split('/').pop();
  await page.getByRole('link', { name: 'all test games' }).click();
  const row = page.locator('.play-list tr', { has: page.locator(`a[href$="/play/${gameId}"]`) });
  await row.getByRole('button', { name: 'delete' }).click();
  await confirm('Delete test game', `Delete game ${gameId.slice(0, 8)}`);
  await row.waitFor({ state: 'detached', timeout: 15_000 });
  assert.deepEqual(browserDialogs, []);
  await page.goto(gameUrl, { waitUntil: 'networkidle' });
  await page.getByText(`Could not open game ${gameId}: No game "${gameId}"`).waitFor({ timeout: 15_000 });
  await page.close();
});

test('taking over a bot side: an action made in its place leaves the bots waiting, a side is handed to a person and back from the page (kept after a reload), and a result the game no longer has is not shown', { timeout: 180_000 }, async (t) => {
  if (!present) return t.skip('no 2ww in rulesets/');
  const { baseUrl } = studio;
  const { page, problems } = await openPage();
  const { gameId } = await callApi(baseUrl, 'games.create', { rulesetId: '2ww', optionalPatchSets: ['provisional-fill'], seed: 3, bots: { axis: 'random', allies: 'random' } }, { mutation: true });
  const gameUrl = `${baseUrl}/rulesets/2ww/play/${gameId}`;
  await page.goto(gameUrl, { waitUntil: 'networkidle' });
  const root = page.locator('.play-root');
  await root.waitFor({ timeout: 30_000 });
  const logLength = async () => Number(await root.getAttribute('data-log-length'));
  const capped = await logLength();
  const { status } = await callApi(baseUrl, 'games.state', { gameId });
  const side = status.sides[0];
  const sideName = side === 'axis' ? 'Axis' : 'Allies';
  await page.getByTestId('bots-to-act').waitFor({ timeout: 15_000 });

  // An action listed for the bot side, made by hand: taken, and the bots wait to be let play.
  await page.getByRole('tab', { name: new RegExp(sideName) }).click();
  const first = page.locator('.play-action').first();
  await first.waitFor({ timeout: 30_000 });
  await first.click();
  await page.waitForFunction((n) => Number(document.querySelector('.play-root')?.getAttribute('data-log-length')) > n, capped, { timeout: 15_000 });
  assert.equal(await logLength(), capped + 1, 'the bots played nothing after it');
  assert.match(await page.getByTestId('bots-note').innerText(), /The bots wait: you acted in their place/);
  const undone = page.locator('.play-last', { hasText: 'Last result' });
  await undone.waitFor();
  const undoneText = await undone.innerText();

  // Undone elsewhere: the page's next action (of whichever side acts after the first) meets the conflict, and the result it showed goes with the entry.
  const next = (await callApi(baseUrl, 'games.state', { gameId })).status.sides[0];
  await page.getByRole('tab', { name: new RegExp(next === 'axis' ? 'Axis' : 'Allies') }).click();
  await callApi(baseUrl, 'games.undo', { gameId, toLogLength: capped }, { mutation: true });
  await page.locator('.play-action').first().click();
  await page.locator('.wb-error[role="alert"]', { hasText: `not ${capped + 1}: the game changed elsewhere, and the page now shows it as it stands` }).waitFor({ timeout: 15_000 });
  await page.waitForFunction((n) => Number(document.querySelector('.play-root')?.getAttribute('data-log-length')) === n, capped, { timeout: 15_000 });
  // What it shows instead is the game's newest entry, as after a reload: never the entry undone.
  await page.waitForFunction((text) => ![...document.querySelectorAll('.play-last')].some((e) => e.innerText === text), undoneText, { timeout: 15_000 });

  // The side handed to a person: listed, nothing played, kept after a reload; the bots no longer wait on it.
  const players = page.getByTestId('players');
  await players.getByLabel(`${sideName} played by`).selectOption('person');
  await page.getByTestId('player-changes').filter({ hasText: '1 change of player' }).waitFor({ timeout: 15_000 });
  assert.equal(await logLength(), capped);
  assert.equal(await page.getByTestId('bots-to-act').count(), 0);
  await page.screenshot({ path: path.join(shots, 'play-players.png'), fullPage: true });
  await page.reload({ waitUntil: 'networkidle' });
  await root.waitFor({ timeout: 30_000 });
  assert.equal(await players.getByLabel(`${sideName} played by`).inputValue(), 'person');
  await page.getByTestId('player-changes').click();
  assert.match(await page.getByTestId('player-changes').innerText(), new RegExp(`${sideName}: a random bot → a person from entry #${capped}`));
  // And back to a bot, which plays when let.
  await players.getByLabel(`${sideName} played by`).selectOption('greedy');
  await page.getByTestId('bots-to-act').waitFor({ timeout: 15_000 });
  assert.equal(await logLength(), capped);
  assert.deepEqual((await callApi(baseUrl, 'games.state', { gameId })).bots[side], 'greedy');
  await page.close();
  // The refused action is a 409 response, which the browser logs; nothing else may be.
  assert.deepEqual(problems.filter((p) => !/favicon|status of 409/.test(p)), []);
});

test("a movement step's thousand moves listed unit by unit: the first unit's open, the rest under their names, all open while a filter narrows them", { timeout: 120_000 }, async (t) => {
  if (!present) return t.skip('no 2ww in rulesets/');
  const { baseUrl } = studio;
  const { gameId } = await callApi(baseUrl, 'games.create', { rulesetId: '2ww', optionalPatchSets: ['provisional-fill'], seed: 5 }, { mutation: true });
  for (let i = 0; i < 200; i++) {
    const { status } = await callApi(baseUrl, 'games.state', { gameId });
    const side = status.sides[0];
    if (side === 'axis' && /Movement/.test(status.step ?? '')) break;
    if (status.unplaced.length) await callApi(baseUrl, 'games.placeRest', { gameId, side }, { mutation: true });
    else await callApi(baseUrl, 'games.act', { gameId, action: { type: 'endStep', side } }, { mutation: true });
  }
  const { page, problems } = await openPage();
  await page.goto(`${baseUrl}/rulesets/2ww/play/${gameId}`, { waitUntil: 'networkidle' });
  const units = page.locator('.play-unit-moves');
  await units.first().waitFor({ timeout: 30_000 });
  assert.ok((await units.count()) > 10, 'a group for each unit that may move');
  assert.match(await units.first().locator('summary').innerText(), /^.+ \(\d+ moves?\)$/);
  assert.equal(await page.locator('.play-unit-moves details[open]').count(), 1, "the first unit's moves open, the others closed");
  assert.ok(await units.first().locator('.play-action').first().isVisible());
  await page.getByLabel('Filter actions').fill('Move');
  await page.waitForFunction(() => document.querySelectorAll('.play-unit-moves details:not([open])').length === 0, null, { timeout: 5_000 });
  assert.deepEqual(problems, []);
  await page.close();
});

test('a 2WW test game between two bots, played out to its victory check', { timeout: 180_000 }, async (t) => {
  if (!present) return t.skip('no 2ww in rulesets/');
  const { baseUrl } = studio;
  const { page, problems } = await openPage();
  await launchGame(page, baseUrl, '5', async (dialog) => {
    await dialog.getByLabel('Player of Axis').selectOption('random');
    await dialog.getByLabel('Player of Allies').selectOption('random');
  });
  // One request's bots stop at their cap; played out, the game ends at its victory check.
  const waiting = page.getByTestId('bots-to-act');
  await waiting.getByRole('button', { name: '…to the end' }).click();
  await page.locator('.play-over').waitFor({ timeout: 120_000 });
  assert.match(await page.getByTestId('bots-note').innerText(), /^The bots made \d+ actions and stopped: the game is over\.$/);
  assert.match(await page.getByTestId('play-status').innerText(), /game over/);
  // The banner says what the check counted: the level's condition with the countries found.
  assert.match(await page.locator('.play-over').innerText(), /^.+: .*Axis controls \d+ of the \d+ listed \(.+\), (which is|not) /);
  assert.equal(await waiting.count(), 0);
  // Nothing invites an action the finished game would refuse: the line under the map and the list say it is over and
  // what is left (the play-by-play), and neither the form trying a move nor the manual adjudication is offered.
  assert.match(await page.getByTestId('selection').innerText(), /^The game is over: nothing more is played\. Click a counter to see which unit it is; in the play-by-play below, /);
  assert.match(await page.locator('.play-actions').innerText(), /The game is over: no side acts\. To play on, take back entries in the play-by-play/);
  assert.equal(await page.locator('form[aria-label="Try a move"], .play-manual').count(), 0);
  await page.screenshot({ path: path.join(shots, 'play-over.png'), fullPage: true });
  assert.deepEqual(problems.filter((p) => !/favicon/.test(p)), []);
  await page.close();
});

test('a 2WW attack and a defence with the units the tester picks, fewer than listed, and losses allocated unit by unit: the odds follow the pick, the game records it', { timeout: 180_000 }, async (t) => {
  if (!present) return t.skip('no 2ww in rulesets/');
  const { baseUrl } = studio;
  // Both sides played by hand through the API up to the Axis's first combat, German units then put by hand beside a French infantry: an attack listing three units or more.
  const game = await axisAttackOnFrance(baseUrl);
  const listed = game.action;
  const { page, problems } = await openPage();
  await page.goto(`${baseUrl}/rulesets/2ww/play/${game.gameId}`, { waitUntil: 'networkidle' });
  const target = listed.target.slice(listed.target.indexOf(':') + 1);
  const row = page.locator('.play-action-row', { has: page.getByRole('button', { name: new RegExp(`^Attack ${target} \\(${listed.combat}\\)`) }) });
  await row.getByRole('button', { name: 'units', exact: true }).click();
  const boxes = row.getByRole('group', { name: new RegExp(`^Attack ${target}`) }).getByRole('checkbox');
  assert.equal(await boxes.count(), listed.units.length, 'a checkbox for each unit listed');
  // Leave out one that only supports (an air unit), so the attack stays legal.
  const left = listed.units.find((u) => /-air$/.test(u));
  const units = listed.units.filter((u) => u !== left);
  await boxes.nth(listed.units.indexOf(left)).uncheck();
  await row.getByRole('button', { name: 'odds', exact: true }).click();
  assert.match(await row.getByTestId('odds').innerText(), /^Strength [\d–]+ against [\d–]+\. Of 1,000 battles on fresh dice, won by Axis \d+%/);
  const before = Number(await page.locator('.play-root').getAttribute('data-log-length'));
  await row.getByRole('button', { name: `Attack with ${units.length} of ${listed.units.length}` }).click();
  await page.waitForFunction((n) => Number(document.querySelector('.play-root')?.getAttribute('data-log-length')) > n, before, { timeout: 15_000 });
  assert.equal(await page.getByTestId('refusal').count(), 0);
  // Where the Allies may support the defence, they send nothing (through the API), and the battle is fought.
  const { state: declared } = await callApi(baseUrl, 'games.state', { gameId: game.gameId });
  if (declared.defense) {
    // The hint under the map follows the game: the defender chooses now, not the attacker's next click.
    assert.match(await page.getByTestId('selection').innerText(), /^Waiting for Allies to choose the (support of the defence of|interception of the attack on) .*no unit moves or attacks until then\.$/);
    // A unit selected meanwhile is named, and the hint still says what the game waits on; no move or attack is offered.
    await page.locator('.play-map .play-marker-part').first().click();
    assert.match(await page.getByTestId('selection').innerText(), /^Selected .+\. Waiting for Allies to choose the .*no unit moves or attacks until then\. clear$/);
    assert.equal(await page.getByRole('form', { name: 'Try a move' }).count(), 0, 'no move or attack offered while the defender chooses');
    const { logLength: n } = await callApi(baseUrl, 'games.act', { gameId: game.gameId, action: { type: 'defend', side: declared.defense.by, units: [] } }, { mutation: true }).then(() => callApi(baseUrl, 'games.state', { gameId: game.gameId }));
    await page.reload({ waitUntil: 'networkidle' });
    await page.waitForFunction((m) => Number(document.querySelector('.play-root')?.getAttribute('data-log-length')) === m, n, { timeout: 15_000 });
  }
  const entries = (await callApi(baseUrl, 'games.log', { gameId: game.gameId, from: before - 1 })).entries;
  const entry = entries.find((e) => e.action.type === 'attack');
  assert.deepEqual(entry.action.units, units, 'the attack was made with the units picked');
  // The combat chart is the provisional fill's: the play-by-play tags each of its cells the battle read as provisional.
  const provisional = entries.flatMap((e) => e.events).filter((e) => e.kind === 'lookup' && e.provisional);
  assert.ok(provisional.length > 0, 'the battle read cells of the provisional fill');
  assert.equal(await page.locator('.play-log .play-event-lookup', { has: page.locator('.play-tag.provisional') }).count(), provisional.length);

  // A defence: the Axis played by a bot, the Allies by hand until they may support one with two units or more.
  const second = await gameReaching(baseUrl, { axis: 'random' }, (side, a) => side === 'allies' && a.type === 'defend' && a.units.length >= 2, [2, 4, 6, 7, 8]);
  const choices = (await callApi(baseUrl, 'games.legalActions', { gameId: second.gameId, side: 'allies' })).actions.map((a) => a.action);
  const candidates = [...new Set(choices.flatMap((a) => a.units))];
  await page.goto(`${baseUrl}/rulesets/2ww/play/${second.gameId}`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'pick the units one by one' }).click();
  // A land battle's support, or an interception of a bombing: whichever defence the game reaches first.
  const picker = page.getByRole('group', { name: /^(Support the defence of|Intercept the attack on) \w+ with$/ });
  await picker.getByRole('checkbox').first().uncheck();
  const logLength = Number(await page.locator('.play-root').getAttribute('data-log-length'));
  await picker.getByRole('button', { name: /^Send \d+ of \d+$/ }).click();
  await page.waitForFunction((n) => Number(document.querySelector('.play-root')?.getAttribute('data-log-length')) > n, logLength, { timeout: 15_000 });
  const defended = (await callApi(baseUrl, 'games.log', { gameId: second.gameId, from: logLength - 1 })).entries.find((e) => e.action.type === 'defend');
  assert.deepEqual(defended.action.units, candidates.slice(1), 'the defence was supported by the units picked');
  // The play-by-play folds each step's reminders into a line naming their rules; opened, it reads them.
  const reminders = page.locator('.play-log .play-reminders').first();
  assert.match(await reminders.locator('summary').innerText(), /^\d+ reminders? for the tester \(rules? [\d.]/);
  await reminders.locator('summary').click();
  assert.match(await reminders.innerText(), /Reminder: /);

  // Losses allocated unit by unit: the Allies, by hand, place their loss points from the last unit listed
  // backwards, as many on each as it can take (an order the listing need not offer).
  const third = await gameReaching(baseUrl, { axis: 'random' }, (side, a) => side === 'allies' && a.type === 'allocate');
  const loss = (await callApi(baseUrl, 'games.state', { gameId: third.gameId })).status.losses[0];
  const ids = Object.keys(loss.room);
  const plan = new Map();
  let due = loss.due;
  for (const id of [...ids].reverse()) plan.set(id, Math.min(due, loss.room[id])), (due -= plan.get(id));
  await page.goto(`${baseUrl}/rulesets/2ww/play/${third.gameId}`, { waitUntil: 'networkidle' });
  // What the game waits for stands under the status line, whoever looks.
  assert.match(await page.getByTestId('play-waiting').textContent(), new RegExp(`^Waiting for Allies to allocate ${loss.points} loss points?`));
  await page.getByRole('button', { name: /^pick the losses among .*, unit by unit$/ }).click();
  const owed = loss.perStep ? `${loss.due} loss point${loss.due === 1 ? '' : 's'} for Allies to allocate (a step each)` : `${loss.due} unit${loss.due === 1 ? '' : 's'} for Allies to eliminate`;
  const hits = page.getByRole('group', { name: owed });
  const take = hits.getByRole('button', { name: new RegExp(`^Take \\d+ of ${loss.due}$`) });
  assert.equal(await take.isDisabled(), true, 'nothing is taken before the points are placed');
  for (const [k, id] of ids.entries()) {
    const input = hits.locator('label').nth(k).locator('input');
    if (plan.get(id) === 0) continue;
    if (loss.room[id] === 1) await input.check();
    else await input.fill(String(plan.get(id)));
  }
  await hits.screenshot({ path: path.join(shots, 'play-losses.png') });
  const beforeLoss = Number(await page.locator('.play-root').getAttribute('data-log-length'));
  await take.click();
  await page.waitForFunction((n) => Number(document.querySelector('.play-root')?.getAttribute('data-log-length')) > n, beforeLoss, { timeout: 15_000 });
  const allocated = (await callApi(baseUrl, 'games.log', { gameId: third.gameId, from: beforeLoss - 1 })).entries.find((e) => e.action.type === 'allocate');
  assert.deepEqual(allocated.action.units, ids.flatMap((id) => Array.from({ length: plan.get(id) }, () => id)), 'the points fell as placed');
  assert.deepEqual(problems.filter((p) => !/favicon/.test(p)), []);
  await page.close();
});

test('games with gaps: the play page names the values the data lacks that moves wait on (2WW without the fill, The Big One\'s rail), a unit whose moves wait on one says so, a move tried by rail asks for the value, and the ruling kept is listed as asked and withdrawn', { timeout: 180_000 }, async (t) => {
  if (!present) return t.skip('no 2ww in rulesets/');
  const { baseUrl } = studio;
  const game = await callApi(baseUrl, 'games.create', { rulesetId: '2ww', seed: 5 }, { mutation: true });
  for (let guard = 0; guard < 6; guard++) {
    const { status, state } = await callApi(baseUrl, 'games.state', { gameId: game.gameId });
    if (status.unplaced.length === 0) break;
    // Without the fill, Hamburg (the German port the fleets set up in) has no hex: the tester places the fleets.
    const task = state.tasks[0];
    if (task) {
      for (const unit of ['ge-surface-fleet', 'ge-1-sub']) if (state.units[unit].at === 'unplaced') await callApi(baseUrl, 'games.act', { gameId: game.gameId, action: { type: 'manual', op: { op: 'moveUnit', unit, to: 'hex:1906' } } }, { mutation: true });
      await callApi(baseUrl, 'games.act', { gameId: game.gameId, action: { type: 'manual', op: { op: 'resolveTask', task: task.id } } }, { mutation: true });
      continue;
    }
    await callApi(baseUrl, 'games.placeRest', { gameId: game.gameId, side: status.sides[0] }, { mutation: true });
  }
  const { waiting } = await callApi(baseUrl, 'games.legalActions', { gameId: game.gameId, side: 'axis' });
  const armor = waiting.find((w) => w.cite.pointer === '/unitTypes/armor/movement');
  assert.ok(armor, 'the armor movement factor, a gap, is waited on');
  assert.match(armor.text, /^the Armor type's movement: /, 'named as the value of every armor unit, which an answer serves');
  const { page, problems } = await openPage();
  await page.goto(`${baseUrl}/rulesets/2ww/play/${game.gameId}`, { waitUntil: 'networkidle' });
  const list = page.getByTestId('waiting');
  await list.waitFor({ timeout: 30_000 });
  assert.match(await list.locator('summary').innerText(), /^not listed: \d+ values? the data lacks$/);
  await list.locator('summary').click();
  assert.ok((await list.innerText()).includes(armor.text), 'the gap is named as the engine would ask it');
  // A unit whose moves wait on the gap says so when selected.
  await page.getByLabel('Unit to move').selectOption(armor.units[0]);
  assert.match(await page.getByTestId('selection-waiting').innerText(), new RegExp(`moves wait on a value the data lacks \\(rule ${armor.cite.rule}, “not listed” beside the map\\)`));

  // The Big One's text lacks its rail rule: with the fill, no rail move is listed, and one tried by rail asks for the distance.
  if (bundledHas('the-big-one')) {
    const tbo = await callApi(baseUrl, 'games.create', { rulesetId: 'the-big-one', optionalPatchSets: ['provisional-fill'], seed: 5 }, { mutation: true });
    for (let guard = 0; guard < 4; guard++) {
      const { status } = await callApi(baseUrl, 'games.state', { gameId: tbo.gameId });
      if (status.unplaced.length === 0) break;
      await callApi(baseUrl, 'games.placeRest', { gameId: tbo.gameId, side: status.sides[0] }, { mutation: true });
    }
    const rail = (await callApi(baseUrl, 'games.legalActions', { gameId: tbo.gameId, side: 'axis' })).waiting.find((w) => w.cite.pointer === '/mechanics/movement/rail/distance');
    assert.ok(rail?.units.length, "The Big One's rail distance is waited on");
    await page.goto(`${baseUrl}/rulesets/the-big-one/play/${tbo.gameId}`, { waitUntil: 'networkidle' });
    await page.getByTestId('waiting').waitFor({ timeout: 30_000 });
    await page.getByLabel('Unit to move').selectOption(rail.units[0]);
    await page.getByLabel('Destination').fill('2007');
    await page.getByLabel('by rail').check();
    await page.getByRole('button', { name: 'Try move' }).click();
    const question = page.getByRole('form', { name: 'Question' });
    await question.waitFor({ timeout: 15_000 });
    assert.match(await question.innerText(), /rail distance \(the most locations a unit may enter by rail\): the data has a gap/);
    // It names the action waiting on the answer, in the log's words.
    assert.match(await question.getByTestId('question-waiting').innerText(), /^Waiting on the answer: move .+ to hex 2007 by rail$/);
    // A distance: the field takes whole numbers from 0 (the engine refuses any other, 2.5 or -1).
    const answer = question.getByLabel('Answer');
    assert.deepEqual([await answer.getAttribute('min'), await answer.getAttribute('step')], ['0', '1']);
    // Kept for the game, the ruling is listed with a way to withdraw it, even though the move it was given for is then
    // refused (0 locations fall short): the refusal names the move, withdrawn, and no question waits. Withdrawn, the rail moves wait on it again.
    await answer.fill('0');
    await question.getByLabel('keep this ruling for the rest of the game').check();
    await question.getByRole('button', { name: 'Answer' }).click();
    const refusal = page.getByTestId('refusal');
    await refusal.waitFor({ timeout: 15_000 });
    assert.match(await refusal.innerText(), /^Refused: move .+ to hex 2007 by rail \(withdrawn once answered; the ruling you kept stands\)\. .+ cannot reach hex 2007 by rail: the shortest way there enters \d+ locations?, more than the rail distance \(0\)/);
    assert.equal(await question.count(), 0, 'no question waits');
    const rulings = page.getByTestId('rulings');
    await rulings.waitFor({ timeout: 15_000 });
    await rulings.locator('summary').click();
    // Each as it was asked, with the entry that kept it.
    assert.match(await rulings.innerText(), /Rulings kept \(1 ruling\)[\s\S]*rail distance \(the most locations a unit may enter by rail\)[^\n]*: 0 \(entry #\d+\)/);
    await rulings.getByRole('button', { name: 'withdraw' }).click();
    await rulings.waitFor({ state: 'detached', timeout: 15_000 });
    assert.ok((await callApi(baseUrl, 'games.legalActions', { gameId: tbo.gameId, side: 'axis' })).waiting.some((w) => w.cite.pointer === '/mechanics/movement/rail/distance'), 'the rail distance is waited on again');
  }
  assert.deepEqual(problems.filter((p) => !/favicon/.test(p)), []);
  await page.close();
});

test('a fleet attacked in transit: its move pauses in the enemy zone, the enemy lets it pass from the play page, and it goes on', { timeout: 180_000 }, async (t) => {
  if (!present) return t.skip('no 2ww in rulesets/');
  const { baseUrl } = studio;
  // The Axis played by a bot, the Allies by hand until an Axis fleet's move waits on them.
  const game = await gameReaching(baseUrl, { axis: 'random' }, (side, a) => side === 'allies' && a.type === 'pass');
  const { transit } = (await callApi(baseUrl, 'games.state', { gameId: game.gameId })).state;
  const { page, problems } = await openPage();
  await page.goto(`${baseUrl}/rulesets/2ww/play/${game.gameId}`, { waitUntil: 'networkidle' });
  const hex = transit.at.slice(transit.at.indexOf(':') + 1);
  assert.ok((await page.getByRole('button', { name: new RegExp(`^Attack ${hex} \\((sea|air)-vs-sea\\) with `) }).count()) > 0, 'the attacks on the fleet in transit are listed');
  const letPass = page.getByRole('button', { name: new RegExp(`^Let (.+) pass ${hex}$`) });
  const fleet = (await letPass.innerText()).match(/^Let (.+) pass/)[1];
  const before = Number(await page.locator('.play-root').getAttribute('data-log-length'));
  await letPass.click();
  await page.waitForFunction((n) => Number(document.querySelector('.play-root')?.getAttribute('data-log-length')) > n, before, { timeout: 15_000 });
  assert.match(await page.locator('.play-last').innerText(), new RegExp(`Allies: no transit attack on ${fleet} at hex ${hex}`));
  const passed = (await callApi(baseUrl, 'games.log', { gameId: game.gameId, from: before - 1 })).entries.find((e) => e.action.type === 'pass');
  assert.ok(passed, 'the game records the pass');
  assert.deepEqual(problems.filter((p) => !/favicon/.test(p)), []);
  await page.close();
});

/**
 * A 2WW game with the provisional fill (and these bots) that reaches an action `wanted` accepts, played
 * as playUntil plays it: the first of the seeds whose game does (which do depends on the map and the
 * bots' choices, so a change to either need not break the test), with that action.
 */
async function gameReaching(baseUrl, bots, wanted, seeds = [5, 1, 2, 3, 4]) {
  for (const seed of seeds) {
    const { gameId } = await callApi(baseUrl, 'games.create', { rulesetId: '2ww', optionalPatchSets: ['provisional-fill'], seed, ...(bots ? { bots } : {}) }, { mutation: true });
    const action = await playUntil(baseUrl, gameId, wanted);
    if (action) return { gameId, action };
  }
  assert.fail(`no game of seeds ${seeds.join(', ')} reaches the action looked for`);
}

test("passing empty steps, a power's production ending by itself: the list's heading names the power acting now, and a notice says it changed", { timeout: 180_000 }, async (t) => {
  if (!present) return t.skip('no 2ww in rulesets/');
  const { baseUrl } = studio;
  const { gameId } = await callApi(baseUrl, 'games.create', { rulesetId: '2ww', optionalPatchSets: ['provisional-fill'], seed: 3, passEmptySteps: true }, { mutation: true });
  // Set up at random, then every step ended until Italy buys (it has the points for one upgrade).
  for (let i = 0; i < 200; i++) {
    const { status } = await callApi(baseUrl, 'games.state', { gameId });
    if (status.power === 'italy') break;
    const side = status.sides[0];
    if (status.unplaced.length) {
      await callApi(baseUrl, 'games.placeRest', { gameId, side }, { mutation: true });
      continue;
    }
    const { actions } = await callApi(baseUrl, 'games.legalActions', { gameId, side });
    const end = actions.find((a) => a.action.type === 'endStep');
    assert.ok(end, `${side} may end ${status.step}`);
    await callApi(baseUrl, 'games.act', { gameId, action: end.action }, { mutation: true });
  }
  const { page, problems } = await openPage();
  await page.goto(`${baseUrl}/rulesets/2ww/play/${gameId}`, { waitUntil: 'networkidle' });
  const acting = page.getByTestId('acting');
  await acting.filter({ hasText: /^: Italy, .*Buy/ }).waitFor({ timeout: 30_000 });
  assert.equal(await page.getByTestId('acting-changed').count(), 0, 'nothing has changed since the tester acted');

  // A purchase of all Italy has: its step ends by itself, and Germany's begins.
  await page.locator('.play-action', { hasText: /\((\d+) pp of \1\)/ }).first().click();
  await acting.filter({ hasText: /^: Germany, .*Buy/ }).waitFor({ timeout: 15_000 });
  assert.match(await page.getByTestId('acting-changed').innerText(), /^Italy’s .*Buy.* is over: Germany’s has begun\. What you do next is for Germany\.$/);
  assert.match(await page.getByTestId('play-status').innerText(), /to act: Axis for Germany/);
  await page.screenshot({ path: path.join(shots, 'play-power-changed.png') });
  assert.deepEqual(problems.filter((p) => !/favicon/.test(p)), []);
  await page.close();
});

/**
 * Plays a game through the API, each side to act taking a placement, else ending its step, else any
 * action but a move, until one listed action passes `wanted`; returns that action, or undefined once
 * nobody acts (the game is over, or a step is the tester's) or after 600 actions.
 */
async function playUntil(baseUrl, gameId, wanted) {
  for (let i = 0; i < 600; i++) {
    const { status } = await callApi(baseUrl, 'games.state', { gameId });
    for (const side of status.sides) {
      const { actions } = await callApi(baseUrl, 'games.legalActions', { gameId, side });
      const found = actions.find((a) => wanted(side, a.action));
      if (found) return found.action;
    }
    const side = status.sides[0];
    if (!side) return undefined;
    const { actions } = await callApi(baseUrl, 'games.legalActions', { gameId, side });
    const pick = actions.find((a) => a.action.type === 'place') ?? actions.find((a) => a.action.type === 'endStep') ?? actions.find((a) => a.action.type !== 'move') ?? actions[0];
    assert.ok(pick, `${side} has a legal action`);
    await callApi(baseUrl, 'games.act', { gameId, action: pick.action }, { mutation: true });
  }
  return undefined;
}

/** The hexes beside a 2WW hex (a flat-top grid, its even columns shifted down). */
function beside2ww(hex) {
  const c = Number(hex.slice(0, 2));
  const r = Number(hex.slice(2));
  const shift = c % 2 === 0 ? [0, 1] : [-1, 0];
  const at = (dc, dr) => `${String(c + dc).padStart(2, '0')}${String(r + dr).padStart(2, '0')}`;
  return [at(0, -1), at(0, 1), ...shift.flatMap((dr) => [at(-1, dr), at(1, dr)])];
}

/** A 2WW game (with the fill) at the Axis's first combat, German 1st Armor, 4th Infantry and 1st Air put by hand in a hex beside a French infantry: its attack listing all three. */
async function axisAttackOnFrance(baseUrl) {
  const { gameId } = await callApi(baseUrl, 'games.create', { rulesetId: '2ww', optionalPatchSets: ['provisional-fill'], seed: 5 }, { mutation: true });
  const act = (action) => callApi(baseUrl, 'games.act', { gameId, action }, { mutation: true });
  for (let i = 0; i < 200; i++) {
    const { status } = await callApi(baseUrl, 'games.state', { gameId });
    const side = status.sides[0];
    if (side === 'axis' && /Combat/.test(status.step ?? '')) break;
    if (status.unplaced.length) await callApi(baseUrl, 'games.placeRest', { gameId, side }, { mutation: true });
    else await act({ type: 'endStep', side });
  }
  const { state } = await callApi(baseUrl, 'games.state', { gameId });
  const { view } = await callApi(baseUrl, 'games.map', { gameId });
  const taken = new Set(Object.values(state.units).map((u) => u.at));
  const french = Object.values(state.units).find((u) => /^fr-.*-inf$/.test(u.id) && u.at.startsWith('hex:'));
  const free = beside2ww(french.at.slice(4)).filter((hex) => view.hexes[hex] && !/sea/.test(view.hexes[hex].terrain) && !taken.has(`hex:${hex}`));
  for (const unit of ['ge-1-armor', 'ge-4-inf', 'ge-1-air']) await act({ type: 'manual', op: { op: 'moveUnit', unit, to: `hex:${free[0]}` } });
  const { actions } = await callApi(baseUrl, 'games.legalActions', { gameId, side: 'axis' });
  const found = actions.find((a) => a.action.type === 'attack' && a.action.target === french.at && a.action.units.length >= 3);
  assert.ok(found, `an attack on ${french.at} with three units or more is listed`);
  return { gameId, action: found.action };
}

/** A page of the studio, its console errors and requests elsewhere collected in `problems`. */
async function openPage() {
  const page = await studio.browser.newPage({ viewport: { width: 1400, height: 1100 } });
  return { page, problems: watchPage(page) };
}

/** Launches a 2WW test game with the provisional fill from the workbench's dialog; returns the game's address. */
async function launchGame(page, baseUrl, seed, choose = async () => {}) {
  await page.goto(`${baseUrl}/rulesets/2ww`, { waitUntil: 'networkidle' });
  const launch = page.getByRole('button', { name: 'Launch test game' });
  await launch.waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => !document.querySelector('.wb-head button[title^="Play the draft"]')?.disabled, null, { timeout: 30_000 });
  await launch.click();
  const dialog = page.getByRole('dialog', { name: 'Launch test game' });
  await dialog.waitFor();
  const fill = dialog.getByRole('checkbox', { name: /provisional-fill/ });
  const opened = await fill.boundingBox();
  await dialog.getByLabel('Seed').fill(seed);
  await fill.check();
  // It says what the game leaves to the tester: 2WW's end-of-turn housekeeping by hand, its special rules as reminders.
  const left = dialog.getByTestId('left-to-tester');
  await left.getByText(/^Left to you, the tester/).waitFor({ timeout: 15_000 });
  // What the server says arrives below the choices: none moves under the pointer (a click would miss it, or close the dialog).
  assert.deepEqual(await fill.boundingBox(), opened, 'the choices stay where they were as what the game leaves to the tester arrives');
  assert.match(await left.innerText(), /Remove unnamed forts; advance the Turn marker.*by hand/);
  assert.match(await left.locator('summary').innerText(), /^\d+ reminders as play goes on/);
  await choose(dialog);
  await dialog.getByRole('button', { name: 'Start game' }).click();
  await page.waitForURL(/\/rulesets\/2ww\/play\/[\w-]+$/, { timeout: 30_000 });
  return page.url();
}

test("a long ending written by the tester shows its first lines over the map, the rest a click away", { timeout: 120_000 }, async (t) => {
  if (!present) return t.skip('no 2ww in rulesets/');
  const { baseUrl } = studio;
  const { gameId } = await callApi(baseUrl, 'games.create', { rulesetId: '2ww', optionalPatchSets: ['provisional-fill'], seed: 9 }, { mutation: true });
  const text = `the Axis sue for peace, ${'after a long and bitter winter on every front, '.repeat(60)}end`;
  await callApi(baseUrl, 'games.act', { gameId, action: { type: 'manual', op: { op: 'endGame', text } } }, { mutation: true });
  const { page, problems } = await openPage();
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${baseUrl}/rulesets/2ww/play/${gameId}`, { waitUntil: 'networkidle' });
  const banner = page.locator('.play-over');
  await banner.waitFor({ timeout: 30_000 });
  const folded = await banner.innerText();
  assert.match(folded, /^The Axis sue for peace, after a long/);
  assert.ok(!folded.includes('end show'), 'the end of the text is folded away');
  assert.ok((await banner.boundingBox()).height < 100, 'a few lines tall');
  const more = banner.getByRole('button', { name: /^show all \(\d+ characters\)$/ });
  await more.click();
  assert.match(await banner.innerText(), /front, end/);
  await banner.getByRole('button', { name: 'show less' }).click();
  await banner.getByRole('button', { name: /^show all/ }).waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(shots, 'game-over-long.png') });
  assert.deepEqual(problems, []);
  await page.close();
});
