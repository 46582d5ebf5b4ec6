// bootstrap-map on an area map: positions, adjacency candidates, and what accepting one writes.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRuleset } from '@/engine';
import { fsSource } from '@/engine/load/fs-source';
import { setAt, setCentroid } from '@/engine/map/edit';
import { adjacencyCandidates, placeAreas } from '@/engine/map/areas';
import { areaView, areaViewOf } from '@/server/geo/area-view';
import { bootstrapAreas } from '@/server/geo/areas';
import { copyFixture, FIXTURES } from './helpers';

describe('bootstrapAreas', () => {
  const result = bootstrapAreas(FIXTURES, 'areas-mini');

  it('places each area by its centroid, else its anchors, else its places, and names those it cannot place', () => {
    const from = Object.fromEntries(result.placed.map((p) => [p.id, p.from]));
    expect(from).toEqual({ france: 'centroid', germany: 'anchor', 'north-sea': 'anchor', spain: 'places', italy: 'places', britain: 'places' });
    expect(result.unplaced).toEqual(['atlantis']);
  });

  it('proposes no pair the designer has rejected, whichever side lists it', () => {
    const map = loadRuleset(fsSource(FIXTURES), 'areas-mini').ruleset!.map!;
    const { placed } = placeAreas(map);
    map.areas!.spain.notAdjacent = ['france'];
    expect(adjacencyCandidates(placed, map.areas!).map((c) => c.between.join(':'))).not.toContain('france:spain');
  });

  it('proposes neighbours, not pairs already adjacent nor pairs with an area between them', () => {
    const pairs = result.candidates.map((c) => c.between.join(':'));
    expect(pairs).toContain('france:spain');
    expect(pairs).toContain('britain:north-sea');
    expect(pairs).not.toContain('france:germany');
    expect(pairs).not.toContain('spain:north-sea');
    expect(result.candidates.find((c) => c.between.join(':') === 'britain:north-sea')?.kind).toBe('land-sea');
  });

  it('marks a land pair whose line crosses a stretch of sea, however short a share of the line it is', () => {
    const across = (pair: string) => result.candidates.find((c) => c.between.join(':') === pair)?.acrossWater;
    expect(across('spain:italy')).toBe(true);
    // The Channel is a fifth of the line from France to Britain: a crossing still.
    expect(across('france:britain')).toBe(true);
    expect(across('france:spain')).toBe(false);
  });

  it('writes accepted adjacencies on both sides and positions found, and nothing else', () => {
    const { root, dir } = copyFixture('areas-mini');
    const before = fs.readFileSync(path.join(dir, 'map.json'), 'utf8');
    const accepted = bootstrapAreas(root, 'areas-mini', { write: true, accept: result.candidates.map((c) => c.between) });
    for (const [file, text] of accepted.changed) fs.writeFileSync(path.join(dir, file), text);
    const loaded = loadRuleset(fsSource(root), 'areas-mini');
    const areas = loaded.ruleset!.map!.areas!;
    expect(areas.spain.adjacent).toContain('france');
    expect(areas.france.adjacent).toEqual(['germany', 'britain', 'spain', 'italy']);
    expect(areas.germany.centroid).toEqual({ lat: 51.3, lon: 9.5 });
    expect(areas.france.centroid).toEqual({ lat: 46.6, lon: 2.4 });
    expect(areas.atlantis.centroid).toBeUndefined();
    // Only Atlantis, placed nowhere, is left unconnected.
    expect(loaded.diagnostics.filter((d) => d.severity === 'error').map((d) => d.pointer)).toEqual(['/map/areas/atlantis']);
    // The file keeps its layout: lines nobody changed are as they were.
    const untouched = before.split('\n').find((line) => line.includes('"madrid"'))!;
    expect(fs.readFileSync(path.join(dir, 'map.json'), 'utf8')).toContain(untouched);
  });
});

/** A copy of areas-mini whose own patch set (moved.json) gives Spain a centroid: its rulesets root. */
function spainMoved(): string {
  const { root, dir } = copyFixture('areas-mini');
  const patch = { title: 'Spain moved', source: { kind: 'provisional' }, reason: 'test', operations: [{ op: 'add', path: '/map/areas/spain/centroid', value: { lat: 40, lon: -4 } }] };
  fs.writeFileSync(path.join(dir, 'moved.json'), JSON.stringify(patch, null, 2));
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'ruleset.json'), 'utf8'));
  fs.writeFileSync(path.join(dir, 'ruleset.json'), JSON.stringify({ ...manifest, patchSets: ['moved.json'] }, null, 2));
  return root;
}

describe('areaView', () => {
  const text = fs.readFileSync(path.join(FIXTURES, 'areas-mini', 'map.json'), 'utf8');

  it('says where each area is written, with the texts an edit starts from', () => {
    const view = areaView(FIXTURES, 'areas-mini', () => undefined);
    expect(view.areas.find((a) => a.id === 'atlantis')?.writes).toMatchObject({
      record: { document: 'map.json', pointer: '/map/areas/atlantis' },
      terrain: { document: 'map.json', pointer: '/map/areas/atlantis/terrain' },
      centroid: { document: 'map.json', pointer: '/map/areas/atlantis/centroid' },
      adjacent: { document: 'map.json', pointer: '/map/areas/atlantis/adjacent' },
      notAdjacent: { document: 'map.json', pointer: '/map/areas/atlantis/notAdjacent' },
      source: { document: 'map.json', pointer: '/map/areas/atlantis/source' },
    });
    expect(view.documents['map.json']).toEqual({ revision: 0, content: text });
  });

  it('says where else the ruleset names each area, for deleting one: places, setups and patch set paths, not adjacency lists', () => {
    const root = spainMoved();
    const mentions = Object.fromEntries(areaView(root, 'areas-mini', () => undefined).areas.map((a) => [a.id, a.mentions]));
    expect(mentions.spain).toEqual([
      { document: 'map.json', pointer: '/map/places/madrid/area' },
      { document: 'moved.json', pointer: '/operations/0/path' },
    ]);
    expect(mentions.germany).toEqual([{ document: 'map.json', pointer: '/map/georeference/anchors/0/area' }]);
    // France is adjacent to Germany, and named nowhere else.
    expect(mentions.france).toEqual([]);
  });

  it('gives the named places in their areas, for the play map to mark, with where their kinds are written', () => {
    expect(areaView(FIXTURES, 'areas-mini', () => undefined).places.find((p) => p.id === 'madrid')).toEqual({
      id: 'madrid',
      name: 'Madrid',
      kinds: [],
      area: 'spain',
      at: { lat: 40.42, lon: -3.7 },
      kindsAt: { document: 'map.json', pointer: '/map/places/madrid/kinds' },
    });
  });

  it('says where a new area is written: where the areas are, or, on a map with none yet, its first document', () => {
    expect(areaView(FIXTURES, 'areas-mini', () => undefined).newAt.areas).toEqual({ document: 'map.json', pointer: '/map/areas' });
    const empty = JSON.stringify({ map: { kind: 'area' } });
    const view = areaView(FIXTURES, 'areas-mini', (doc) => (doc === 'map.json' ? { revision: 1, content: empty } : undefined));
    expect(view.areas).toEqual([]);
    expect(view.newAt.areas).toEqual({ document: 'map.json', pointer: '/map/areas' });
    // What the map editor then writes there is an area of the schema's, which the next view draws once placed.
    const added = setAt(empty, '/map/areas/northland', { name: 'Northland', type: 'land', adjacent: [], source: { kind: 'provisional' } });
    const next = areaView(FIXTURES, 'areas-mini', (doc) => (doc === 'map.json' ? { revision: 2, content: added } : undefined));
    expect(next.areas.map((a) => a.id)).toEqual(['northland']);
    expect(next.unplaced).toEqual(['northland']);
  });

  it('says where a new place or country is written, and the kinds places have, for the area panel to add one', () => {
    const view = areaView(FIXTURES, 'areas-mini', () => undefined);
    expect(view.newAt.places).toEqual({ document: 'map.json', pointer: '/map/places' });
    expect(view.newAt.countries?.document).toBe('map.json');
    expect(view.placeKinds).toEqual([{ id: 'capital', places: 0, read: true }]);
    // A map with neither yet: both go into its first document, where the next view reads them.
    const bare = JSON.stringify({ map: { kind: 'area', areas: { northland: { name: 'Northland', type: 'land', adjacent: [] } } } });
    const read = (content: string) => areaView(FIXTURES, 'areas-mini', (doc) => (doc === 'map.json' ? { revision: 1, content } : undefined));
    expect(read(bare).newAt).toMatchObject({ places: { document: 'map.json', pointer: '/map/places' }, countries: { document: 'map.json', pointer: '/map/countries' } });
    const added = setAt(setAt(bare, '/map/countries/north', { name: 'North' }), '/map/places/nordby', { name: 'Nordby', area: 'northland', kinds: ['capital'] });
    const next = read(added);
    const written = (pointer: string) => ({ document: 'map.json', pointer });
    expect(next.countries).toEqual({ north: { name: 'North', writes: { name: written('/map/countries/north/name'), color: written('/map/countries/north/color'), source: written('/map/countries/north/source') } } });
    expect(next.places).toEqual([{ id: 'nordby', name: 'Nordby', kinds: ['capital'], area: 'northland', kindsAt: written('/map/places/nordby/kinds') }]);
    expect(next.placeKinds).toEqual([{ id: 'capital', places: 1, read: true }]);
  });

  it('offers for a new place the kinds places have and those rules read, each saying which and on how many places', () => {
    const map = JSON.stringify({ map: { kind: 'area', areas: { northland: { name: 'Northland', type: 'land', adjacent: [] } }, places: { nordby: { name: 'Nordby', area: 'northland', kinds: ['city', 'port'] }, sudby: { name: 'Sudby', area: 'northland', kinds: ['city'] } } } });
    const manifest = setAt(fs.readFileSync(path.join(FIXTURES, 'areas-mini', 'ruleset.json'), 'utf8'), '/mechanics', { supply: { model: 'path-to-source', sources: ['capital', 'port'], maxLength: 'unlimited' } });
    const view = areaView(FIXTURES, 'areas-mini', (doc) => ({ 'map.json': { revision: 1, content: map }, 'ruleset.json': { revision: 1, content: manifest } })[doc]);
    expect(view.placeKinds).toEqual([
      { id: 'capital', places: 0, read: true },
      { id: 'city', places: 2, read: false },
      { id: 'port', places: 1, read: true },
    ]);
  });

  it("reads the latest draft: an area placed in it is drawn, and the map opens around the areas", () => {
    const content = setCentroid(text, '/map/areas/atlantis/centroid', { lat: 36, lon: -25 });
    const view = areaView(FIXTURES, 'areas-mini', (doc) => (doc === 'map.json' ? { revision: 3, content } : undefined));
    expect(view.unplaced).toEqual([]);
    expect(view.areas.find((a) => a.id === 'atlantis')).toMatchObject({ at: { lat: 36, lon: -25 }, from: 'centroid' });
    expect(view.documents['map.json'].revision).toBe(3);
    // Atlantis, the westernmost, with a margin after the areas' spread.
    expect(view.bbox.west).toBeLessThan(-25);
    expect(view.bbox.west).toBeGreaterThan(-31);
  });

  it("writes an area's position where its own patch set sets it", () => {
    const root = spainMoved();
    const spain = areaView(root, 'areas-mini', () => undefined).areas.find((a) => a.id === 'spain')!;
    expect(spain.at).toEqual({ lat: 40, lon: -4 });
    expect(spain.writes?.centroid).toEqual({ document: 'moved.json', pointer: '/operations/0/value' });
    expect(spain.writes?.adjacent).toEqual({ document: 'map.json', pointer: '/map/areas/spain/adjacent' });
  });

  it("draws the map editor's backdrop round the world, coarsely beyond the areas, for the next area to be placed anywhere; a game's map only about its areas", () => {
    const names = (view: { backdrop: { name: string }[] }) => new Set(view.backdrop.map((c) => c.name));
    const editing = names(areaView(FIXTURES, 'areas-mini', () => undefined));
    expect(editing.has('Japan')).toBe(true);
    expect(editing.has('France')).toBe(true);
    const map = JSON.parse(text).map;
    const playing = names(areaViewOf('areas-mini', 'Mini', map));
    expect(playing.has('Japan')).toBe(false);
    expect(playing.has('France')).toBe(true);
  });

  it('opens on the world while no area has a position', () => {
    const bare = { kind: 'area' as const, areas: { x: { name: 'X', type: 'land' as const } } };
    const view = areaViewOf('bare', 'Bare', bare);
    expect(view.bbox).toMatchObject({ west: -180, east: 180 });
    expect(view.backdrop.length).toBeGreaterThan(100);
    expect(view.documents).toEqual({});
  });
});
