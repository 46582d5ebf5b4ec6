// 2WW's Rules view: each value a conflict decides shows what the ruleset has there (or what its absence means) and
// whether it is the chosen reading's; a step of the sequence is named by its phase and its own name; each is a link
// opening the document and line that write it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { bundled, bundledHas, shots, studioForTests, watchPage } from './studio.mjs';

const present = bundledHas('2ww');
const studio = studioForTests({ rulesetsDir: bundled }, { when: present });
/** The 1-based line of a file of 2WW holding `marker`. */
const lineOf = (file, marker) => fs.readFileSync(path.join(bundled, '2ww', file), 'utf8').split('\n').findIndex((l) => l.includes(marker)) + 1;
const activeLine = (page, line) => page.waitForFunction((l) => document.querySelector('.monaco-editor .active-line-number')?.textContent === String(l), line, { timeout: 10_000 });

test('a conflict shows the values it decides, each a link to where it is written', { timeout: 120_000 }, async (t) => {
  if (!present) return t.skip('no 2ww in rulesets/');
  const page = await studio.browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const problems = watchPage(page);
  const asked = [];
  page.on('request', (r) => r.url().includes('rulesets.whereIs') && asked.push(new URL(r.url()).pathname));
  await page.goto(`${studio.baseUrl}/rulesets/2ww?doc=rules.json`, { waitUntil: 'networkidle' });

  const blocked = page.locator('[data-testid=decided][data-pointer="/mechanics/supply/blockedAtSources"]');
  const link = blocked.locator('button.wb-link');
  await link.waitFor({ timeout: 30_000 });
  assert.equal(await blocked.innerText(), '/mechanics/supply/blockedAtSources: false — as the chosen reading gives');
  const step = page.locator('[data-testid=decided][data-pointer="/sequence/phases/4/steps/1/attackAgain"]');
  assert.match(await step.innerText(), /^phase “E\. Armored Action” › step “1\. Axis Phase: combat” › attackAgain: absent: Without it, a unit attacks once in each step, whatever it did in earlier ones\. — as the chosen reading gives$/);
  // One request for the places of every conflict's values, not one per conflict.
  assert.deepEqual(asked.map((p) => p.split('rulesets.whereIs').length - 1), [1]);
  await blocked.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, 'rules-conflict-values.png') });

  // The setting's link opens the manifest at its line.
  await link.click();
  await page.locator('.wb-doc-bar strong', { hasText: 'ruleset.json' }).waitFor();
  await activeLine(page, lineOf('ruleset.json', '"blockedAtSources": false'));

  // The step's, absent attackAgain: the sequence at the step.
  await page.goto(`${studio.baseUrl}/rulesets/2ww?doc=rules.json`, { waitUntil: 'networkidle' });
  await step.locator('button.wb-link').click();
  await page.locator('.wb-doc-bar strong', { hasText: 'sequence.json' }).waitFor();
  const idLine = lineOf('sequence.json', '"e1-axis-armored-combat"');
  await page.waitForFunction((l) => Math.abs(Number(document.querySelector('.monaco-editor .active-line-number')?.textContent) - l) <= 1, idLine, { timeout: 10_000 });
  assert.deepEqual(problems, [], 'console errors or requests to other hosts');
  await page.close();
});
