// The Rules view's sentences as the workbench renders them: a special rule reminded of only while a condition
// holds says so, in the words triggers use for conditions, pointable like theirs.
import fs from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RulesView, VictoryView } from '@/editor/workbench/Readable';
import { conditionSentence, namesOf } from '@/engine/sentences';
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

  it('shows every reading of a conflict, the chosen one marked, with its rule and quote, why it was chosen, and what it decides', () => {
    const conflict = {
      topic: 'Whether a fort exerts a zone of control',
      readings: [
        { id: 'no-zoc', text: 'A fort exerts no zone of control.', rule: '5.1.1', quote: 'A land unit exerts a ZOC into hexes it could enter.' },
        { id: 'land-zoc', text: 'A fort exerts a land unit’s zone.', rule: '3.4.6', quote: 'Each unit possesses a Zone of Control.' },
      ],
      chosen: 'no-zoc',
      why: 'The rule that defines a land unit’s zone ties it to the hexes it could enter.',
      affects: ['/mechanics/zoc/classes/fortification/reach'],
    };
    const text = words(render(JSON.stringify({ ...rules, conflicts: { 'fort-zoc': conflict } })));
    expect(text).toContain('Chosen (rule 5.1.1): A fort exerts no zone of control.A land unit exerts a ZOC into hexes it could enter.');
    expect(text).toContain('Not chosen (rule 3.4.6): A fort exerts a land unit’s zone.Each unit possesses a Zone of Control.');
    expect(text).toContain('Why: The rule that defines a land unit’s zone ties it to the hexes it could enter.');
    expect(text).toContain('It decides /mechanics/zoc/classes/fortification/reach (in the resolved ruleset).');
  });
});

describe('VictoryView', () => {
  it("says a level's condition is an inference, with its note, where its source is not the rulebook's words", () => {
    const level = { id: 'red-wins', name: 'Red wins', side: 'red', condition: { op: 'controls', by: 'red', places: ['ford'] } };
    const render = (source: object) =>
      words(renderToStaticMarkup(createElement(VictoryView, { text: JSON.stringify({ victory: { checks: [], levels: [{ ...level, source }] } }), names, onReveal: () => {}, onPoint: () => {} })));
    expect(render({ kind: 'rulebook', rule: '9' })).not.toContain('Not the rule’s words');
    expect(render({ kind: 'inference', rule: '9', note: 'Read as at most one, as conflicts/levels chose.' })).toContain(
      'Not the rule’s words: reasoned from what the rules say, though they do not say it outright. Read as at most one, as conflicts/levels chose.',
    );
  });
});
