// The paint tool's edits to a document's text.
import { describe, expect, it } from 'vitest';
import { movePlace, paintHex, setListed, setCentroid, setHexside } from '@/engine/map/edit';

const doc = `{
  "map": {
    "kind": "hex",
    "hexes": {
      "0101": { "terrain": "all-land", "country": "france", "source": { "kind": "bootstrap" } }
    }
  }
}
`;

describe('paintHex', () => {
  it('changes only the painted values and the provenance, keeping the layout', () => {
    const out = paintHex(doc, '/map/hexes/0101', { terrain: 'all-sea' }, { kind: 'rulebook', rule: '8.3.2' });
    expect(JSON.parse(out).map.hexes['0101']).toEqual({ terrain: 'all-sea', country: 'france', source: { kind: 'rulebook', rule: '8.3.2' } });
    expect(out.split('\n').slice(0, 4)).toEqual(doc.split('\n').slice(0, 4));
  });

  it('creates a hex that is not there yet', () => {
    const out = paintHex(doc, '/map/hexes/0102', { terrain: 'coastal', country: 'spain' }, { kind: 'provisional' });
    expect(JSON.parse(out).map.hexes['0102']).toEqual({ terrain: 'coastal', country: 'spain', source: { kind: 'provisional' } });
  });

  it('takes a country away', () => {
    const out = paintHex(doc, '/map/hexes/0101', { country: null }, { kind: 'provisional' });
    expect(JSON.parse(out).map.hexes['0101']).toEqual({ terrain: 'all-land', source: { kind: 'provisional' } });
  });

  it('edits a hex inside a patch operation by its pointer', () => {
    const patch = JSON.stringify({ operations: [{ op: 'add', path: '/map/hexes/0101', value: { terrain: 'all-land' } }] });
    const out = paintHex(patch, '/operations/0/value', { terrain: 'all-sea' }, { kind: 'provisional' });
    expect(JSON.parse(out).operations[0].value).toEqual({ terrain: 'all-sea', source: { kind: 'provisional' } });
  });
});

describe('setHexside', () => {
  it('creates the list, adds once, and removes whichever way round the hexes are named', () => {
    const src = { kind: 'provisional' } as const;
    let out = setHexside(doc, '/map/hexsides', ['0101', '0102'], 'river', true, src);
    expect(JSON.parse(out).map.hexsides).toEqual([{ between: ['0101', '0102'], feature: 'river', source: src }]);
    out = setHexside(out, '/map/hexsides', ['0102', '0101'], 'river', true, src);
    out = setHexside(out, '/map/hexsides', ['0201', '0101'], 'river', true, src);
    expect(JSON.parse(out).map.hexsides).toHaveLength(2);
    out = setHexside(out, '/map/hexsides', ['0102', '0101'], 'river', false, src);
    expect(JSON.parse(out).map.hexsides).toEqual([{ between: ['0201', '0101'], feature: 'river', source: src }]);
  });
});

describe('area edits', () => {
  const areas = `{
  "map": {
    "kind": "area",
    "areas": {
      "a": { "name": "A", "type": "land", "adjacent": ["b"] },
      "b": { "name": "B", "type": "land" }
    }
  }
}
`;

  it('puts an area at a position, to a thousandth of a degree', () => {
    const out = setCentroid(areas, '/map/areas/b/centroid', { lat: 50.12345, lon: -3.98765 });
    expect(JSON.parse(out).map.areas.b.centroid).toEqual({ lat: 50.123, lon: -3.988 });
    expect(out).toContain('"a": { "name": "A", "type": "land", "adjacent": ["b"] }');
  });

  it('lists an adjacent area once, creating the list, and takes it off', () => {
    let out = setListed(areas, '/map/areas/b/adjacent', 'a', true);
    expect(JSON.parse(out).map.areas.b.adjacent).toEqual(['a']);
    expect(setListed(out, '/map/areas/b/adjacent', 'a', true)).toBe(out);
    out = setListed(out, '/map/areas/a/adjacent', 'b', false);
    expect(JSON.parse(out).map.areas.a.adjacent).toEqual([]);
    expect(setListed(out, '/map/areas/a/adjacent', 'b', false)).toBe(out);
  });
});

describe('movePlace', () => {
  const doc = '{\n  "map": {\n    "places": {\n      "cairo": { "name": "Cairo", "hex": "2416", "kinds": ["city"], "source": { "kind": "rulebook", "rule": "2.2" } }\n    }\n  }\n}\n';
  it('sets the hex and the source of the place, and nothing else', () => {
    const out = JSON.parse(movePlace(doc, '/map/places/cairo', '3415', { kind: 'rulebook', rule: 'errata 2.2' }));
    expect(out.map.places.cairo).toEqual({ name: 'Cairo', hex: '3415', kinds: ['city'], source: { kind: 'rulebook', rule: 'errata 2.2' } });
  });
  it('leaves the text alone where the place stands already', () => {
    expect(movePlace(doc, '/map/places/cairo', '2416', { kind: 'provisional' })).toBe(doc);
  });
  it("gives a place of no country the hex's, one of the country of the hex it leaves the new hex's, and keeps a country given apart", () => {
    const countries: Record<string, string> = { '3415': 'egypt', '3416': 'libya', '3417': 'egypt' };
    const countryOf = (hex: string) => countries[hex];
    const out = JSON.parse(movePlace(doc, '/map/places/cairo', '3415', { kind: 'provisional' }, countryOf));
    expect(out.map.places.cairo.country).toBe('egypt');
    // Put first on a hex of Egypt, it goes with the hex it is moved to.
    const moved = JSON.parse(movePlace(JSON.stringify(out), '/map/places/cairo', '3416', { kind: 'provisional' }, countryOf));
    expect(moved.map.places.cairo.country).toBe('libya');
    // Given Sudan apart from its hex, it keeps it.
    const own = JSON.stringify({ map: { places: { cairo: { ...out.map.places.cairo, country: 'sudan' } } } });
    expect(JSON.parse(movePlace(own, '/map/places/cairo', '3417', { kind: 'provisional' }, countryOf)).map.places.cairo.country).toBe('sudan');
  });
});
