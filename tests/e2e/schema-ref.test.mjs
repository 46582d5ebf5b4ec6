// A file the studio writes in a served folder outside the project names its schema by a file: URL, which an
// editor opening it follows, and which the workbench's Monaco takes too: hover help comes from the schema.
// On a copy of the fixtures in a temporary folder. Needs `next build` first (bin/test.sh does it).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { callApi, projectDir, shots, studioForTests, watchPage } from './studio.mjs';

const studio = studioForTests({ copyOf: path.join(projectDir, 'tests', 'fixtures', 'rulesets') });

test('a variant written outside the project names its schema by URL, and Monaco gives its hover help', { timeout: 120_000 }, async () => {
  await callApi(studio.baseUrl, 'authoring.createVariant', { base: 'skirmish', id: 'house', title: 'House rules' }, { mutation: true });
  const { $schema } = JSON.parse(fs.readFileSync(path.join(studio.rulesetsDir, 'house', 'ruleset.json'), 'utf8'));
  assert.match($schema, /^file:\/\/.*\/schemas\/manifest\.schema\.json$/);
  assert.ok(fs.existsSync(fileURLToPath($schema)), `${$schema} is a file`);

  const page = await studio.browser.newPage({ viewport: { width: 1400, height: 900 } });
  const problems = watchPage(page);
  await page.goto(`${studio.baseUrl}/rulesets/house?doc=ruleset.json`, { waitUntil: 'networkidle' });
  await page.locator('.monaco-editor .view-lines').first().waitFor({ timeout: 30_000 });
  const description = JSON.parse(fs.readFileSync(path.join(projectDir, 'schemas', 'manifest.schema.json'), 'utf8')).properties.title.description;
  await page.locator('.monaco-editor .view-line').filter({ hasText: '"title": "House rules"' }).locator('span span').filter({ hasText: '"title"' }).first().hover();
  await page.locator('.monaco-hover').filter({ hasText: description }).first().waitFor({ timeout: 15_000 });
  await page.screenshot({ path: path.join(shots, 'schema-ref-hover.png') });
  await page.close();
  assert.deepEqual(problems, []);
});
