// "Discard draft" asks in the studio's own modal dialog, naming the document and the file it goes back to, and
// saves edits not saved yet first (their own revision; a conflict discards nothing); a document with a draft and no
// file is told it has none, an erratum offered its removal instead. On a copy of
// the skirmish fixture, so nothing in the repository is written. Needs `next build` first (bin/test.sh does it).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { callApi, projectDir, shots, studioForTests, studioPage } from './studio.mjs';

const studio = studioForTests({ copyOf: path.join(projectDir, 'tests', 'fixtures', 'rulesets') });
const file = (p) => path.join(studio.rulesetsDir, p);

test('Discard draft asks in a modal dialog naming the document and its file; Escape cancels', { timeout: 120_000 }, async () => {
  const before = fs.readFileSync(file('skirmish/victory.json'), 'utf8');
  const saved = await callApi(studio.baseUrl, 'drafts.save', { rulesetId: 'skirmish', path: 'victory.json', baseRevision: 0, content: `${before}\n` }, { mutation: true });
  const page = await studioPage(studio);
  await page.goto(`${studio.baseUrl}/rulesets/skirmish?doc=victory.json`, { waitUntil: 'networkidle' });
  const bar = page.locator('.wb-doc-bar');
  await bar.getByRole('button', { name: 'Discard draft' }).click();
  const dialog = page.getByRole('dialog', { name: 'Discard draft' });
  await dialog.waitFor();
  assert.equal(await dialog.getAttribute('aria-modal'), 'true');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'cancel', 'Enter alone does not discard');
  assert.match(await dialog.innerText(), /Take victory\.json back to its published file, \S*skirmish\/victory\.json, as it is now\? Its draft \(revision 1\) stays in the history, and the file becomes revision 2\./);
  await page.screenshot({ path: path.join(shots, 'discard-draft.png') });
  for (const key of ['Tab', 'Tab', 'Tab']) {
    await page.keyboard.press(key);
    assert.ok(await dialog.evaluate((d) => d.contains(document.activeElement)), 'the focus stays in the dialog');
  }
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.equal((await callApi(studio.baseUrl, 'drafts.get', { rulesetId: 'skirmish', path: 'victory.json' })).revision, saved.revision, 'cancelled: nothing discarded');

  await bar.getByRole('button', { name: 'Discard draft' }).click();
  await dialog.getByRole('button', { name: 'Discard the draft of victory.json' }).click();
  await bar.filter({ hasText: 'draft revision 2 saved' }).filter({ hasText: 'same as the file' }).waitFor({ timeout: 15_000 });
  assert.equal((await callApi(studio.baseUrl, 'drafts.get', { rulesetId: 'skirmish', path: 'victory.json' })).content, before);
  // The notice is about that document: it goes as another view opens.
  const notice = page.locator('.wb-notice', { hasText: 'victory.json is its published file again' });
  await notice.waitFor();
  await page.getByRole('button', { name: 'Errata and variants' }).click();
  await notice.waitFor({ state: 'detached', timeout: 5_000 });
  await page.close();
  assert.deepEqual(page.problems, []);
});

test('edits typed just before Discard draft are saved first as their own revision, found in the history', { timeout: 120_000 }, async () => {
  const before = fs.readFileSync(file('skirmish/victory.json'), 'utf8');
  const stored = await callApi(studio.baseUrl, 'drafts.get', { rulesetId: 'skirmish', path: 'victory.json' });
  const { revision: draft } = await callApi(studio.baseUrl, 'drafts.save', { rulesetId: 'skirmish', path: 'victory.json', baseRevision: stored?.revision ?? 0, content: `${before}\n\n` }, { mutation: true });
  const page = await studioPage(studio);
  await page.goto(`${studio.baseUrl}/rulesets/skirmish?doc=victory.json`, { waitUntil: 'networkidle' });
  const bar = page.locator('.wb-doc-bar');
  await bar.filter({ hasText: `draft revision ${draft} saved` }).waitFor();
  // Typed, and discarded before the autosave a second later.
  await goTo(page, 1, 2);
  await page.keyboard.insertText('\n"typed-just-now": 1,');
  await bar.getByRole('button', { name: 'Discard draft' }).click();
  const dialog = page.getByRole('dialog', { name: 'Discard draft' });
  assert.match(await dialog.innerText(), new RegExp(`as it is now\\? Its edits not saved yet are saved first, as revision ${draft + 1}, to stay in the history with its draft \\(revision ${draft}\\); the file then becomes revision ${draft + 2}\\.`));
  await page.screenshot({ path: path.join(shots, 'discard-draft-unsaved.png') });
  await dialog.getByRole('button', { name: 'Discard the draft of victory.json' }).click();
  await bar.filter({ hasText: `draft revision ${draft + 2} saved` }).filter({ hasText: 'same as the file' }).waitFor({ timeout: 15_000 });
  await page.locator('.wb-notice', { hasText: `victory.json is its published file again (revision ${draft + 2}; the draft is in its history, with the edits not saved before as revision ${draft + 1}).` }).waitFor();
  assert.equal((await callApi(studio.baseUrl, 'drafts.get', { rulesetId: 'skirmish', path: 'victory.json' })).content, before);

  // The history's revision holds what was typed.
  await bar.getByRole('button', { name: 'history' }).click();
  await page.locator('.wb-history').getByRole('button', { name: `revision ${draft + 1}`, exact: true }).click();
  await page.waitForFunction(() => document.querySelector('.wb-history .editor.original .view-lines')?.textContent?.replace(/\u00a0/g, ' ').includes('"typed-just-now": 1,'));
  assert.match((await callApi(studio.baseUrl, 'drafts.get', { rulesetId: 'skirmish', path: 'victory.json', revision: draft + 1 })).content, /^\{\n\s*"typed-just-now": 1,/);
  await page.screenshot({ path: path.join(shots, 'discard-draft-history.png') });
  await page.close();
  assert.deepEqual(page.problems, []);
});

test('edits that cannot be saved first (a newer revision elsewhere) are a conflict: nothing is discarded, and the notice says why', { timeout: 120_000 }, async () => {
  const page = await studioPage(studio);
  await page.goto(`${studio.baseUrl}/rulesets/skirmish?doc=victory.json`, { waitUntil: 'networkidle' });
  const bar = page.locator('.wb-doc-bar');
  const seen = (await callApi(studio.baseUrl, 'drafts.get', { rulesetId: 'skirmish', path: 'victory.json' })).revision;
  await bar.filter({ hasText: `draft revision ${seen} saved` }).waitFor();
  // Saved elsewhere after the page read it.
  const theirs = `${fs.readFileSync(file('skirmish/victory.json'), 'utf8')}\n`;
  await callApi(studio.baseUrl, 'drafts.save', { rulesetId: 'skirmish', path: 'victory.json', baseRevision: seen, content: theirs }, { mutation: true });
  await goTo(page, 1, 2);
  await page.keyboard.insertText('\n"mine": 1,');
  await bar.getByRole('button', { name: 'Discard draft' }).click();
  await page.getByRole('dialog', { name: 'Discard draft' }).getByRole('button', { name: 'Discard the draft of victory.json' }).click();
  await page.locator('.wb-notice', { hasText: `victory.json was not discarded: it was saved elsewhere as revision ${seen + 1} since, and nothing was overwritten.` }).waitFor({ timeout: 15_000 });
  await page.locator('.wb-conflict', { hasText: 'victory.json was saved elsewhere' }).waitFor();
  assert.deepEqual(await callApi(studio.baseUrl, 'drafts.get', { rulesetId: 'skirmish', path: 'victory.json' }).then((d) => [d.revision, d.content]), [seen + 1, theirs]);
  assert.ok((await page.locator('.wb-code .view-lines').textContent()).replace(/\u00a0/g, ' ').includes('"mine": 1,'), 'the edit is kept');
  await page.close();
  // The refused save is a 409 response, which the browser logs; nothing else may be.
  assert.deepEqual(page.problems.filter((p) => !p.includes('status of 409')), []);
});

test('an erratum saved only as a draft has no file to go back to: the dialog says so and offers its removal', { timeout: 120_000 }, async () => {
  const { text, hash } = await callApi(studio.baseUrl, 'authoring.errataCopy', { id: 'skirmish' }, { mutation: true });
  const edited = JSON.parse(text);
  edited.title = `${edited.title ?? ''} (corrected)`;
  const { path: erratum } = await callApi(studio.baseUrl, 'authoring.saveAsErrata', { id: 'skirmish', baseHash: hash, edited: JSON.stringify(edited), title: 'Draft only', reason: 'Test.', source: { kind: 'provisional' } }, { mutation: true });
  assert.ok(!fs.existsSync(file(`skirmish/${erratum}`)), 'saved as a draft, not a file');

  const page = await studioPage(studio);
  await page.goto(`${studio.baseUrl}/rulesets/skirmish?doc=${encodeURIComponent(erratum)}`, { waitUntil: 'networkidle' });
  await page.locator('.wb-doc-bar').getByRole('button', { name: 'Discard draft' }).click();
  const dialog = page.getByRole('dialog', { name: 'Discard draft' });
  await dialog.waitFor();
  assert.match(await dialog.innerText(), new RegExp(`${erratum.replace(/[./]/g, '\\$&')} has no published file \\(\\S+ does not exist\\): there is no file to go back to, so its draft cannot be discarded\\.`));
  assert.match(await dialog.innerText(), /It is an erratum saved only as a draft: removing it takes it out of ruleset\.json and deletes its drafts\./);
  await page.screenshot({ path: path.join(shots, 'discard-draft-only-erratum.png') });
  await dialog.getByRole('button', { name: 'Remove erratum…' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove erratum' });
  await remove.getByText(/^Remove Draft only/).waitFor();
  await remove.getByRole('button', { name: `Remove ${erratum}` }).click();
  await page.locator('.wb-notice', { hasText: `Removed ${erratum}` }).waitFor({ timeout: 15_000 });
  assert.equal(await page.locator(`.wb-tree button[data-path="${erratum}"]`).count(), 0);
  const manifest = await callApi(studio.baseUrl, 'drafts.get', { rulesetId: 'skirmish', path: 'ruleset.json' });
  assert.ok(!(manifest?.content ?? '').includes(erratum), 'the manifest no longer lists it');
  await page.close();
  assert.deepEqual(page.problems, []);
});

test('another document with a draft and no file is told plainly it cannot be discarded to a file', { timeout: 120_000 }, async () => {
  const { path: scenario } = await callApi(studio.baseUrl, 'authoring.createScenario', { id: 'skirmish', from: Object.keys(JSON.parse(fs.readFileSync(file('skirmish/setup.json'), 'utf8')).scenarios)[0], newId: 'later', name: 'Later', documents: {} }, { mutation: true });
  const page = await studioPage(studio);
  await page.goto(`${studio.baseUrl}/rulesets/skirmish?doc=${encodeURIComponent(scenario)}`, { waitUntil: 'networkidle' });
  await page.locator('.wb-doc-bar').getByRole('button', { name: 'Discard draft' }).click();
  const dialog = page.getByRole('dialog', { name: 'Discard draft' });
  assert.match(await dialog.innerText(), /has no published file .* so its draft cannot be discarded\.\s+It stays a draft until it is published; to do without it, take it out of ruleset\.json, which lists it\./);
  assert.equal(await dialog.getByRole('button').allTextContents().then((b) => b.join()), 'close');
  await dialog.getByRole('button', { name: 'close' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.close();
  assert.deepEqual(page.problems, []);
});


test('a link to a document the ruleset has not opens the first document and says so', { timeout: 60_000 }, async () => {
  const page = await studioPage(studio);
  await page.goto(`${studio.baseUrl}/rulesets/skirmish?doc=nope.json`, { waitUntil: 'networkidle' });
  const notice = page.locator('.wb-notice');
  await notice.waitFor();
  assert.match(await notice.innerText(), /^skirmish has no document "nope\.json": \S+\.json is open instead\.$/);
  await page.close();
});

/** Puts the cursor at a 1-based line and column with Go to Line. */
async function goTo(page, line, column) {
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+g');
  await page.keyboard.type(`${line}:${column}`);
  await page.keyboard.press('Enter');
}
