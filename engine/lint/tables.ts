// Tables: keys that can be read, that do not overlap and leave no holes; a cell for every row and column.
import { joinPointer } from '../json/pointer';
import { keyInterval, type Interval } from '../tables/keys';
import { entries, isRecord, strings, type LintContext, type Rec } from './context';
import { counted } from '../words';

const FORMS: Record<string, string> = {
  number: "a number, a range 'a-b', 'n+' or '<=n'",
  ratio: "odds 'a:b', '<=a:b' or 'a:b+'",
};

export function lintTables(ctx: LintContext) {
  for (const [id, table] of entries(ctx.r.tables)) {
    const tp = joinPointer('/tables', id);
    const rows = isRecord(table.rows) ? table.rows : {};
    const columns = isRecord(table.columns) ? table.columns : {};
    lintHeadings(ctx, `${tp}/rows`, rows);
    lintHeadings(ctx, `${tp}/columns`, columns);
    lintCells(ctx, tp, table, strings(rows.keys), strings(columns.keys));
  }
}

/** A table's rows or its columns: keys of their kind, none overlapping, and no holes unless marked incomplete. */
function lintHeadings(ctx: LintContext, pointer: string, headings: Rec) {
  const kind = String(headings.kind);
  if (!FORMS[kind]) return;
  const parsed: { key: string; index: number; iv: Interval }[] = [];
  strings(headings.keys).forEach((key, index) => {
    const iv = keyInterval(kind, key);
    if (!iv || iv.low > iv.high) ctx.add(`${pointer}/keys/${index}`, 'error', 'bad-value', `key "${key}" is not ${FORMS[kind]}`);
    else parsed.push({ key, index, iv });
  });
  parsed.sort((a, b) => a.iv.low - b.iv.low || a.iv.high - b.iv.high);
  for (let i = 1; i < parsed.length; i++) {
    const prev = parsed[i - 1];
    const next = parsed[i];
    if (next.iv.low <= prev.iv.high) {
      ctx.add(`${pointer}/keys/${next.index}`, 'error', 'table-overlap', `key "${next.key}" overlaps "${prev.key}"`);
    } else if (kind === 'number' && headings.complete !== false && next.iv.low > prev.iv.high + 1) {
      const missing = next.iv.low - 1 === prev.iv.high + 1 ? `${prev.iv.high + 1}` : `${prev.iv.high + 1}-${next.iv.low - 1}`;
      ctx.add(`${pointer}/keys/${next.index}`, 'error', 'table-hole', `no key covers ${missing} between "${prev.key}" and "${next.key}" (set "complete": false if the printed table has keys not yet known)`);
    }
  }
}

function lintCells(ctx: LintContext, tp: string, table: Rec, rowKeys: string[], columnKeys: string[]) {
  const cells = isRecord(table.cells) ? table.cells : {};
  const rowSet = new Set(rowKeys);
  const columnSet = new Set(columnKeys);
  for (const [rowKey, row] of Object.entries(cells)) {
    const rp = joinPointer(`${tp}/cells`, rowKey);
    if (!rowSet.has(rowKey)) {
      ctx.add(rp, 'error', 'table-key-unknown', `row "${rowKey}" is not among the table's row keys`);
      continue;
    }
    for (const columnKey of Object.keys(isRecord(row) ? row : {})) {
      if (!columnSet.has(columnKey)) ctx.add(joinPointer(rp, columnKey), 'error', 'table-key-unknown', `column "${columnKey}" is not among the table's column keys`);
    }
  }
  const missing: string[] = [];
  for (const rowKey of rowKeys) {
    const row = cells[rowKey];
    for (const columnKey of columnKeys) if (!isRecord(row) || !Object.hasOwn(row, columnKey)) missing.push(`${rowKey}/${columnKey}`);
  }
  if (missing.length) {
    const shown = missing.slice(0, 5).map((m) => `[${m}]`).join(', ');
    ctx.add(`${tp}/cells`, 'warning', 'table-cell-missing', `${counted(missing.length, 'cell')} missing: ${shown}${missing.length > 5 ? ', …' : ''}; mark unknown cells as gaps ({"gap": "..."})`);
  }
}
