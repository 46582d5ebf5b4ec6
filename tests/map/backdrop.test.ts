// The map view's backdrop of country outlines: near the board, thinned, and never drawn as a band across the
// world where a country crosses the antimeridian.
import { describe, expect, it } from 'vitest';
import { backdrop } from '@/server/geo/backdrop';

const WORLD = { west: -180, east: 180, south: -60, north: 75 };

describe('the backdrop', () => {
  it('draws a country that crosses the antimeridian and comes back with continuous longitudes, not a band across the map', () => {
    const countries = backdrop(WORLD, 0.5);
    const russia = countries.find((c) => c.name === 'Russia')!;
    expect(russia.polygons.length).toBeGreaterThan(0);
    for (const polygon of [...russia.polygons, ...countries.find((c) => c.name === 'Fiji')!.polygons]) {
      const [outer] = polygon;
      for (let k = 1; k < outer.length; k++) expect(Math.abs(outer[k][1] - outer[k - 1][1]), `a step of polygon at ${outer[k]}`).toBeLessThanOrEqual(180);
    }
  });

  it('keeps only the countries near the board', () => {
    const names = backdrop({ west: 0, east: 10, south: 45, north: 55 }, 0.05).map((c) => c.name);
    expect(names).toContain('France');
    expect(names).not.toContain('Japan');
  });
});
