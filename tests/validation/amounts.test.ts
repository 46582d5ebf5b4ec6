// The one rule of what a table cell the mechanics read as an amount may be: the lint checks every such cell with
// it, the tables grid an edit before writing it (see tests/authoring/cell-refusal.test.ts).
import { describe, expect, it } from 'vitest';
import { amountFault, amountReadAt, amountsRead } from '@/engine/lint/amounts';

const ruleset = {
  mechanics: {
    combat: {
      land: { model: 'fire-table', table: 'fire', defenderTable: 'fire-back', versus: [{ table: 'fire-air' }], interception: { table: 'intercept' }, support: { battle: { lines: [{ table: 'shore' }] } } },
      naval: { model: 'odds-table', table: 'odds' },
    },
    movement: { terrainCosts: 'terrain', hexsideCosts: 'hexsides' },
    production: { resource: 'pp', costs: 'fire', upgrade: { column: 'upgrade' } },
  },
  tables: { fire: { columns: { keys: ['1-2', 'pp', 'upgrade'] } } },
};
const read = amountsRead(ruleset);
const losses = amountReadAt(read, 'fire', '1-2')!;
const cost = amountReadAt(read, 'terrain', 'cost')!;

describe('the cells the mechanics read as amounts', () => {
  it('are every cell of a fire table as loss points, and the cost columns of movement and production', () => {
    expect(read.map((r) => `${r.table}${r.column ? `/${r.column}` : ''} ${r.what}`)).toEqual([
      'fire loss points', 'fire-back loss points', 'shore loss points', 'intercept loss points', 'fire-air loss points',
      'terrain/cost cost', 'hexsides/cost cost', 'fire/pp cost', 'fire/upgrade cost',
    ]);
    expect(amountReadAt(read, 'odds', '1:1')).toBeUndefined();
    expect(amountReadAt(read, 'terrain', 'defence')).toBeUndefined();
  });

  it('are read as the first reading that takes them in: a fire table’s cells as loss points, though production reads a column as costs', () => {
    expect(amountReadAt(read, 'fire', 'pp')).toBe(losses);
  });

  it('are none where the ruleset or its mechanics cannot be read', () => {
    expect(amountsRead(null)).toEqual([]);
    expect(amountsRead({ tables: ruleset.tables })).toEqual([]);
  });
});

describe('what an amount may be', () => {
  it('is a number, or a numeric text, zero or more; loss points whole', () => {
    for (const cell of [0, 3, '2', { value: 4, source: { kind: 'rulebook' } }, { gap: 'not printed' }]) expect(amountFault(cell, losses, undefined)).toBeUndefined();
    expect(amountFault(1.5, cost, undefined)).toBeUndefined();
  });

  it('is not below zero, nor loss points a fraction: errors, in the words the checks use', () => {
    expect(amountFault(-1, losses, undefined)).toEqual({ severity: 'error', code: 'bad-value', message: '-1 is below zero, and a number of loss points may not be' });
    expect(amountFault({ value: '-2', source: { kind: 'provisional', note: 'x' } }, cost, undefined)).toEqual({ severity: 'error', code: 'bad-value', message: '-2 is below zero, and a cost may not be' });
    expect(amountFault(1.5, losses, undefined)).toEqual({ severity: 'error', code: 'bad-value', message: '1.5 is not a whole number, and a number of loss points must be' });
  });

  it('is a word only where the table declares it under results: otherwise a warning, saying what play makes of it', () => {
    expect(amountFault('DR', losses, { DR: { meaning: 'the defender retreats' } })).toBeUndefined();
    expect(amountFault('1 MP', cost, {})).toEqual({
      severity: 'warning', code: 'result-undeclared',
      message: '"1 MP" is not a number, nor a result the table declares under "results" (what it means): play reads it as barring the move',
    });
  });
});
