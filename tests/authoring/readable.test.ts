// The Rules view's sentences as the workbench renders them: a special rule reminded of only while a condition
// holds says so, in the words triggers use for conditions, pointable like theirs.
import fs from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RulesView } from '@/editor/workbench/Readable';
import { conditionSentence, namesOf } from '@/editor/workbench/sentences';
import { loadRuleset } from '@/engine';
import { fsSource } from '@/engine/load/fs-source';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'rulesets');
const ruleset = loadRuleset(fsSource(FIXTURES), 'skirmish').ruleset!;
const names = namesOf(ruleset);
const rulesText = fs.readFileSync(path.join(FIXTURES, 'skirmish', 'rules.json'), 'utf8');
const render = (text: string) => renderToStaticMarkup(createElement(RulesView, { text, names, onReveal: () => {}, onPoint: () => {} }));
/** The page's text, tags dropped. */
const words = (html: string) => html.replace(/<[^>]+>/g, '');

describe('RulesView', () => {
  const condition = { op: 'controls', by: 'red', places: ['ford'] };
  const rules = JSON.parse(rulesText);
  const [id, rule] = Object.entries(rules.specialRules as Record<string, object>)[0];

  it('says when a special rule is reminded of only while a condition holds', () => {
    const html = render(JSON.stringify({ ...rules, specialRules: { [id]: { ...rule, while: condition } } }));
    expect(words(html)).toContain(`Reminded of only while ${conditionSentence(condition, names)}.`);
    expect(conditionSentence(condition, names)).toBe('The Ford is controlled by Red');
    expect(html).toContain(`data-pointer="/specialRules/${id}/while"`);
  });

  it('says nothing of it for a rule always reminded of', () => {
    expect(words(render(rulesText))).not.toContain('Reminded of only while');
  });
});
