// What asks before it writes or deletes, in Chromium: "Publish" names the documents it will write (the files it
// replaces kept in the history), an erratum
// is removed after a confirmation naming it (not while a variant relies on it), a variant deleted after one naming
// the edits not saved (the page then leaves without asking again), a ruleset a variant extends cannot be deleted;
// and a test game's page names the errata it was played with, apart from its variant's own patch sets. On a copy of the skirmish fixture, so
// nothing in the repository is written. Needs `next build` first (bin/test.sh does it).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { callApi, projectDir, publishDrafts, shots, studioForTests, studioPage } from './studio.mjs';

const studio = studioForTests({ copyOf: path.join(projectDir, 'tests', 'fixtures', 'rulesets') });
const ERRATUM = 'errata/second-printing.json';
const file = (p) => path.join(studio.rulesetsDir, p);

test('Publish asks first, naming each document it writes; cancelled, nothing is written', { timeout: 120_000 }, async () => {
  const before = fs.readFileSync(file('skirmish/victory.json'), 'utf8');
  await callApi(studio.baseUrl, 'drafts.save', { rulesetId: 'skirmish', path: 'victory.json', baseRevision: 0, content: `${before}\n` }, { mutation: true });
  const page = await studioPage(studio);
  await page.goto(`${studio.baseUrl}/rulesets/skirmish`, { waitUntil: 'networkidle' });
  const publish = page.locator('.wb-head').getByRole('button', { name: 'Publish 1 draft' });
  await publish.click();
  const dialog = page.getByRole('dialog', { name: 'Publish drafts' });
  await dialog.waitFor();
  // A modal dialog, named by its heading: the focus starts on cancel and stays inside; Escape cancels.
  assert.equal(await dialog.getAttribute('aria-modal'), 'true');
  const focusInside = () => dialog.evaluate((d) => d.contains(document.activeElement));
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'cancel');
  for (const key of ['Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    assert.ok(await focusInside(), `${key} keeps the focus in the dialog`);
  }
  await page.keyboard.press('Escape');
  assert.equal(await dialog.count(), 0);
  await publish.click();
  await dialog.waitFor();
  assert.match(await dialog.innerText(), /Write 1 draft to the files of skirmish\?[\s\S]*victory\.json draft revision 1/);
  await page.screenshot({ path: path.join(shots, 'publish-confirm.png') });
  await dialog.getByRole('button', { name: 'cancel' }).click();
  assert.equal(await dialog.count(), 0);
  assert.equal(fs.readFileSync(file('skirmish/victory.json'), 'utf8'), before, 'cancelled: the file is as it was');

  await publish.click();
  await dialog.getByRole('button', { name: 'Publish 1 draft' }).click();
  await page.locator('.wb-notice', { hasText: 'Published victory.json' }).waitFor();
  assert.equal(await dialog.count(), 0);
  assert.equal(fs.readFileSync(file('skirmish/victory.json'), 'utf8'), `${before}\n`);

  // The file publishing replaced stays in the history, and is restored as a new revision like any other.
  await page.locator('.wb-tree button[data-path="victory.json"]').click();
  const bar = page.locator('.wb-doc-bar');
  await bar.getByRole('button', { name: 'history' }).click();
  const replaced = page.locator('.wb-revisions li[data-entry="replaced"]');
  await replaced.getByRole('button', { name: 'file before publishing' }).click();
  await page.getByRole('button', { name: /^Restore the file before publishing on .* \(saved as a new revision\)$/ }).click();
  await bar.filter({ hasText: /draft revision 2 saved .*not published/ }).waitFor({ timeout: 15_000 });
  assert.equal((await callApi(studio.baseUrl, 'drafts.get', { rulesetId: 'skirmish', path: 'victory.json' })).content, before);
  await page.close();
  assert.deepEqual(page.problems, []);
});

test('a game names its errata; an erratum is removed and a variant deleted once confirmed, a ruleset a variant extends is not', { timeout: 180_000 }, async () => {
  const page = await studioPage(studio);
  const { gameId } = await callApi(studio.baseUrl, 'games.create', { rulesetId: 'skirmish-errata', seed: 1 }, { mutation: true });
  await page.goto(`${studio.baseUrl}/rulesets/skirmish-errata/play/${gameId}`, { waitUntil: 'networkidle' });
  // The variant's own patch set is its difference from the ruleset it extends, not an erratum of that ruleset.
  assert.equal(await page.getByTestId('variant-patch-sets').innerText(), 'variant’s patch sets over skirmish: Second printing errata');
  assert.equal(await page.getByTestId('errata').innerText(), 'no errata');

  // The base: its variant keeps it.
  await page.goto(`${studio.baseUrl}/rulesets/skirmish`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'delete ruleset…' }).click();
  let dialog = page.getByRole('dialog', { name: 'Delete ruleset' });
  await dialog.getByText('It cannot be deleted while Skirmish at the Fords, second printing (skirmish-errata) extends it').waitFor();
  assert.equal(await dialog.getByRole('button', { name: /^Delete/ }).count(), 0);
  await dialog.getByRole('button', { name: 'cancel' }).click();

  // The variant's erratum: cancelled, then confirmed.
  await page.goto(`${studio.baseUrl}/rulesets/skirmish-errata?view=errata`, { waitUntil: 'networkidle' });
  const card = page.locator(`.wb-patchset[data-path="${ERRATUM}"]`);
  await card.getByRole('button', { name: 'remove…' }).click();
  // A variant's own patch sets are named as its differences from the ruleset it extends, as a game's header names them.
  assert.equal(await page.locator('.wb-side .wb-view').first().innerText(), 'Patch sets and variants');
  assert.equal(await page.locator('.wb-save-errata h2').innerText(), 'Save as a patch set over skirmish');
  dialog = page.getByRole('dialog', { name: 'Remove patch set' });
  assert.match(await dialog.innerText(), new RegExp(`Remove Second printing errata \\(${ERRATUM}\\) from skirmish-errata\\? Its 2 operations no longer apply`));
  await page.screenshot({ path: path.join(shots, 'remove-erratum-confirm.png') });
  await dialog.getByRole('button', { name: 'cancel' }).click();
  assert.ok(fs.existsSync(file(`skirmish-errata/${ERRATUM}`)));
  await card.getByRole('button', { name: 'remove…' }).click();
  await dialog.getByRole('button', { name: `Remove ${ERRATUM}` }).click();
  await page.locator('.wb-notice', { hasText: `Removed ${ERRATUM}` }).waitFor();
  await page.locator('.wb-errata .wb-note', { hasText: 'No patch sets yet' }).waitFor();
  assert.equal(fs.existsSync(file(`skirmish-errata/${ERRATUM}`)), false);
  assert.equal('patchSets' in JSON.parse(fs.readFileSync(file('skirmish-errata/ruleset.json'), 'utf8')), false, 'the emptied list goes with its key');

  // The variant itself, with an edit not saved (the resolved ruleset's, which has no draft): the dialog names it,
  // and once deleted the page goes back to the library without asking whether to leave; its test game stays.
  await page.getByRole('button', { name: 'Edit the resolved ruleset' }).click();
  const resolved = page.locator('.wb-resolved-editor .monaco-editor .view-lines');
  await resolved.waitFor({ timeout: 30_000 });
  await resolved.click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('End');
  await page.keyboard.insertText('\n"never-saved": 1,');
  await page.getByTestId('save-state').filter({ hasText: /^Unsaved changes in the resolved ruleset/ }).waitFor();
  const dialogs = [];
  page.on('dialog', (d) => {
    dialogs.push(d.type());
    void d.accept();
  });
  await page.getByRole('button', { name: 'delete ruleset…' }).click();
  dialog = page.getByRole('dialog', { name: 'Delete ruleset' });
  await dialog.getByText('Its test game stays, with the rules it was played on').waitFor();
  assert.match(await dialog.innerText(), /Delete Skirmish at the Fords, second printing \(skirmish-errata\) for good\?/);
  assert.match(await dialog.innerText(), /Edits not saved yet are lost with it: resolved ruleset\./);
  await page.screenshot({ path: path.join(shots, 'delete-ruleset-confirm.png') });
  await dialog.getByRole('button', { name: 'Delete skirmish-errata' }).click();
  await page.waitForURL(`${studio.baseUrl}/`);
  assert.deepEqual(dialogs, [], 'leaving a deleted ruleset asks nothing');
  assert.equal(fs.existsSync(file('skirmish-errata')), false);
  assert.equal(await page.locator('tr[data-ruleset="skirmish-errata"]').count(), 0);
  assert.match(await page.locator('.library-elsewhere li').innerText(), /skirmish-errata · 1 game/);
  // Twice: the server says it is gone.
  const again = await fetch(`${studio.baseUrl}/api/trpc/authoring.deleteRuleset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: 'skirmish-errata' }) });
  assert.equal(again.status, 404);
  assert.equal((await again.json()).error.message, 'No ruleset "skirmish-errata" in the library');
  await page.close();
  assert.deepEqual(page.problems, []);
});

test('an erratum a variant relies on is not removed: the confirmation names the variant and what would fail', { timeout: 120_000 }, async () => {
  // skirmish's erratum adds a unit type; the variant "fast" makes it faster.
  const saveErrata = async (id, title, edit) => {
    const { text, hash } = await callApi(studio.baseUrl, 'authoring.errataCopy', { id }, { mutation: true });
    const edited = JSON.parse(text);
    edit(edited);
    const { path: saved } = await callApi(studio.baseUrl, 'authoring.saveAsErrata', { id, baseHash: hash, edited: JSON.stringify(edited), title, reason: 'Test.', source: { kind: 'provisional' } }, { mutation: true });
    // Saved as drafts: published with the manifest, as a designer does.
    await publishDrafts(studio.baseUrl, id, ['ruleset.json', saved]);
    return saved;
  };
  const tanks = await saveErrata('skirmish', 'Tanks arrive', (r) => (r.unitTypes.tank = { ...r.unitTypes.armor, name: 'Tank' }));
  await callApi(studio.baseUrl, 'authoring.createVariant', { base: 'skirmish', id: 'fast', title: 'Fast tanks' }, { mutation: true });
  const fast = await saveErrata('fast', 'Faster tanks', (r) => (r.unitTypes.tank.movement = 7));

  const page = await studioPage(studio);
  await page.goto(`${studio.baseUrl}/rulesets/skirmish?view=errata`, { waitUntil: 'networkidle' });
  await page.locator(`.wb-patchset[data-path="${tanks}"]`).getByRole('button', { name: 'remove…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove erratum' });
  await dialog.getByText('It cannot be removed while a variant relies on it: change that document first.').waitFor({ timeout: 15_000 });
  const reliance = dialog.getByRole('link', { name: /^variant Fast tanks \(fast\) relies on what it adds: without it, errata\/faster-tanks\.json line \d+: replace \/unitTypes\/tank\/movement: no value/ });
  assert.equal(await reliance.getAttribute('href'), `/rulesets/fast?doc=${encodeURIComponent(fast)}`);
  assert.equal(await dialog.getByRole('button', { name: /^Remove/ }).count(), 0);
  await page.screenshot({ path: path.join(shots, 'remove-erratum-relied-on.png') });
  await dialog.getByRole('button', { name: 'cancel' }).click();
  assert.ok(fs.existsSync(file(`skirmish/${tanks}`)));
  await page.close();
  assert.deepEqual(page.problems, []);
});

