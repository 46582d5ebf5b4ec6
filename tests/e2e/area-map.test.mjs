// Opens an area map in Debian's Chromium: areas drawn where their geography puts them, their adjacency,
// the adjacencies the geography proposes, and the areas that cannot be placed listed apart.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { projectDir, shots, studioForTests, watchPage } from './studio.mjs';

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
  const unplaced = page.getByRole('region', { name: 'Areas without a position' });
  assert.match(await unplaced.textContent(), /Atlantis/);
  assert.match(await page.getByRole('region', { name: 'Proposed adjacencies' }).textContent(), /Britain/);
  // The command it suggests names the ruleset's folder in the rulesets the studio serves, not rulesets/.
  assert.match(await page.getByRole('region', { name: 'Proposed adjacencies' }).textContent(), /npm run bootstrap-map -- tests\/map\/fixtures\/rulesets\/areas-mini --accept a:b/);
  await page.screenshot({ path: path.join(shots, 'area-map.png'), fullPage: true });
  assert.deepEqual(problems, [], 'console errors or requests to other hosts');
});
