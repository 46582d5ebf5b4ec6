// The colours the map views fill hexes and areas with: a terrain type's or a country's own, else one told apart from
// the others however many the map has (as powers get theirs), each keeping its colour as entries are added; sea reads
// as sea, and the first terrain of each medium keeps that medium's colour.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { colorDistance, NEAR } from '@/editor/distinct-colors';
import { hexFill, shownColor, terrainColor } from '@/editor/map/colors';

type View = Parameters<typeof shownColor>[2];
const SEA = '#8fb8de';
/** The closest two of the entries' colours as the map shows them, and how far apart they look. */
function closest(kind: 'terrain' | 'countries', view: View): [number, string, string] {
  const ids = Object.keys(view[kind]);
  let best: [number, string, string] = [Infinity, '', ''];
  ids.forEach((a, i) => ids.slice(i + 1).forEach((b) => {
    const d = colorDistance(shownColor(kind, a, view), shownColor(kind, b, view));
    if (d < best[0]) best = [d, a, b];
  }));
  return best;
}
const countriesOf = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`c${i}`, { name: `C${i}` }]));
const landTerrains = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`t${i}`, { name: `T${i}`, medium: 'land' }]));

// Terrains as europe-1939 and blitz declare them: several land terrains with no colour of their own.
const terrain = {
  clear: { name: 'Clear', medium: 'land' },
  forest: { name: 'Forest', medium: 'land' },
  mountain: { name: 'Mountain', medium: 'land' },
  painted: { name: 'Painted', medium: 'land', color: '#123456' },
  sea: { name: 'Sea', medium: 'sea' },
  deep: { name: 'Deep sea', medium: 'sea' },
};

describe('terrain colours', () => {
  const view = { terrain, countries: {} };
  it('draws terrains that share a medium apart: the first declared has the medium colour, the others their own', () => {
    const fills = ['clear', 'forest', 'mountain'].map((t) => hexFill({ terrain: t }, 'terrain', view));
    expect(new Set(fills).size).toBe(3);
    expect(fills[0]).toBe('#dcc99b');
    expect(terrainColor('forest', view)).toBe(fills[1]);
  });
  it('keeps a terrain colour the ruleset gives, and every sea terrain reads as sea', () => {
    expect(hexFill({ terrain: 'painted' }, 'terrain', view)).toBe('#123456');
    expect([terrainColor('sea', view), terrainColor('deep', view)]).toEqual([SEA, SEA]);
  });
  it('tells a dozen land terrains apart, none looking like sea or like the first land terrain', () => {
    const many = { terrain: landTerrains(12), countries: {} };
    const [d, a, b] = closest('terrain', many);
    expect(d, `${a} and ${b} look alike`).toBeGreaterThanOrEqual(NEAR);
    for (const id of Object.keys(many.terrain).slice(1)) expect(colorDistance(shownColor('terrain', id, many), SEA), id).toBeGreaterThanOrEqual(NEAR);
  });
  it('keeps every terrain colour as a terrain type is added', () => {
    const before = { terrain: landTerrains(6), countries: {} };
    const after = { terrain: { ...before.terrain, swamp: { name: 'Swamp', medium: 'land' } }, countries: {} };
    for (const id of Object.keys(before.terrain)) expect(terrainColor(id, after), id).toBe(terrainColor(id, before));
  });
});

describe('country colours', () => {
  it('tells forty countries apart, and from the sea', () => {
    const view = { terrain: {}, countries: countriesOf(40) };
    const [d, a, b] = closest('countries', view);
    expect(d, `${a} and ${b} look alike`).toBeGreaterThanOrEqual(NEAR);
    for (const id of Object.keys(view.countries)) expect(colorDistance(shownColor('countries', id, view), SEA), id).toBeGreaterThanOrEqual(NEAR);
  });
  it('keeps every colour as a country is added, and all but one like it as one is given its own', () => {
    const before = { terrain: {}, countries: countriesOf(20) };
    const added = { terrain: {}, countries: { ...before.countries, extra: { name: 'Extra' } } };
    const colors = Object.keys(before.countries).map((id) => shownColor('countries', id, before));
    expect(Object.keys(before.countries).map((id) => shownColor('countries', id, added))).toEqual(colors);
    const given = { terrain: {}, countries: { ...before.countries, c3: { name: 'C3', color: '#AA3344' } } };
    expect(shownColor('countries', 'c3', given)).toBe('#aa3344');
    const moved = Object.keys(before.countries).filter((id, i) => id !== 'c3' && shownColor('countries', id, given) !== colors[i]);
    expect(moved.length).toBeLessThanOrEqual(1);
    for (const id of moved) expect(colorDistance(shownColor('countries', id, before), '#aa3344')).toBeLessThan(NEAR);
  });
  it('fills a sea hex as sea, land of no country pale, and a country the map does not declare as no data', () => {
    const view = { terrain: { land: { name: 'Land', medium: 'land' }, ocean: { name: 'Ocean', medium: 'sea' } }, countries: { france: { name: 'France' } } };
    expect(hexFill({ terrain: 'ocean', country: 'france' }, 'country', view)).toBe(SEA);
    expect(hexFill({ terrain: 'land' }, 'country', view)).toBe('#f2efe8');
    expect(hexFill({ terrain: 'land', country: 'atlantis' }, 'country', view)).toBe('#cfcac0');
  });
});

describe("2WW's map", () => {
  const file = path.join(import.meta.dirname, '..', '..', 'rulesets', '2ww', 'map.json');
  it.skipIf(!fs.existsSync(file))('tells its 33 countries apart, and its straits from its other terrains, sea still blue', () => {
    const { map } = JSON.parse(fs.readFileSync(file, 'utf8'));
    const view = { terrain: map.terrain, countries: map.countries };
    expect(Object.keys(view.countries)).toHaveLength(33);
    const [d, a, b] = closest('countries', view);
    expect(d, `${a} and ${b} look alike`).toBeGreaterThanOrEqual(NEAR);
    for (const other of ['land', 'coastal', 'all-sea']) expect(colorDistance(shownColor('terrain', 'straits', view), shownColor('terrain', other, view)), other).toBeGreaterThanOrEqual(NEAR);
    expect(terrainColor('all-sea', view)).toBe(SEA);
  });
});
