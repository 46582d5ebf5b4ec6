// A stale save whose changes touch nothing the other save changed is merged: "Merge both" shows the result
// and stores it, both changes kept. On a copy of the skirmish fixture, so nothing in the repository is written.
// Needs `next build` first (bin/test.sh does it).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { callApi, locate, projectDir, shots, studioForTests, watchPage } from './studio.mjs';

const studio = studioForTests({ copyOf: path.join(projectDir, 'tests', 'fixtures', 'rulesets') });

test('a stale save is merged with the other one when they change different values', { timeout: 120_000 }, async () => {
  const file = fs.readFileSync(path.join(studio.rulesetsDir, 'skirmish', 'units.json'), 'utf8');
  const page = await studio.browser.newPage({ viewport: { width: 1400, height: 900 } });
  const problems = watchPage(page);
  await page.goto(`${studio.baseUrl}/rulesets/skirmish?doc=units.json`, { waitUntil: 'networkidle' });
  await page.locator('.monaco-editor .view-lines').first().waitFor({ timeout: 30_000 });

  // Another tab saves a change to the infantry after this page loaded.
  const theirs = file.replace('"movement": 3, "steps": 2', '"movement": 4, "steps": 2');
  assert.notEqual(theirs, file);
  await callApi(studio.baseUrl, 'drafts.save', { rulesetId: 'skirmish', path: 'units.json', baseRevision: 0, content: theirs }, { mutation: true });

  // Here the armor is renamed: its save meets the newer revision.
  const name = locate(file, ['unitTypes', 'armor', 'name']);
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+g');
  await page.keyboard.type(`${name.line}:${name.column + 1}`);
  await page.keyboard.press('Enter');
  for (let i = 0; i < 'Armor'.length; i++) await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.type('Panzer');
  await page.keyboard.press('Control+s');
  const conflict = page.locator('.wb-conflict');
  await conflict.getByTestId('merge-note').filter({ hasText: 'Your 1 change since the published file touches nothing theirs changed' }).waitFor({ timeout: 15_000 });
  await conflict.locator('.monaco-diff-editor').waitFor();
  // Each side named over it; the note that the differences are being found goes once they are.
  assert.deepEqual(await conflict.locator('.wb-diff-names > span').allInnerTexts().then((t) => t.map((x) => x.replace(/ · finding the differences…$/, ''))), ['Theirs (saved elsewhere)', 'Both merged']);
  await conflict.locator('.wb-diff-names [role=status]').waitFor({ state: 'detached', timeout: 15_000 });
  await page.screenshot({ path: path.join(shots, 'conflict-merge.png') });

  await conflict.getByRole('button', { name: 'Merge both (saved as revision 2)' }).click();
  await page.getByTestId('save-state').filter({ hasText: 'All changes saved' }).waitFor({ timeout: 15_000 });
  const merged = await callApi(studio.baseUrl, 'drafts.get', { rulesetId: 'skirmish', path: 'units.json' });
  assert.equal(merged.revision, 2);
  const units = JSON.parse(merged.content).unitTypes;
  assert.deepEqual([units.infantry.movement, units.armor.name], [4, 'Panzer'], 'both changes kept');
  assert.equal(merged.content, theirs.replace('"name": "Armor"', '"name": "Panzer"'), 'in the layout of the text saved elsewhere');
  await page.close();
  // The refused save is a 409 response, which the browser logs; nothing else may be.
  assert.deepEqual(problems.filter((e) => !e.includes('status of 409')), []);
});
