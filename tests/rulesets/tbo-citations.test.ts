// The Big One re-cites the values it shares with 2WW: an erratum of 2WW filling a gap takes away what a
// re-citation replaced, which is passed over, not an error of The Big One.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRuleset, overlaySource } from '@/engine';
import { fsSource } from '@/engine/load/fs-source';

const ROOT = path.join(import.meta.dirname, '..', '..', 'rulesets');
const COSTS = '2ww/tables/production-costs.json';

describe("The Big One's citations of 2WW", () => {
  it('pass over a gap 2WW has filled, saying so, with no error', () => {
    const costs = JSON.parse(fs.readFileSync(path.join(ROOT, COSTS), 'utf8'));
    costs.tables['production-costs'].cells.infantry.build = { value: 3, source: { kind: 'rulebook', rule: '7.1.4' } };
    const loaded = loadRuleset(overlaySource(fsSource(ROOT), new Map([[COSTS, JSON.stringify(costs)]])), 'the-big-one');
    expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const passed = loaded.diagnostics.filter((d) => d.code === 'patch-passed');
    expect(passed.map((d) => [d.document, d.severity, d.message])).toEqual([
      ['the-big-one/patches/04-citations.json', 'info', expect.stringMatching(/^\/tables\/production-costs\/cells\/infantry\/build\/\w+ is not in the ruleset this patch set changes/)],
    ]);
    expect(loaded.ruleset!.tables!['production-costs'].cells.infantry.build).toEqual({ value: 3, source: { kind: 'rulebook', rule: '7.1.4' } });
  });
});
