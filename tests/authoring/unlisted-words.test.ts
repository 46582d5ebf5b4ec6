// What the workbench says of listing an unlisted draft again: where in its list it goes, whose draft revision is
// named, and that undo takes it back only while the page is open.
import { describe, expect, it } from 'vitest';
import { placeWords, relistedNotice, unlistedByEditNotice } from '@/editor/workbench/unlisted-words';
import { placeIn } from '@/server/routers/list-place';

describe('placeIn', () => {
  const former = ['a', 'b', 'c', 'd', 'e'];
  it('goes after the nearest earlier entry still listed, else before the nearest later one, else at the end', () => {
    expect(placeIn(['b', 'd'], former, 'c')).toBe(1);
    expect(placeIn(['b', 'd'], former, 'e')).toBe(2);
    expect(placeIn(['b', 'd'], former, 'a')).toBe(0);
    expect(placeIn(['x', 'y'], former, 'c')).toBe(2);
    expect(placeIn(['d', 'b'], former, 'c')).toBe(2);
  });
  it('goes at the end when no former list held it', () => {
    expect(placeIn(['b'], undefined, 'c')).toBe(1);
    expect(placeIn(['b'], ['b'], 'c')).toBe(1);
  });
});

describe('unlisted drafts: wording', () => {
  it('says between which entries of its list the draft goes', () => {
    expect(placeWords('patchSets', { after: 'errata/x.json', before: 'errata/y.json' })).toBe('under patchSets, after errata/x.json, before errata/y.json');
    expect(placeWords('patchSets', { after: 'errata/x.json', before: null })).toBe('under patchSets, last, after errata/x.json');
    expect(placeWords('documents.setup', { after: null, before: 'setup.json' })).toBe('under documents.setup, first, before setup.json');
    expect(placeWords('patchSets', { after: null, before: null })).toBe('under patchSets, its only entry');
    expect(placeWords('optionalPatchSets.fill', null)).toBe('under optionalPatchSets.fill');
  });

  it("names the revision as ruleset.json's, and promises undo only while the page is open", () => {
    expect(relistedNotice('errata/ok.json', { listAt: 'patchSets', between: { after: 'errata/a.json', before: null }, manifest: { revision: 14 } })).toBe(
      "Listed errata/ok.json in ruleset.json again, under patchSets, last, after errata/a.json (ruleset.json's draft revision 14). Ctrl+Z in ruleset.json takes it back while this page is open; after a reload, take it out of patchSets by hand.",
    );
  });

  it('says which drafts an edit of the manifest left unlisted', () => {
    expect(unlistedByEditNotice(['errata/ok.json'])).toBe('ruleset.json, as saved, no longer lists errata/ok.json: its draft is under “Unlisted drafts”, to list again or delete.');
    expect(unlistedByEditNotice(['a.json', 'b.json'])).toMatch(/lists a\.json, b\.json: their drafts are under/);
  });
});
