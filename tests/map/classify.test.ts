// Classification against Natural Earth, on the fixture's own fitted grid.
import { describe, expect, it } from 'vitest';
import type { MapDocument } from '@/engine';
import { collectAnchors } from '@/engine/map/anchors';
import { classifyHexes, countriesByIso } from '@/engine/map/classify';
import { fitGrid } from '@/engine/map/fit';
import { lonLatToGrid, makeGeoref } from '@/engine/map/georef';
import { hexAt } from '@/engine/map/grid';
import { naturalEarthSurface } from '@/server/geo/surface';
import fixture from './fixtures/rulesets/ww2-mini/map.json';

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
