// The workbench's pure pieces: JSON edits that keep layout, table cells, server diagnostics as markers,
// schema associations, and victory and trigger sentences.
import fs from 'node:fs';
import path from 'node:path';
import { applyEdits } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { MAX_MARKERS, toMarkers, tokenEnd } from '@/editor/monaco/markers';
import { SCHEMAS, documentUri, schemaEntries } from '@/editor/monaco/schemas';
import { cellFrom, cellView, gapOf, inputOf, parseValue, typedValue } from '@/editor/tables/cells';
import { GapMemory, gapsIn } from '@/editor/tables/gap-memory';
import { editAt, inline, rangeAt } from '@/engine/json/edit';
import { checkSentence, conditionPhrase, conditionSentence, namesOf, phraseText, triggerPhrase, triggerSentence, type Phrase } from '@/engine/sentences';
import { loadRuleset } from '@/engine';
import type { Diagnostic } from '@/engine/diagnostics';
import { fsSource } from '@/engine/load/fs-source';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'rulesets');
const fixture = (p: string) => fs.readFileSync(path.join(FIXTURES, p), 'utf8');
const edit = (text: string, at: (string | number)[], value: unknown, insert = false) => applyEdits(text, editAt(text, at, value, { insert }));

describe('editAt', () => {
  const combat = fixture('skirmish/tables/combat.json');

  it('changes one cell of a one-line row and nothing else', () => {
    const after = edit(combat, ['tables', 'fire', 'cells', '2', '3-5'], 4);
    expect(JSON.parse(after).tables.fire.cells['2']).toEqual({ '1-2': 1, '3-5': 4, '6+': 2 });
    expect(after.split('\n').filter((line, i) => line !== combat.split('\n')[i])).toEqual(['        "2": { "1-2": 1, "3-5": 4, "6+": 2 },']);
  });

  it('keeps a one-line row on one line when a cell gains its own provenance', () => {
    const after = edit(combat, ['tables', 'fire', 'cells', '3', '6+'], { value: 2, source: { kind: 'provisional' } });
    expect(after).toContain('"3": { "1-2": 0, "3-5": 1, "6+": { "value": 2, "source": { "kind": "provisional" } } },');
    expect(after.split('\n')).toHaveLength(combat.split('\n').length);
  });

  it('adds a missing cell inside its one-line row, and removes one', () => {
    const text = '{\n  "cells": {\n    "1": { "a": 1 }\n  }\n}\n';
    expect(edit(text, ['cells', '1', 'b'], 2)).toBe('{\n  "cells": {\n    "1": { "a": 1, "b": 2 }\n  }\n}\n');
    expect(edit(text, ['cells', '1', 'a'], undefined)).toBe('{\n  "cells": {\n    "1": {}\n  }\n}\n');
    // A key removed from a one-line cell leaves the cell on one line (a gap's text going as a value comes).
    const gap = '{\n  "cells": {\n    "1": { "a": { "gap": "not printed", "rule": "7" } }\n  }\n}\n';
    expect(edit(gap, ['cells', '1', 'a', 'gap'], undefined)).toBe('{\n  "cells": {\n    "1": { "a": { "rule": "7" } }\n  }\n}\n');
  });

  it('formats multi-line containers as jsonc-parser does, and appends to arrays', () => {
    const text = '{\n  "list": [\n    1\n  ]\n}\n';
    expect(JSON.parse(edit(text, ['list', -1], { a: 1 }, true))).toEqual({ list: [1, { a: 1 }] });
    expect(JSON.parse(edit(text, ['extra'], true))).toEqual({ list: [1], extra: true });
  });

  it('finds the range of a path, or of its nearest ancestor', () => {
    const text = '{ "a": { "b": 12 } }';
    expect(rangeAt(text, ['a', 'b'])).toEqual({ offset: 14, length: 2 });
    expect(rangeAt(text, ['a', 'zz'])).toEqual({ offset: 7, length: 11 });
  });

  it('writes JSON on one line as people do', () => {
    expect(inline({ value: 1, source: { kind: 'example', rule: '4.3' }, skip: undefined })).toBe('{ "value": 1, "source": { "kind": "example", "rule": "4.3" } }');
    expect(inline([])).toBe('[]');
  });
});

describe('table cells', () => {
  const table = { kind: 'rulebook', rule: '4.1' };

  it('shows provenance, own sources, gaps and missing cells', () => {
    expect(cellView(3, table)).toMatchObject({ text: '3', provenance: 'rulebook', own: false });
    expect(cellView(3, undefined)).toMatchObject({ provenance: 'unmarked' });
    expect(cellView({ value: 1, source: { kind: 'example', rule: '4.3' } }, table)).toMatchObject({ text: '1', provenance: 'example', own: true, detail: 'example · rule 4.3' });
    expect(cellView({ gap: 'illegible', rule: '4.1' }, table)).toMatchObject({ text: 'gap', provenance: 'gap', detail: 'gap: illegible (rule 4.1)' });
    expect(cellView(undefined, table)).toMatchObject({ text: '—', provenance: 'missing' });
  });

  it('round-trips every kind of cell through the editor fields', () => {
    const quoted = { value: 2, source: { kind: 'example', rule: '9', quote: 'the attacker loses two points', note: 'read from the worked example' } };
    for (const cell of [3, 'DR', { value: 'A1', source: { kind: 'provisional', note: 'guess' } }, quoted, { gap: 'illegible', rule: '4.1' }, { gap: 'illegible', rule: '4.1', category: 'tables' }]) {
      expect(cellFrom(inputOf(cell))).toEqual({ cell });
    }
  });

  it('keeps a value’s fields and a gap’s apart: ticking "gap" on and off drops neither', () => {
    const gap = { gap: 'not in the chart', rule: '7.2', category: 'economy' };
    const value = { value: 5, source: { kind: 'provisional', rule: '7.1', note: 'guess' } };
    const asValue = { ...inputOf(gap), gap: false, value: '5', kind: 'provisional' as const, rule: '7.1', note: 'guess' };
    expect(cellFrom(asValue)).toEqual({ cell: value });
    expect(cellFrom({ ...asValue, gap: true })).toEqual({ cell: gap });
  });

  it('fills a gap with a provisional value citing the gap’s rule, and a note saying why', () => {
    // terrain-chart land/cost: the gap under rule 3.4.5, unticked, 1 entered, a reason given.
    const filled = { ...inputOf({ gap: 'cost not printed', rule: '3.4.5' }), gap: false, value: '1' };
    expect(filled).toMatchObject({ kind: 'provisional', rule: '3.4.5' });
    expect(cellFrom(filled)).toEqual({ cell: { value: 1, source: { kind: 'provisional', rule: '3.4.5' } } });
    expect(cellFrom({ ...filled, note: 'as clear terrain, to make the draft playable' })).toEqual({
      cell: { value: 1, source: { kind: 'provisional', rule: '3.4.5', note: 'as clear terrain, to make the draft playable' } },
    });
  });

  it('fills a gap typed into as unticking "gap" does: a provisional value citing its rule, the gap kept for "gap" to bring back', () => {
    const gap = { gap: 'cost not printed', rule: '3.4.5', category: 'economy' };
    const typed = typedValue(inputOf(gap), '2');
    expect(typed).toMatchObject({ gap: false, value: '2', kind: 'provisional', rule: '3.4.5' });
    expect(cellFrom(typed)).toEqual({ cell: { value: 2, source: { kind: 'provisional', rule: '3.4.5' } } });
    expect(cellFrom({ ...typed, gap: true })).toEqual({ cell: gap });
    // A value ticked "gap" and typed into again is that value's cell retyped, under its own source.
    expect(cellFrom(typedValue({ ...inputOf({ value: 4, source: { kind: 'rulebook', rule: '7.1' } }), gap: true }, '5'))).toEqual({ cell: { value: 5, source: { kind: 'rulebook', rule: '7.1' } } });
  });

  it('brings back the gap a cell had before, text and fields, once it is a gap again', () => {
    const gap = { gap: 'not in the chart', rule: '7.2', category: 'economy' };
    expect(cellFrom({ ...inputOf(5, gap), gap: true })).toEqual({ cell: gap });
    expect(cellFrom(inputOf(5, gap))).toEqual({ cell: 5 });
    // A cell that is a gap now keeps its own.
    expect(cellFrom(inputOf({ gap: 'illegible' }, gap))).toEqual({ cell: { gap: 'illegible' } });
  });

  it('keeps what a cell holds besides the fields it edits, through every edit: its gap’s, its value record’s and its source’s', () => {
    // Not allowed by the schemas (the checks flag it), but not the grid's to drop.
    const gap = { gap: 'not in the chart', rule: '7.1.4', category: 'economy', seen: 'on the map sheet' };
    const retyped = { ...inputOf(gap), gapText: 'the chart is printed on the map' };
    expect(cellFrom(retyped)).toEqual({ cell: { ...gap, gap: 'the chart is printed on the map' } });
    // Ticked off and on, or a value applied and the gap ticked again (the gap remembered), it comes back whole.
    expect(cellFrom({ ...inputOf(gap), gap: false, value: '3' })).toEqual({ cell: { value: 3, source: { kind: 'provisional', rule: '7.1.4' } } });
    expect(cellFrom({ ...inputOf(3, gapOf(gap)), gap: true })).toEqual({ cell: gap });
    const value = { value: 4, source: { kind: 'rulebook', rule: '7.1', page: 12 }, checked: true };
    expect(cellFrom({ ...inputOf(value), value: '5' })).toEqual({ cell: { ...value, value: 5 } });
    expect(cellFrom({ ...inputOf(value), kind: 'provisional', note: 'a guess' })).toEqual({ cell: { value: 4, source: { kind: 'provisional', rule: '7.1', note: 'a guess', page: 12 }, checked: true } });
  });

  it('remembers a gap whole', () => {
    const memory = new GapMemory();
    const gap = { gap: 'in the file', rule: '7.1.4', category: 'economy', seen: 'on the map sheet' };
    memory.remember('t.json', JSON.stringify({ tables: { costs: { cells: { armor: { build: gap } } } } }));
    expect(memory.recall('t.json', 'costs', 'armor', 'build')).toEqual(gap);
  });

  it('remembers the gaps a document had, in its file and in later texts, the latest standing', () => {
    const doc = (cell: unknown) => JSON.stringify({ tables: { costs: { cells: { infantry: { '1939': cell } } } } });
    const memory = new GapMemory();
    memory.remember('tables/economy.json', doc({ gap: 'in the file', category: 'economy' }));
    memory.remember('tables/economy.json', doc(5));
    expect(memory.recall('tables/economy.json', 'costs', 'infantry', '1939')).toEqual({ gap: 'in the file', category: 'economy' });
    memory.remember('tables/economy.json', doc({ gap: 'retyped', rule: '7.2' }));
    memory.remember('tables/economy.json', '{ broken');
    expect(memory.recall('tables/economy.json', 'costs', 'infantry', '1939')).toEqual({ gap: 'retyped', rule: '7.2' });
    expect(memory.recall('tables/other.json', 'costs', 'infantry', '1939')).toBeUndefined();
    expect(gapsIn(null).size).toBe(0);
  });

  it('reads numbers as numbers and codes as text, and refuses empty input', () => {
    expect(parseValue(' 12 ')).toBe(12);
    expect(parseValue('-0.5')).toBe(-0.5);
    expect(parseValue('1/2')).toBe('1/2');
    // Written with its dot first or last, a number is the number it is (as the engine reads a text as one); not so in other notations.
    expect(['.5', '-.5', ' 5. '].map(parseValue)).toEqual([0.5, -0.5, 5]);
    expect(['.', '-.', '1.2.3', '1e3', '0x10', 'Infinity'].map(parseValue)).toEqual(['.', '-.', '1.2.3', '1e3', '0x10', 'Infinity']);
    expect(cellFrom({ ...inputOf(undefined), value: ' ' })).toEqual({ error: expect.stringContaining('Enter a value') });
    expect(cellFrom({ ...inputOf(undefined), gap: true })).toEqual({ error: expect.stringContaining('what is missing') });
  });
});

describe('diagnostics as markers', () => {
  const d = (line: number, column: number, severity: Diagnostic['severity'] = 'error'): Diagnostic => ({ document: 'r/u.json', pointer: '/x', line, column, severity, code: 'dangling-ref', message: 'no such type' });

  it('keeps the server’s 1-based line and column and spans the token there', () => {
    const lines = ['{', '  "type": "tank",', '  "n": 12,', '  "o": {'];
    const markers = toMarkers([d(2, 11), d(3, 8, 'warning'), d(4, 8, 'info'), { ...d(1, 1), document: 'r/other.json' }], 'r/u.json', (n) => lines[n - 1] ?? '');
    expect(markers.map((m) => [m.severity, m.startLineNumber, m.startColumn, m.endColumn, m.code])).toEqual([
      [8, 2, 11, 17, 'dangling-ref'],
      [4, 3, 8, 10, 'dangling-ref'],
      [2, 4, 8, 9, 'dangling-ref'],
    ]);
  });

  it('marks a pasted document with thousands of problems by its first few hundred, errors first', () => {
    const many = [...Array.from({ length: 3000 }, (_, i) => d(i + 1, 1, 'warning')), ...Array.from({ length: 3000 }, (_, i) => d(i + 1, 1))];
    const markers = toMarkers(many, 'r/u.json', () => '"x"');
    expect(markers).toHaveLength(MAX_MARKERS);
    expect(markers.every((m) => m.severity === 8)).toBe(true);
  });

  it('finds token ends through escapes and past the end of a line', () => {
    expect(tokenEnd('"a\\"b", 1', 1)).toBe(7);
    expect(tokenEnd('"open', 1)).toBe(6);
    expect(tokenEnd('', 1)).toBe(2);
    expect(tokenEnd('true}', 1)).toBe(5);
  });
});

describe('schema associations', () => {
  it('registers every schema under its $id and associates documents by path', () => {
    const entries = schemaEntries([{ uri: documentUri('skirmish', 'units.json'), schema: 'units', declared: '../../../../schemas/units.schema.json' }]);
    expect(entries.map((e) => e.uri)).toEqual(Object.values(SCHEMAS).map((s) => s.$id));
    expect(entries.find((e) => e.uri === SCHEMAS.units.$id)?.fileMatch).toEqual(['/rulesets/skirmish/units.json']);
  });

  it("gives Monaco a field's own description beside a $ref, which its hover would otherwise take from the referenced schema", () => {
    const units = schemaEntries([]).find((e) => e.uri === SCHEMAS.units.$id)!.schema as { $defs: Record<string, { properties: Record<string, Record<string, unknown>> }> };
    expect(units.$defs.UnitType.properties.movement).toMatchObject({ $ref: 'common.schema.json#/$defs/CitedNumber', description: 'Movement allowance.', markdownDescription: 'Movement allowance\\.' });
    // The forms a value takes lose their description there, so a field's own is the first the hover finds; not in the schemas themselves, which ajv reads.
    const common = schemaEntries([]).find((e) => e.uri === SCHEMAS.common.$id)!.schema as { $defs: Record<string, Record<string, unknown>> };
    expect([common.$defs.Gap.description, common.$defs.CitedNumberValue.title]).toEqual([undefined, undefined]);
    expect((SCHEMAS.common as unknown as typeof common).$defs.Gap.description).toMatch(/^An explicit gap/);
    expect((SCHEMAS.units as unknown as typeof units).$defs.UnitType.properties.movement.markdownDescription).toBeUndefined();
  });

  it('aliases a $schema that resolves outside the schemas to the schema of that name', () => {
    const entries = schemaEntries([{ uri: documentUri('x', 'errata/e.json'), schema: 'patchset', declared: '../../../../elsewhere/schemas/patchset.schema.json' }]);
    expect(entries.at(-1)).toEqual({ uri: new URL('/elsewhere/schemas/patchset.schema.json', SCHEMAS.common.$id).href, schema: { $ref: SCHEMAS.patchset.$id } });
  });
});

describe('sentences', () => {
  const ruleset = loadRuleset(fsSource(FIXTURES), 'skirmish').ruleset!;
  const names = namesOf(ruleset);

  it('reads victory conditions and checks', () => {
    const [decisive, marginal] = ruleset.victory!.levels;
    expect(conditionSentence(decisive.condition, names)).toBe('Blue City is controlled by Red');
    expect(conditionSentence(marginal.condition, names)).toBe('it is Winter 1940 or later and The Ford is controlled by Red');
    expect(ruleset.victory!.checks.map((c) => checkSentence(c))).toEqual(['At the end of every turn; a level reached ends the game.', 'Once, after Winter 1940; a level reached ends the game.']);
    expect(checkSentence({ when: 'immediately', endsGame: true, levels: ['germany-wins'] }, () => '“German victory”')).toBe('Whenever the situation changes, for “German victory” only; a level reached ends the game.');
  });

  it('reads triggers with their events, conditions and effects', () => {
    expect(triggerSentence(ruleset.triggers!['greyland-joins-blue'], names)).toBe('When Greyland is invaded by Red: Greyland joins Blue; Greyland becomes At war. Once per game.');
    const crossing = { name: 'Greyland touched', on: [{ event: 'border-crossing', countries: ['greyland'], by: 'red' }], effects: [{ op: 'setStatus', power: 'greyland', status: 'at-war' }] };
    expect(triggerSentence(crossing, names)).toBe('When a unit of Red enters or leaves Greyland: Greyland becomes At war.');
    const acting = { name: 'Greyland acts', on: [{ event: 'border-crossing', notCountries: ['greyland'], by: 'greyland' }, { event: 'units-attacked', by: 'greyland' }], effects: [{ op: 'setStatus', power: 'greyland', status: 'at-war' }] };
    expect(triggerSentence(acting, names)).toBe('When a unit of Greyland enters or leaves any country but Greyland or when units of any country are attacked by Greyland: Greyland becomes At war.');
    const neutral = { name: 'A neutral invaded', on: [{ event: 'invasion', by: 'red', ofStatuses: ['neutral'] }], effects: [{ op: 'setStatus', power: 'greyland', status: 'at-war' }] };
    expect(triggerSentence(neutral, names)).toBe('When any country whose power is Neutral is invaded by Red: Greyland becomes At war.');
    expect(triggerSentence(ruleset.triggers!['ford-tension'], names)).toBe('When The Ford changes hands, taken by Red, if a roll of 1d6 is 4 or more (rule 6.2): raise the Tension track by 1; set “Ford taken”.');
  });

  it('reads nested, counted and negated conditions', () => {
    const condition = {
      op: 'any',
      of: [
        { op: 'compare', left: { op: 'count', controlledBy: 'red', places: ['ford', 'blue-city'] }, cmp: '>=', right: 1 },
        { op: 'not', of: { op: 'status', power: 'greyland', in: ['neutral'] } },
        { op: 'all', of: [{ op: 'flag', flag: 'ford-taken' }, { op: 'season', in: ['summer', 'autumn'] }] },
      ],
    };
    expect(conditionSentence(condition, names)).toBe(
      'any of: at least 1 of The Ford and Blue City is controlled by Red; it is not the case that Greyland’s status is Neutral; “Ford taken” is set and it is summer or autumn',
    );
  });

  it('puts a pair inside a pair in brackets', () => {
    const pair = { op: 'any', of: [{ op: 'flag', flag: 'ford-taken' }, { op: 'season', in: ['winter'] }] };
    expect(conditionSentence({ op: 'all', of: [pair, { op: 'controls', by: 'blue', places: ['ford'] }] }, names)).toBe('(“Ford taken” is set or it is winter) and The Ford is controlled by Blue');
  });

  it('marks each condition and part of one with its path, for pointing at', () => {
    const pair = { op: 'any', of: [{ op: 'flag', flag: 'ford-taken' }, { op: 'season', in: ['winter'] }] };
    const marked = (p: Phrase): string[] => (typeof p === 'string' ? [] : [`${p.path.join('/')}: ${phraseText(p)}`, ...p.parts.flatMap(marked)]);
    expect(marked(conditionPhrase({ op: 'all', of: [pair, { op: 'not', of: { op: 'controls', by: 'blue', places: ['ford'] } }] }, names, ['condition']))).toEqual([
      'condition: (“Ford taken” is set or it is winter) and it is not the case that The Ford is controlled by Blue',
      'condition/of/0: “Ford taken” is set or it is winter',
      'condition/of/0/of/0: “Ford taken” is set',
      'condition/of/0/of/1: it is winter',
      'condition/of/1: it is not the case that The Ford is controlled by Blue',
      'condition/of/1/of: The Ford is controlled by Blue',
    ]);
    expect(triggerPhrase(ruleset.triggers!['ford-tension'], names, ['triggers', 'ford-tension']).flatMap(marked)[0]).toBe('triggers/ford-tension/condition: a roll of 1d6 is 4 or more (rule 6.2)');
  });

  it('names the areas of an area map, and the powers that hold them', () => {
    const isles = namesOf(loadRuleset(fsSource(path.join(import.meta.dirname, '..', 'engine', 'fixtures')), 'isles').ruleset);
    expect(conditionSentence({ op: 'controls', by: 'westmen', areas: ['middle', 'east'] }, isles)).toBe('Middle Isle and East Isle are all controlled by Westmen');
    const landing = { name: 'Landing', on: [{ event: 'turn-end' }], effects: [{ op: 'addUnits', power: 'eastmen', units: [{ type: 'foot' }], to: { area: 'strait' } }, { op: 'setControl', areas: ['west'], to: 'red' }] };
    expect(triggerSentence(landing, isles)).toMatch(/^At the end of each turn: place .* of Eastmen at The Strait; give West Isle to Red\.$/);
  });

  it('names unknown ids as themselves and half-written nodes as unfinished', () => {
    expect(conditionSentence({ op: 'controls', by: 'purple', places: ['atlantis'] }, names)).toBe('atlantis is controlled by purple');
    expect(conditionSentence({ op: 'teleport' }, names)).toBe('an unknown condition “teleport”');
    expect(conditionSentence(undefined, names)).toBe('an unfinished condition');
  });
});
