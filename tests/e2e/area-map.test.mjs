// Opens an area map in Debian's Chromium: areas drawn where their geography puts them, their adjacency,
// the adjacencies the geography proposes, and the areas that cannot be placed listed apart.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { callApi, projectDir, shots, studioForTests, watchPage } from './studio.mjs';

const studio = studioForTests({ rulesetsDir: path.join(projectDir, 'tests', 'map', 'fixtures', 'rulesets') });

test('an area map shows its placed areas, adjacencies and proposals', { timeout: 60_000 }, async () => {
  const page = await studio.browser.newPage({ viewport: { width: 1280, height: 1000 } });
  const problems = watchPage(page);
  await page.goto(`${studio.baseUrl}/rulesets/areas-mini/map`, { waitUntil: 'networkidle' });
  await page.locator('.area-marker').first().waitFor({ timeout: 30_000 });
  // Six areas have a centroid, an anchor or a place with a position; Atlantis has none.
  assert.equal(await page.locator('.area-marker').count(), 6);
  assert.equal(await page.locator('[data-areas]').getAttribute('data-areas'), '6');
  assert.equal(await page.locator('.area-link').count(), 1, 'France–Germany, listed on both sides, drawn once');
  assert.ok((await page.locator('.area-candidate').count()) > 0, 'proposed adjacencies are drawn');
  // The named places are marked in their areas, as on the play map, each naming itself.
  assert.match(await page.locator('.map-place[data-place="madrid"]').getAttribute('title'), /^Madrid/);
  const unplaced = page.getByRole('region', { name: 'Areas without a position' });
  assert.match(await unplaced.textContent(), /Atlantis/);
  assert.match(await page.getByRole('region', { name: 'Proposed adjacencies' }).textContent(), /Britain/);
  // The command it suggests names the ruleset's folder in the rulesets the studio serves, not rulesets/.
  assert.match(await page.getByRole('region', { name: 'Proposed adjacencies' }).textContent(), /npm run bootstrap-map -- tests\/map\/fixtures\/rulesets\/areas-mini --accept a:b/);
  await page.screenshot({ path: path.join(shots, 'area-map.png'), fullPage: true });
  assert.deepEqual(problems, [], 'console errors or requests to other hosts');
});

test('a designer places an area, lists two areas as adjacent, and accepts a proposal, each saved as a draft', { timeout: 90_000 }, async () => {
  const page = await studio.browser.newPage({ viewport: { width: 1280, height: 1000 } });
  const problems = watchPage(page);
  await page.goto(`${studio.baseUrl}/rulesets/areas-mini/map`, { waitUntil: 'networkidle' });
  await page.locator('.area-marker').first().waitFor({ timeout: 30_000 });
  const status = page.getByRole('status');
  const saved = (pattern) => page.waitForFunction((source) => new RegExp(source).test(document.querySelector('[role=status]')?.textContent ?? ''), pattern.source, { timeout: 15_000 });

  // Atlantis has no position: "Place" chooses it, and a click on open sea puts it there.
  await page.getByRole('button', { name: 'Place Atlantis' }).click();
  assert.equal(await page.getByLabel('Area', { exact: true }).inputValue(), 'atlantis');
  const map = await page.locator('[data-areas]').boundingBox();
  await page.mouse.click(map.x + 40, map.y + map.height - 40);
  await saved(/Saved map\.json as draft revision 1: Atlantis placed at/);
  await page.locator('.area-atlantis').waitFor();
  assert.equal(await page.locator('.area-marker').count(), 7);
  assert.equal(await page.getByRole('region', { name: 'Areas without a position' }).count(), 0);

  // Spain, then Italy: listed as adjacent on both sides, drawn as a link.
  await page.getByLabel('Adjacency').check();
  // An area holding a named place is clicked where a designer would, on the place's glyph in its middle: the click is the area's.
  await page.locator('.area-spain').click({ force: true });
  assert.match(await status.textContent(), /Spain chosen/);
  await page.locator('.area-italy').click({ force: true });
  await saved(/draft revision 2: Spain – Italy listed as adjacent, on both sides/);
  await page.waitForFunction(() => document.querySelectorAll('.area-link').length === 2);

  // A proposal accepted from the list: one more link, one fewer proposal.
  const proposals = page.getByRole('region', { name: 'Proposed adjacencies' });
  const before = await proposals.getByRole('listitem').count();
  await proposals.getByRole('button', { name: 'Accept Britain – North Sea' }).click();
  await saved(/draft revision 3: Britain – North Sea listed as adjacent/);
  await page.waitForFunction(() => document.querySelectorAll('.area-link').length === 3);
  assert.equal(await proposals.getByRole('listitem').count(), before - 1);

  // A proposal rejected: listed as not adjacent, no longer proposed, no link drawn.
  await proposals.getByRole('button', { name: 'Reject Germany – Italy' }).click();
  await saved(/listed as not adjacent: no longer proposed/);
  await page.waitForFunction(() => ![...document.querySelectorAll('[aria-label^="Reject"]')].some((b) => b.getAttribute('aria-label') === 'Reject Germany – Italy'));
  assert.equal(await page.locator('.area-link').count(), 3);

  // Clicked again in turn, Spain and Italy are taken off each other's lists.
  await page.locator('.area-italy').click({ force: true });
  await page.locator('.area-spain').click({ force: true });
  await saved(/draft revision 5: Italy – Spain no longer adjacent/);
  await page.waitForFunction(() => document.querySelectorAll('.area-link').length === 2);

  // Undone, each edit is saved back as it was, the latest first; redone, made again.
  await page.getByRole('button', { name: 'Undo' }).click();
  await saved(/draft revision 6: undid "Italy – Spain no longer adjacent"/);
  await page.waitForFunction(() => document.querySelectorAll('.area-link').length === 3);
  await page.keyboard.press('Control+z');
  await saved(/draft revision 7: undid "Germany – Italy listed as not adjacent: no longer proposed"/);
  await proposals.getByRole('button', { name: 'Reject Germany – Italy' }).waitFor();
  await page.keyboard.press('Control+y');
  await saved(/draft revision 8: redid "Germany – Italy listed as not adjacent/);
  await page.getByRole('button', { name: 'Redo' }).click();
  await saved(/draft revision 9: redid "Italy – Spain no longer adjacent"/);
  await page.waitForFunction(() => document.querySelectorAll('.area-link').length === 2);
  assert.ok(await page.getByRole('button', { name: 'Redo' }).isDisabled(), 'nothing more to redo');

  // The drafts are what the workbench reads: the map document as drafted lists the accepted pair on both sides.
  const draft = await callApi(studio.baseUrl, 'drafts.get', { rulesetId: 'areas-mini', path: 'map.json' });
  const areas = JSON.parse(draft.content).map.areas;
  assert.ok(areas.britain.adjacent.includes('north-sea') && areas['north-sea'].adjacent.includes('britain'));
  assert.ok(areas.atlantis.centroid);
  // A designer's adjacency is no rulebook value: the areas it changed are provisional now, keeping the rule they cite.
  assert.deepEqual(areas.britain.source, { kind: 'provisional', rule: 'map', note: 'adjacency to North Sea given by the designer on the map' });
  assert.equal(areas.atlantis.source.kind, 'provisional');
  // The rulebook chosen, nothing is given until its rule is typed.
  await page.getByLabel('rulebook, rule').check();
  assert.ok(await proposals.getByRole('button', { name: /^Accept / }).first().isDisabled());
  assert.match(await status.textContent(), /Type the rule that states the adjacency/);
  assert.deepEqual(areas.spain.adjacent ?? [], []);
  assert.deepEqual([areas.germany.notAdjacent, areas.italy.notAdjacent], [['italy'], ['germany']]);
  await page.screenshot({ path: path.join(shots, 'area-map-edit.png'), fullPage: true });
  assert.deepEqual(problems, [], 'console errors or requests to other hosts');
});
