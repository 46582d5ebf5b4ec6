// A file edited outside the studio after its draft was started, in Chromium: "Publish" names it with what changed
// and publishes nothing until its change is taken into the draft (merged) or "Publish over it" is ticked. On a copy
// of the skirmish fixture, so nothing in the repository is written. Needs `next build` first (bin/test.sh does it).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { callApi, projectDir, shots, studioForTests, studioPage } from './studio.mjs';

const studio = studioForTests({ copyOf: path.join(projectDir, 'tests', 'fixtures', 'rulesets') });
const file = (p) => path.join(studio.rulesetsDir, 'skirmish', p);
const read = (p) => fs.readFileSync(file(p), 'utf8');
const COMBAT = 'tables/combat.json';

test('Publish names a file changed on disk since its draft was started; its change is merged in, or published over once ticked', { timeout: 120_000 }, async () => {
  const combat = read(COMBAT);
  const victory = read('victory.json');
  const save = (p, content) => callApi(studio.baseUrl, 'drafts.save', { rulesetId: 'skirmish', path: p, baseRevision: 0, content }, { mutation: true });
  await save(COMBAT, combat.replace('"Fire Table"', '"Fire table, drafted"'));
  await save('victory.json', victory.replace('Blue victory', 'Blue wins'));
  // Edited by hand once the drafts were started: the combat table elsewhere than its draft, victory where its draft changed it.
  fs.writeFileSync(file(COMBAT), combat.replace('"rule": "4.1"', '"rule": "4.1 HAND EDIT"'));
  fs.writeFileSync(file('victory.json'), victory.replace('Blue victory', 'Blue triumph'));

  const page = await studioPage(studio);
  await page.goto(`${studio.baseUrl}/rulesets/skirmish`, { waitUntil: 'networkidle' });
  await page.locator('.wb-head').getByRole('button', { name: 'Publish 2 drafts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish drafts' });
  await dialog.getByText('Its file changed on disk since the draft was started: /tables/fire/rule changed.').waitFor();
  await dialog.getByText(/^Its file changed on disk since the draft was started: \/.* changed\.$/).nth(1).waitFor();
  assert.match(await dialog.innerText(), /tables\/combat\.json, victory\.json changed on disk since their drafts were started: take the file’s changes into the draft, or tick “Publish over it”, first\./);
  assert.equal(await dialog.getByRole('button', { name: 'Publish 2 drafts' }).count(), 0, 'nothing to confirm until each is resolved');
  await page.screenshot({ path: path.join(shots, 'publish-on-disk.png') });

  const items = dialog.locator('.wb-confirm-list > li');
  await items.filter({ hasText: COMBAT }).getByRole('button', { name: 'Take the file’s changes into the draft' }).click();
  await dialog.getByText('The file’s changes are in the draft (revision 2).').waitFor();
  const merged = (await callApi(studio.baseUrl, 'drafts.get', { rulesetId: 'skirmish', path: COMBAT })).content;
  assert.match(merged, /"Fire table, drafted"[\s\S]*"4\.1 HAND EDIT"/);

  // Both changed the same words: nothing merged, said; ticked, it is published over.
  const other = items.filter({ hasText: 'victory.json' });
  await other.getByRole('button', { name: 'Take the file’s changes into the draft' }).click();
  await other.getByText(/the draft and the file on disk both changed .*: nothing was merged/).waitFor();
  await other.getByRole('checkbox', { name: /Publish over it/ }).check();
  await page.screenshot({ path: path.join(shots, 'publish-on-disk-resolved.png') });
  await dialog.getByRole('button', { name: 'Publish 2 drafts' }).click();
  await page.locator('.wb-notice', { hasText: 'Published tables/combat.json, victory.json' }).waitFor();
  assert.equal(read(COMBAT), merged);
  assert.match(read('victory.json'), /Blue wins/);
  const [replaced] = await callApi(studio.baseUrl, 'drafts.replacedFiles', { rulesetId: 'skirmish', path: 'victory.json' });
  assert.match((await callApi(studio.baseUrl, 'drafts.replacedFile', { rulesetId: 'skirmish', path: 'victory.json', id: replaced.id })).content, /Blue triumph/);
  await page.close();
  // The merge refused is a 409 the browser logs.
  assert.deepEqual(page.problems.filter((p) => !p.includes('status of 409')), []);
});
