// A variant's test game reads the ruleset it extends as published, as the variant's workbench does: its header says
// so, and that the base's draft was not played. On a copy of the fixtures, so nothing in the repository is written.
// Needs `next build` first (bin/test.sh does it).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { callApi, projectDir, shots, studioForTests, studioPage } from './studio.mjs';

const fixtures = path.join(projectDir, 'tests', 'fixtures', 'rulesets');
const studio = studioForTests({ copyOf: fixtures });

test("a variant's game from its drafts says its base was played as published, its draft not", { timeout: 120_000 }, async () => {
  const units = JSON.parse(fs.readFileSync(path.join(fixtures, 'skirmish', 'units.json'), 'utf8'));
  units.unitTypes.infantry.movement = 2;
  await callApi(studio.baseUrl, 'drafts.save', { rulesetId: 'skirmish', path: 'units.json', baseRevision: 0, content: JSON.stringify(units, null, 2) }, { mutation: true });
  const manifest = fs.readFileSync(path.join(fixtures, 'skirmish-errata', 'ruleset.json'), 'utf8').replace('"second printing"', '"second printing, drafted"');
  const { gameId } = await callApi(studio.baseUrl, 'games.create', { rulesetId: 'skirmish-errata', seed: 1, documents: { 'ruleset.json': manifest } }, { mutation: true });

  const page = await studioPage(studio);
  await page.goto(`${studio.baseUrl}/rulesets/skirmish-errata/play/${gameId}`, { waitUntil: 'networkidle' });
  const head = page.locator('.play-head .meta').first();
  await head.waitFor();
  const text = await head.innerText();
  assert.match(text, / · from its drafts, over skirmish as published \(1 draft of skirmish not played\) · /);
  assert.doesNotMatch(text, /not the published files/);
  await page.screenshot({ path: path.join(shots, 'variant-game-head.png') });
  await page.close();
  assert.deepEqual(page.problems, []);
});
