// The text codes a table's cells hold (result codes such as "DE" or "EX"), read from data that may not
// be valid yet (the linter's) as from a resolved table (the engine's).
import { isRecord } from '../json/record';

/** Each text code in a table's cells (a plain string, or a cell's value), with the first cell holding it. */
export function cellCodes(cells: unknown): Map<string, { row: string; column: string }> {
  const codes = new Map<string, { row: string; column: string }>();
  for (const [row, cellsOfRow] of Object.entries(isRecord(cells) ? cells : {})) {
    for (const [column, cell] of Object.entries(isRecord(cellsOfRow) ? cellsOfRow : {})) {
      const value = isRecord(cell) ? cell.value : cell;
      if (typeof value === 'string' && !codes.has(value)) codes.set(value, { row, column });
    }
  }
  return codes;
}
