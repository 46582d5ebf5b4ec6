// The values a conflict decides: a pointer to a setting the schema defines, absent from an object that is there, names
// that setting's absence (not a dangling reference), inside a union the branch the data selects; a key the schema
// does not define there, or a missing parent, still dangles. A reading sets only what its conflict affects; the chosen
// reading's `sets` must be the resolved ruleset's values, its absence meaning the schema's default.
import { describe, expect, it } from 'vitest';
import { editJson, errorsOf, loadWith } from './helpers';

const RULES = 'skirmish/rules.json';
const M = 'skirmish/ruleset.json';
const ford = (change: (c: any) => void) => ({ [RULES]: editJson(RULES, (d) => change(d.conflicts['ford-hex'])) });
const found = (files: Record<string, string>) => loadWith('skirmish', files).diagnostics.map((d) => `${d.severity} ${d.code} ${d.pointer} ${d.message}`);

describe('a pointer a conflict decides', () => {
  it('to a setting the schema defines, absent from its object, is not dangling', () => {
    // The fixture's supply model gives no blockedAtSources: its absence is what the conflict decides.
    expect(errorsOf(loadWith('skirmish', ford((c) => (c.affects = ['/mechanics/supply/blockedAtSources']))).diagnostics)).toEqual([]);
  });

  it('to a key the schema does not define dangles, with the nearest defined key', () => {
    expect(found(ford((c) => (c.affects = ['/mechanics/supply/blockedAtSource'])))).toContain(
      'error dangling-ref /conflicts/ford-hex/affects/0 nothing in the resolved ruleset at /mechanics/supply/blockedAtSource, and the schema defines no "blockedAtSource" there; did you mean "blockedAtSources"?',
    );
  });

  it('into an object that is not there dangles, though the schema defines the key', () => {
    expect(found(ford((c) => (c.affects = ['/mechanics/conquest/liberatorOccupies'])))).toContain(
      'error dangling-ref /conflicts/ford-hex/affects/0 nothing in the resolved ruleset at /mechanics/conquest/liberatorOccupies',
    );
  });

  it('to a setting of the union branch the data selects, absent, is not dangling', () => {
    // The fixture's land combat is a fire table and its movement a hex grid: models keyed by `model`.
    const affects = ['/mechanics/combat/land/silentKinds', '/mechanics/movement/noZocToZoc'];
    expect(errorsOf(loadWith('skirmish', ford((c) => (c.affects = affects))).diagnostics)).toEqual([]);
  });

  it('to a key only another branch of the union defines dangles, with the nearest key of the selected one', () => {
    expect(found(ford((c) => (c.affects = ['/mechanics/combat/land/attackFactor', '/mechanics/combat/land/maxShfit'])))).toEqual([
      'error dangling-ref /conflicts/ford-hex/affects/0 nothing in the resolved ruleset at /mechanics/combat/land/attackFactor, and the schema defines no "attackFactor" there',
      'error dangling-ref /conflicts/ford-hex/affects/1 nothing in the resolved ruleset at /mechanics/combat/land/maxShfit, and the schema defines no "maxShfit" there; did you mean "maxShift"?',
    ]);
  });

  it('in a reading’s sets is checked the same way', () => {
    expect(found(ford((c) => (c.readings[1].sets = [{ pointer: '/map/places/ford/hexx', value: '0302' }], (c.affects = ['/map/places/ford']))))).toEqual([
      expect.stringMatching(/^error dangling-ref \/conflicts\/ford-hex\/readings\/1\/sets\/0\/pointer nothing in the resolved ruleset at \/map\/places\/ford\/hexx, and the schema defines no "hexx" there; did you mean "hex"\?$/),
    ]);
  });
});

describe('a reading’s sets beyond its conflict’s affects', () => {
  it('at or beneath a pointer the conflict affects: nothing said', () => {
    const sets = (c: any) => (c.readings[1].sets = [{ pointer: '/map/places/ford/hex', value: '0301' }]);
    expect(found(ford(sets))).toEqual([]);
    expect(found(ford((c) => (sets(c), (c.affects = ['/map/places/ford']))))).toEqual([]);
  });

  it('elsewhere: a warning at the pointer naming the reading, the pointer and the conflict’s affects', () => {
    const sets = [{ pointer: '/map/places/ford/hex', value: '0301' }, { pointer: '/mechanics/supply/blockedAtSources', value: true }];
    expect(found(ford((c) => ((c.readings[1].sets = sets), (c.affects = ['/map/places/ford']))))).toEqual([
      'warning reading-beyond-affects /conflicts/ford-hex/readings/1/sets/1/pointer reading "r0302" sets /mechanics/supply/blockedAtSources, which conflict "ford-hex" does not say it affects (its affects: /map/places/ford): add the pointer (or one above it) to affects, or leave it out of the reading',
    ]);
  });

  it('a sibling whose key the affected one begins is not beneath it', () => {
    const sets = [{ pointer: '/mechanics/supply/sources', value: ['capital'] }];
    expect(found(ford((c) => ((c.readings[0].sets = sets), (c.affects = ['/mechanics/supply/source']))))).toEqual([
      expect.stringMatching(/^warning reading-beyond-affects \/conflicts\/ford-hex\/readings\/0\/sets\/0\/pointer reading "r0301" sets \/mechanics\/supply\/sources, /),
    ]);
  });

  it('of a conflict that names no affects: every pointer set', () => {
    expect(found(ford((c) => ((c.readings[0].sets = [{ pointer: '/map/places/ford/hex', value: '0301' }]), delete c.affects)))).toEqual([
      'warning reading-beyond-affects /conflicts/ford-hex/readings/0/sets/0/pointer reading "r0301" sets /map/places/ford/hex, which conflict "ford-hex" does not say it affects (it names no affects): add the pointer (or one above it) to affects, or leave it out of the reading',
    ]);
  });
});

describe('the chosen reading’s values', () => {
  const readings = (c: any) => {
    c.readings[0].sets = [{ pointer: '/map/places/ford/hex', value: '0301' }];
    c.readings[1].sets = [{ pointer: '/map/places/ford/hex', value: '0302' }];
  };

  it('agree with the resolved ruleset: nothing said', () => {
    expect(found(ford(readings))).toEqual([]);
  });

  it('switched without the choice: a warning naming the value, and the reading the ruleset follows', () => {
    expect(found({ ...ford(readings), ...{ 'skirmish/map.json': editJson('skirmish/map.json', (d) => (d.map.places.ford.hex = '0302')) } })).toEqual([
      'warning reading-not-followed /conflicts/ford-hex/chosen the chosen reading "r0301" gives /map/places/ford/hex "0301", where the resolved ruleset has "0302": the ruleset follows reading "r0302"; choose it, or give the values back',
    ]);
  });

  it('the choice switched without the values: the same warning', () => {
    expect(found(ford((c) => (readings(c), (c.chosen = 'r0302'))))).toEqual([
      expect.stringMatching(/^warning reading-not-followed \/conflicts\/ford-hex\/chosen the chosen reading "r0302" gives \/map\/places\/ford\/hex "0302", where the resolved ruleset has "0301": the ruleset follows reading "r0301"/),
    ]);
  });

  it('absent counts as the schema’s default; a reading leaving a value absent wants it absent', () => {
    const blocked = (value?: boolean) => ({
      ...ford((c) => {
        c.readings[0].sets = [{ pointer: '/mechanics/supply/blockedAtSources', value: false }, { pointer: '/mechanics/supply/ownCapital' }];
        c.readings[1].sets = [{ pointer: '/mechanics/supply/blockedAtSources', value: true }];
        c.affects = ['/mechanics/supply'];
      }),
      ...(value === undefined ? {} : { [M]: editJson(M, (d) => (d.mechanics.supply.blockedAtSources = value)) }),
    });
    expect(found(blocked())).toEqual([]);
    expect(found(blocked(false))).toEqual([]);
    expect(found(blocked(true))).toEqual([
      'warning reading-not-followed /conflicts/ford-hex/chosen the chosen reading "r0301" gives /mechanics/supply/blockedAtSources false, where the resolved ruleset has true: the ruleset follows reading "r0302"; choose it, or give the values back',
    ]);
    expect(found({ ...blocked(), [M]: editJson(M, (d) => (d.mechanics.supply.ownCapital = true)) })).toEqual([
      'warning reading-not-followed /conflicts/ford-hex/chosen the chosen reading "r0301" gives /mechanics/supply/ownCapital nothing (absent), where the resolved ruleset has true: give the values, or choose the reading the ruleset follows',
    ]);
  });
});
