// Table cells by row and column key. A gap, or a cell the table should have but lacks, is asked of
// the tester; a cell is never guessed.
import type { Table } from '../generated/schema-types';
import { findKey } from '../tables/keys';
import type { Tx } from './tx';
import { isGap, numeric } from './values';

export interface CellRead {
  value: number | string;
  pointer: string;
  /** Answered by the tester rather than read from the data. */
  ruling: boolean;
}

export const tableOf = (tx: Tx, id: string): Table | undefined => (tx.rules.r.tables && Object.hasOwn(tx.rules.r.tables, id) ? tx.rules.r.tables[id] : undefined);

/** The key of a table's rows or columns that holds a value: the label itself, or the number or ratio range containing it. */
export function keyOn(keys: Table['rows'], value: number | string): string | undefined {
  if (keys.kind === 'label') return keys.keys.includes(String(value)) ? String(value) : undefined;
  const n = typeof value === 'number' ? value : numeric(value);
  return n === undefined ? undefined : findKey(keys.kind, keys.keys, n);
}

/** The cell at a row and column key; undefined only while probing an unknown cell. */
export function cellAt(tx: Tx, tableId: string, row: string, column: string, what: string): CellRead | undefined {
  const table = tableOf(tx, tableId);
  const pointer = tx.rules.pointer('/tables', tableId, 'cells', row, column);
  const rowCells = table?.cells && Object.hasOwn(table.cells, row) ? table.cells[row] : undefined;
  const cell = rowCells && Object.hasOwn(rowCells, column) ? rowCells[column] : undefined;
  if (typeof cell === 'number' || typeof cell === 'string') return { value: cell, pointer, ruling: false };
  if (cell && !isGap(cell)) return { value: cell.value, pointer, ruling: false };
  const why = cell ? `a gap (${cell.gap})` : 'not in the data';
  const value = tx.ask({ key: pointer, text: `${what}: table "${table?.title ?? tableId}", row ${row}, column ${column} is ${why}`, pointer, expects: 'text', rememberable: true });
  return value === undefined ? undefined : { value, pointer, ruling: true };
}

/**
 * What an event says of where a cell's value came from, when the data as the rulebook gives it is not
 * the answer: the tester's ruling, or a value a designer filled in provisionally (read only when explaining).
 */
export function cellOrigin(tx: Tx, cell: CellRead): { ruling?: true; provisional?: true; note: string } {
  if (cell.ruling) return { ruling: true, note: " (the tester's ruling)" };
  return tx.rules.sourceOf(cell.pointer) === 'provisional' ? { provisional: true, note: ' (a provisional value)' } : { note: '' };
}

/** A cell of a table whose rows are labels (terrain, features, unit types); undefined when the row is not listed. */
export function labelCell(tx: Tx, tableId: string, row: string, column: string, what: string): CellRead | undefined {
  const table = tableOf(tx, tableId);
  if (!table || !table.rows.keys.includes(row)) return undefined;
  return cellAt(tx, tableId, row, column, what);
}
