// Undo and redo in the map editors: which texts an undo or a redo saves, and what it refuses to overwrite.
import { describe, expect, it } from 'vitest';
import { afterRedo, afterUndo, changedTexts, noHistory, recorded, textsFor, type MapEdit } from '@/editor/map/history';

const edit: MapEdit = { what: '2 hexes painted', texts: { 'map.json': { before: 'A', after: 'B' } } };

describe('map edit history', () => {
  it('keeps only the documents an edit changed', () => {
    const before: Record<string, string> = { 'map.json': 'A', 'map-grid.json': 'G' };
    expect(changedTexts((path) => before[path], [['map.json', 'B'], ['map-grid.json', 'G']])).toEqual(edit.texts);
  });

  it('saves the text before the edit to undo it, and the text after to redo it', () => {
    expect(textsFor(edit, true, () => 'B')).toEqual({ texts: [['map.json', 'A']] });
    expect(textsFor(edit, false, () => 'A')).toEqual({ texts: [['map.json', 'B']] });
  });

  it('names a document changed since the edit rather than overwrite that change', () => {
    expect(textsFor(edit, true, () => 'C')).toEqual({ changed: 'map.json' });
    expect(textsFor(edit, false, () => 'B')).toEqual({ changed: 'map.json' });
  });

  it('undoes the latest edit first, and a new edit ends what could be redone', () => {
    const second = { ...edit, what: 'second' };
    let h = recorded(recorded(noHistory(), edit), second);
    h = afterUndo(h);
    expect([h.done.map((e) => e.what), h.undone.map((e) => e.what)]).toEqual([['2 hexes painted'], ['second']]);
    expect(afterRedo(h).done.at(-1)?.what).toBe('second');
    expect(recorded(h, { ...edit, what: 'third' }).undone).toEqual([]);
  });

  it('keeps the last hundred edits', () => {
    let h = noHistory();
    for (let i = 0; i < 150; i++) h = recorded(h, { ...edit, what: String(i) });
    expect([h.done.length, h.done[0].what]).toEqual([100, '50']);
  });
});
