import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listRulesets, rulesetExists } from '@/server/catalog';
import { tempRulesets } from './tempRulesets';

describe('listRulesets', () => {
  it('sorts bases by title and lists each variant, depth first, right after the ruleset it extends', () => {
    const book = { source: { title: 'Rulebook' }, documents: {} };
    const root = tempRulesets({
      zulu: { id: 'zulu', title: 'Zulu Dawn', ...book },
      europa: {
        id: 'europa',
        title: 'Europa Aflame',
        edition: '2nd',
        source: { title: 'Europa Aflame Rulebook', version: '2.1', date: '1992-05', publisher: 'GR/D' },
        documents: {},
      },
      'europa-errata': { id: 'europa-errata', title: 'Europa Aflame, errata', extends: 'europa', ...book },
      'europa-1805': { id: 'europa-1805', title: 'Europa 1805', extends: 'europa-errata', ...book },
      'europa-alt': { id: 'europa-alt', title: 'Alternative Europa', extends: 'europa', ...book },
      alpha: { id: 'alpha', title: 'Alpha Strike', ...book },
    });
    const list = listRulesets(root);
    expect(list.map((r) => r.id)).toEqual(['alpha', 'europa', 'europa-alt', 'europa-errata', 'europa-1805', 'zulu']);
    expect(list.find((r) => r.id === 'europa')).toEqual({
      id: 'europa',
      title: 'Europa Aflame',
      edition: '2nd',
      source: { title: 'Europa Aflame Rulebook', version: '2.1', date: '1992-05', publisher: 'GR/D' },
      extends: undefined,
      error: undefined,
      errors: 0,
      warnings: 0,
      completeness: { rulebook: 0, example: 0, inference: 0, provisional: 0, bootstrap: 0, gap: 0, unmarked: 0 },
    });
    expect(list.every((r) => r.error === undefined)).toBe(true);
  });

  it('reports a broken manifest with its file, line and problem instead of throwing', () => {
    const root = tempRulesets({
      good: { id: 'good', title: 'Good', source: { title: 'Good rules' }, documents: {} },
      syntax: '{\n  "id": "syntax",\n  title: "no quotes"\n}\n',
      empty: '',
      fields: { id: 'fields', title: 'Fields', source: { title: 42 }, documents: {} },
      renamed: { id: 'other-name', title: 'Renamed', source: { title: 'R' }, documents: {} },
      Capitals: { id: 'Capitals', title: 'Capitals' },
    });
    const list = listRulesets(root);
    const errors = Object.fromEntries(list.map((r) => [r.id, r.error]));
    const file = (folder: string) => path.join(root, folder, 'ruleset.json');

    expect(errors.good).toBeUndefined();
    expect(errors.syntax).toBe(`${file('syntax')}:3:3: unexpected character at "title"`);
    expect(errors.empty).toBe(`${file('empty')}:1:1: the file is empty: a document is a JSON object, {} at the least`);
    expect(errors.fields).toBe(`${file('fields')}:5:14: must be string, not number`);
    expect(errors.renamed).toBe(`${file('renamed')}:2:9: id "other-name" differs from its folder name "renamed"`);
    expect(errors.Capitals).toBe(`${path.join(root, 'Capitals')}${path.sep}ruleset.json:1:1: "Capitals" is not a ruleset id: a ruleset's folder is named by its id, of lower-case letters, digits, "-", "_" and "." (starting with a letter or digit)`);
    expect(list.find((r) => r.id === 'fields')?.errors).toBe(1);
  });

  it('lists a variant of a missing ruleset, or one in an extends cycle, at the top level with an error', () => {
    const book = { source: { title: 'Rulebook' }, documents: {} };
    const root = tempRulesets({
      base: { id: 'base', title: 'Base', ...book },
      orphan: { id: 'orphan', title: 'Orphan', extends: 'gone', ...book },
      ping: { id: 'ping', title: 'Ping', extends: 'pong', ...book },
      pong: { id: 'pong', title: 'Pong', extends: 'ping', ...book },
    });
    const list = listRulesets(root);
    expect(list.map((r) => r.id)).toEqual(['base', 'orphan', 'ping', 'pong']);
    expect(list[1].error).toMatch(/orphan[/\\]ruleset\.json: extends "gone", which is not in the library$/);
    expect(list[2].error).toMatch(/extends "pong", which never reaches a base ruleset \(an extends cycle\)$/);
    expect(list[3].error).toMatch(/extends "ping", which never reaches a base ruleset/);
  });

  it('lists a ruleset of a newer format by what its manifest says, with the error, and its variants under it', () => {
    const book = { source: { title: 'Rulebook' }, documents: {} };
    const root = tempRulesets({
      future: { format: 99, id: 'future', title: 'Future War', edition: 'Deluxe', futureField: 1, ...book },
      'future-errata': { id: 'future-errata', title: 'Future War, errata', extends: 'future', ...book },
    });
    const [future, errata] = listRulesets(root);
    expect(future).toMatchObject({ id: 'future', title: 'Future War', edition: 'Deluxe', source: { title: 'Rulebook' }, errors: 1, completeness: undefined });
    expect(future.error).toMatch(/future[/\\]ruleset\.json:2:13: future is written in ruleset format 99, newer than the format 1 this Sandtable reads: open it with a newer Sandtable$/);
    expect(errata).toMatchObject({ id: 'future-errata', title: 'Future War, errata', extends: 'future', errors: 2 });
    expect(errata.error).toMatch(/extends "future", which cannot be loaded$/);
  });

  it('ignores folders without a manifest and says clearly when the root is missing', () => {
    const root = tempRulesets({ only: { id: 'only', title: 'Only' } });
    fs.mkdirSync(path.join(root, 'shared-fragments'));
    fs.writeFileSync(path.join(root, 'README.md'), '# Rulesets');
    expect(listRulesets(root).map((r) => r.id)).toEqual(['only']);
    expect(() => listRulesets(path.join(root, 'nope'))).toThrow(/Rulesets folder .*nope does not exist/);
  });
});

describe('rulesetExists', () => {
  const root = tempRulesets({ europa: { id: 'europa', title: 'Europa' } });

  it('is true only for a folder with a manifest, and refuses path tricks', () => {
    expect(rulesetExists('europa', root)).toBe(true);
    expect(rulesetExists('pacific', root)).toBe(false);
    expect(() => rulesetExists('../europa', root)).toThrow(/Invalid ruleset id/);
  });
});
