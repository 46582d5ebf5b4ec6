// bootstrap-map's document: what it writes, and what it must leave alone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MapDocument } from '@/engine';
import type { Hexside } from '@/engine/generated/schema-types';
import { classifyHexes, classifyHexsides } from '@/engine/map/classify';
import type { FitResult } from '@/engine/map/fit';
import { formatGridDocument, generateGridDocument, type GenerateInput } from '@/engine/map/generate';
import { hexesIn } from '@/engine/map/grid';
import { schemaErrors } from '@/engine/schema/validator';
import { bootstrapMap, BootstrapError, type BootstrapResult } from '@/server/geo/bootstrap';
import { copyFixture, syntheticBoard } from './helpers';

const { root, dir } = copyFixture('ww2-mini');
let result: BootstrapResult;

beforeAll(() => {
  // A previous run's output that a designer has since edited: one hex painted from the rulebook, one stale.
  const previous: MapDocument = {
    map: {
      kind: 'hex',
      grid: { orientation: 'flat-top', columnDigits: 2, rowDigits: 2 },
      hexes: {
        '2010': { terrain: 'all-sea', source: { kind: 'rulebook', rule: '8.3.2', note: 'painted' } },
        '1808': { terrain: 'all-sea', source: { kind: 'bootstrap' } },
      },
      hexsides: [{ between: ['1808', '1809'], feature: 'river', source: { kind: 'provisional' } }],
    },
  };
  fs.writeFileSync(path.join(dir, 'map-grid.json'), JSON.stringify(previous));
  result = bootstrapMap(root, 'ww2-mini');
});

describe('bootstrapMap', () => {
  it('writes a map document that validates on its own', () => {
    expect(schemaErrors('map', result.document)).toEqual([]);
    expect(JSON.parse(result.text)).toEqual(result.document);
  });

  it('marks every hex it writes as bootstrap data with a terrain of the right medium', () => {
    const hexes = Object.values(result.document.map!.hexes!).filter((h) => h.source?.kind === 'bootstrap');
    expect(hexes.length).toBe(result.counts.written);
    expect(new Set(hexes.map((h) => h.terrain))).toEqual(new Set(['all-land', 'coastal', 'all-sea']));
    expect(hexes.filter((h) => h.terrain === 'all-sea').every((h) => h.country === undefined)).toBe(true);
  });

  it('never writes over a hex another document defines from the rulebook', () => {
    expect(result.document.map!.hexes!['1909']).toBeUndefined();
    expect(result.counts.elsewhere).toBe(1);
  });

  it("keeps a designer's hexes and hexsides in its own document, and regenerates its own", () => {
    expect(result.document.map!.hexes!['2010']).toEqual({ terrain: 'all-sea', source: { kind: 'rulebook', rule: '8.3.2', note: 'painted' } });
    expect(result.document.map!.hexes!['1808']).toMatchObject({ terrain: 'all-land', country: 'france', source: { kind: 'bootstrap' } });
    expect(result.document.map!.hexsides).toHaveLength(1);
  });

  it('applies the border overrides and keeps a place off the all-sea hexes', () => {
    expect(result.document.map!.hexes!['2404'].country).toBe('germany');
    expect(result.document.map!.hexes!['2415'].terrain).not.toBe('all-sea'); // Malta
  });

  it('derives an extent covering the anchors, and records it as a gap', () => {
    const grid = result.document.map!.grid!;
    expect(result.extentDerived).toBe(true);
    expect(grid.columns!.first).toBeLessThanOrEqual(13);
    expect(grid.columns!.last).toBeGreaterThanOrEqual(33);
    expect(grid.rows!.first).toBe(1);
    expect(grid.rows!.last).toBeGreaterThanOrEqual(16);
    expect(grid.gaps?.[0].gap).toMatch(/no map extent.*provisional extent from bootstrap-map/);
    // Every hex of the extent, less the one map.json defines.
    expect(Object.keys(result.document.map!.hexes!).length + 1).toBe((grid.columns!.last - grid.columns!.first + 1) * (grid.rows!.last - grid.rows!.first + 1));
  });

  it('stores the transform, and states the offset the text leaves open', () => {
    expect(result.document.map!.georeference!.transform).toMatchObject({ kind: result.fit.transform.kind, projection: result.fit.projection });
    expect(result.document.map!.grid!.offset).toBe(result.fit.grid.offset);
    expect(result.document.map!.georeference!.source).toMatchObject({ kind: 'bootstrap' });
  });

  it('states the offset again when run over its own document: its last choice is no other document\'s', () => {
    fs.writeFileSync(path.join(dir, 'map-grid.json'), result.text);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'ruleset.json'), 'utf8'));
    manifest.documents.map = ['map.json', 'map-grid.json'];
    fs.writeFileSync(path.join(dir, 'ruleset.json'), JSON.stringify(manifest));
    const again = bootstrapMap(root, 'ww2-mini');
    expect(again.document.map!.grid!.offset).toBe(result.fit.grid.offset);
    expect(again.text).toBe(result.text);
  });

  it('finds the suspect numbers in the anchors', () => {
    const suspects = result.fit.residuals.filter((r) => r.outlier).map((r) => r.anchor.pointer);
    expect(suspects).toContain('/map/places/cairo/hex');
  });

  it('writes its grid only inside the ruleset folder, to a new file or a grid it wrote before', () => {
    const { root: other, dir: otherDir } = copyFixture('ww2-mini');
    const mapText = fs.readFileSync(path.join(otherDir, 'map.json'), 'utf8');
    expect(() => bootstrapMap(other, 'ww2-mini', { output: '../escaped.json' })).toThrow('--output ../escaped.json: "../escaped.json" is not a path inside the ruleset folder');
    expect(() => bootstrapMap(other, 'ww2-mini', { output: path.join(otherDir, 'abs.json') })).toThrow(/is not a path inside the ruleset folder/);
    expect(() => bootstrapMap(other, 'ww2-mini', { output: 'grids/grid.json' })).toThrow('the ruleset folder has no folder grids');
    // The ruleset's own map and manifest hold more than a grid: regenerating them would lose it.
    expect(() => bootstrapMap(other, 'ww2-mini', { output: 'map.json' })).toThrow(/ww2-mini\/map\.json is not a grid bootstrap-map wrote \(it holds map\.terrain, .*\), and writing the grid would replace it/);
    expect(() => bootstrapMap(other, 'ww2-mini', { output: 'ruleset.json' })).toThrow(/ruleset\.json is not a grid bootstrap-map wrote \(it holds id, title, edition, \d+ more\)/);
    fs.symlinkSync(os.tmpdir(), path.join(otherDir, 'out'));
    expect(() => bootstrapMap(other, 'ww2-mini', { output: 'out/grid.json' })).toThrow('out is a link that leads outside the ruleset folder');
    expect(fs.readFileSync(path.join(otherDir, 'map.json'), 'utf8')).toBe(mapText);

    const fresh = bootstrapMap(other, 'ww2-mini', { output: 'grid-2.json' });
    expect(fresh.file).toBe(path.join(otherDir, 'grid-2.json'));
    fs.writeFileSync(fresh.file, fresh.text);
    expect(bootstrapMap(other, 'ww2-mini', { output: 'grid-2.json' }).text).toBe(fresh.text);
  });

  it('refuses an area map, and a ruleset whose terrain has no sea', () => {
    const { root: other, dir: otherDir } = copyFixture('ww2-mini');
    const mapFile = path.join(otherDir, 'map.json');
    const doc = JSON.parse(fs.readFileSync(mapFile, 'utf8'));
    delete doc.map.terrain['all-sea'];
    fs.writeFileSync(mapFile, JSON.stringify(doc));
    expect(() => bootstrapMap(other, 'ww2-mini')).toThrow(/no terrain type has medium "sea".*--terrain sea=/);
    doc.map.kind = 'area';
    fs.writeFileSync(mapFile, JSON.stringify(doc));
    expect(() => bootstrapMap(other, 'ww2-mini')).toThrow(BootstrapError);
  });
});

describe('generated hexsides', () => {
  // A channel along y = 4.5 (see classify.test.ts): all-sea sides 0304|0305, 0504|0505 and 0704|0705.
  const { georef, surface } = syntheticBoard(({ y }) => Math.abs(y - 4.5) > 0.1);
  const extent = { columns: { first: 3, last: 7 }, rows: { first: 2, last: 7 } };
  const fit: FitResult = { grid: georef.grid, transform: georef.transform, projection: 'equirectangular(0)', rms: 0, threshold: 1, residuals: [], unusable: [], models: [] };
  const generate = (input: Partial<GenerateInput> = {}) =>
    generateGridDocument({
      grid: { ...georef.grid, offsetGiven: true },
      extent,
      fit,
      classified: classifyHexes(georef, hexesIn(extent), surface, new Map()),
      terrain: { land: 'all-land', coastal: 'coastal', sea: 'all-sea' },
      overrides: new Map(),
      placeHexes: new Set(),
      classifyHexsides: (hexes) => classifyHexsides(georef, hexes, surface),
      hexsideFeatures: { sea: 'all-sea-hexside', land: 'all-land-hexside' },
      namedSides: [],
      definedElsewhere: () => false,
      schemaPath: 'map.schema.json',
      extentNote: '',
      ...input,
    });
  const sides = (r: ReturnType<typeof generate>) => (r.document.map!.hexsides ?? []).map((s) => `${s.between.join('|')} ${s.feature} ${s.source?.kind}`);
  const existing = (hexsides: Hexside[]): MapDocument => ({ map: { kind: 'hex', hexes: {}, hexsides } });

  it('writes each all-sea side as the feature for that medium, as bootstrap data, and counts them', () => {
    const r = generate();
    expect(sides(r)).toEqual(['0304|0305 all-sea-hexside bootstrap', '0504|0505 all-sea-hexside bootstrap', '0704|0705 all-sea-hexside bootstrap']);
    expect(r.counts.hexsides).toEqual({ sea: 3, land: 0 });
  });

  it('never writes a side touching a hex whose terrain another document gives, but does one touching a hex it names without one', () => {
    const terrainElsewhere = generate({ definedElsewhere: (pointer) => pointer.startsWith('/map/hexes/0505') });
    expect(sides(terrainElsewhere).map((s) => s.split(' ')[0])).toEqual(['0304|0305', '0704|0705']);
    const namedElsewhere = generate({ definedElsewhere: (pointer) => pointer === '/map/hexes/0505' });
    expect(sides(namedElsewhere).map((s) => s.split(' ')[0])).toEqual(['0304|0305', '0504|0505', '0704|0705']);
    expect(namedElsewhere.document.map!.hexes!['0505']).toBeUndefined();
  });

  it("leaves a side a designer's hexside names, here or elsewhere, whatever its feature, and regenerates its own", () => {
    const river: Hexside = { between: ['0305', '0304'], feature: 'river', source: { kind: 'provisional' } };
    const stale: Hexside = { between: ['0606', '0607'], feature: 'all-land-hexside', source: { kind: 'bootstrap' } };
    const r = generate({ existing: existing([stale, river]), namedSides: [['0705', '0704']] });
    expect(sides(r)).toEqual(['0305|0304 river provisional', '0504|0505 all-sea-hexside bootstrap']);
    expect(r.counts.hexsides.sea).toBe(1);
    expect(r.counts.namedSides).toBe(2);
  });

  it('writes no hexsides without a feature for them, or where another document holds the list, keeping a designer\'s', () => {
    const river: Hexside = { between: ['0606', '0607'], feature: 'river', source: { kind: 'rulebook', rule: '8.1' } };
    const none = generate({ hexsideFeatures: {}, existing: existing([river]) });
    expect(sides(none)).toEqual(['0606|0607 river rulebook']);
    expect(none.counts.skippedKeys).toEqual([]);
    const elsewhere = generate({ definedElsewhere: (pointer) => pointer === '/map/hexsides' });
    expect(elsewhere.document.map!.hexsides).toBeUndefined();
    expect(elsewhere.counts.skippedKeys).toEqual(['/map/hexsides']);
  });

  it('writes the same text whatever order the hexes and the earlier list come in, one hexside to a line', () => {
    const designer: Hexside[] = [
      { between: ['0606', '0607'], feature: 'river', source: { kind: 'provisional' } },
      { between: ['0202', '0203'], feature: 'river', source: { kind: 'provisional' } },
    ];
    const text = formatGridDocument(generate({ existing: existing(designer) }).document);
    const shuffled = generate({ existing: existing([...designer].reverse()), classified: classifyHexes(georef, hexesIn(extent), surface, new Map()).reverse() });
    expect(formatGridDocument(shuffled.document)).toBe(text);
    expect(text).toContain('    "hexsides": [\n      {"between":["0202","0203"],"feature":"river","source":{"kind":"provisional"}},\n      {"between":["0304","0305"],');
    expect(JSON.parse(text)).toEqual(shuffled.document);
  });
});

describe('bootstrapMap on a ruleset with all-sea and all-land hexside features', () => {
  const { root, dir } = copyFixture('ww2-mini');
  let first: BootstrapResult;
  // Where the Ligurian Sea parts Corsica (2011) from the coast at Genoa (2010) on the fixture's grid.
  const ligurian = ['2010', '2011'];

  beforeAll(() => {
    const file = path.join(dir, 'map.json');
    const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
    doc.map.features['all-sea-hexside'] = { name: 'All-sea hexside', on: 'hexside', medium: 'sea' };
    doc.map.features['all-land-hexside'] = { name: 'All-land hexside', on: 'hexside', medium: 'land' };
    fs.writeFileSync(file, JSON.stringify(doc));
    first = bootstrapMap(root, 'ww2-mini');
  });

  it('writes both kinds between hexes it writes, valid and regenerated the same', () => {
    const hexsides = first.document.map!.hexsides!;
    expect(first.counts.hexsides.sea).toBeGreaterThan(10);
    expect(first.counts.hexsides.land).toBeGreaterThan(10);
    expect(hexsides.length).toBe(first.counts.hexsides.sea + first.counts.hexsides.land);
    expect(hexsides).toContainEqual({ between: ligurian, feature: 'all-sea-hexside', source: { kind: 'bootstrap' } });
    const hexes = first.document.map!.hexes!;
    expect(hexsides.every((s) => s.between.every((key) => hexes[key]?.source?.kind === 'bootstrap'))).toBe(true);
    expect(schemaErrors('map', first.document)).toEqual([]);
    expect(bootstrapMap(root, 'ww2-mini').text).toBe(first.text);
  });

  it("leaves a side a patch set's hexside names, appended to the generated list", () => {
    fs.writeFileSync(first.file, first.text);
    const manifestFile = path.join(dir, 'ruleset.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
    manifest.documents.map = ['map.json', 'map-grid.json'];
    manifest.patchSets = ['river.json'];
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));
    const river = { between: [...ligurian].reverse(), feature: 'river', source: { kind: 'provisional' } };
    const patch = { title: 'A river', source: { kind: 'provisional' }, reason: 'test', operations: [{ op: 'add', path: '/map/hexsides/-', value: river }] };
    fs.writeFileSync(path.join(dir, 'river.json'), JSON.stringify(patch));
    const again = bootstrapMap(root, 'ww2-mini');
    const before = first.document.map!.hexsides!;
    expect(again.document.map!.hexsides).toEqual(before.filter((s) => s.between.join() !== ligurian.join()));
    expect(again.counts.hexsides.sea).toBe(first.counts.hexsides.sea - 1);
  });

  it('writes no hexsides where another document holds the list', () => {
    const file = path.join(dir, 'map.json');
    const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
    doc.map.hexsides = [{ between: ligurian, feature: 'river', source: { kind: 'provisional' } }];
    fs.writeFileSync(file, JSON.stringify(doc));
    const again = bootstrapMap(root, 'ww2-mini');
    expect(again.counts.skippedKeys).toContain('/map/hexsides');
    expect(again.document.map!.hexsides).toBeUndefined();
  });
});
