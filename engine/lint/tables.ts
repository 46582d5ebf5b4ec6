// Tables: keys that can be read, that do not overlap and leave no holes; a cell for every row and column;
// cells the models read as amounts (loss points, costs) that are amounts.
import { joinPointer } from '../json/pointer';
import { cellCodes } from '../tables/codes';
import { keyInterval, type Interval } from '../tables/keys';
import { amountFault, amountReadAt, amountsRead } from './amounts';
import { entries, strings, type LintContext } from './context';
import { isRecord, type Rec } from '../json/record';
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
    lintResultCodes(ctx, tp, table);
  }
  lintAmounts(ctx);
  lintOddsTables(ctx);
}

/**
 * The tables odds-table combats read: columns of odds, and each result code in the cells explained with
 * effects the engine applies; a code without them is said once, as play leaves it to the tester.
 */
function lintOddsTables(ctx: LintContext) {
  const m = isRecord(ctx.r.mechanics) ? ctx.r.mechanics : {};
  for (const [id, combat] of entries(m.combat)) {
    if (combat.model !== 'odds-table' || typeof combat.table !== 'string' || !isRecord(ctx.r.tables) || !isRecord(ctx.r.tables[combat.table])) continue;
    const tp = joinPointer('/tables', combat.table);
    const table = ctx.r.tables[combat.table] as Rec;
    const kind = isRecord(table.columns) ? table.columns.kind : undefined;
    if (kind !== 'ratio') ctx.add(`${tp}/columns/kind`, 'error', 'bad-value', `combat ${id} reads this table's columns as odds: their kind must be "ratio", not "${String(kind)}"`);
    const results = isRecord(table.results) ? table.results : {};
    for (const [code, { row, column }] of cellCodes(table.cells)) {
      const explained = isRecord(results[code]) ? (results[code] as Rec) : undefined;
      if (!explained?.effects) ctx.add(explained ? joinPointer(tp, 'results', code) : joinPointer(tp, 'cells', row, column), 'info', 'result-by-hand', `result "${code}" has no effects the engine applies (results.${code}.effects): a test game of combat ${id} leaves it to the tester`);
    }
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
    // At the first row lacking a cell, where it has any.
    const first = missing[0].slice(0, missing[0].lastIndexOf('/'));
    ctx.add(isRecord(cells[first]) ? joinPointer(`${tp}/cells`, first) : `${tp}/cells`, 'warning', 'table-cell-missing', `${counted(missing.length, 'cell')} missing: ${shown}${missing.length > 5 ? ', …' : ''}; mark unknown cells as gaps ({"gap": "..."})`);
  }
}

/**
 * The text cells of a table that declares its result codes, each read as those codes with numbers and
 * separators between them ("1L", "DD2Ω", "2/3"): what is left unread is likely a typo, said once a code.
 */
function lintResultCodes(ctx: LintContext, tp: string, table: Rec) {
  if (!isRecord(table.results)) return;
  // Longest first, so that "DD2" is read whole before "DD".
  const codes = Object.keys(table.results).filter(Boolean).sort((a, b) => b.length - a.length);
  for (const [text, { row, column }] of cellCodes(table.cells)) {
    const rest = unreadCode(text, codes);
    if (rest !== undefined) ctx.add(joinPointer(tp, 'cells', row, column), 'warning', 'unknown-result', `cell "${text}" holds "${rest}", which is neither a number nor one of the result codes the table explains (${codes.join(', ')}): add it to results, or correct the cell`);
  }
}

/** What is left of a cell's text once its result codes, numbers and separators are read from the start; undefined when all is read. */
function unreadCode(text: string, codes: readonly string[]): string | undefined {
  let i = 0;
  next: while (i < text.length) {
    for (const code of codes) {
      if (text.startsWith(code, i)) {
        i += code.length;
        continue next;
      }
    }
    const filler = /^(?:[\d½¼¾.]+|[\s/+,-]+)/.exec(text.slice(i));
    if (!filler) return text.slice(i);
    i += filler[0].length;
  }
  return undefined;
}

/** Cells the models read as amounts, each checked as `amountFault` says an amount may be, under the first reading that takes it in. */
function lintAmounts(ctx: LintContext) {
  const read = amountsRead(ctx.r);
  for (const how of read) {
    const table = isRecord(ctx.r.tables) && isRecord(ctx.r.tables[how.table]) ? (ctx.r.tables[how.table] as Rec) : undefined;
    if (!table || !isRecord(table.cells)) continue;
    for (const [rowKey, row] of Object.entries(table.cells)) {
      if (!isRecord(row)) continue;
      for (const [columnKey, cell] of Object.entries(row)) {
        const fault = amountReadAt(read, how.table, columnKey) === how ? amountFault(cell, how, table.results) : undefined;
        if (fault) ctx.add(joinPointer('/tables', how.table, 'cells', rowKey, columnKey), fault.severity, fault.code, fault.message);
      }
    }
  }
}
