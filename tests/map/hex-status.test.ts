// The hex map editor's word on a hex without terrain: a gap the data records (with its rule) and the optional patch
// set that fills it, with what; for 2WW's hexes the text names without their terrain, from the map view itself.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hexStatus, terrainWords } from '@/editor/map/hex-status';
import { mapView } from '@/server/geo/view';

const TERRAIN = { coastal: { name: 'Coastal hex' }, land: { name: 'Land' } };
const COUNTRIES = { albania: { name: 'Albania' } };
const GAP = { gap: 'The text names this hex but not its terrain.', rule: '12.1.1' };
const FILL = { patchSet: 'Provisional fill for test games', terrain: 'coastal' };

describe('the hover on a hex', () => {
  it('names its terrain, country, source and document', () => {
    expect(hexStatus('2510', { terrain: 'land', country: 'albania', source: 'bootstrap', at: { document: 'map-grid.json', pointer: '/map/hexes/2510' } }, TERRAIN, COUNTRIES)).toBe('2510: Land · Albania · bootstrap · map-grid.json');
  });

  it('says of a hex without terrain, briefly, that it is a recorded gap, with its rule, and which optional patch set fills it with what', () => {
    expect(hexStatus('2511', { country: 'albania', source: 'rulebook', gaps: [GAP], fill: FILL }, TERRAIN, COUNTRIES)).toBe(
      '2511: no terrain, a gap (rule 12.1.1); the optional patch set "Provisional fill for test games" fills it with Coastal hex · Albania · rulebook',
    );
    // Said whole where it takes no room over the map: the keyboard cursor's announcement.
    expect(terrainWords({ gaps: [GAP], fill: FILL }, TERRAIN)).toBe('no terrain, a gap (rule 12.1.1: The text names this hex but not its terrain.); the optional patch set "Provisional fill for test games" fills it with Coastal hex');
    expect(terrainWords({ gaps: [{ gap: 'Not printed.' }] }, TERRAIN)).toBe('no terrain, a gap (Not printed.)');
    expect(terrainWords({ fill: FILL }, TERRAIN)).toBe('no terrain (the optional patch set "Provisional fill for test games" fills it with Coastal hex)');
  });

  it('says only "no terrain" where no gap is recorded and no patch set fills it', () => {
    expect(terrainWords({ country: 'albania' }, TERRAIN)).toBe('no terrain');
    expect(terrainWords(undefined, TERRAIN)).toBe('no terrain');
  });
});

describe("2WW's hexes named without their terrain", () => {
  const root = path.join(import.meta.dirname, '..', '..', 'rulesets');
  const present = fs.existsSync(path.join(root, '2ww', 'ruleset.json'));

  it.skipIf(!present)('carry their gap and, from the provisional fill, the terrain it gives them; every other hex has its terrain', () => {
    const view = mapView(root, '2ww', () => undefined);
    expect(view.hexes['2511']).toMatchObject({ gaps: [{ gap: expect.stringMatching(/^The text names this hex but not its terrain/), rule: '12.1.1' }], fill: { patchSet: 'Provisional fill for test games', terrain: 'coastal' } });
    expect(view.hexes['2411']).toMatchObject({ gaps: [expect.objectContaining({ rule: '2.5, 12.1.1' })], fill: { terrain: 'coastal' } });
    const bare = Object.entries(view.hexes).filter(([, h]) => !h.terrain);
    expect(bare.length).toBe(29);
    expect(bare.filter(([, h]) => !h.gaps?.length || !h.fill).map(([hex]) => hex)).toEqual([]);
  });
});
