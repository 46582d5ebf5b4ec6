import { describe, expect, it } from 'vitest';
import type { AnchorPoint } from '@/engine/map/anchors';
import { fitGrid, FitError, misprintHint } from '@/engine/map/fit';
import { formatHex, hexCenter, type GridSpec } from '@/engine/map/grid';
import { projectionFromName } from '@/engine/map/projection';
import { apply, invert, type Transform } from '@/engine/map/transform';

const grid: GridSpec = { orientation: 'flat-top', columnDigits: 2, rowDigits: 2, offset: 'odd-shifted-down' };
const PROJECTION = 'conicConformal(15,38,55)';

/** Anchors that a known transform puts exactly at their hex centres, spread over a 30 × 20 board. */
function syntheticAnchors(transform: Transform, grid: GridSpec): AnchorPoint[] {
  const projection = projectionFromName(PROJECTION);
  const out: AnchorPoint[] = [];
  for (let i = 0; i < 24; i++) {
    const hex = { col: 2 + ((i * 7) % 29), row: 1 + ((i * 5) % 19) };
    const p = apply(transform, hexCenter(hex, grid));
    const at = projection.invert(p.x, p.y)!;
    out.push({ pointer: `/map/places/p${i}/hex`, label: `P${i}`, hex: formatHex(hex, grid)!, at });
  }
  return out;
}

// About 1.2° a hex, rotated a little, rows running south: the shape of a strategic map of Europe.
const KNOWN: Transform = { kind: 'affine', coefficients: [-0.2, 0.021, 0.003, -1.05, 0.002, 0.02] };

describe('fitGrid', () => {
  it('recovers a known transform from exact anchors, with no residual and no suspect', () => {
    const fit = fitGrid(grid, syntheticAnchors(KNOWN, grid), { projections: [PROJECTION] });
    expect(fit.projection).toBe(PROJECTION);
    expect(fit.grid.offset).toBe('odd-shifted-down');
    expect(fit.rms).toBeLessThan(1e-6);
    expect(fit.residuals.every((r) => !r.outlier && r.predicted === r.anchor.hex)).toBe(true);
    // The fitted transform maps grid points where the known one does (a quadratic may win with zero terms).
    for (const p of [{ x: 0, y: 0 }, { x: 25, y: 18 }]) {
      const want = apply(KNOWN, p);
      const got = apply(fit.transform, p);
      expect(Math.hypot(got.x - want.x, got.y - want.y)).toBeLessThan(1e-9);
    }
  });

  it('flags an injected wrong anchor and says where it belongs', () => {
    const anchors = syntheticAnchors(KNOWN, grid);
    const victim = anchors[5];
    const truth = victim.hex;
    victim.hex = formatHex({ col: Number(truth.slice(0, 2)) - 3, row: Number(truth.slice(2)) }, grid)!;
    const fit = fitGrid(grid, anchors);
    const suspects = fit.residuals.filter((r) => r.outlier);
    expect(suspects.map((r) => r.anchor.label)).toEqual([victim.label]);
    expect(suspects[0].residual).toBeGreaterThan(2.5);
    expect(suspects[0].predicted).toBe(truth);
    expect(fit.residuals.filter((r) => !r.outlier).every((r) => r.residual < 0.5)).toBe(true);
  });

  it('flags one wildly wrong anchor among few (a mistyped 9999), rather than bending the fit to it and hiding it', () => {
    // A modder's nine anchors for Europe 1939-1945 (its hexes numbered row first, entered as columns), and a typo.
    const europe: [string, string, number, number][] = [
      ['2643', 'Gibraltar', 36.14, -5.35], ['2313', 'Sevastopol', 44.62, 33.52], ['2542', 'Cordoba', 37.88, -4.78],
      ['2819', 'Dardanelles', 40.15, 26.41], ['1926', 'Salzburg', 47.8, 13.04], ['3924', 'El Agheila', 30.27, 19.2],
      ['1909', 'Rostov', 47.23, 39.72], ['3027', 'Messina', 38.19, 15.55], ['1730', 'Maginot Line', 49.1, 7.0], ['9999', 'Oslo', 59.9, 10.75],
    ];
    const anchors = europe.map(([hex, label, lat, lon]): AnchorPoint => ({ pointer: `/map/places/${label}/hex`, label, hex, at: { lat, lon } }));
    const fit = fitGrid({ orientation: 'flat-top', columnDigits: 2, rowDigits: 2 }, anchors);
    expect(fit.residuals.filter((r) => r.outlier).map((r) => r.anchor.label)).toEqual(['Oslo']);
    expect(fit.rms).toBeLessThan(1);
  });

  it('tells which of two numbers given for one place fits', () => {
    const anchors = syntheticAnchors(KNOWN, grid);
    const right = anchors[3];
    anchors.push({ ...right, pointer: '/map/georeference/anchors/0/hex', hex: formatHex({ col: Number(right.hex.slice(0, 2)) - 3, row: Number(right.hex.slice(2)) }, grid)! });
    const fit = fitGrid(grid, anchors);
    const forPlace = fit.residuals.filter((r) => r.anchor.label === right.label);
    expect(forPlace.map((r) => [r.anchor.pointer, r.outlier])).toEqual([
      [right.pointer, false],
      ['/map/georeference/anchors/0/hex', true],
    ]);
  });

  it('chooses the offset when the grid does not state it', () => {
    const fit = fitGrid({ orientation: 'flat-top', columnDigits: 2, rowDigits: 2 }, syntheticAnchors(KNOWN, grid), { projections: [PROJECTION] });
    expect(fit.grid.offset).toBe('odd-shifted-down');
  });

  it('keeps a second-order term when the board is bent, and inverts it', () => {
    const bent: Transform = { kind: 'quadratic', coefficients: [-0.2, 0.021, 0.003, 0.00004, 0.00002, 0.00001, -1.05, 0.002, 0.02, 0.00002, -0.00003, 0.00004] };
    const fit = fitGrid(grid, syntheticAnchors(bent, grid), { projections: [PROJECTION] });
    expect(fit.transform.kind).toBe('quadratic');
    expect(fit.rms).toBeLessThan(1e-6);
    const p = { x: 13.3, y: 7.7 };
    const back = invert(fit.transform, apply(fit.transform, p))!;
    expect(Math.hypot(back.x - p.x, back.y - p.y)).toBeLessThan(1e-9);
  });

  it('refuses a second-order fit that stretches hexes past twice their area across the board: it bends the grid to pass near the anchors and drags the rest far off', () => {
    const warped: Transform = { kind: 'quadratic', coefficients: [-0.2, 0.021, 0.003, 0.0004, 0.0002, 0.0001, -1.05, 0.002, 0.02, 0.0002, -0.0003, 0.0004] };
    const fit = fitGrid(grid, syntheticAnchors(warped, grid), { projections: [PROJECTION] });
    expect(fit.transform.kind).toBe('affine');
    expect(fit.models.every((m) => m.kind === 'affine')).toBe(true);
  });

  it('needs enough anchors, and says so', () => {
    expect(() => fitGrid(grid, syntheticAnchors(KNOWN, grid).slice(0, 3))).toThrow(FitError);
    expect(() => fitGrid(grid, syntheticAnchors(KNOWN, grid).slice(0, 3))).toThrow(/at least 4 anchors/);
  });
});

it('recognises a misprint of one digit or two swapped', () => {
  expect(misprintHint('1615', '1915')).toBe('one digit differs');
  expect(misprintHint('2416', '4216')).toBe('two digits swapped');
  expect(misprintHint('2416', '3316')).toBeUndefined();
});
