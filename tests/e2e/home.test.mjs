// Drives the production build in Debian's Chromium. Needs `next build` first (bin/test.sh does it).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { projectDir, shots, studioForTests, watchPage } from './studio.mjs';

const rulesetsDir = path.resolve(projectDir, process.env.SANDTABLE_RULESETS ?? 'rulesets');

const studio = studioForTests({ rulesetsDir });

test('the home page lists every bundled ruleset, loading nothing from other hosts', { timeout: 60_000 }, async () => {
  const page = await studio.browser.newPage({ viewport: { width: 1280, height: 800 } });
  const problems = watchPage(page);

  const response = await page.goto(`${studio.baseUrl}/`, { waitUntil: 'networkidle' });
  assert.equal(response?.status(), 200);
  assert.equal(await page.locator('h1').textContent(), 'Ruleset library');

  // Its figures are the published files'; the workbench's are the drafts'.
  assert.match(await page.getByTestId('published-note').innerText(), /those of the published files/);
  assert.equal(await page.getByTestId('unpublished').count(), 0, 'no drafts yet');
  const expected = bundledRulesets();
  assert.equal(await page.locator('tr[data-ruleset]').count(), expected.length, 'one row per ruleset folder');
  for (const { id, title } of expected) {
    const row = page.locator(`tr[data-ruleset="${id}"]`);
    assert.equal(await row.count(), 1, `no row for ruleset "${id}"`);
    // A manifest the catalog rejects is listed by folder name with its error instead of its title.
    if ((await row.locator('.error').count()) === 0) assert.equal(await row.locator('.title').textContent(), title);
  }

  // The bar of values by source has a key below the table, saying what each source means (bootstrap the largest part of 2WW's).
  const key = page.getByRole('region', { name: 'Values by source: the key' });
  assert.deepEqual((await key.locator('dt').allInnerTexts()).map((t) => t.trim()), ['rulebook', 'example', 'inference', 'provisional', 'bootstrap', 'gaps']);
  assert.match(await key.locator('dd').nth(4).innerText(), /^placed by the map bootstrap \(npm run bootstrap-map\) from real geography, not read from the rules/);
  assert.match(await key.locator('dd').nth(5).innerText(), /^values the rulebook should give and does not/);
  await page.getByRole('link', { name: '(key below)' }).click();
  await page.waitForURL(/#source-key$/);

  // A new ruleset starts here too, in the workbench's dialog (cancelled: this library is the bundled one).
  await page.getByRole('button', { name: 'New ruleset…' }).click();
  const dialog = page.getByRole('dialog', { name: 'New ruleset from the blank template' });
  await dialog.getByLabel('Id').waitFor({ timeout: 5_000 });
  // It says where the files go: the folder this studio serves, not somewhere of the designer's choosing.
  const served = path.relative(projectDir, rulesetsDir).startsWith('..') ? rulesetsDir : path.relative(projectDir, rulesetsDir);
  assert.equal(await dialog.getByTestId('create-folder').innerText(), `Its files are written to ${served}/<id>/, in the rulesets folder this studio serves.`);
  // Its required fields say so, as its optional one says "optional".
  const placeholders = await Promise.all(['Id', 'Title', 'Edition', 'Rulebook'].map((f) => dialog.getByLabel(f).getAttribute('placeholder')));
  assert.deepEqual(placeholders, ['required', 'required', 'optional', "required: the rulebook's title"]);
  await dialog.getByLabel('Id').fill('axis-and-allies');
  assert.match(await dialog.getByTestId('create-folder').innerText(), /\/axis-and-allies\/, in the rulesets folder/);
  // Sent without a title, a rulebook or a map, it names each beside its field, the fields marked invalid; nothing is created.
  await dialog.getByRole('button', { name: 'Create' }).click();
  assert.deepEqual(
    await Promise.all(['title', 'rulebook', 'map'].map((f) => dialog.getByTestId(`missing-${f}`).innerText())),
    ['a title is needed', "the rulebook's title is needed", 'choose the map: hexes or areas'],
  );
  assert.equal(await dialog.getByLabel('Rulebook').getAttribute('aria-invalid'), 'true');
  assert.equal(await dialog.getByTestId('missing-id').count(), 0);
  await dialog.getByLabel('Rulebook').fill('Axis & Allies');
  assert.equal(await dialog.getByTestId('missing-rulebook').count(), 0, 'said no more once given');
  // It asks for the map's kind, neither chosen for the designer: an area game is not a hex game with its map to rewrite.
  const areas = dialog.getByRole('radio', { name: /areas joined by adjacency/ });
  const hexes = dialog.getByRole('radio', { name: /^hexes/ });
  assert.deepEqual([await hexes.isChecked(), await areas.isChecked()], [false, false]);
  await areas.check();
  assert.equal(await areas.isChecked(), true);
  // An id in use, refused by the server: said beside the Id field, which has the focus (the dialog keeps it, so
  // Escape still cancels); sent again, with a field now wrong, the refusal goes.
  await dialog.getByLabel('Id').fill('2ww');
  await dialog.getByLabel('Title').fill('Again');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await dialog.getByTestId('missing-id').waitFor({ timeout: 10_000 });
  assert.equal(await dialog.getByTestId('missing-id').innerText(), 'There is already a ruleset folder "2ww": choose another id');
  assert.equal(await dialog.getByRole('alert').count(), 0, 'not said again at the foot');
  assert.equal(await dialog.getByLabel('Id').evaluate((el) => el === document.activeElement), true);
  await dialog.getByLabel('Title').fill('');
  await dialog.getByRole('button', { name: 'Create' }).click();
  assert.equal(await dialog.getByTestId('missing-title').innerText(), 'a title is needed');
  assert.equal(await dialog.getByTestId('missing-id').count(), 0, 'the refusal goes as the form is sent again');
  await page.keyboard.press('Escape');
  assert.equal(await dialog.count(), 0);

  await page.screenshot({ path: path.join(shots, 'home.png'), fullPage: true });
  // The refused id is a 409 response, which the browser logs; nothing else may be.
  assert.deepEqual(problems.filter((p) => !p.includes('status of 409')), [], 'console errors or requests to other hosts');
  await page.close();
});

test('a ruleset page of no ruleset answers 404 with the rulesets the studio has, for the workbench, the map and test games of an id no ruleset can have', async () => {
  for (const page of ['/rulesets/nope', '/rulesets/nope/map', '/rulesets/..%2Fescape', '/rulesets/..%2F2ww/play', '/rulesets/..%2F2ww/play/some-game']) {
    const response = await fetch(`${studio.baseUrl}${page}`);
    assert.equal(response.status, 404, page);
    const html = await response.text();
    assert.match(html, /No such ruleset/, page);
    // The links stream in the page's payload (its markup may follow once the page runs): either names each ruleset's address.
    for (const r of bundledRulesets()) assert.match(html, new RegExp(`"/rulesets/${r.id}\\\\?"`), `${page} links to ${r.id}`);
  }
});

test('GET /api/trpc/rulesets.list answers JSON naming every ruleset', async () => {
  const response = await fetch(`${studio.baseUrl}/api/trpc/rulesets.list`);
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /application\/json/);
  const body = await response.json();
  assert.deepEqual(
    body.result.data.map((r) => r.id).sort(),
    bundledRulesets()
      .map((r) => r.id)
      .sort(),
  );
});

test('a stale draft save through the built server is a conflict carrying the stored version', async (t) => {
  const [ruleset] = bundledRulesets();
  if (!ruleset) return t.skip('no ruleset in the library to save a draft for');
  // A document the ruleset lists (a draft of one it does not is refused): the first of its manifest.
  const { documents } = JSON.parse(fs.readFileSync(path.join(rulesetsDir, ruleset.id, 'ruleset.json'), 'utf8'));
  const docPath = [Object.values(documents ?? {})].flat(2)[0];
  if (!docPath) return t.skip(`${ruleset.id} lists no document to draft`);
  const save = (baseRevision, content) =>
    fetch(`${studio.baseUrl}/api/trpc/drafts.save`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rulesetId: ruleset.id, path: docPath, baseRevision, content }),
    });

  const first = await save(0, '{"first": true}');
  assert.equal(first.status, 200);
  assert.equal((await first.json()).result.data.revision, 1);

  const stale = await save(0, '{"second": true}');
  assert.equal(stale.status, 409);
  // The stored version, and which document (one of several saved together, drafts.saveAll).
  assert.deepEqual((await stale.json()).error.data.conflict, { revision: 1, content: '{"first": true}', path: docPath });

  // The library says the ruleset has a draft its figures leave out.
  const page = await studio.browser.newPage();
  await page.goto(`${studio.baseUrl}/`, { waitUntil: 'networkidle' });
  const note = page.locator(`tr[data-ruleset="${ruleset.id}"] [data-testid="unpublished"]`);
  assert.equal(await note.innerText(), '1 draft differs from these files');
  assert.equal(await note.getAttribute('title'), `Not published: ${docPath}`);
  await page.close();
});

/** Folders holding a ruleset.json, with the title their manifest declares (the folder name if unreadable). */
function bundledRulesets() {
  if (!fs.existsSync(rulesetsDir)) return [];
  return fs
    .readdirSync(rulesetsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(rulesetsDir, entry.name, 'ruleset.json')))
    .map(({ name }) => {
      try {
        const { title } = JSON.parse(fs.readFileSync(path.join(rulesetsDir, name, 'ruleset.json'), 'utf8'));
        return { id: name, title: typeof title === 'string' ? title : name };
      } catch {
        return { id: name, title: name };
      }
    });
}
