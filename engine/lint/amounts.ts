// Cells the models read from tables as amounts (loss points, costs), and what such a cell may hold: one rule, for
// the lint, which checks every such cell of the ruleset, and for the tables grid, which refuses an edit the rule
// finds an error in before it is written.
import type { Finding } from '../diagnostics';
import { numeric } from '../game/values';
import { isRecord, type Rec } from '../json/record';
import { buildColumn } from '../tables/costs';
import { entries, items, strings } from './context';

/** A table a model reads as amounts (in one column, or all), and what play makes of a word there. */
export interface AmountsRead {
  table: string;
  column?: string;
  what: 'loss points' | 'cost';
  word: string;
}

/** What is wrong with a cell read as an amount: an error where it may not be one, a warning for a word play cannot read. */
export type AmountFault = Pick<Finding, 'severity' | 'code' | 'message'>;

/**
 * What the models of a resolved ruleset read from tables as amounts: every cell of a fire table as loss points,
 * and the cost columns of the movement and production models as costs.
 */
export function amountsRead(ruleset: unknown): AmountsRead[] {
  const r = isRecord(ruleset) ? ruleset : {};
  const m = isRecord(r.mechanics) ? r.mechanics : {};
  const read: AmountsRead[] = [];
  const losses = (table: unknown) => typeof table === 'string' && read.push({ table, what: 'loss points', word: 'play would stop for the tester to apply it by hand' });
  const cost = (table: unknown, column: string | undefined, word: string) => typeof table === 'string' && column !== undefined && read.push({ table, column, what: 'cost', word });
  for (const [, combat] of entries(m.combat)) {
    if (combat.model !== 'fire-table') continue;
    losses(combat.table);
    losses(combat.defenderTable);
    items(isRecord(combat.support) && isRecord(combat.support.battle) ? combat.support.battle.lines : undefined).forEach((line) => losses(line.table));
    if (isRecord(combat.interception)) losses(combat.interception.table);
    items(combat.versus).forEach((v) => losses(v.table));
  }
  if (isRecord(m.movement)) {
    cost(m.movement.terrainCosts, 'cost', 'play reads it as barring the move');
    cost(m.movement.hexsideCosts, 'cost', 'play reads it as barring the move');
  }
  const p = isRecord(m.production) ? m.production : undefined;
  const costs = p && typeof p.costs === 'string' && isRecord(r.tables) && isRecord(r.tables[p.costs]) ? (r.tables[p.costs] as Rec) : undefined;
  if (p && costs && isRecord(costs.columns)) {
    cost(p.costs, buildColumn(strings(costs.columns.keys), String(p.resource), typeof p.buildColumn === 'string' ? p.buildColumn : undefined), 'play reads it as barring the purchase');
    if (isRecord(p.upgrade) && typeof p.upgrade.column === 'string') cost(p.costs, p.upgrade.column, 'play reads it as barring the upgrade');
  }
  return read;
}

/** How the models read the cells of a table's column: the first reading that takes it in; undefined when none does. */
export const amountReadAt = (read: readonly AmountsRead[], table: string, column: string): AmountsRead | undefined =>
  read.find((r) => r.table === table && (r.column === undefined || r.column === column));

/**
 * A cell read as an amount: never below zero, loss points whole, and a word only one the table declares under
 * `results` (a typo such as "1 MP" would otherwise change play without a word). Undefined when it is fine.
 */
export function amountFault(cell: unknown, read: AmountsRead, results: unknown): AmountFault | undefined {
  const value = isRecord(cell) ? cell.value : cell;
  const n = typeof value === 'number' ? value : typeof value === 'string' ? numeric(value) : undefined;
  const amount = read.what === 'cost' ? 'a cost' : 'a number of loss points';
  if (n !== undefined && n < 0) return { severity: 'error', code: 'bad-value', message: `${value} is below zero, and ${amount} may not be` };
  if (n !== undefined && read.what === 'loss points' && !Number.isInteger(n)) return { severity: 'error', code: 'bad-value', message: `${value} is not a whole number, and ${amount} must be` };
  if (n === undefined && typeof value === 'string' && !(isRecord(results) && Object.hasOwn(results, value))) {
    return { severity: 'warning', code: 'result-undeclared', message: `"${value}" is not a number, nor a result the table declares under "results" (what it means): ${read.word}` };
  }
  return undefined;
}
