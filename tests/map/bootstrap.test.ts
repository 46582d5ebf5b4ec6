// bootstrap-map's document: what it writes, and what it must leave alone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MapDocument } from '@/engine';
import { schemaErrors } from '@/engine/schema/validator';
import { bootstrapMap, BootstrapError, type BootstrapResult } from '@/server/geo/bootstrap';
import { copyFixture } from './helpers';

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
