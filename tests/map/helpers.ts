import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import type { Surface } from '@/engine/map/classify';
import { makeGeoref, type Georef } from '@/engine/map/georef';
import type { GridSpec, Point } from '@/engine/map/grid';

export const FIXTURES = path.join(import.meta.dirname, 'fixtures', 'rulesets');

/** A throwaway copy of a fixture ruleset (removed after the test file), for tests that write into it. */
export function copyFixture(id: string): { root: string; dir: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sandtable-map-'));
  fs.cpSync(path.join(FIXTURES, id), path.join(root, id), { recursive: true });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  return { root, dir: path.join(root, id) };
}

/**
 * A board on a flat-top grid (even columns shifted down) whose grid coordinates are degrees (lon = x, lat = y),
 * over a surface that is land where `isLand` says (true, or the code of the land there, each code's landmass
 * in `landmasses`): for classification tests that need no real geography.
 */
export function syntheticBoard(isLand: (p: Point) => boolean | number, landmasses = [0]): { georef: Georef; surface: Surface } {
  const grid: GridSpec = { orientation: 'flat-top', columnDigits: 2, rowDigits: 2, offset: 'even-shifted-down' };
  const radian = Math.PI / 180;
  // equirectangular(0) projects a degree of longitude to `radian` and of latitude to -`radian`.
  const georef = makeGeoref(grid, { kind: 'affine', coefficients: [0, radian, 0, 0, 0, -radian] }, 'equirectangular(0)');
  const at = (lon: number, lat: number) => {
    const land = isLand({ x: lon, y: lat });
    return land === true ? 0 : land === false ? -1 : land;
  };
  return { georef, surface: { at, codes: landmasses.map(() => '380'), landmasses } };
}
