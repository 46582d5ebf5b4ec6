// Fitting a hex grid to geography: least squares from anchors (hex number ↔ lat/lon), over several
// projections and transform forms, rejecting gross outliers one at a time. Residuals are in hexes.
import type { AnchorPoint } from './anchors';
import { formatHex, hexAt, hexCenter, offsetsFor, parseHex, type GridSpec, type Offset, type Point } from './grid';
import { candidateProjections, projectionFromName } from './projection';
import { apply, fitTransform, invert, jacobian, termCount, type Transform, type TransformKind } from './transform';

export interface GridNumbering {
  orientation: GridSpec['orientation'];
  columnDigits: number;
  rowDigits: number;
  offset?: Offset;
}

export interface FitOptions {
  /** Projections to try (names as `projectionFromName` reads them); by default one of each family, centred on the anchors. */
  projections?: string[];
  kinds?: TransformKind[];
  /** No anchor closer than this to where the fit puts it is called an outlier, however tight the rest. */
  minOutlierHexes?: number;
}

export interface AnchorResidual {
  anchor: AnchorPoint;
  /** Distance in hexes from the anchor's hex centre to where the fit puts its lat/lon. */
  residual: number;
  /** The hex the fit puts the anchor's lat/lon in, if that hex has a number. */
  predicted?: string;
  outlier: boolean;
}

export interface ModelScore {
  projection: string;
  kind: TransformKind;
  offset: Offset;
  /** RMS residual, in hexes, over the anchors kept in the fit. */
  rms: number;
  /** What models are compared by: residual standard error with each outlier's residual capped, in hexes. */
  score: number;
  outliers: number;
}

export interface FitResult {
  grid: GridSpec;
  transform: Transform;
  projection: string;
  rms: number;
  /** Residuals beyond this (hexes) are outliers. */
  threshold: number;
  residuals: AnchorResidual[];
  /** Anchors whose hex is not a number of this grid. */
  unusable: AnchorPoint[];
  /** Every model tried, best first. */
  models: ModelScore[];
}

export class FitError extends Error {
  override name = 'FitError';
}

const RAYLEIGH_MEDIAN = Math.sqrt(2 * Math.log(2));
const MIN_ANCHORS = 4;

interface Prepared {
  anchor: AnchorPoint;
  grid: Point;
  projected: Point;
  /** Another anchor puts the same spot in a different hex: at most one is right, so neither steers the fit. */
  contested: boolean;
}

export function fitGrid(numbering: GridNumbering, anchors: readonly AnchorPoint[], options: FitOptions = {}): FitResult {
  const minOutlier = options.minOutlierHexes ?? 2;
  const unusable = anchors.filter((a) => !parseHex(a.hex, numbering));
  const usable = anchors.filter((a) => parseHex(a.hex, numbering));
  if (usable.length < MIN_ANCHORS) {
    throw new FitError(`fitting needs at least ${MIN_ANCHORS} anchors (places with a hex number and a lat/lon); this map has ${usable.length}`);
  }
  const projections = options.projections ?? candidateProjections(usable.map((a) => a.at));
  const offsets = numbering.offset ? [numbering.offset] : offsetsFor(numbering.orientation);
  const kinds = options.kinds ?? ['affine', 'quadratic'];

  let best: Omit<FitResult, 'models'> | undefined;
  let bestScore = Infinity;
  const models: ModelScore[] = [];
  for (const offset of offsets) {
    const grid: GridSpec = { ...numbering, offset };
    for (const name of projections) {
      const projection = projectionFromName(name);
      const prepared = usable.flatMap((anchor): Prepared[] => {
        const projected = projection.project(anchor.at.lon, anchor.at.lat);
        const contested = usable.some((o) => o.hex !== anchor.hex && o.at.lat === anchor.at.lat && o.at.lon === anchor.at.lon);
        return projected ? [{ anchor, grid: hexCenter(parseHex(anchor.hex, grid)!, grid), projected, contested }] : [];
      });
      for (const kind of kinds) {
        const fit = robustFit(kind, prepared, grid, minOutlier);
        if (!fit) continue;
        const outliers = fit.residuals.filter((r) => r.outlier).length;
        models.push({ projection: name, kind, offset, rms: fit.rms, score: fit.score, outliers });
        if (fit.score < bestScore - 1e-9) {
          bestScore = fit.score;
          best = { transform: fit.transform, residuals: fit.residuals, rms: fit.rms, threshold: fit.threshold, grid, projection: name, unusable };
        }
      }
    }
  }
  if (!best) throw new FitError('no transform fits these anchors: are they all in a line, or all the same hex?');
  models.sort((a, b) => a.score - b.score);
  return { ...best, models };
}

function robustFit(kind: TransformKind, points: Prepared[], grid: GridSpec, minOutlier: number) {
  const params = 2 * termCount(kind);
  const minInliers = termCount(kind) + 2;
  const dof = 2 * points.length - params;
  if (points.filter((p) => !p.contested).length < minInliers || dof <= 0) return undefined;
  const inliers = new Set([...points.keys()].filter((i) => !points[i].contested));
  // Rejecting more than a third would be fitting to a minority: stop there and call the rest outliers.
  const maxRejected = Math.floor(inliers.size / 3);
  const firstSize = inliers.size;
  const wild = wildest(kind, points, inliers, grid, minOutlier, minInliers);
  if (wild !== undefined && maxRejected > 0) inliers.delete(wild);
  for (;;) {
    const kept = points.filter((_, i) => inliers.has(i));
    let transform: Transform;
    try {
      transform = fitTransform(kind, kept.map((p) => p.grid), kept.map((p) => p.projected));
    } catch {
      return undefined;
    }
    if (kind !== 'affine' && distorts(transform, points.map((p) => p.grid))) return undefined;
    const residuals = points.map((p) => residualOf(transform, p, grid));
    const sigma = Math.max(0.2, median([...inliers].map((i) => residuals[i].residual)) / RAYLEIGH_MEDIAN);
    const threshold = Math.max(minOutlier, 3 * sigma);
    const worst = [...inliers].reduce((w, i) => (residuals[i].residual > residuals[w].residual ? i : w));
    if (residuals[worst].residual > threshold && inliers.size > minInliers && firstSize - inliers.size < maxRejected) {
      inliers.delete(worst);
      continue;
    }
    const marked = residuals.map((r) => ({ ...r, outlier: r.residual > threshold }));
    const squares = (rs: number[]) => rs.reduce((s, r) => s + r * r, 0);
    const good = marked.filter((r) => !r.outlier).map((r) => r.residual);
    const rms = Math.sqrt(squares(good) / Math.max(1, good.length));
    // Residuals capped at one fixed distance make a model with a few wild anchors comparable to one that
    // rejected them; dividing by the degrees of freedom keeps the 12-term quadratic from winning by its terms alone.
    const score = Math.sqrt((2 * squares(marked.map((r) => Math.min(r.residual, minOutlier)))) / dof);
    return { transform, residuals: marked, rms, threshold, score };
  }
}

/**
 * The one anchor so far off (a mistyped hex number, a position on another continent) that it drags a fit through
 * all points far enough to hide its own residual among theirs: the anchor whose leaving out leaves the tightest
 * fit of the others, where it lies beyond that fit's outlier threshold and the others fit at least twice as tightly
 * without it. Undefined when no anchor stands out so.
 */
function wildest(kind: TransformKind, points: Prepared[], inliers: ReadonlySet<number>, grid: GridSpec, minOutlier: number, minInliers: number): number | undefined {
  if (inliers.size - 1 < minInliers) return undefined;
  const spread = (keep: number[]) => {
    try {
      const t = fitTransform(kind, keep.map((i) => points[i].grid), keep.map((i) => points[i].projected));
      return { t, sigma: Math.max(0.2, median(keep.map((i) => residualOf(t, points[i], grid).residual)) / RAYLEIGH_MEDIAN) };
    } catch {
      return undefined;
    }
  };
  const all = spread([...inliers]);
  if (!all) return undefined;
  let best: { i: number; sigma: number; t: Transform } | undefined;
  for (const i of inliers) {
    const without = spread([...inliers].filter((j) => j !== i));
    if (without && (!best || without.sigma < best.sigma)) best = { i, ...without };
  }
  if (!best || best.sigma > all.sigma / 2) return undefined;
  return residualOf(best.t, points[best.i], grid).residual > Math.max(minOutlier, 3 * best.sigma) ? best.i : undefined;
}

function residualOf(t: Transform, p: Prepared, grid: GridSpec): Omit<AnchorResidual, 'outlier'> {
  let at = invert(t, p.projected, p.grid);
  if (!at) {
    // Linearise around the anchor's own hex where Newton fails.
    const f = apply(t, p.grid);
    const [a, b, c, d] = jacobian(t, p.grid);
    const det = a * d - b * c;
    const du = p.projected.x - f.x;
    const dv = p.projected.y - f.y;
    at = { x: p.grid.x + (d * du - b * dv) / det, y: p.grid.y + (a * dv - c * du) / det };
  }
  const residual = Math.hypot(at.x - p.grid.x, at.y - p.grid.y);
  return { anchor: p.anchor, residual: Number.isFinite(residual) ? residual : Infinity, predicted: formatHex(hexAt(at, grid), grid) };
}

/**
 * How much a printed map's hexes may vary in area across it: a quadratic that stretches them more
 * only bends the grid to pass near a few anchors, and drags the hexes beyond them far off.
 */
const MAX_STRETCH = 2;

/** Whether a quadratic transform turns over (its Jacobian changes sign) or stretches hexes past MAX_STRETCH across the anchors' extent and a quarter more. */
function distorts(t: Transform, pts: Point[]): boolean {
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => p.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const padX = (x1 - x0) * 0.25 + 1;
  const padY = (y1 - y0) * 0.25 + 1;
  let sign = 0;
  let least = Infinity;
  let most = 0;
  for (let i = 0; i <= 10; i++) {
    for (let j = 0; j <= 10; j++) {
      const [a, b, c, d] = jacobian(t, { x: x0 - padX + ((x1 - x0 + 2 * padX) * i) / 10, y: y0 - padY + ((y1 - y0 + 2 * padY) * j) / 10 });
      const det = a * d - b * c;
      const s = Math.sign(det);
      if (s === 0 || (sign !== 0 && s !== sign)) return true;
      sign = s;
      least = Math.min(least, Math.abs(det));
      most = Math.max(most, Math.abs(det));
    }
  }
  return most > MAX_STRETCH * least;
}

function median(xs: number[]): number {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** A hint at how a suspect number may have been misprinted, comparing it with where the fit puts the place. */
export function misprintHint(given: string, predicted: string | undefined): string | undefined {
  if (!predicted || given.length !== predicted.length || given === predicted) return undefined;
  const diffs = [...given].flatMap((ch, i) => (ch === predicted[i] ? [] : [i]));
  if (diffs.length === 1) return 'one digit differs';
  if (diffs.length === 2 && diffs[1] === diffs[0] + 1 && given[diffs[0]] === predicted[diffs[1]] && given[diffs[1]] === predicted[diffs[0]]) return 'two digits swapped';
  return undefined;
}

