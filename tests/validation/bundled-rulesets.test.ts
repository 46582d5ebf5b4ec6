// Every bundled ruleset validates without errors, with and without each optional patch set, and its
// fact checks hold.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFacts, formatDiagnostic, loadRuleset } from '@/engine';
import { fsSource, listRulesetIds } from '@/engine/load/fs-source';

const ROOT = join(import.meta.dirname, '..', '..', 'rulesets');
// Sketches of the other rulebooks keep the schemas honest for games not yet encoded in full.
const SKETCHES = join(import.meta.dirname, '..', 'fixtures', 'sketches');
const ids = listRulesetIds(ROOT);

describe.each([...ids.map((id) => [id, ROOT]), ...listRulesetIds(SKETCHES).map((id) => [id, SKETCHES])])('ruleset %s', (id, root) => {
  const source = fsSource(root);
  const plain = loadRuleset(source, id);
  const variants = [[], ...Object.keys(plain.ruleset?.optionalPatchSets ?? {}).map((p) => [p])];

  it.each(variants.map((v) => [v.join(', ') || 'as published', v]))('validates without errors (%s)', (_label, optional) => {
    const loaded = loadRuleset(source, id, { optionalPatchSets: optional as string[] });
    const errors = loaded.diagnostics.filter((d) => d.severity === 'error').map((d) => formatDiagnostic(d));
    expect(errors).toEqual([]);
  });

  it('passes its fact checks', () => {
    const failed = checkFacts(plain.ruleset!).filter((f) => f.failures.length).map((f) => `${f.id} [${f.fact.rule}]: ${f.failures.join('; ')}`);
    expect(failed).toEqual([]);
  });
});

it('rulesets/ holds the bundled rulesets', () => expect(ids.length).toBeGreaterThan(0));

it("says before play that a sketch's factor-table combat is left to the tester in a test game", () => {
  const notes = loadRuleset(fsSource(SKETCHES), 'blitz').diagnostics.filter((d) => d.code === 'not-automated');
  expect(notes.map((d) => [d.severity, d.pointer])).toEqual([['info', expect.stringMatching(/^\/mechanics\/combat\/[^/]+\/model$/)]]);
  expect(notes[0].message).toMatch(/^combat model "factor-table" is not automated: a test game leaves its battles to the tester/);
});
