// Linear least squares by Householder QR: stable where the normal equations of a quadratic fit are not.

/**
 * Solves min ‖A x − b‖ for each right-hand side. A is rows × cols (rows ≥ cols), row-major.
 * Columns are scaled to unit length first, so terms of very different size (1, x, x²) stay well conditioned.
 * Throws when A is rank deficient (e.g. anchors all on one line).
 */
export function leastSquares(a: readonly number[][], rhs: readonly number[][]): number[][] {
  const m = a.length;
  const n = a[0]?.length ?? 0;
  if (m < n) throw new Error(`least squares needs at least ${n} equations, got ${m}`);
  const scale = Array.from({ length: n }, (_, j) => Math.hypot(...a.map((row) => row[j])) || 1);
  const q = a.map((row) => row.map((v, j) => v / scale[j]));
  const bs = rhs.map((b) => [...b]);

  for (let k = 0; k < n; k++) {
    let norm = 0;
    for (let i = k; i < m; i++) norm += q[i][k] ** 2;
    norm = Math.sqrt(norm);
    if (norm < 1e-12) throw new Error('the points do not determine the transform (too few, or all in a line)');
    const alpha = q[k][k] > 0 ? -norm : norm;
    const v = Array.from({ length: m - k }, (_, i) => q[k + i][k]);
    v[0] -= alpha;
    const vv = v.reduce((s, x) => s + x * x, 0);
    const reflect = (col: (i: number) => number, set: (i: number, x: number) => void) => {
      let dot = 0;
      for (let i = 0; i < v.length; i++) dot += v[i] * col(k + i);
      const f = (2 * dot) / vv;
      for (let i = 0; i < v.length; i++) set(k + i, col(k + i) - f * v[i]);
    };
    for (let j = k; j < n; j++) reflect((i) => q[i][j], (i, x) => (q[i][j] = x));
    for (const b of bs) reflect((i) => b[i], (i, x) => (b[i] = x));
  }

  const rcond = Math.min(...q.slice(0, n).map((row, i) => Math.abs(row[i]))) / Math.max(...q.slice(0, n).map((row, i) => Math.abs(row[i])));
  if (!(rcond > 1e-10)) throw new Error('the points do not determine the transform (too few, or all in a line)');
  return bs.map((b) => {
    const x = new Array<number>(n).fill(0);
    for (let i = n - 1; i >= 0; i--) {
      let s = b[i];
      for (let j = i + 1; j < n; j++) s -= q[i][j] * x[j];
      x[i] = s / q[i][i];
    }
    return x.map((v, j) => v / scale[j]);
  });
}
