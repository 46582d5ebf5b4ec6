// One side's fire on a table: a roll on the row, the strength's column (shifted), the cell's loss
// points; a result code becomes a task for the tester. And the rule that names a battle's winner.
import type { FireTableCombat, Table } from '../../generated/schema-types';
import { joinPointer } from '../../json/pointer';
import { keyInterval } from '../../tables/keys';
import { roll } from '../dice';
import type { AppliedShift } from '../log';
import { cellAt, cellOrigin, keyOn, type CellRead } from '../tables';
import { openTask } from '../tasks';
import type { Tx } from '../tx';
import { numeric } from '../values';
import { counted, noun } from '../../words';

export interface Fire {
  roll?: number;
  points: number;
}

/** Fires with a strength on a table (`tableId`), explained as a lookup; a strength of none fires nothing. */
export function fire(tx: Tx, tableId: string, table: Table, purpose: string, strength: number, shifts: AppliedShift[], pointer: string): Fire {
  const tablePointer = joinPointer('/tables', tableId);
  if (strength <= 0) {
    tx.emit(() => ({ kind: 'lookup', table: tableId, row: '', column: '', shifts, result: 0, cite: tx.rules.cite(tablePointer), text: `${purpose}: no strength, no fire` }));
    return { points: 0 };
  }
  const die = roll(tx, purpose, pointer);
  const baseKey = keyOn(table.columns, strength);
  const base = baseKey !== undefined ? table.columns.keys.indexOf(baseKey) : beyond(table, strength);
  const moved = base + shifts.reduce((n, s) => n + s.columns, 0);
  const { rowKey, column, cell } = readCell(tx, tableId, table, purpose, `strength ${strength}${shifts.length ? ' after shifts' : ''}`, die, moved);
  const { value } = cell;
  const shiftText = shifts.length ? `; ${shifts.map((s) => `${s.columns > 0 ? '+' : ''}${s.columns} for ${s.reason}`).join(', ')} → column ${column}` : '; no column shift';
  const points = typeof value === 'number' ? value : numeric(value);
  tx.emit(() => {
    const { note, ...origin } = cellOrigin(tx, cell);
    return {
      kind: 'lookup', table: tableId, row: rowKey, column, shifts, roll: die, result: value, ...origin, cite: tx.rules.cite(cell.pointer),
      text: `${table.title}: strength ${strength} → column ${baseKey ?? 'off the table'}${shiftText}; roll ${die} → row ${rowKey}: ${value}${points !== undefined ? ` loss ${noun(points, 'point')}` : ''}${note}`,
    };
  });
  if (points !== undefined) return { roll: die, points };
  const meaning = table.results?.[String(value)]?.meaning;
  openTask(tx, `apply result "${value}"${meaning ? ` (${meaning})` : ''} from ${table.title}`, cell.pointer);
  return { roll: die, points: 0 };
}

/**
 * Where a roll (its row) and a column by index meet on a table: the row and column keys and the cell. A roll
 * the rows lack is asked; a column off the table is its edge's where the table clamps, else the result is
 * asked (what fell there, `subject`, named); a cell the table lacks is asked, for `purpose`.
 */
export function readCell(tx: Tx, tableId: string, table: Table, purpose: string, subject: string, die: number, index: number): { rowKey: string; column: string; cell: CellRead } {
  const tablePointer = joinPointer('/tables', tableId);
  const cols = table.columns.keys;
  const rowKey = keyOn(table.rows, die) ?? String(tx.ask({ key: joinPointer(tablePointer, 'rows', String(die)), text: `Roll ${die} is not a row of table "${table.title}": which row applies?`, pointer: joinPointer(tablePointer, 'rows'), expects: 'text', choices: table.rows.keys, rememberable: true }));
  // A table whose columns the data lacks has none to fall off: the result is asked for this strength (and shift) and row.
  if (cols.length === 0) {
    const value = tx.ask({ key: joinPointer(tablePointer, 'columns', subject, String(index), rowKey), text: `${purpose}: table "${table.title}" has no columns in the data: what does ${subject}${index ? ` (shifted ${counted(Math.abs(index), 'column')} ${index < 0 ? 'left' : 'right'})` : ''} give on row ${rowKey}?`, pointer: joinPointer(tablePointer, 'columns'), expects: 'text', rememberable: true })!;
    return { rowKey, column: 'not in the data', cell: { value, pointer: tablePointer, ruling: true } };
  }
  const at = (index < 0 || index >= cols.length) && table.offTable === 'clamp' ? Math.max(0, Math.min(cols.length - 1, index)) : index;
  if (at >= 0 && at < cols.length) return { rowKey, column: cols[at], cell: cellAt(tx, tableId, rowKey, cols[at], purpose)! };
  const off = at < 0 ? `${counted(-at, 'column')} left of` : `${counted(at - cols.length + 1, 'column')} right of`;
  const value = tx.ask({ key: joinPointer(tablePointer, 'offTable', String(at), rowKey), text: `${purpose}: ${subject} falls ${off} table "${table.title}" (row ${rowKey}), which gives no result there`, pointer: joinPointer(tablePointer, 'offTable'), expects: 'text', rememberable: true })!;
  return { rowKey, column: `off-table ${at}`, cell: { value, pointer: tablePointer, ruling: true } };
}

/** Where a strength beyond every column key lies: before the first (-1) or after the last. */
function beyond(table: Table, strength: number): number {
  const first = keyInterval(table.columns.kind, table.columns.keys[0] ?? '');
  return first && strength < first.low ? -1 : table.columns.keys.length;
}

/** The winner by the model's rule (fewer counted losses, then the higher roll), and why, in words; `ruled` when the model has such a rule. */
export function decide(tx: Tx, model: FireTableCombat, first: string, second: string, counted: readonly [number, number], rolls: readonly [number, number]): { winner?: string; outcome: string; ruled: boolean } {
  if (model.winner !== 'fewer-losses-then-higher-roll') return { outcome: 'no winner (the model gives no rule for one)', ruled: false };
  const [a, b] = counted;
  const [ra, rb] = rolls;
  const winner = a < b ? first : b < a ? second : ra > rb ? first : rb > ra ? second : undefined;
  if (!winner) return { outcome: 'no winner: equal losses and equal rolls', ruled: true };
  return { winner, ruled: true, outcome: `the winner: ${tx.rules.party(winner)}, ${a !== b ? 'with fewer losses' : `on the higher roll (${Math.max(ra, rb)} against ${Math.min(ra, rb)})`}` };
}
