// A new place's kinds field: its list completes the kind after the last comma, and a kind no place has and no rule
// reads is said as it is typed, with the nearest kind.
import { describe, expect, it } from 'vitest';
import { kindChoices, unknownKinds } from '@/editor/map/kind-choices';

const OFFERS = [
  { id: 'capital', places: 2, read: true },
  { id: 'city', places: 18, read: true },
  { id: 'named-fort', places: 6, read: false },
  { id: 'port', places: 9, read: true },
  { id: 'production', places: 0, read: true },
];

describe('the kinds a new place is offered', () => {
  it('completes the first kind, each saying whether rules read it and how many places have it', () => {
    expect(kindChoices('', OFFERS)).toEqual([
      { value: 'capital', label: 'read by rules; on 2 places' },
      { value: 'city', label: 'read by rules; on 18 places' },
      { value: 'named-fort', label: 'read by no rule; on 6 places' },
      { value: 'port', label: 'read by rules; on 9 places' },
      { value: 'production', label: 'read by rules; on no place yet' },
    ]);
  });

  it('completes the kind after the last comma, keeping those typed and offering them no more', () => {
    expect(kindChoices('port,city , pro', OFFERS).map((c) => c.value)).toEqual(['port, city, capital', 'port, city, named-fort', 'port, city, production']);
  });

  it('says a typed kind no place has and no rule reads, with the nearest kind rules read', () => {
    expect(unknownKinds('prot, city', OFFERS)).toBe('"prot" is a kind no place has and no rule reads: did you mean "port"?');
    expect(unknownKinds('city, metropolis', OFFERS)).toBe('"metropolis" is a kind no place has and no rule reads');
  });

  it('says nothing of known kinds, nor of a kind being typed that an offered one begins with', () => {
    expect(unknownKinds('port, city, named-fort', OFFERS)).toBeUndefined();
    expect(unknownKinds('port, produ', OFFERS)).toBeUndefined();
    expect(unknownKinds('', OFFERS)).toBeUndefined();
  });
});
