// A draft the manifest no longer lists is not lost: after "save as errata", "Discard draft" on the manifest says
// what becomes of the erratum's draft, the tree lists it under "Unlisted drafts" ("Find in all documents" finding
// what it holds), and it is listed in the manifest
// again (undone there like any edit) or deleted for good. On a copy of the fixtures, so nothing in the repository
// is written. Needs `next build` first (bin/test.sh does it).
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { callApi, projectDir, shots, studioForTests, studioPage } from './studio.mjs';

const studio = studioForTests({ copyOf: path.join(projectDir, 'tests', 'fixtures', 'rulesets') });
const escaped = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

test('an erratum whose manifest draft is discarded is listed under Unlisted drafts, listed again, undone, and deleted', { timeout: 180_000 }, async () => {
  const { text, hash } = await callApi(studio.baseUrl, 'authoring.errataCopy', { id: 'skirmish' }, { mutation: true });
  const edited = JSON.parse(text);
  edited.title = `${edited.title} (corrected)`;
  const { path: erratum } = await callApi(studio.baseUrl, 'authoring.saveAsErrata', { id: 'skirmish', baseHash: hash, edited: JSON.stringify(edited), title: 'Kept apart', reason: 'Test.', source: { kind: 'provisional' } }, { mutation: true });
  const manifest = async () => (await callApi(studio.baseUrl, 'drafts.get', { rulesetId: 'skirmish', path: 'ruleset.json' })).content;

  const page = await studioPage(studio);
  await page.goto(`${studio.baseUrl}/rulesets/skirmish?doc=ruleset.json`, { waitUntil: 'networkidle' });
  const tree = page.locator('.wb-tree');
  await tree.locator(`button[data-path="${erratum}"]`).waitFor();

  // The confirmation names the erratum and says its draft is kept.
  await page.locator('.wb-doc-bar').getByRole('button', { name: 'Discard draft' }).click();
  const dialog = page.getByRole('dialog', { name: 'Discard draft' });
  await dialog.waitFor();
  assert.match(await dialog.innerText(), new RegExp(`Its draft lists 1 document its file does not: the document tree no longer shows it\\.\\s+${escaped(erratum)}: its draft \\(revision 1\\) is kept under “Unlisted drafts”, to be listed again or deleted; publishing does not write it\\.`));
  await page.screenshot({ path: path.join(shots, 'unlisted-discard-manifest.png') });
  await dialog.getByRole('button', { name: 'Discard the draft of ruleset.json' }).click();
  await page.locator('.wb-notice', { hasText: `Its file does not list ${erratum}: the draft is under “Unlisted drafts”` }).waitFor({ timeout: 15_000 });

  // Not in the tree's Patch sets, but under Unlisted drafts, opened read-only.
  const unlisted = tree.locator(`button[data-unlisted="${erratum}"]`);
  await unlisted.waitFor({ timeout: 15_000 });

  // The header counts it, and shows it in the tree even where the tree runs below the window.
  await page.setViewportSize({ width: 1280, height: 420 });
  const seen = () => unlisted.evaluate((b) => {
    const r = b.getBoundingClientRect();
    return b.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
  });
  assert.equal(await seen(), false, 'below the tree’s fold at first');
  await page.locator('.wb-actions').getByRole('button', { name: '1 unlisted draft' }).click();
  await page.waitForFunction((p) => document.activeElement?.getAttribute('data-unlisted') === p, erratum);
  assert.equal(await seen(), true, 'scrolled into sight');
  await page.screenshot({ path: path.join(shots, 'unlisted-header-count.png') });
  await page.setViewportSize({ width: 1280, height: 720 });

  // The library counts it apart from the drafts publishing would write.
  const library = await studio.browser.newPage();
  await library.goto(`${studio.baseUrl}/`, { waitUntil: 'networkidle' });
  assert.equal(await library.locator('tr[data-ruleset="skirmish"] [data-testid="unpublished"]').innerText(), '1 unlisted draft (ruleset.json does not list it: publishing does not write it)');
  await library.close();
  assert.equal(await tree.locator(`button[data-path="${erratum}"]`).count(), 0);
  assert.ok(!(await manifest()).includes(erratum), 'the manifest as drafted no longer lists it');
  await unlisted.click();
  const bar = page.locator('.wb-doc-bar');
  await bar.filter({ hasText: 'unlisted draft, revision 1' }).waitFor();
  assert.match(page.url(), new RegExp(`unlisted=${escaped(encodeURIComponent(erratum))}`));
  await page.locator('.wb-special', { hasText: 'adds it under patchSets, its only entry, as a new draft of ruleset.json (Ctrl+Z in ruleset.json takes it back while this page is open; after a reload, take it out of patchSets by hand)' }).waitFor();
  await page.waitForFunction(() => document.querySelector('.monaco-editor .view-lines')?.textContent?.replace(/\u00a0/g, ' ').includes('"title": "Kept apart"'));
  await page.locator('.monaco-editor .view-lines').click();
  await page.keyboard.type('typed');
  assert.ok(!(await page.locator('.monaco-editor .view-lines').textContent()).includes('typed'), 'read-only');
  await page.screenshot({ path: path.join(shots, 'unlisted-draft.png') });

  // "Find in all documents" finds a word only its draft has, said to be in an unlisted draft, and opens it there.
  await tree.locator('button[data-path="ruleset.json"]').click();
  await bar.filter({ hasText: 'ruleset.json' }).waitFor();
  const content = (await callApi(studio.baseUrl, 'drafts.get', { rulesetId: 'skirmish', path: erratum })).content;
  const line = content.split('\n').findIndex((l) => l.includes('Kept apart')) + 1;
  await page.getByLabel('Find in all documents').fill('kept APART');
  await page.getByTestId('find-count').filter({ hasText: /^1 match in 1 document$/ }).waitFor({ timeout: 15_000 });
  const results = page.getByLabel('Matches');
  assert.equal(await results.locator('h4').innerText(), `${erratum} unlisted draft`);
  await results.getByRole('button', { name: /Kept apart/ }).click();
  await bar.filter({ hasText: 'unlisted draft, revision 1' }).waitFor();
  assert.match(page.url(), new RegExp(`unlisted=${escaped(encodeURIComponent(erratum))}`));
  await page.waitForFunction((l) => document.querySelector('.monaco-editor .active-line-number')?.textContent === String(l), line);
  await page.locator('.monaco-editor .selected-text').first().waitFor({ timeout: 5_000 });
  await page.screenshot({ path: path.join(shots, 'unlisted-found.png') });
  await page.getByLabel('Find in all documents').fill('');
  await tree.waitFor();

  // Listed again: a new manifest draft; the erratum back in the tree, open and editable.
  await bar.getByRole('button', { name: 'List in ruleset.json' }).click();
  const relisted = page.locator('.wb-notice', { hasText: `Listed ${erratum} in ruleset.json again, under patchSets, its only entry (ruleset.json's draft revision ` });
  await relisted.waitFor({ timeout: 15_000 });
  assert.match(await relisted.innerText(), /revision \d+\)\. Ctrl\+Z in ruleset\.json takes it back while this page is open; after a reload, take it out of patchSets by hand\./);
  await tree.locator(`button[data-path="${erratum}"].selected`).waitFor();
  assert.equal(await unlisted.count(), 0);
  assert.deepEqual(JSON.parse(await manifest()).patchSets, [erratum]);

  // Undone in the manifest, as any edit: unlisted again.
  await tree.locator('button[data-path="ruleset.json"]').click();
  await page.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+s');
  await unlisted.waitFor({ timeout: 15_000 });
  assert.ok(!(await manifest()).includes(erratum), 'undone: the manifest as drafted no longer lists it');
  await page.locator('.wb-notice', { hasText: `ruleset.json, as saved, no longer lists ${erratum}: its draft is under “Unlisted drafts”, to list again or delete.` }).waitFor({ timeout: 15_000 });

  // Deleted for good, after a confirmation.
  await unlisted.click();
  await bar.getByRole('button', { name: 'Delete draft…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete draft' });
  assert.match(await confirm.innerText(), /for good\? It and its history \(1 revision\) are deleted, and nothing brings them back\. It has no file\./);
  await confirm.getByRole('button', { name: `Delete the draft of ${erratum}` }).click();
  await page.locator('.wb-notice', { hasText: `Deleted the draft of ${erratum}` }).waitFor({ timeout: 15_000 });
  assert.equal(await unlisted.count(), 0);
  assert.equal(await callApi(studio.baseUrl, 'drafts.get', { rulesetId: 'skirmish', path: erratum }), null);
  await page.close();
  assert.deepEqual(page.problems, []);
});
