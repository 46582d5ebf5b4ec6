// The details asked of a new erratum: where its change comes from is the designer's choice, never a default
// claiming the rulebook, the form says what each kind of source means, and each field whether it is required.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ErrataForm } from '@/editor/errata/ErrataForm';
import { patchSetWords } from '@/editor/errata/wording';
import { PROVENANCE_KINDS, PROVENANCE_MEANINGS } from '@/editor/tables/cells';

const html = renderToStaticMarkup(createElement(ErrataForm, { words: patchSetWords(null), onSubmit: async () => {}, onCancel: () => {} }));

describe('the errata form', () => {
  it('asks where the change comes from, with no kind chosen for the designer', () => {
    const select = /<select required=""[^>]*>(.*?)<\/select>/.exec(html)?.[1];
    expect(select).toBeDefined();
    // The one option selected is the question, which cannot be submitted.
    expect(select!.match(/selected=""/g)).toHaveLength(1);
    expect(select).toMatch(/<option value="" disabled="" selected="">required: where the change comes from…<\/option>/);
    expect(select).not.toMatch(/value="rulebook"[^>]*selected/);
  });

  it("says which fields are required and which optional, as the new-ruleset dialog does and the patch set's schema has it", () => {
    const hint = (tag: string, label: string) => new RegExp(`${label} <${tag}[^>]*placeholder="([^"]*)"`).exec(html)?.[1];
    expect(hint('input', 'Title')).toBe('required: such as “Errata of 2019-03”');
    expect(hint('textarea', 'Reason')).toBe('required: why the change is made');
    expect(hint('input', 'Date')).toMatch(/^optional: /);
    expect(hint('input', 'Citation')).toBe('optional: errata sheet, magazine issue, forum ruling…');
    expect(hint('input', 'Rule')).toMatch(/^optional: /);
    expect(html).toMatch(/Title <input required=""/);
    expect(html).toMatch(/Reason <textarea required=""/);
  });

  it('says what each kind of source means, and what the rule applies to', () => {
    for (const kind of PROVENANCE_KINDS) expect(html).toContain(`<dt>${kind}</dt><dd>${PROVENANCE_MEANINGS[kind].replace(/’/g, '’')}</dd>`);
    expect(PROVENANCE_MEANINGS.provisional).toMatch(/house rule/);
    expect(html).toMatch(/becomes the source of every value the erratum changes that cited one/);
  });
});
