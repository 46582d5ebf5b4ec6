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
