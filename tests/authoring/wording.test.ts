// The workbench names a ruleset's own patch sets as a test game's header does: errata, or a variant's patch sets over what it extends.
import { describe, expect, it } from 'vitest';
import { patchSetWords } from '@/editor/errata/wording';

describe('patchSetWords', () => {
  it("calls a ruleset's own patch sets errata", () => {
    expect(patchSetWords(null)).toMatchObject({ view: 'Errata and variants', one: 'erratum', saveAs: 'errata' });
  });

  it("calls a variant's its patch sets over the ruleset it extends, never errata", () => {
    const words = patchSetWords('2ww');
    expect(words).toMatchObject({ view: 'Patch sets and variants', one: 'patch set', saveAs: 'a patch set over 2ww', pending: 'save it as a patch set over 2ww, or discard it' });
    for (const text of Object.values(words)) expect(text).not.toMatch(/errat/i);
  });
});
