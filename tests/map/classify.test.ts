// Classification against Natural Earth, on the fixture's own fitted grid.
import { describe, expect, it } from 'vitest';
import type { MapDocument } from '@/engine';
import { collectAnchors } from '@/engine/map/anchors';
import { classifyHexes, classifyHexsides, countriesByIso } from '@/engine/map/classify';
import { fitGrid } from '@/engine/map/fit';
import { lonLatToGrid, makeGeoref } from '@/engine/map/georef';
import { hexAt, hexesIn, type Point } from '@/engine/map/grid';
import { naturalEarthSurface } from '@/server/geo/surface';
import fixture from './fixtures/rulesets/ww2-mini/map.json';
import { syntheticBoard } from './helpers';

const map = (fixture as MapDocument).map!;
const fit = fitGrid({ ...map.grid! }, collectAnchors(map));
const georef = makeGeoref(fit.grid, fit.transform, fit.projection);
const surface = naturalEarthSurface({ west: -25, south: 20, east: 60, north: 72 }, 0.05);
const byIso = countriesByIso(map.countries!);

const hexOver = (lon: number, lat: number) => hexAt(lonLatToGrid(georef, { lon, lat })!, fit.grid);
const classify = (lon: number, lat: number) => classifyHexes(georef, [hexOver(lon, lat)], surface, byIso)[0];

describe('classifying hexes from Natural Earth', () => {
  it('makes a hex over the Paris basin all-land, French', () => {
    expect(classify(2.35, 48.4)).toMatchObject({ medium: 'land', country: 'france' });
  });

  it('makes a hex in the middle of the Ionian Sea all-sea, with no country', () => {
    const c = classify(18.5, 35.5);
    expect(c.medium).toBe('sea');
    expect(c.country).toBeUndefined();
  });

  it('makes a hex on the Channel coast coastal', () => {
    expect(classify(1.6, 50.9).medium).toBe('coastal');
  });

  it('gives land no ruleset country claims no country', () => {
    // Switzerland is not among the fixture's countries.
    expect(classify(8.2, 46.8)).toMatchObject({ medium: 'land' });
    expect(classify(8.2, 46.8).country).not.toBe('switzerland');
    expect(surface.codes[surface.at(8.2, 46.8)]).toBe('756');
  });
});

describe('landmasses in Natural Earth', () => {
  const mass = (lon: number, lat: number) => surface.landmasses[surface.at(lon, lat)];
  it('parts land only the sea parts, joining countries across their borders and a narrow isthmus', () => {
    expect(mass(-1.5, 52.5)).not.toBe(mass(2.35, 48.85)); // England, France
    expect(mass(9.0, 40.0)).not.toBe(mass(12.5, 42.0)); // Sardinia, Italy
    expect(mass(9.2, 42.2)).not.toBe(mass(9.0, 40.0)); // Corsica, Sardinia
    expect(mass(22.4, 37.5)).toBe(mass(22.0, 39.5)); // the Peloponnese, beyond the Corinth isthmus
    expect(mass(34.1, 45.0)).toBe(mass(31.0, 47.0)); // the Crimea, beyond Perekop
    expect(mass(9.0, 56.0)).toBe(mass(2.35, 48.85)); // Jutland, France
  });
});

describe('classifying hexsides', () => {
  // Columns 3 to 7, rows 2 to 7. Odd columns are not shifted, so 0304 and 0305 share the flat side at y = 4.5.
  const extent = { columns: { first: 3, last: 7 }, rows: { first: 2, last: 7 } };
  const sidesOver = (isLand: (p: Point) => boolean) => {
    const { georef, surface } = syntheticBoard(isLand);
    return classifyHexsides(georef, classifyHexes(georef, hexesIn(extent), surface, new Map()), surface);
  };
  const acrossY45 = ['03', '05', '07'].map((col) => [`${col}04`, `${col}05`]);

  it('makes the sides a channel runs along all-sea, between the coastal hexes either side', () => {
    const sides = sidesOver(({ y }) => Math.abs(y - 4.5) > 0.1);
    expect(sides).toEqual(acrossY45.map((between) => ({ between, medium: 'sea' })));
  });

  it('parts an island from the mainland across a strait narrower than a side, each hex counting as the land it mostly holds', () => {
    // Mainland (landmass 0) below y = 4.3, an island (landmass 1) above it, a strait 0.1 wide between.
    const { georef, surface } = syntheticBoard(({ y }) => (Math.abs(y - 4.3) < 0.05 ? false : y < 4.3 ? 0 : 1), [0, 1]);
    const hexes = classifyHexes(georef, hexesIn(extent), surface, new Map());
    const landmass = new Map(hexes.map((h) => [h.key, h.landmass]));
    // 0304 (rows 3.5-4.5) lies mostly on the mainland, 0404 (4-5) mostly on the island, though both hold some of each.
    expect([landmass.get('0304'), landmass.get('0404'), landmass.get('0305'), landmass.get('0403')]).toEqual([0, 1, 1, 0]);
    const sides = classifyHexsides(georef, hexes, surface);
    expect(sides.map((s) => s.between.join('|'))).toEqual(expect.arrayContaining(['0304|0305', '0304|0404', '0403|0404', '0404|0504']));
    // Every side between the two, and no other: all sea.
    for (const s of sides) expect([s.medium, landmass.get(s.between[0]) !== landmass.get(s.between[1])]).toEqual(['sea', true]);
    // A place's hex counts as the land its place stands on, and the sea along its sides is not looked up.
    const placed = classifyHexsides(georef, hexes, surface, { places: new Map([['0304', { lon: 2.6, lat: 4.4 }]]) });
    expect(placed.map((s) => s.between.join('|'))).not.toContain('0304|0305');
    expect(placed.map((s) => s.between.join('|'))).toContain('0303|0304');
  });

  it('looks up no side of a place\'s hex along its length: the fit may have put its geography a hex away', () => {
    const { georef, surface } = syntheticBoard(({ y }) => Math.abs(y - 4.5) > 0.1);
    const hexes = classifyHexes(georef, hexesIn(extent), surface, new Map());
    expect(classifyHexsides(georef, hexes, surface, { places: new Map([['0505', undefined]]) }).map((s) => s.between)).toEqual([['0304', '0305'], ['0704', '0705']]);
  });

  it('makes the sides an isthmus runs along all-land, between the coastal hexes either side', () => {
    const sides = sidesOver(({ y }) => Math.abs(y - 4.5) < 0.1);
    expect(sides).toEqual(acrossY45.map((between) => ({ between, medium: 'land' })));
  });

  it('marks no side along an ordinary coastline, which crosses every side between two coastal hexes', () => {
    expect(sidesOver(({ y }) => y > 4.3)).toEqual([]);
    expect(sidesOver(({ x }) => x > 4.5)).toEqual([]);
  });

  it('leaves a side alone unless one of its hexes is coastal, and never marks one off the hexes given', () => {
    // A channel between two all-land hexes would be a rock-free strait narrower than the raster: not a coast at all.
    const { georef, surface } = syntheticBoard(({ y }) => Math.abs(y - 4.5) > 0.1);
    const land = (key: string) => ({ key, hex: { col: Number(key.slice(0, 2)), row: Number(key.slice(2)) }, medium: 'land' as const });
    expect(classifyHexsides(georef, [land('0304'), land('0305')], surface)).toEqual([]);
    const hexes = classifyHexes(georef, hexesIn(extent), surface, new Map()).filter((h) => h.key !== '0505');
    expect(classifyHexsides(georef, hexes, surface).map((s) => s.between)).toEqual([acrossY45[0], acrossY45[2]]);
  });

  it('lists the sides in one order, whatever the order of the hexes', () => {
    // A channel along y = 4.5; beyond y = 6.2 sea, but for an isthmus along y = 6.5. Between the two, the
    // sides at y = 5.5 lie wholly on land between hexes that both touch sea: all-land too.
    const { georef, surface } = syntheticBoard(({ y }) => (Math.abs(y - 4.5) > 0.1 && y < 6.2) || Math.abs(y - 6.5) < 0.1);
    const hexes = classifyHexes(georef, hexesIn(extent), surface, new Map());
    const sides = classifyHexsides(georef, [...hexes].reverse(), surface);
    expect(sides).toEqual(
      ['03', '05', '07'].flatMap((col) => [
        { between: [`${col}04`, `${col}05`], medium: 'sea' },
        { between: [`${col}05`, `${col}06`], medium: 'land' },
        { between: [`${col}06`, `${col}07`], medium: 'land' },
      ]),
    );
    expect(classifyHexsides(georef, hexes, surface)).toEqual(sides);
  });
});
