import { describe, expect, it } from 'vitest';
import { findInDocuments } from '@/editor/workbench/find';

describe('finding text in every document', () => {
  const docs = [
    { path: 'units.json', text: '{\n  "armor": {"name": "Armor", "movement": 4},\n  "infantry": {"name": "Infantry"}\n}' },
    { path: 'setup.json', text: '{"placements": [{"unit": "ge-armor-1", "at": "berlin"}, {"unit": "ARMOR-2"}]}' },
  ];

  it('lists each match, case aside, with its document, line and column as the editor counts them', () => {
    const { hits, total } = findInDocuments(docs, 'armor', 100);
    expect(total).toBe(4);
    expect(hits.map((h) => `${h.path}:${h.line}:${h.column}:${h.match}`)).toEqual(['units.json:2:4:armor', 'units.json:2:22:Armor', 'setup.json:1:30:armor', 'setup.json:1:67:ARMOR']);
    expect(hits[0]).toMatchObject({ before: '"', after: '": {"name": "Armor", "movement…' });
  });

  it('lists at most the limit, counting the rest, and nothing for an empty query', () => {
    expect(findInDocuments(docs, 'ARM', 2)).toMatchObject({ total: 4, hits: [{ path: 'units.json' }, { path: 'units.json' }] });
    expect(findInDocuments(docs, '', 10)).toEqual({ hits: [], total: 0 });
    expect(findInDocuments(docs, 'moscow', 10)).toEqual({ hits: [], total: 0 });
  });

  it('says which matches are in an unlisted draft, whose path may be that of no document', () => {
    const { hits } = findInDocuments([...docs, { path: 'errata/kept.json', text: '{"title": "Armor kept apart"}', unlisted: true }], 'armor', 10);
    expect(hits.map((h) => `${h.path}:${h.unlisted}`)).toEqual(['units.json:false', 'units.json:false', 'setup.json:false', 'setup.json:false', 'errata/kept.json:true']);
  });
});
