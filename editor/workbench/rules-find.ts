// The Rules view's sections and its search: each entry of a rules document (or of a resolved ruleset) with the words
// the view shows of it (its id, name, rule numbers, text, its trigger's or condition's sentence, a variant's mark), so a
// query finds what the designer reads there, not the JSON's keys. Built once per text, matched in memory as it is typed.
import { joinPointer } from '@/engine/json/pointer';
import { isRecord, type Rec } from '@/engine/json/record';
import { conditionSentence, triggerSentence, type Names } from '@/engine/sentences';

export type SectionKey = 'triggers' | 'specialRules' | 'constants' | 'conflicts';

/** Each section's heading, and the shorter name its button has (the buttons share one line of a pane ~200 px tall). */
export const SECTIONS: readonly { key: SectionKey; name: string; short: string }[] = [
  { key: 'triggers', name: 'Triggers', short: 'Triggers' },
  { key: 'specialRules', name: 'Special rules', short: 'Special rules' },
  { key: 'constants', name: 'Constants', short: 'Constants' },
  { key: 'conflicts', name: 'Contradictions and ambiguities in the text', short: 'Contradictions' },
];

export interface RulesEntry {
  id: string;
  rec: Rec;
  /** What the view shows of it, lowercased: what a query is matched against. */
  words: string;
}

export interface RulesSection {
  key: SectionKey;
  name: string;
  short: string;
  entries: RulesEntry[];
}

export const ruleOf = (r: Rec) => (isRecord(r.source) && typeof r.source.rule === 'string' ? r.source.rule : undefined);

export function constantValue(v: unknown): string {
  if (isRecord(v) && 'gap' in v) return `unknown (gap: ${String(v.gap)})`;
  if (isRecord(v) && 'value' in v) return String(v.value);
  return String(v);
}

const strings = (...xs: unknown[]) => xs.filter((x): x is string => typeof x === 'string');

/** The words of an entry the view shows, but for the values a conflict decides (read from the resolved ruleset, later). */
function shownWords(key: SectionKey, r: Rec, names: Names): string[] {
  const source = isRecord(r.source) ? r.source : {};
  switch (key) {
    case 'triggers':
      // A source's note is shown where it is not the rulebook's words (SourceNote).
      return [...strings(r.name, r.text, source.rule), triggerSentence(r, names), ...(source.kind === 'rulebook' ? [] : strings(source.note))];
    case 'specialRules':
      return [...strings(r.name, r.text, r.why, source.rule), ...(r.while === undefined ? [] : [conditionSentence(r.while, names)])];
    case 'constants':
      return [constantValue(r.value), ...strings(r.unit, r.description, source.rule)];
    case 'conflicts':
      return [...strings(r.topic, r.why), ...(Array.isArray(r.readings) ? r.readings.filter(isRecord).flatMap((x) => strings(x.rule, x.text, x.quote)) : [])];
  }
}

/**
 * The sections of a rules document, each entry with its words; `marks` (by the entry's pointer, `/triggers/<id>`)
 * are what the view says of an entry besides (a variant's "changed in …"), found as its own words are.
 */
export function rulesSections(rules: Rec, names: Names, marks: (pointer: string) => readonly string[] = () => []): RulesSection[] {
  return SECTIONS.map(({ key, name, short }) => {
    const records = isRecord(rules[key]) ? Object.entries(rules[key]).filter((e): e is [string, Rec] => isRecord(e[1])) : [];
    const entries = records.map(([id, rec]) => ({ id, rec, words: [id, ...shownWords(key, rec, names), ...marks(joinPointer('', key, id))].join('\n').toLowerCase() }));
    return { key, name, short, entries };
  });
}

/** The words of a query, lowercased: an entry matches when its words hold every one, in any order. */
export const queryWords = (query: string) => query.toLowerCase().split(/\s+/).filter(Boolean);

/** Whether a text (lowercased) holds every word of a query. */
export const holdsAll = (words: readonly string[], text: string) => words.every((w) => text.includes(w));

/** Each section with the entries that match (all of them for an empty query). */
export function filterSections(sections: readonly RulesSection[], query: string): (RulesSection & { shown: RulesEntry[] })[] {
  const words = queryWords(query);
  return sections.map((s) => ({ ...s, shown: words.length ? s.entries.filter((e) => holdsAll(words, e.words)) : s.entries }));
}

/** How many of `n` entries a search keeps, as the views with one say it: "12 of 285 match", "none of 285 match". */
export const matching = (shown: number, n: number) => (shown ? `${shown} of ${n} match` : `none of ${n} match`);
