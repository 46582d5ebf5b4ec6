// The Rules view's search: an entry is found by what the view shows of it (rule number, name, text, its sentence),
// case aside, every word of the query in any order; and a variant's own patch sets' changes named per entry.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { changesOf, changeWords, removedIn } from '@/editor/workbench/own-changes';
import { filterSections, rulesSections } from '@/editor/workbench/rules-find';
import { loadRuleset } from '@/engine';
import { fsSource } from '@/engine/load/fs-source';
import { namesOf, triggerSentence } from '@/engine/sentences';

const RULESETS = path.join(import.meta.dirname, '..', '..', 'rulesets');
const tww = loadRuleset(fsSource(RULESETS), '2ww').ruleset!;
const rules = JSON.parse(fs.readFileSync(path.join(RULESETS, '2ww', 'rules.json'), 'utf8'));
const sections = rulesSections(rules, namesOf(tww));
/** The ids each section keeps for a query. */
const found = (query: string, from = sections) => Object.fromEntries(filterSections(from, query).map((s) => [s.key, s.shown.map((e) => e.id)]));
const all = (from = sections) => from.reduce((n, s) => n + s.entries.length, 0);

describe('the Rules view’s search', () => {
  it('keeps every entry for an empty or blank query', () => {
    for (const q of ['', '   ']) expect(filterSections(sections, q).every((s) => s.shown.length === s.entries.length)).toBe(true);
    expect(all()).toBe(['triggers', 'specialRules', 'constants', 'conflicts'].reduce((n, k) => n + Object.keys(rules[k]).length, 0));
  });

  it('finds a rule number where the view shows it: a source’s rule, a conflict reading’s', () => {
    const hits = found('11.2.2');
    expect(hits.conflicts).toContain(Object.keys(rules.conflicts).find((id) => rules.conflicts[id].readings.some((r: { rule?: string }) => r.rule?.includes('11.2.2'))));
    const trigger = Object.entries(rules.triggers as Record<string, { source?: { rule?: string } }>).find(([, t]) => t.source?.rule)!;
    expect(found(trigger[1].source!.rule!).triggers).toContain(trigger[0]);
  });

  it('finds a word whatever its case, in texts, whys and quotes', () => {
    const lower = found('submarine');
    expect(found('SubMarine')).toEqual(lower);
    const having = (key: string) => Object.keys(rules[key]).filter((id) => JSON.stringify(rules[key][id]).toLowerCase().includes('submarine'));
    expect(lower.specialRules).toEqual(having('specialRules'));
    expect(lower.conflicts.length).toBeGreaterThan(0);
  });

  it('finds a trigger by the sentence the view makes of it, not only by its JSON', () => {
    const [id, trigger] = Object.entries(rules.triggers as Record<string, object>).find(([, t]) => 'condition' in t)!;
    const bare = { ...trigger, name: undefined, text: undefined, source: undefined };
    const sentence = triggerSentence(bare, namesOf(tww));
    const one = rulesSections({ triggers: { [id]: bare } }, namesOf(tww));
    expect(one[0].entries[0].words).toContain(sentence.toLowerCase());
    expect(found(sentence.split(' ').slice(0, 5).join(' '), one).triggers).toEqual([id]);
  });

  it('finds a source’s note where the view shows it: not the rulebook’s words', () => {
    const trigger = (kind: string) => ({ triggers: { t: { name: 'T', on: [], effects: [], source: { kind, rule: '9', note: 'Read as the example shows' } } } });
    expect(found('example shows', rulesSections(trigger('inference'), namesOf(tww))).triggers).toEqual(['t']);
    expect(found('example shows', rulesSections(trigger('rulebook'), namesOf(tww))).triggers).toEqual([]);
  });

  it('wants every word of the query, in any order', () => {
    const both = found('submarine capital');
    const either = [...found('submarine').conflicts].filter((id) => found('capital').conflicts.includes(id));
    expect(both.conflicts).toEqual(either);
    expect(found('capital submarine')).toEqual(both);
  });

  it('keeps nothing for words no entry has', () => {
    expect(filterSections(sections, 'xylophone').every((s) => s.shown.length === 0)).toBe(true);
  });

  it('finds an entry by what the view says of it besides (a variant’s mark)', () => {
    const [id] = Object.keys(rules.constants);
    const marked = rulesSections(rules, namesOf(tww), (p) => (p === `/constants/${id}` ? ['changed in patches/02-rules.json'] : []));
    expect(found('02-rules', marked)).toEqual({ triggers: [], specialRules: [], constants: [id], conflicts: [] });
  });
});

describe('a variant’s own changes to its rules', () => {
  const set = (path: string, operations: object[], optional = false) => ({ path, title: path, optional, operations });
  const sets = [
    set('patches/a.json', [
      { op: 'add', path: '/triggers/new-one', value: {} },
      { op: 'replace', path: '/triggers/old/text', value: 'x' },
      { op: 'remove', path: '/conflicts/gone' },
      { op: 'test', path: '/triggers/tested', value: {} },
    ]),
    set('patches/b.json', [{ op: 'replace', path: '/triggers/new-one/source', value: {} }, { op: 'replace', path: '/triggers/old', value: {} }]),
    set('patches/fill.json', [{ op: 'replace', path: '/triggers/old/text', value: 'y' }], true),
  ];

  it('names what each set always applied does to an entry, added, changed or re-cited, in their order, with the operation to show', () => {
    expect(changesOf(sets, '/triggers/new-one')).toEqual([
      { patchSet: 'patches/a.json', kind: 'added', operation: 0 },
      { patchSet: 'patches/b.json', kind: 'cited', operation: 0 },
    ]);
    expect(changesOf(sets, '/triggers/new-one').map(changeWords)).toEqual(['added in patches/a.json', 're-cited in patches/b.json']);
    // A citation inside one of its parts is a citation too; a source written whole over the entry is not.
    expect(changesOf([set('patches/c.json', [{ op: 'replace', path: '/conflicts/x/readings/0/source', value: {} }])], '/conflicts/x').map(changeWords)).toEqual(['re-cited in patches/c.json']);
    expect(changesOf([set('patches/c.json', [{ op: 'replace', path: '/triggers/source', value: {} }])], '/triggers/source').map(changeWords)).toEqual(['changed in patches/c.json']);
    expect(changesOf(sets, '/triggers/old').map(changeWords)).toEqual(['changed in patches/a.json', 'changed in patches/b.json']);
    expect(changesOf(sets, '/triggers/old')[1].operation).toBe(1);
    expect(changesOf(sets, '/triggers/tested')).toEqual([]);
    expect(changesOf(sets, '/triggers/untouched')).toEqual([]);
  });

  it('lists the entries they remove, with the set, unless a later set puts one back', () => {
    expect(removedIn(sets, 'conflicts')).toEqual([{ id: 'gone', patchSet: 'patches/a.json' }]);
    expect(removedIn([...sets, set('patches/c.json', [{ op: 'add', path: '/conflicts/gone', value: {} }])], 'conflicts')).toEqual([]);
    expect(removedIn(sets, 'triggers')).toEqual([]);
  });

  it('reads The Big One’s: its rules patch set removes 2WW contradictions and changes triggers', () => {
    const dir = path.join(RULESETS, 'the-big-one');
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'ruleset.json'), 'utf8'));
    const own = (manifest.patchSets as string[]).map((p) => set(p, JSON.parse(fs.readFileSync(path.join(dir, p), 'utf8')).operations));
    expect(removedIn(own, 'conflicts').map((r) => r.id)).toContain('algiers-hex');
    expect(removedIn(own, 'conflicts').every((r) => r.patchSet === 'patches/02-rules.json')).toBe(true);
    // Its citations set only re-cites: the entries it alone touches are not said to be changed.
    const marks = Object.entries(JSON.parse(fs.readFileSync(path.join(RULESETS, '2ww', 'rules.json'), 'utf8')).triggers).map(([id]) => changesOf(own, `/triggers/${id}`).map(changeWords));
    expect(marks.some((m) => m.length === 1 && m[0] === 're-cited in patches/04-citations.json')).toBe(true);
    expect(marks.flat().filter((w) => w.startsWith('changed in patches/04-citations.json'))).toEqual([]);
  });
});
