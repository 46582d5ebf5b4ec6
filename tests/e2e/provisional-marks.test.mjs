// Provisional values marked wherever they appear, as a designer's acceptance round found them missing. On 2WW
// without its provisional fill: a French armor dropped on the scenario map (its marker and counter marked on the
// workbench's map and the play map, its tooltip saying "provisional placement: <note>", its row of the
// placements form), and the game's banner naming it with its note. On the skirmish fixture, whose fire table a
// designer filled: a lookup of such a cell shows the designer's note in the play-by-play. On copies, with its
// own database. Needs `next build` first (bin/test.sh does it).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { bundled, bundledHas, callApi, projectDir, shots, studioForTests, studioPage } from './studio.mjs';

const present = bundledHas('2ww');
const rulesets = fs.mkdtempSync(path.join(os.tmpdir(), 'sandtable-provisional-'));
fs.cpSync(path.join(bundled, '2ww'), path.join(rulesets, '2ww'), { recursive: true });
fs.cpSync(path.join(projectDir, 'tests', 'fixtures', 'rulesets', 'skirmish'), path.join(rulesets, 'skirmish'), { recursive: true });
const studio = studioForTests({ copyOf: rulesets }, { when: present });
after(() => fs.rmSync(rulesets, { recursive: true, force: true }));
const text = (id, p) => fs.readFileSync(path.join(studio.rulesetsDir, id, p), 'utf8');
const saveDraft = (rulesetId, p, content) => callApi(studio.baseUrl, 'drafts.save', { rulesetId, path: p, baseRevision: 0, content }, { mutation: true });

test('a placement dropped on the scenario map is marked on both maps, in the form and in the banner, with its note', { timeout: 180_000 }, async (t) => {
  if (!present) return t.skip('no 2ww in rulesets/');
  const { baseUrl } = studio;
  // The designer drops 1st Armor, which the rulebook lets France place anywhere in France, on hex 1509: the edit the map makes.
  const setup = JSON.parse(text('2ww', 'setup.json'));
  const index = setup.scenarios.campaign.placements.findIndex((p) => p.unit === 'fr-1-armor');
  const moved = await callApi(baseUrl, 'scenarioMap.move', { id: '2ww', documents: {}, scenario: 'campaign', index, to: 'hex:1509' }, { mutation: true });
  assert.equal(moved.ok, true);
  const note = moved.source.value.note;
  assert.equal(note, 'placed by the designer within: Anywhere in France');
  Object.assign(setup.scenarios.campaign.placements[index], { location: moved.location, source: moved.source.value });
  const documents = { 'setup.json': `${JSON.stringify(setup, null, 2)}\n` };
  await saveDraft('2ww', 'setup.json', documents['setup.json']);

  const page = await studioPage(studio);
  await page.goto(`${baseUrl}/rulesets/2ww?doc=setup.json&map=campaign`, { waitUntil: 'networkidle' });
  // Zoomed out as the pane opens, its hex's marker is marked, as on the play map; its counter, shown zoomed in, too.
  const placed = page.locator(`.wb-map .play-marker-part[data-placement="${index}"]`);
  await placed.waitFor({ timeout: 30_000 });
  assert.match(await placed.getAttribute('class'), /\bprovisional\b/);
  assert.equal(await placed.getAttribute('title'), `1st Armor: Armor, France, reduced; provisional placement: ${note}. Click to select it; zoom in to see the counters`);
  const its = page.locator(`.wb-map .play-counter[data-placement="${index}"]`);
  assert.match(await its.getAttribute('class'), /\bprovisional\b/);
  assert.equal(await its.getAttribute('title'), `1st Armor: Armor, France, reduced; provisional placement: ${note}`);
  assert.doesNotMatch(await page.locator('.wb-map .play-counter[data-placement="0"]').getAttribute('class'), /provisional/, 'a placement the rulebook gives is not marked');
  const rows = page.locator('.wb-scenario tbody tr');
  assert.equal(await rows.nth(index).getByTestId('provisional-placement').getAttribute('title'), `Provisional placement: ${note}`);
  assert.equal(await page.getByTestId('provisional-placement').count(), 1, 'only the designer’s placement is marked in the form');
  await placed.hover();
  await page.screenshot({ path: path.join(shots, 'provisional-scenario-map.png') });

  const { gameId } = await callApi(baseUrl, 'games.create', { rulesetId: '2ww', documents, seed: 1 }, { mutation: true });
  await page.goto(`${baseUrl}/rulesets/2ww/play/${gameId}`, { waitUntil: 'networkidle' });
  const banner = page.getByTestId('provisional-banner');
  await banner.waitFor();
  // One line until opened: then its examples, each with its note.
  await banner.locator('summary').click();
  assert.match(await banner.innerText(), new RegExp(`uses 1 provisional value .*For example /scenarios/campaign/placements/${index} \\(“${note}”\\)`, 's'));
  // Zoomed out as the map opens, its hex's marker is marked, its tooltip naming the placement's note; its counter, shown zoomed in, too.
  const marker = page.locator('.play-map .play-where[data-at="hex:1509"] .play-marker-part[data-power="france"]');
  await marker.waitFor({ timeout: 30_000 });
  assert.match(await marker.getAttribute('class'), /\bprovisional\b/);
  assert.ok((await marker.getAttribute('title')).includes(`provisional placement: ${note}`), await marker.getAttribute('title'));
  const counter = page.locator('.leaflet-container .play-counter[data-unit="fr-1-armor"]');
  await counter.waitFor({ state: 'attached' });
  assert.match(await counter.getAttribute('class'), /\bprovisional\b/);
  assert.equal(await counter.getAttribute('title'), `1st Armor (France): Armor, France, reduced; provisional placement: ${note}`);
  await page.screenshot({ path: path.join(shots, 'provisional-play-map.png') });
  await page.close();
  assert.deepEqual(page.problems, []);
});

test('a lookup of a cell the designer filled shows the designer’s note in the play-by-play', { timeout: 120_000 }, async () => {
  const { baseUrl } = studio;
  const FILLED = 'a guess to make the draft playable';
  const tables = JSON.parse(text('skirmish', 'tables/combat.json'));
  for (const row of Object.values(tables.tables.fire.cells)) {
    for (const [column, cell] of Object.entries(row)) {
      if (typeof cell === 'number' || cell.gap) row[column] = { value: typeof cell === 'number' ? cell : 0, source: { kind: 'provisional', rule: '4.1', note: FILLED } };
    }
  }
  // Red's armor at full strength: its reduced factor is a gap the attack would ask for.
  const setup = JSON.parse(text('skirmish', 'setup.json'));
  delete setup.scenarios.campaign.placements[1].reduced;
  const documents = { 'tables/combat.json': JSON.stringify(tables), 'setup.json': JSON.stringify(setup) };
  const { gameId } = await callApi(baseUrl, 'games.create', { rulesetId: 'skirmish', documents, seed: 1 }, { mutation: true });
  const act = (action) => callApi(baseUrl, 'games.act', { gameId, action }, { mutation: true });
  const legal = async (side) => (await callApi(baseUrl, 'games.legalActions', { gameId, side })).actions;
  await act((await legal('blue')).find((a) => a.action.type === 'place').action);
  await act((await legal('red')).find((a) => a.action.type === 'endStep').action);
  const attack = (await legal('red')).find((a) => a.label === 'Attack 0301 (land) with 2nd Armor');
  assert.ok(attack, 'Red’s armor may attack the ford');
  const lookup = (await act(attack.action)).events.find((e) => e.kind === 'lookup' && e.provisional);
  assert.ok(lookup, 'the battle read a cell the designer filled');

  const page = await studioPage(studio);
  await page.goto(`${baseUrl}/rulesets/skirmish/play/${gameId}`, { waitUntil: 'networkidle' });
  const detail = page.locator('.play-entries .play-event-lookup').filter({ hasText: lookup.text }).first();
  await detail.waitFor();
  assert.match(await detail.innerText(), new RegExp(`the value’s note: “${FILLED}”\\]`));
  assert.equal(await detail.locator('.play-tag.provisional').getAttribute('title'), `A designer filled in this value, from no source: ${FILLED}`);
  await detail.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, 'provisional-lookup.png') });
  await page.close();
});
