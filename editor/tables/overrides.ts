// Where a ruleset's own patch sets (errata) write over a tables document's cells: games play the patch's value,
// so the grid shows it and an edit of the cell warns that it changes nothing in play.
import { isRecord } from '@/engine/json/record';
import { joinPointer } from '@/engine/json/pointer';

/** A patch set as authoring.patchSets gives it, of what this module reads. */
export interface PatchSetOps {
  path: string;
  title: string;
  optional: boolean;
  operations: readonly { op?: unknown; path?: unknown }[];
}

/** The patch set that writes a cell last: its document and title. */
export interface Override {
  patchSet: string;
  title: string;
}

/**
 * The last patch set always applied with an operation on the cell, inside it, or on what holds it (the row, the
 * table). Optional sets (a provisional fill) are left out: a game plays them only when asked, and they fill
 * around the designer's values.
 */
export function overrideOf(sets: readonly PatchSetOps[], table: string, row: string, col: string): Override | undefined {
  const cell = joinPointer('/tables', table, 'cells', row, col);
  const touches = (path: unknown) => typeof path === 'string' && (path === cell || cell.startsWith(`${path}/`) || path.startsWith(`${cell}/`));
  const set = sets.findLast((s) => !s.optional && s.operations.some((op) => touches(op.path)));
  return set && { patchSet: set.path, title: set.title };
}

/** The cell of a resolved ruleset's table, as games play it. */
export function playedCell(resolved: unknown, table: string, row: string, col: string): unknown {
  const tables = isRecord(resolved) && isRecord(resolved.tables) ? resolved.tables : {};
  const cells = isRecord(tables[table]) && isRecord(tables[table].cells) ? tables[table].cells : {};
  return isRecord(cells[row]) ? cells[row][col] : undefined;
}
