// The named places of a map as the play maps mark them: a glyph each by its most telling kind, named in its title.
import { describe, expect, it } from 'vitest';
import { placeMarks } from '@/editor/map/places';
import type { ViewPlace } from '@/server/geo/view';

describe('place marks', () => {
  const places: ViewPlace[] = [
    { id: 'paris', name: 'Paris', kinds: ['city', 'capital'], at: { lat: 48.9, lon: 2.35 } },
    { id: 'toulon', name: 'Toulon', kinds: ['city', 'port'], hex: '1911', at: { lat: 43.1, lon: 5.9 } },
    { id: 'scapa-flow', name: 'Scapa Flow', kinds: ['port'], hex: '1503' },
    { id: 'malta', name: 'Malta', kinds: ['named-fort'], hex: '2415' },
    { id: 'nowhere', name: 'Nowhere', kinds: ['city'] },
  ];
  it('marks each place by its most telling kind, named in its title, at its hex or else its real-world position', () => {
    const marks = placeMarks(places, 'hex');
    expect(marks.map((m) => [m.id, m.look])).toEqual([
      ['paris', 'capital'],
      ['toulon', 'city'],
      ['scapa-flow', 'port'],
      ['malta', 'fort'],
    ]);
    expect(marks[0]).toMatchObject({ at: { lat: 48.9, lon: 2.35 }, title: 'Paris (city, capital) · no hex in the data: drawn at its real-world position' });
    expect(marks[0].location).toBeUndefined();
    expect(marks[1]).toMatchObject({ location: '1911', title: 'Toulon (city, port) · hex 1911' });
    expect(marks[1].at).toBeUndefined();
  });
  it('marks an area map’s places alike, in their areas: hollow at their real-world position where the data give none', () => {
    const areaPlaces: ViewPlace[] = [
      { id: 'west-hall', name: 'West Hall', kinds: ['capital'], area: 'west' },
      { id: 'harbour', name: 'Harbour', kinds: ['port'], at: { lat: 50, lon: 1 } },
      { id: 'lost', name: 'Lost', kinds: ['city'] },
    ];
    expect(placeMarks(areaPlaces, 'area')).toEqual([
      { id: 'west-hall', look: 'capital', glyph: '★', title: 'West Hall (capital) · area west', location: 'west' },
      { id: 'harbour', look: 'port', glyph: '⚓', title: 'Harbour (port) · no area in the data: drawn at its real-world position', at: { lat: 50, lon: 1 } },
    ]);
  });
});
