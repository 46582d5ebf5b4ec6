// A lookup's detail in the play-by-play: a cell a designer filled provisionally is tagged so, with the note
// the page finds for the pointer the lookup cites.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@/engine/game';
import { EventDetail } from '@/editor/play/EventDetail';

const lookup: GameEvent = {
  kind: 'lookup', table: 'fire', row: '6', column: '3-5', shifts: [], roll: 6, result: 0, provisional: true,
  cite: { pointer: '/tables/fire/cells/6/3-5', rule: '4.1' },
  text: 'Fire Table: strength 5 → column 3-5; no column shift; roll 6 → row 6: 0 loss points (a provisional value)',
};
const render = (event: GameEvent, noteOf?: (pointer: string) => string | undefined) => renderToStaticMarkup(createElement(EventDetail, { event, noteOf }));

describe('EventDetail', () => {
  it('gives a provisional cell’s note, found by the pointer the lookup cites, in its detail and its tag', () => {
    const html = render(lookup, (p) => (p === '/tables/fire/cells/6/3-5' ? 'a guess to make the draft playable' : undefined));
    expect(html).toContain('[table fire; the value’s note: “a guess to make the draft playable”]');
    expect(html).toContain('title="A designer filled in this value, from no source: a guess to make the draft playable"');
  });

  it('says only that the value is provisional where it has no note (a fill’s plain cell)', () => {
    const html = render(lookup, () => undefined);
    // The text says it is a provisional value; the detail adds only the table's id.
    expect(html).toContain('[table fire]');
    expect(html).toContain('title="A designer filled in this value, from no source"');
  });
});
