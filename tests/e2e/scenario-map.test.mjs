// The workbench's scenario map in Chromium, used as a designer would on 2WW: as the pane opens, its stacks are
// markers as on the play map, and the places' glyphs show; click a unit's marker and a hex and see Monaco select
// the JSON that defines them, drag a unit the rulebook lets its owner place to a hex its
// constraint forbids (refused, with the constraint's rule) and to one it allows (the setup's JSON changes
// and is saved), then point at a victory condition and see the map colour what it names. Runs on a copy of
// the bundled rulesets with its own database. Needs `next build` first (bin/test.sh does it).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { bundled, bundledHas, callApi, locate, shots, studioForTests, watchPage } from './studio.mjs';

const present = bundledHas('2ww');
const studio = studioForTests({ copyOf: bundled }, { when: present });

test('the 2WW scenario map: click for JSON, drag setup units (refused and moved), point at a victory condition', { timeout: 180_000 }, async (t) => {
  if (!present) return t.skip('no 2ww in rulesets/');
  const { baseUrl, browser } = studio;
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const problems = watchPage(page);
  const setupPath = 'setup.json';
  const setupText = readText(setupPath);
  const [scenarioId, scenario] = Object.entries(JSON.parse(setupText).scenarios)[0];
  const placements = scenario.placements;
  // A unit its owner places within one country, a fixed unit of the same power near there, and one of another power.
  const free = placements.findIndex((p) => p.unit && p.location.constraint?.inCountries?.length === 1);
  assert.ok(free >= 0, 'a placement left to the player within one country');
  const { unit, power } = placements[free];
  const home = placements.findIndex((p) => p.power === power && p.unit && (p.location.hex || p.location.place));
  const foreign = placements.findIndex((p) => p.power !== power && p.unit && (p.location.hex || p.location.place));
  // A land unit of the same power the rulebook puts at a named place, to move on the map as well.
  const roster = readJson('units.json').roster;
  const unitTypes = readJson('units.json').unitTypes;
  const fixed = placements.findIndex((p) => p.power === power && p.unit && p.location.place && p.source?.kind === 'rulebook' && unitTypes[roster[p.unit]?.type]?.class === 'land');
  assert.ok(fixed >= 0, 'a land unit the rulebook sets up at a named place');
  const country = readJson('map.json').map.countries[placements[free].location.constraint.inCountries[0]].name;
  // The pane names the unit as the ruleset does.
  const name = readJson('units.json').roster?.[unit]?.name ?? unit;
  const nameAsRegExp = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

  await page.goto(`${baseUrl}/rulesets/2ww?doc=${setupPath}`, { waitUntil: 'networkidle' });
  await page.locator('.monaco-editor .view-lines').first().waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  const map = page.locator('.wb-map .leaflet-container[data-counters]');
  await map.waitFor({ timeout: 30_000 });
  // A placement on the map, as the pane opens: its hex is too small on screen for counters, so its power's part of the hex's marker.
  const counter = (i) => page.locator(`.wb-map .play-marker-part[data-placement="${i}"]`);
  await counter(home).waitFor();
  assert.equal(await page.locator('.wb-map .play-pile').first().isVisible(), false, 'no counters at this zoom');
  assert.ok((await page.locator('.wb-map .map-place').count()) > 20, "the places' glyphs are drawn");
  assert.equal(await page.locator(`.wb-tray .play-counter[data-placement="${free}"]`).count(), 1, `${unit} waits beside the map`);
  await page.screenshot({ path: path.join(shots, 'scenario-map.png') });

  // A counter clicked: its placement selected in Monaco.
  await counter(foreign).click();
  await selectedIn(page, setupPath, locate(setupText, ['scenarios', scenarioId, 'placements', foreign]));

  // A hex clicked: the document that defines it opens with the hex selected. Probing around the home
  // counter finds a hex of the constraint's country, for the legal drop below; one without a named place, where a
  // unit moved from a place is written as the hex (on a place's hex it would be written as that place).
  const placed = new Set(Object.values(readJson('map.json').map.places).map((p) => p.hex));
  const target = await findHex(page, await centreOf(counter(home)), country, placed);
  const hexDoc = await page.locator('.wb-doc-bar strong').textContent();
  await selectedIn(page, hexDoc, locate(readText(hexDoc), ['map', 'hexes', target.key]));
  await page.screenshot({ path: path.join(shots, 'scenario-map-hex.png') });

  // Dropped in another power's hex: refused, citing the constraint; nothing changes.
  const tray = page.locator(`.wb-tray .play-counter[data-placement="${free}"]`);
  await drag(page, tray, await centreOf(counter(foreign)));
  const refusal = page.getByTestId('map-refusal');
  await refusal.waitFor({ timeout: 15_000 });
  const reason = await refusal.innerText();
  assert.match(reason, new RegExp(`Refused: ${nameAsRegExp} cannot start at hex \\w+: .*is not ${placements[free].location.constraint.text}: not in the countries allowed \\(rule ${placements[free].source.rule}\\)`), reason);
  await page.screenshot({ path: path.join(shots, 'scenario-map-refused.png') });
  await refusal.getByRole('button', { name: 'show its JSON' }).click();
  await selectedIn(page, setupPath, locate(setupText, ['scenarios', scenarioId, 'placements', free, 'location', 'constraint']));
  assert.equal(await page.getByTestId('save-state').textContent(), 'All changes saved');
  assert.equal(await draftOf(baseUrl, setupPath), null, 'a refused drop writes nothing');

  // Dropped beside the map: it says that nothing moved, and the refusal before it goes.
  const header = await page.locator('.wb-map-head').boundingBox();
  await drag(page, tray, { x: header.x + header.width / 2, y: header.y + header.height / 2 });
  await page.getByTestId('map-status').filter({ hasText: `${name} was dropped off the map's hexes: nothing moved.` }).waitFor();
  assert.equal(await refusal.count(), 0);

  // Dropped in the hex found above: the placement's location changes in Monaco, then in the saved draft.
  await drag(page, tray, target.at);
  await page.getByTestId('map-status').filter({ hasText: `Moved ${name} to hex ${target.key}` }).waitFor({ timeout: 15_000 });
  await page.waitForFunction((text) => document.querySelector('.monaco-editor .view-lines')?.textContent?.replace(/\u00a0/g, ' ').includes(text), `"location": { "hex": "${target.key}" }`);
  assert.equal(await page.locator('.wb-doc-bar strong').textContent(), setupPath);
  await counter(free).waitFor({ timeout: 10_000 });
  assert.equal(await tray.count(), 0, `${unit} is on the map now`);
  await page.getByTestId('save-state').filter({ hasText: 'All changes saved' }).waitFor({ timeout: 15_000 });
  const draft = JSON.parse((await draftOf(baseUrl, setupPath)).content);
  assert.deepEqual(draft.scenarios[scenarioId].placements[free].location, { hex: target.key });
  // The hex is the designer's choice within the rule, not the rulebook's: the placement says so, keeping the rule it refines.
  const was = placements[free].source;
  const chosen = { kind: 'provisional', rule: was.rule, quote: was.quote, note: `placed by the designer within: ${placements[free].location.constraint.text}` };
  assert.deepEqual(draft.scenarios[scenarioId].placements[free].source, chosen);
  assert.match(await page.getByTestId('map-status').innerText(), new RegExp(`provisional \\(refining rule ${was.rule.replace('.', '\\.')}\\): “placed by the designer within`));
  await page.screenshot({ path: path.join(shots, 'scenario-map-moved.png') });

  // One undo takes back the whole drop, location and source (the drop left the focus in Monaco, on the placement).
  assert.ok(await page.evaluate(() => !!document.activeElement?.closest('.wb-code')), 'Monaco has the focus');
  await page.keyboard.press('Control+z');
  await tray.waitFor({ timeout: 10_000 });
  // The pane no longer says the unit was moved.
  await page.getByTestId('map-status').filter({ hasText: `${name} is no longer at hex ${target.key}: the move was undone or changed in the JSON.` }).waitFor({ timeout: 10_000 });
  await page.getByTestId('save-state').filter({ hasText: 'All changes saved' }).waitFor({ timeout: 15_000 });
  const undone = JSON.parse((await draftOf(baseUrl, setupPath)).content).scenarios[scenarioId].placements[free];
  assert.deepEqual({ location: undone.location, source: undone.source }, { location: placements[free].location, source: was }, 'undone as one step');
  await page.keyboard.press('Control+y');
  await counter(free).waitFor({ timeout: 10_000 });
  // Redone, the pane says so, not still that it was undone.
  await page.getByTestId('map-status').filter({ hasText: `${name} is at hex ${target.key} again: the move was redone.` }).waitFor({ timeout: 10_000 });

  // A unit the rulebook placed, moved elsewhere: the designer's too, the note saying where the rulebook had it.
  const placeName = readJson('map.json').map.places[placements[fixed].location.place];
  await drag(page, counter(fixed), target.at);
  await page.getByTestId('map-status').filter({ hasText: `to hex ${target.key}` }).waitFor({ timeout: 15_000 });
  await page.getByTestId('save-state').filter({ hasText: 'All changes saved' }).waitFor({ timeout: 15_000 });
  const moved = JSON.parse((await draftOf(baseUrl, setupPath)).content).scenarios[scenarioId].placements;
  assert.deepEqual(moved[fixed].location, { hex: target.key });
  assert.deepEqual(moved[fixed].source, { kind: 'provisional', rule: placements[fixed].source.rule, quote: placements[fixed].source.quote, note: `moved by the designer from ${placeName.name}${placeName.hex ? ` (hex ${placeName.hex})` : ''}` });
  assert.deepEqual(moved[free].source, chosen, 'the first drop stays as it was');

  // Both stand on one hex now: its marker counts them, and clicked shows the first one's JSON, clicked again the next one's.
  const here = moved.flatMap((p, i) => (p.power === power && p.location.hex === target.key ? [i] : []));
  const both = page.locator(`.wb-map .play-where[data-at="${target.key}"] .play-marker-part[data-power="${power}"]`);
  await both.filter({ hasText: String(here.length) }).waitFor({ timeout: 10_000 });
  const drafted = (await draftOf(baseUrl, setupPath)).content;
  for (const i of here.slice(0, 2)) {
    await both.click();
    await selectedIn(page, setupPath, locate(drafted, ['scenarios', scenarioId, 'placements', i]));
  }
  assert.match(await both.getAttribute('class'), /\bselected\b/, 'the unit shown is marked on the map');

  // A reload opens the same view from the URL: the document, and the map pane with the counter where it was dropped.
  assert.match(page.url(), new RegExp(`[?&]map=${scenarioId}(&|$)`), 'the open map pane is in the URL, with the scenario it shows');
  await page.reload({ waitUntil: 'networkidle' });
  await counter(free).waitFor({ timeout: 30_000 });
  await page.locator('.wb-doc-bar strong', { hasText: setupPath }).waitFor();

  // Pointing at a part of a victory condition colours what it names, by whether each holds at the start.
  await page.locator('.wb-tree button[data-path="victory.json"]').click();
  const level = readJson('victory.json').victory.levels.findIndex((l) => /"(countries|places)"/.test(JSON.stringify(l.condition)));
  const condition = page.locator(`.wb-cond[data-pointer="/victory/levels/${level}/condition"]`);
  const part = condition.locator('.wb-cond').first();
  await (await part.count() ? part : condition).hover();
  const highlight = page.getByTestId('map-highlight');
  await highlight.waitFor({ timeout: 15_000 });
  assert.match(await highlight.innerText(), /(does not hold|holds) at the start/);
  await page.waitForFunction(() => {
    const m = document.querySelector('.wb-map .leaflet-container');
    return Number(m?.getAttribute('data-holds')) + Number(m?.getAttribute('data-fails')) > 0;
  });
  assert.equal(await page.locator('.wb-cond.pointed').count(), 1, 'the sentence marks what is shown');
  await page.screenshot({ path: path.join(shots, 'scenario-map-victory.png') });

  assert.deepEqual(problems, [], 'console errors or requests to other hosts');
  await page.close();
});

const readText = (docPath) => fs.readFileSync(path.join(studio.rulesetsDir, '2ww', docPath), 'utf8');
const readJson = (docPath) => JSON.parse(readText(docPath));

const draftOf = (baseUrl, docPath) => callApi(baseUrl, 'drafts.get', { rulesetId: '2ww', path: docPath });

/** Monaco shows `docPath` with the value at `at` selected, the cursor where it begins. */
async function selectedIn(page, docPath, at) {
  await page.locator('.wb-doc-bar strong', { hasText: docPath }).waitFor();
  await page.waitForFunction((line) => document.querySelector('.monaco-editor .active-line-number')?.textContent === String(line), at.line, { timeout: 10_000 });
  assert.ok(await page.locator('.monaco-editor .selected-text').count(), 'a selection');
}

/** A point of a marker's hex on screen: the marker's middle (it stands a little below the hex's). */
async function centreOf(locator) {
  const box = await locator.boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Clicks around a point until the map says the hex clicked lies in `country` (and is not all sea), and is none of `avoid`. */
async function findHex(page, from, country, avoid) {
  const status = page.getByTestId('map-status');
  for (let ring = 1; ring <= 4; ring++) {
    for (let k = 0; k < 8; k++) {
      const angle = (k * Math.PI) / 4;
      const at = { x: from.x + Math.cos(angle) * ring * 11, y: from.y + Math.sin(angle) * ring * 11 };
      const before = await status.innerText();
      await page.mouse.click(at.x, at.y);
      await page.waitForFunction((b) => document.querySelector('[data-testid="map-status"]')?.textContent !== b, before, { timeout: 1000 }).catch(() => {});
      // What the hex is lies between its key and its document's name, a terrain's own parentheses included: "Hex 1910 (Land (all-land hex), France): map-grid.json."
      const found = /^Hex (\w+) \((.*)\): /.exec(await status.innerText());
      if (found && found[2].includes(country) && !/sea/i.test(found[2]) && !avoid.has(found[1])) return { key: found[1], at };
    }
  }
  assert.fail(`no hex of ${country} near the counter`);
}

/** Presses on a counter, moves in steps (a drag, not a click) and releases at `to`. */
async function drag(page, from, to) {
  const box = await from.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 10, box.y + box.height / 2 + 10, { steps: 2 });
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
}
