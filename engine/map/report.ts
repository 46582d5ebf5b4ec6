// The residual table and suspect-anchor wording shared by the command line, the linter and the map view.
import type { Place } from '../generated/schema-types';
import { misprintHint, type AnchorResidual, type FitResult } from './fit';
import { lonLatToGrid, type Georef } from './georef';
import { formatHex, hexAt } from './grid';

/** One sentence on a suspect anchor: how far off it is, where the fit puts it, and any likely misprint. */
export function describeOutlier(r: AnchorResidual, fit: Pick<FitResult, 'residuals'>): string {
  const others = fit.residuals.filter((x) => !x.outlier).length;
  const hint = misprintHint(r.anchor.hex, r.predicted);
  const where = r.predicted ? `; the fit puts ${r.anchor.label} in ${r.predicted}${hint ? ` (${hint}: a misprint?)` : ''}` : '';
  return `${r.anchor.label} in hex ${r.anchor.hex} lies ${r.residual.toFixed(1)} hexes from where the ${others} consistent anchors place it${where}: suspected error in the text`;
}

export function residualTable(fit: FitResult): string {
  const rows = [...fit.residuals].sort((a, b) => b.residual - a.residual);
  const width = Math.max(6, ...rows.map((r) => r.anchor.label.length));
  const sourceOf = (r: AnchorResidual) => (r.anchor.source ? `${r.anchor.source.kind}${r.anchor.source.rule ? ` ${r.anchor.source.rule}` : ''}` : '');
  const sourceWidth = Math.max(6, ...rows.map((r) => sourceOf(r).length));
  const line = (cells: string[]) => cells.join('  ').trimEnd();
  const out = [line(['anchor'.padEnd(width), 'hex ', 'residual', 'fit ', 'source'.padEnd(sourceWidth), 'verdict'])];
  for (const r of rows) {
    const hint = r.outlier ? misprintHint(r.anchor.hex, r.predicted) : undefined;
    out.push(line([r.anchor.label.padEnd(width), r.anchor.hex.padEnd(4), r.residual.toFixed(2).padStart(8), (r.predicted ?? '—').padEnd(4), sourceOf(r).padEnd(sourceWidth), r.outlier ? `SUSPECT${hint ? ` (${hint})` : ''}` : '']));
  }
  return out.join('\n');
}

/** Places with a real-world position but no hex number, with the hex the fit puts each in. */
export function placesWithoutHex(places: Record<string, Place>, georef: Georef): { id: string; name: string; hex?: string }[] {
  return Object.entries(places).flatMap(([id, p]) => {
    if (p.hex || !p.at) return [];
    const at = lonLatToGrid(georef, p.at);
    return [{ id, name: p.name, hex: at && formatHex(hexAt(at, georef.grid), georef.grid) }];
  });
}
