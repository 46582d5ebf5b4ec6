// A provisional patch set (2WW's fill for test games) fills around the values a designer has marked
// provisional in the ruleset itself, and those an erratum gives: a gap filled after the fill was written
// keeps the designer's value, a value an erratum changes keeps the erratum's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRuleset, overlaySource } from '@/engine';
import { getAt } from '@/engine/json/pointer';
import { fsSource } from '@/engine/load/fs-source';
import { keptWithin } from '@/engine/load/patch';

const ROOT = join(import.meta.dirname, '..', '..', 'rulesets');
const CHART = '2ww/tables/combat-chart.json';
const CELL = '/tables/land-vs-land/cells/2/4-7';

function withCell(cell: unknown) {
  const doc = JSON.parse(readFileSync(join(ROOT, CHART), 'utf8'));
  doc.tables['land-vs-land'].cells['2']['4-7'] = cell;
  return loadRuleset(overlaySource(fsSource(ROOT), new Map([[CHART, JSON.stringify(doc, null, 2)]])), '2ww', { optionalPatchSets: ['provisional-fill'] });
}

describe('a provisional fill', () => {
  it("keeps a designer's provisional value where it would write another, and says so at its operation", () => {
    const filled = withCell({ value: 1, source: { kind: 'provisional', note: 'my reading' } });
    expect(getAt(filled.ruleset, CELL)).toEqual({ value: 1, source: { kind: 'provisional', note: 'my reading' } });
    const kept = filled.diagnostics.filter((d) => d.code === 'provisional-kept');
    expect(kept).toEqual([expect.objectContaining({ document: '2ww/patches/provisional-fill.json', severity: 'info', message: `${CELL}: the ruleset's own provisional value 1 is kept, not this patch set's 2` })]);
    // The cells beside it are the fill's, and nothing else is reported.
    expect(getAt(filled.ruleset, '/tables/land-vs-land/cells/2/8-11')).not.toHaveProperty('gap');
    expect(filled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('keeps a provisional value under a key the fill leaves out of what it replaces, and none deeper, whose parents are gone', () => {
    const mine = { value: 5, source: { kind: 'provisional' } };
    expect(keptWithin({ x: 1, y: mine, z: { w: mine } }, { x: 2 }, '/t', () => false)).toEqual([{ pointer: '/t/y', value: mine, instead: undefined }]);
  });

  it("keeps the value an erratum gives where it would write another, and says whose it is", () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, '2ww/ruleset.json'), 'utf8'));
    const erratum = {
      title: 'House errata',
      source: { kind: 'rulebook', rule: 'errata 4.2' },
      reason: 'The chart as corrected.',
      operations: [
        { op: 'replace', path: CELL, value: { value: 3, source: { kind: 'rulebook', rule: 'errata 4.2' } } },
        // Filling a gap of units.json part by part, as "save as errata" writes it: the erratum is named as the value's giver.
        { op: 'remove', path: '/unitTypes/armor/factors/combat/gap' },
        { op: 'remove', path: '/unitTypes/armor/factors/combat/rule' },
        { op: 'add', path: '/unitTypes/armor/factors/combat/value', value: 10 },
        { op: 'add', path: '/unitTypes/armor/factors/combat/source', value: { kind: 'rulebook', rule: 'errata 4.2' } },
      ],
    };
    const files = new Map([
      ['2ww/ruleset.json', JSON.stringify({ ...manifest, patchSets: ['errata/house.json'] })],
      ['2ww/errata/house.json', JSON.stringify(erratum)],
    ]);
    const filled = loadRuleset(overlaySource(fsSource(ROOT), files), '2ww', { optionalPatchSets: ['provisional-fill'] });
    expect(getAt(filled.ruleset, CELL)).toEqual({ value: 3, source: { kind: 'rulebook', rule: 'errata 4.2' } });
    expect(filled.diagnostics.filter((d) => d.code === 'provisional-kept').map((d) => d.message)).toEqual([
      `${CELL}: the value 2ww/errata/house.json gives, 3 is kept, not this patch set's 2`,
      "/unitTypes/armor/factors/combat: the value 2ww/errata/house.json (over 2ww/units.json) gives, 10 is kept, not this patch set's 7",
    ]);
    expect(filled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('writes over a gap, and over a value the rulebook or an example gives, as it was written to', () => {
    expect(getAt(withCell({ gap: 'not printed', rule: '4.2' }).ruleset, CELL)).not.toHaveProperty('gap');
    const example = withCell({ value: 1, source: { kind: 'example', rule: '4.2' } });
    expect(example.diagnostics.filter((d) => d.code === 'provisional-kept')).toEqual([]);
  });
});
