// The gaps a tables document's cells have had: in its published file, and in every text of it the workbench
// showed this session. A cell the designer turns into a value and back into a gap gets that gap's text, rule
// and category again, rather than a blank gap.
import { jsonValue } from '@/engine/json/document';
import { isRecord } from '@/engine/json/record';
import { gapOf } from './cells';

type Gap = NonNullable<ReturnType<typeof gapOf>>;

const cellKey = (table: string, row: string, col: string) => JSON.stringify([table, row, col]);

/** Every gap among the cells of a tables document's text, by cell; none when the text does not parse. */
export function gapsIn(text: string | null): Map<string, Gap> {
  const gaps = new Map<string, Gap>();
  const read = text === null ? undefined : jsonValue(text);
  const value = read?.ok ? read.value : undefined;
  const tables = isRecord(value) && isRecord(value.tables) ? value.tables : {};
  for (const [id, table] of Object.entries(tables)) {
    const rows = isRecord(table) && isRecord(table.cells) ? table.cells : {};
    for (const [row, line] of Object.entries(rows)) {
      for (const [col, cell] of Object.entries(isRecord(line) ? line : {})) {
        const gap = gapOf(cell);
        if (gap) gaps.set(cellKey(id, row, col), gap);
      }
    }
  }
  return gaps;
}

/** The workbench's memory of gaps, by document; a later text's gap stands over an earlier one's. */
export class GapMemory {
  private readonly byDocument = new Map<string, Map<string, Gap>>();

  remember(path: string, text: string | null): void {
    const known = this.byDocument.get(path) ?? new Map<string, Gap>();
    for (const [key, gap] of gapsIn(text)) known.set(key, gap);
    this.byDocument.set(path, known);
  }

  recall(path: string, table: string, row: string, col: string): Gap | undefined {
    return this.byDocument.get(path)?.get(cellKey(table, row, col));
  }
}
