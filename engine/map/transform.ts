// The transform from grid coordinates (x, y) to projected coordinates (u, v), as stored in
// `georeference.transform`. Coefficients list u's terms, then v's, over the basis of the kind:
//   affine:    1, x, y                 → [a0, a1, a2, b0, b1, b2]
//   quadratic: 1, x, y, x², xy, y²     → [a0 … a5, b0 … b5]
import { leastSquares } from './lsq';
import type { Point } from './grid';

export type TransformKind = 'affine' | 'quadratic';

export interface Transform {
  kind: TransformKind;
  coefficients: number[];
}

const basis = (kind: TransformKind, x: number, y: number): number[] =>
  kind === 'affine' ? [1, x, y] : [1, x, y, x * x, x * y, y * y];

export const termCount = (kind: TransformKind) => (kind === 'affine' ? 3 : 6);

export function checkTransform(t: Transform): string | undefined {
  const want = 2 * termCount(t.kind);
  if (t.coefficients.length !== want) return `a ${t.kind} transform has ${want} coefficients, not ${t.coefficients.length}`;
  if (!t.coefficients.every(Number.isFinite)) return 'the transform has a coefficient that is not a finite number';
  return undefined;
}

export function apply(t: Transform, p: Point): Point {
  const b = basis(t.kind, p.x, p.y);
  const n = b.length;
  let x = 0;
  let y = 0;
  for (let i = 0; i < n; i++) (x += t.coefficients[i] * b[i]), (y += t.coefficients[n + i] * b[i]);
  return { x, y };
}

/** ∂(u, v)/∂(x, y) at a grid point, as [du/dx, du/dy, dv/dx, dv/dy]. */
export function jacobian(t: Transform, { x, y }: Point): [number, number, number, number] {
  const c = t.coefficients;
  if (t.kind === 'affine') return [c[1], c[2], c[4], c[5]];
  return [c[1] + 2 * c[3] * x + c[4] * y, c[2] + c[4] * x + 2 * c[5] * y, c[7] + 2 * c[9] * x + c[10] * y, c[8] + c[10] * x + 2 * c[11] * y];
}

/**
 * The grid point that maps to a projected point: exact for an affine transform, Newton's method from
 * `guess` (or the affine part's answer) for a quadratic one. Undefined where Newton does not converge.
 */
export function invert(t: Transform, target: Point, guess?: Point): Point | undefined {
  if (t.kind === 'affine') return solveLinear(t, target);
  let p = guess ?? solveLinear(t, target);
  if (!p) return undefined;
  for (let i = 0; i < 30; i++) {
    const f = apply(t, p);
    const [a, b, c, d] = jacobian(t, p);
    const det = a * d - b * c;
    if (!Number.isFinite(det) || Math.abs(det) < 1e-300) return undefined;
    const du = target.x - f.x;
    const dv = target.y - f.y;
    const step = { x: (d * du - b * dv) / det, y: (a * dv - c * du) / det };
    p = { x: p.x + step.x, y: p.y + step.y };
    if (Math.hypot(step.x, step.y) < 1e-9) return p;
  }
  return undefined;
}

/** Inverts the constant and linear terms alone. */
function solveLinear(t: Transform, target: Point): Point | undefined {
  const n = termCount(t.kind);
  const c = t.coefficients;
  const [a, b, cc, d] = [c[1], c[2], c[n + 1], c[n + 2]];
  const det = a * d - b * cc;
  if (Math.abs(det) < 1e-300) return undefined;
  const du = target.x - c[0];
  const dv = target.y - c[n];
  return { x: (d * du - b * dv) / det, y: (a * dv - cc * du) / det };
}

/** The transform of a kind that best maps `from` onto `to` in the least-squares sense. */
export function fitTransform(kind: TransformKind, from: readonly Point[], to: readonly Point[]): Transform {
  const rows = from.map((p) => basis(kind, p.x, p.y));
  const [u, v] = leastSquares(rows, [to.map((p) => p.x), to.map((p) => p.y)]);
  return { kind, coefficients: [...u, ...v] };
}
