// What the tables schema refuses in a cell the grid is about to write: a value it refuses is not written (the
// semantic checks' findings, by contrast, are of values written, shown on the cell after).
import { schemaFindings } from '@/engine/schema/errors';
import { schemaErrorsAt } from '@/engine/schema/validator';

/** The cell editor's names for the parts of a cell, as its fields are labelled. */
const FIELDS: Record<string, string> = { '/value': 'the value', '/source/kind': 'the source', '/source/rule': 'the rule', '/source/quote': 'the quote', '/source/note': 'the note (why)', '/gap': 'what is missing', '/rule': 'the rule' };

const faultsOf = (cell: unknown, pointer: string) => schemaFindings(schemaErrorsAt('tables', pointer, cell));

/**
 * Why the schema refuses a cell at a pointer of a tables document, each fault named by the editor's field, after
 * `where` (the table, row and column, as the editor names them); undefined when it accepts the cell. A fault the
 * cell had `before` the edit, of the same kind at the same place (what the editor keeps of a cell as it found it),
 * is not the edit's and refuses nothing.
 */
export function cellRefusal(cell: unknown, pointer: string, where: string, before?: unknown): string | undefined {
  const had = new Set(before === undefined ? [] : faultsOf(before, pointer).map((f) => `${f.pointer} ${f.code}`));
  const faults = faultsOf(cell, pointer)
    .filter((f) => !had.has(`${f.pointer} ${f.code}`))
    .map((f) => {
      const part = f.pointer.slice(pointer.length);
      const field = part === '' ? (typeof cell === 'object' ? 'the cell' : 'the value') : (FIELDS[part] ?? part.slice(1));
      return `${field} ${f.message}`;
    });
  return faults.length ? `Not written to ${where}: ${faults.join('; ')}` : undefined;
}
