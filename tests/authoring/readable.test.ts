// The Rules view's sentences as the workbench renders them: a special rule reminded of only while a condition
// holds says so, in the words triggers use for conditions, pointable like theirs.
import fs from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RulesView, VictoryView } from '@/editor/workbench/Readable';
import { conditionSentence, namesOf } from '@/engine/sentences';
import { loadRuleset, type ResolvedRuleset } from '@/engine';
import { fsSource } from '@/engine/load/fs-source';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'rulesets');
const ruleset = loadRuleset(fsSource(FIXTURES), 'skirmish').ruleset!;
const names = namesOf(ruleset);
const rulesText = fs.readFileSync(path.join(FIXTURES, 'skirmish', 'rules.json'), 'utf8');
/** What the conflicts' values are read from: the ruleset as drafted, with no places (the server's answer) yet. */
const decided = (r: ResolvedRuleset, rulesetId = 'skirmish') => ({ ruleset: r, drafted: { rulesetId, overlay: () => ({}), version: 0 }, onJump: () => {} });
/** The view as it opens: nothing searched. */
const NO_SEARCH = { query: '', onQuery: () => {} };
const render = (text: string, r = ruleset) => renderToStaticMarkup(createElement(RulesView, { text, names, onReveal: () => {}, onPoint: () => {}, decided: decided(r), search: NO_SEARCH }));
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

  it('opens with its sections, each counted, when it has more than one (a long document in a short pane)', () => {
    const html = render(rulesText);
    const sections = [...html.matchAll(/<nav aria-label="Sections">(.*?)<\/nav>/g)].map((m) => words(m[1]));
    expect(sections).toHaveLength(1);
    for (const [key, name] of [['specialRules', 'Special rules'], ['constants', 'Constants'], ['conflicts', 'Contradictions'], ['triggers', 'Triggers']] as const) {
      const n = Object.keys(rules[key] ?? {}).length;
      if (n) expect(sections[0]).toContain(`${name} (${n})`);
    }
    expect(words(render(JSON.stringify({ specialRules: rules.specialRules })))).not.toMatch(/Special rules \(\d+\)/);
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
    expect(text).toContain('It decides, in the resolved ruleset:/mechanics/zoc/classes/fortification/reach: absent');
  });
});

describe('RulesView: the values a conflict decides', () => {
  const TWW = path.join(import.meta.dirname, '..', '..', 'rulesets');
  const tww = loadRuleset(fsSource(TWW), '2ww').ruleset!;
  const text = fs.readFileSync(path.join(TWW, '2ww', 'rules.json'), 'utf8');
  const supply = (blockedAtSources?: boolean) => {
    const { blockedAtSources: _, ...rest } = tww.mechanics!.supply!;
    return { ...tww, mechanics: { ...tww.mechanics, supply: blockedAtSources === undefined ? rest : { ...rest, blockedAtSources } } } as ResolvedRuleset;
  };
  const shown = (r: ResolvedRuleset, pointer: string) => {
    const html = renderToStaticMarkup(createElement(RulesView, { text, names: namesOf(r), onReveal: () => {}, onPoint: () => {}, decided: decided(r, '2ww'), search: NO_SEARCH }));
    const item = html.match(new RegExp(`<li data-testid="decided" data-pointer="${pointer}">(.*?)</li>`))?.[1];
    return item && words(item);
  };
  const ABSENT = 'Absent or false, a path ends at a source its side holds whatever zones cover it: the text asks of a source only that its side hold it, and its zones rule the way there.';

  it('shows the value the resolved ruleset has, and that it is the chosen reading’s', () => {
    expect(shown(tww, '/mechanics/supply/blockedAtSources')).toBe('/mechanics/supply/blockedAtSources: false — as the chosen reading gives');
  });

  it('shows an absent setting by what its absence means, the schema’s default and its sentence about it', () => {
    expect(shown(supply(), '/mechanics/supply/blockedAtSources')).toBe(`/mechanics/supply/blockedAtSources: absent (false, the default): ${ABSENT} — as the chosen reading gives`);
  });

  it('says where the value is not the chosen reading’s', () => {
    expect(shown(supply(true), '/mechanics/supply/blockedAtSources')).toBe('/mechanics/supply/blockedAtSources: true — but the chosen reading gives false: switch the value or the choice');
  });

  it('names a step of the sequence by its phase and its own name', () => {
    expect(shown(tww, '/sequence/phases/4/steps/1/attackAgain')).toBe(
      'phase “E. Armored Action” › step “1. Axis Phase: combat” › attackAgain: absent: Without it, a unit attacks once in each step, whatever it did in earlier ones. — as the chosen reading gives',
    );
    expect(shown(tww, '/sequence/phases/4/steps/3/attackAgain')).toContain('step “2. Allied Phase: combat”');
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
