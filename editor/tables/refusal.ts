// What the tables schema refuses in a cell the grid is about to write, and what the checks find no amount may be
// in a cell the mechanics read as one: a value refused is not written (the checks' other findings, by contrast,
// are of values written, shown on the cell after).
import { amountFault, type AmountsRead } from '@/engine/lint/amounts';
import { cellFrom, type CellInput } from './cells';
import { schemaFindings } from '@/engine/schema/errors';
import { schemaErrorsAt } from '@/engine/schema/validator';

/** The cell editor's names for the parts of a cell, as its fields are labelled. */
const FIELDS: Record<string, string> = { '/value': 'the value', '/source/kind': 'the source', '/source/rule': 'the rule', '/source/quote': 'the quote', '/source/note': 'the note (why)', '/gap': 'what is missing', '/rule': 'the rule' };

const faultsOf = (cell: unknown, pointer: string) => schemaFindings(schemaErrorsAt('tables', pointer, cell));

/**
 * Why the schema refuses a cell at a pointer of a tables document, each fault named by the editor's field, after
 * `where` (the table, row and column, as the editor names them); undefined when it accepts the cell. A fault the
 * cell had `before` the edit, of the same kind at the same place (what the editor keeps of a cell as it found it),
 * is not the edit's and refuses nothing. A cell the mechanics read as an `amount` (how, and what its table declares
 * under `results`) is refused where the checks find an error in it (below zero, loss points not whole), in their
 * words; a word the table does not declare, which they warn of, is written.
 */
export function cellRefusal(cell: unknown, pointer: string, where: string, before?: unknown, amount?: { read: AmountsRead; results: unknown }): string | undefined {
  const had = new Set(before === undefined ? [] : faultsOf(before, pointer).map((f) => `${f.pointer} ${f.code}`));
  const faults = faultsOf(cell, pointer)
    .filter((f) => !had.has(`${f.pointer} ${f.code}`))
    .map((f) => {
      const part = f.pointer.slice(pointer.length);
      const field = part === '' ? (typeof cell === 'object' ? 'the cell' : 'the value') : (FIELDS[part] ?? part.slice(1));
      return `${field} ${f.message}`;
    });
  const fault = amount && amountFault(cell, amount.read, amount.results);
  if (fault?.severity === 'error') faults.push(fault.message);
  return faults.length ? `Not written to ${where}: ${faults.join('; ')}` : undefined;
}

/** The cell the editor's fields make, or why it is not written: fields that make no cell, or a cell `cellRefusal` refuses. */
export function cellToWrite(input: CellInput, pointer: string, where: string, before?: unknown, amount?: { read: AmountsRead; results: unknown }): { cell: unknown } | { error: string } {
  const made = cellFrom(input);
  if ('error' in made) return made;
  const refusal = cellRefusal(made.cell, pointer, where, before, amount);
  return refusal ? { error: refusal } : made;
}
