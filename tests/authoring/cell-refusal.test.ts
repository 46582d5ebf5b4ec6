// A table cell the grid is about to write, checked against the tables schema at that cell (the same ajv instance
// as every document's check): what it refuses is not written, said in the editor's words; what it accepts is
// written, the semantic checks' findings (a loss point below zero) shown on the cell after.
import { describe, expect, it } from 'vitest';
import { inputOf } from '@/editor/tables/cells';
import { cellRefusal, cellToWrite } from '@/editor/tables/refusal';
import { amountReadAt, amountsRead } from '@/engine/lint/amounts';
import { schemaFindings } from '@/engine/schema/errors';
import { schemaErrors, schemaErrorsAt } from '@/engine/schema/validator';

const at = '/tables/fire/cells/2/3-5';
const where = 'Fire: die roll 2 · strength 3-5';
const long = (n: number) => 'x'.repeat(n);

describe('a cell the grid writes', () => {
  it('is written when the schema accepts it, in a cell no model reads as an amount, whatever the checks will say of it', () => {
    for (const cell of [-1, 0.5, 3, 'DR', long(100), { value: -1, source: { kind: 'provisional', note: 'a guess' } }, { gap: 'not printed', rule: '7.1' }]) {
      expect(cellRefusal(cell, at, where)).toBeUndefined();
    }
  });

  it('is refused past a limit of the schema, naming the table, row, column and field', () => {
    expect(cellRefusal(long(101), at, where)).toBe('Not written to Fire: die roll 2 · strength 3-5: the value must be at most 100 characters long, not 101');
    expect(cellRefusal({ value: 3, source: { kind: 'rulebook', rule: long(121) } }, at, where)).toBe(`Not written to ${where}: the rule must be at most 120 characters long, not 121`);
    // A value with its own source no longer than a plain cell's (a 150-character code had stretched the grid's column off the screen).
    expect(cellRefusal({ value: long(101), source: { kind: 'provisional', note: 'a guess' } }, at, where)).toBe(`Not written to ${where}: the value must be at most 100 characters long, not 101`);
    expect(cellRefusal({ gap: long(2001), rule: long(121) }, at, where)).toBe(`Not written to ${where}: what is missing must be at most 2000 characters long, not 2001; the rule must be at most 120 characters long, not 121`);
  });

  it('is not refused for a fault the cell had before the edit, which the editor keeps as it found it', () => {
    const before = { value: 3, source: { kind: 'rulebook' }, printed: 'III' };
    expect(cellRefusal({ ...before, value: 4 }, at, where, before)).toBeUndefined();
    expect(cellRefusal({ ...before, value: 4 }, at, where)).toMatch(/^Not written to /);
    expect(cellRefusal({ ...before, source: { kind: 'rulebook', rule: long(121) } }, at, where, before)).toBe(`Not written to ${where}: the rule must be at most 120 characters long, not 121`);
  });
});

describe('a cell the mechanics read as an amount', () => {
  const read = amountsRead({ mechanics: { combat: { land: { model: 'fire-table', table: 'fire' } }, movement: { terrainCosts: 'terrain' } } });
  const losses = { read: amountReadAt(read, 'fire', '3-5')!, results: { DR: { meaning: 'the defender retreats' } } };
  const cost = { read: amountReadAt(read, 'terrain', 'cost')!, results: {} };

  it('is refused where the checks find no amount may be it, in their words', () => {
    expect(cellRefusal(-1, at, where, undefined, losses)).toBe(`Not written to ${where}: -1 is below zero, and a number of loss points may not be`);
    expect(cellRefusal(1.5, at, where, 3, losses)).toBe(`Not written to ${where}: 1.5 is not a whole number, and a number of loss points must be`);
    expect(cellRefusal({ value: '-2', source: { kind: 'provisional', note: 'a guess' } }, '/tables/terrain/cells/forest/cost', 'Terrain: terrain forest · cost', undefined, cost)).toBe(
      'Not written to Terrain: terrain forest · cost: -2 is below zero, and a cost may not be',
    );
  });

  it('is refused for what the schema refuses too, each said', () => {
    expect(cellRefusal({ value: -1, source: { kind: 'rulebook', rule: long(121) } }, at, where, undefined, losses)).toBe(
      `Not written to ${where}: the rule must be at most 120 characters long, not 121; -1 is below zero, and a number of loss points may not be`,
    );
  });

  it('is written when it may be an amount, or is a word the checks only warn of (written and outlined after)', () => {
    for (const cell of [0, 2, 'DR', 'abc', { gap: 'not printed' }]) expect(cellRefusal(cell, at, where, undefined, losses)).toBeUndefined();
    expect(cellRefusal(1.5, '/tables/terrain/cells/forest/cost', where, undefined, cost)).toBeUndefined();
  });
});

describe('the schema at a place of a document', () => {
  it('is found through $refs, maps and lists, its limits said in plain words', () => {
    const words = (pointer: string, value: unknown) => schemaFindings(schemaErrorsAt('tables', pointer, value)).map((f) => `${f.pointer}: ${f.message}`);
    expect(words('/tables/fire/maxShift', -1)).toEqual(['/tables/fire/maxShift: must be ≥ 0, not -1']);
    expect(words('/tables/fire/shifts/0/columns', 1.5)).toEqual(['/tables/fire/shifts/0/columns: must be a whole number, not 1.5']);
    expect(words('/tables/fire/shifts/0/columns', 21)).toEqual(['/tables/fire/shifts/0/columns: must be ≤ 20, not 21']);
    expect(words('/tables/fire/offTable', 'wrap')).toEqual(['/tables/fire/offTable: "wrap" must be one of "clamp", "gap"']);
    expect(words('/tables/fire/rows/name', '')).toEqual(['/tables/fire/rows/name: must not be empty']);
    expect(words('/tables/fire/shifts/0/columns', 2)).toEqual([]);
  });

  it('is refused where only a union decides it, there being no one schema there', () => {
    expect(() => schemaErrorsAt('tables', `${at}/value`, 3)).toThrow(/no one schema/);
  });

  it('says a cell past a limit is so in a whole document too, not only that it matches no form of cell', () => {
    const doc = { tables: { fire: { title: 'Fire', rows: { name: 'die roll', kind: 'number', keys: ['2'] }, columns: { name: 'strength', kind: 'number', keys: ['3-5'] }, cells: { 2: { '3-5': long(101) } } } } };
    expect(schemaFindings(schemaErrors('tables', doc)).map((f) => `${f.pointer}: ${f.message}`)).toEqual([`${at}: must be at most 100 characters long, not 101`]);
  });
});

describe('the cell the editor’s fields make, checked as typed', () => {
  const read = amountsRead({ mechanics: { combat: { land: { model: 'fire-table', table: 'fire' } } } });
  const losses = { read: amountReadAt(read, 'fire', '3-5')!, results: {} };
  const typed = (value: string) => cellToWrite({ ...inputOf(3), value }, at, where, 3, losses);

  it('is the cell when Enter would write it, else why not: a refusal, or fields that make no cell', () => {
    expect(typed('-1')).toEqual({ error: `Not written to ${where}: -1 is below zero, and a number of loss points may not be` });
    expect(typed('-')).toEqual({ cell: '-' });
    expect(typed('2')).toEqual({ cell: 2 });
    // A number with its dot first is checked as the number it is.
    expect(typed('-.5')).toEqual({ error: `Not written to ${where}: -0.5 is below zero, and a number of loss points may not be` });
    expect(typed('.5')).toEqual({ error: `Not written to ${where}: 0.5 is not a whole number, and a number of loss points must be` });
    expect(typed('5.')).toEqual({ cell: 5 });
    expect(typed('1.5')).toEqual({ error: `Not written to ${where}: 1.5 is not a whole number, and a number of loss points must be` });
    expect(typed(long(101))).toEqual({ error: `Not written to ${where}: the value must be at most 100 characters long, not 101` });
    expect(typed(' ')).toEqual({ error: 'Enter a value, or mark the cell as a gap' });
    expect(cellToWrite({ ...inputOf({ gap: 'not printed' }), gapText: '' }, at, where)).toEqual({ error: 'Say what is missing, e.g. “illegible in the printed chart”' });
  });
});
