// Every value of the fixtures' documents, to a depth, replaced by values of the wrong shape: validation
// must never throw (the checks past the schema read these too), nor say "undefined" of what it misread.
import { describe, expect, it } from 'vitest';
import { editJson, fixtureText, loadWith } from './helpers';

const WRONG: unknown[] = [5, 'x', null, [], {}, [5]];
const FILES = ['skirmish/ruleset.json', 'skirmish/units.json', 'skirmish/map.json', 'skirmish/setup.json', 'skirmish/sequence.json', 'skirmish/victory.json', 'skirmish/rules.json', 'skirmish/tables/combat.json', 'skirmish-errata/ruleset.json', 'skirmish-errata/errata/second-printing.json'];

/** The paths to a value, down to `depth` keys: every key of each object, the first two items of each array. */
function pathsIn(value: unknown, depth: number, at: string[] = []): string[][] {
  if (depth === 0 || value === null || typeof value !== 'object') return [];
  const children = Array.isArray(value) ? value.slice(0, 2).map((v, i) => [String(i), v] as const) : Object.entries(value);
  return children.flatMap(([key, child]) => [[...at, key], ...pathsIn(child, depth - 1, [...at, key])]);
}

describe('documents of the wrong shape', () => {
  for (const file of FILES) {
    it(`never make validation throw: ${file}`, () => {
      const id = file.split('/')[0];
      let errors = 0;
      for (const path of pathsIn(JSON.parse(fixtureText(file)), 3)) {
        for (const wrong of WRONG) {
          const text = editJson(file, (doc) => {
            let parent = doc;
            for (const key of path.slice(0, -1)) parent = parent[key];
            parent[path[path.length - 1]] = wrong;
          });
          const where = `/${path.join('/')} = ${JSON.stringify(wrong)}`;
          let loaded: ReturnType<typeof loadWith> | undefined;
          expect(() => (loaded = loadWith(id, { [file]: text })), where).not.toThrow();
          if (loaded!.diagnostics.some((d) => d.severity === 'error')) errors++;
          // A check past the schema that reads the wrong shape as if right says so in its message.
          for (const d of loaded!.diagnostics) expect(d.message, `${where}: ${d.pointer}`).not.toMatch(/\bundefined\b|\bNaN\b|\[object Object\]/);
        }
      }
      // Most replacements are errors; the few that are not replace an optional value with one it may take.
      expect(errors).toBeGreaterThan(0);
      // Hundreds of loads of the manifest: seconds on a busy machine, and no timing is asserted here.
    });
  }
});
