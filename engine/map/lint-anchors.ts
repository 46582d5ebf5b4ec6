// Lint: anchors whose hex number disagrees with where the other anchors put their place, which is
// usually a misprint in the rulebook (or a wrong lat/lon). Recomputes the fit; warns at each suspect's hex.
import { entries, strings, type LintContext } from '../lint/context';
import { isRecord } from '../json/record';
import { collectAnchors } from './anchors';
import { fitGrid, FitError } from './fit';
import { offsetsFor, type Offset } from './grid';
import { describeOutlier } from './report';

/** Below this many anchors one wrong number cannot be told from a distorted map. */
const MIN_ANCHORS_TO_JUDGE = 6;

export function lintAnchors(ctx: LintContext) {
  const m = ctx.map;
  const grid = isRecord(m.grid) ? m.grid : undefined;
  if (m.kind !== 'hex' || !grid) return;
  const { orientation, columnDigits, rowDigits, offset } = grid;
  if ((orientation !== 'flat-top' && orientation !== 'pointy-top') || typeof columnDigits !== 'number' || typeof rowDigits !== 'number') return;
  const anchors = collectAnchors(m);
  if (anchors.length < MIN_ANCHORS_TO_JUDGE) return;
  let fit;
  try {
    fit = fitGrid({ orientation, columnDigits, rowDigits, offset: [...offsetsFor('flat-top'), ...offsetsFor('pointy-top')].find((o): o is Offset => o === offset) }, anchors);
  } catch (err) {
    if (err instanceof FitError) return;
    throw err;
  }
  const acknowledged = acknowledgedPointers(ctx);
  for (const r of fit.residuals) {
    if (!r.outlier) continue;
    const conflict = acknowledged.get(r.anchor.pointer);
    // A conflict that already records this hex has been weighed by the designer: a note, not a warning.
    if (conflict) ctx.add(r.anchor.pointer, 'info', 'anchor-outlier', `${describeOutlier(r, fit)} (recorded in conflicts/${conflict})`);
    else ctx.add(r.anchor.pointer, 'warning', 'anchor-outlier', describeOutlier(r, fit));
  }
}

/** Pointers that some conflict lists as affected, with that conflict's id. */
function acknowledgedPointers(ctx: LintContext): Map<string, string> {
  const found = new Map<string, string>();
  for (const [id, conflict] of entries(ctx.r.conflicts)) for (const pointer of strings(conflict.affects)) found.set(pointer, id);
  return found;
}
