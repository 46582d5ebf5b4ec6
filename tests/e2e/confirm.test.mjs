// The play page's and the list of test games' confirmations are the studio's modal dialog, not the
// browser's confirm(): named by their heading, cancel focused first, the focus kept inside, Escape cancels;
// each names what it acts on and what is lost. On the fixture "isles" (nothing here writes a ruleset).
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { callApi, projectDir, shots, studioForTests, watchPage } from './studio.mjs';

const studio = studioForTests({ rulesetsDir: path.join(projectDir, 'tests', 'engine', 'fixtures') });

/** A page that records any dialog of the browser's own (there must be none) and dismisses it. */
async function openPage() {
  const page = await studio.browser.newPage({ viewport: { width: 1280, height: 1000 } });
  const problems = watchPage(page);
  const browserDialogs = [];
  page.on('dialog', (d) => (browserDialogs.push(`${d.type()}: ${d.message()}`), void d.dismiss()));
  return { page, problems, browserDialogs };
}

/** The modal dialog named `name`, checked as every confirmation is: modal, cancel focused, Tab kept inside. */
async function confirmation(page, name) {
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor({ timeout: 10_000 });
  assert.equal(await dialog.getAttribute('aria-modal'), 'true');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'cancel', 'cancel is focused first');
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Tab');
    assert.ok(await dialog.evaluate((d) => d.contains(document.activeElement)), 'the focus stays in the dialog');
  }
  return dialog;
}

const logLength = (page) => page.locator('.play-root').getAttribute('data-log-length').then(Number);
const move = (gameId, unit, to) => callApi(studio.baseUrl, 'games.act', { gameId, action: { type: 'move', side: 'red', unit, to } }, { mutation: true });

test('undo and deleting a note ask in a modal dialog naming the entries, notes and changes of player', { timeout: 120_000 }, async () => {
  const { baseUrl } = studio;
  const { page, problems, browserDialogs } = await openPage();
  const { gameId } = await callApi(baseUrl, 'games.create', { rulesetId: 'isles', seed: 1 }, { mutation: true });
  await move(gameId, 'w-horse', 'area:middle');
  // Blue handed to a bot after entry #1: undone to #1, the change moves there.
  await callApi(baseUrl, 'games.setPlayer', { gameId, side: 'blue', player: 'random' }, { mutation: true });
  await move(gameId, 'w-foot', 'area:middle');
  await callApi(baseUrl, 'games.addNote', { gameId, seq: 2, text: 'Both into the marsh: check the cost.' }, { mutation: true });
  await page.goto(`${baseUrl}/rulesets/isles/play/${gameId}`, { waitUntil: 'networkidle' });
  await page.locator('.play-root[data-log-length="3"]').waitFor({ timeout: 30_000 });

  await page.locator('.play-entries > li[data-seq="1"]').getByRole('button', { name: 'undo to here' }).click();
  let dialog = await confirmation(page, 'Undo to entry #1');
  const text = await dialog.innerText();
  assert.match(text, /Take back entry #1 and everything after it, to #2 \(2 entries\)\? They are deleted from the game’s log with their events and the 1 note on them: this cannot be undone\./);
  assert.match(text, /Who plays each side stays as it is now: the change of player made after it \(Blue: a person → a random bot from entry #2\) moves to the undo point, as Blue: a person → a random bot from entry #1\./);
  await page.screenshot({ path: path.join(shots, 'confirm-undo.png') });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await logLength(page), 3, 'Escape undoes nothing');

  await page.locator('.play-entries > li[data-seq="1"]').getByRole('button', { name: 'undo to here' }).click();
  await page.getByRole('dialog', { name: 'Undo to entry #1' }).getByRole('button', { name: 'Undo 2 entries' }).click();
  await page.locator('.play-root[data-log-length="1"]').waitFor({ timeout: 15_000 });
  await page.getByTestId('player-changes').click();
  assert.match(await page.getByTestId('player-changes').innerText(), /Blue: a person → a random bot from entry #1/);

  // A note: its deletion names the entry and quotes it.
  await move(gameId, 'w-horse', 'area:middle');
  await callApi(baseUrl, 'games.addNote', { gameId, seq: 1, text: 'The horse rides on: is that right?' }, { mutation: true });
  await page.reload({ waitUntil: 'networkidle' });
  const note = page.locator('.play-entries > li[data-seq="1"] .play-notes li');
  await note.waitFor({ timeout: 30_000 });
  await note.getByRole('button', { name: 'delete note' }).click();
  dialog = await confirmation(page, 'Delete note');
  assert.match(await dialog.innerText(), /Delete the note on entry #1\? Its text is lost: this cannot be undone\.\s+The horse rides on: is that right\?/);
  await page.screenshot({ path: path.join(shots, 'confirm-note.png') });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await note.count(), 1, 'Escape deletes nothing');
  await note.getByRole('button', { name: 'delete note' }).click();
  await page.getByRole('dialog', { name: 'Delete note' }).getByRole('button', { name: 'Delete the note' }).click();
  await note.waitFor({ state: 'detached', timeout: 15_000 });
  assert.deepEqual(await callApi(baseUrl, 'games.notes', { gameId }), []);

  assert.deepEqual(browserDialogs, [], 'no confirm() of the browser');
  assert.deepEqual(problems, []);
  await page.close();
});

test('deleting a test game and a balance run ask in a modal dialog naming them and what goes', { timeout: 120_000 }, async () => {
  const { baseUrl } = studio;
  const { page, problems, browserDialogs } = await openPage();
  const { gameId } = await callApi(baseUrl, 'games.create', { rulesetId: 'isles', seed: 7 }, { mutation: true });
  await move(gameId, 'w-horse', 'area:middle');
  await callApi(baseUrl, 'games.addNote', { gameId, seq: 1, text: 'A note.' }, { mutation: true });
  const { id: runId } = await callApi(baseUrl, 'simulations.start', { rulesetId: 'isles', games: 3, seed: 1 }, { mutation: true });
  for (let i = 0; i < 100 && (await callApi(baseUrl, 'simulations.list', { rulesetId: 'isles' })).find((r) => r.id === runId).state === 'playing'; i++) await new Promise((r) => setTimeout(r, 200));
  await page.goto(`${baseUrl}/rulesets/isles/play`, { waitUntil: 'networkidle' });

  const row = page.locator('.play-list tr', { has: page.locator(`a[href$="/play/${gameId}"]`) });
  await row.getByRole('button', { name: 'delete' }).click();
  let dialog = await confirmation(page, 'Delete test game');
  assert.match(await dialog.innerText(), new RegExp(`Delete test game ${gameId.slice(0, 8)} \\(Landfall, seed 7, last played .+\\) for good\\? Its 2 log entries and 1 playtest note go with it, .*this cannot be undone`));
  await page.screenshot({ path: path.join(shots, 'confirm-delete-game.png') });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await row.count(), 1, 'Escape deletes nothing');
  await row.getByRole('button', { name: 'delete' }).click();
  await page.getByRole('dialog', { name: 'Delete test game' }).getByRole('button', { name: `Delete game ${gameId.slice(0, 8)}` }).click();
  await row.waitFor({ state: 'detached', timeout: 15_000 });

  const runs = page.getByRole('table', { name: 'Balance runs' });
  await runs.getByRole('button', { name: 'delete' }).click();
  dialog = await confirmation(page, 'Delete balance run');
  assert.match(await dialog.innerText(), /Delete the run of .+ \(drafts [0-9a-f]{8}, 3 random games from seed 1, .+\) for good\? Its report of 3 games is lost, and it can no longer be compared with another run: this cannot be undone\./);
  await page.screenshot({ path: path.join(shots, 'confirm-delete-run.png') });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await runs.count(), 1, 'Escape deletes nothing');
  await runs.getByRole('button', { name: 'delete' }).click();
  await page.getByRole('dialog', { name: 'Delete balance run' }).getByRole('button', { name: 'Delete the run' }).click();
  await runs.waitFor({ state: 'detached', timeout: 15_000 });
  assert.deepEqual(await callApi(baseUrl, 'simulations.list', { rulesetId: 'isles' }), []);

  assert.deepEqual(browserDialogs, [], 'no confirm() of the browser');
  assert.deepEqual(problems, []);
  await page.close();
});
