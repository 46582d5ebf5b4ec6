// A crowded area map for the browser tests: the fixture "isles" with a cluster of small areas packed close
// together (as the Low Countries lie on a map of Europe) among areas far apart, units in most of them. Its
// stacks and its areas' names compete for the same pixels at the zoom the whole map opens at.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectDir } from './studio.mjs';

/** The cluster's areas: id, name, position; each holds two units of the power named. */
const CLUSTER = [
  ['holland', 'Holland', 52.0, 4.6, 'westmen'],
  ['zeeland', 'Zeeland', 51.5, 3.8, 'westmen'],
  ['flanders', 'Flanders', 51.0, 3.3, 'westmen'],
  ['brabant', 'Brabant', 50.8, 4.6, 'eastmen'],
  ['limburg', 'Limburg', 51.0, 5.8, 'eastmen'],
  ['ardennes', 'Ardennes', 50.1, 5.4, 'eastmen'],
  ['luxembourg', 'Luxembourg', 49.7, 6.1, 'eastmen'],
];

/** Writes the ruleset under a new temporary rulesets folder and returns that folder. */
export function crowdedIsles() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sandtable-crowded-'));
  const dir = path.join(root, 'crowded-isles');
  fs.cpSync(path.join(projectDir, 'tests', 'engine', 'fixtures', 'isles'), dir, { recursive: true });
  const edit = (file, change) => {
    const p = path.join(dir, file);
    const doc = JSON.parse(fs.readFileSync(p, 'utf8'));
    change(doc);
    fs.writeFileSync(p, JSON.stringify(doc, null, 2) + '\n');
  };
  edit('ruleset.json', (m) => Object.assign(m, { id: 'crowded-isles', title: 'The Crowded Isles' }));
  const ids = CLUSTER.map(([id]) => id);
  edit('map.json', ({ map }) => {
    // The isles stay where they are, far west of the cluster, with the strait joining them to it.
    map.areas.strait.adjacent.push('flanders');
    CLUSTER.forEach(([id, name, lat, lon], i) => {
      const adjacent = [ids[i - 1], ids[i + 1]].filter(Boolean);
      if (id === 'flanders') adjacent.push('strait');
      map.areas[id] = { name, type: 'land', terrain: 'plains', adjacent, centroid: { lat, lon } };
    });
  });
  edit('units.json', ({ roster }) => {
    for (const [id, name, , , power] of CLUSTER) {
      for (const [n, type] of [
        [1, 'foot'],
        [2, 'horse'],
      ]) roster[`${id}-${n}`] = { name: `${name} ${type === 'foot' ? 'Foot' : 'Horse'}`, power, type };
    }
  });
  edit('setup.json', ({ scenarios }) => {
    for (const [id, , , , power] of CLUSTER) {
      for (const n of [1, 2]) scenarios.campaign.placements.push({ power, unit: `${id}-${n}`, location: { area: id } });
    }
  });
  return root;
}
