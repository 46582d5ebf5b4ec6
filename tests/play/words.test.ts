// How the play page reads a location the tester types, and words its status lines.
import { describe, expect, it } from 'vitest';
import { describe as said, locLabel, stocksLine, typedLocation, whereIs } from '@/editor/play/words';

describe('typedLocation', () => {
  const hexes = { kind: 'hex' as const };
  const land = (name: string) => ({ name, type: 'land' as const });
  const areas = { kind: 'area' as const, areas: { '12': land('Twelve'), paris: land('Paris') } };

  it('reads a bare number as a hex on a hex map, and what has a kind as written', () => {
    expect(typedLocation(' 1909 ', hexes)).toBe('hex:1909');
    expect(typedLocation('box:atlantic', hexes)).toBe('box:atlantic');
    expect(typedLocation('area:paris', areas)).toBe('area:paris');
  });

  it('reads a bare word on an area map as the area of that id, a hex number as a hex unless an area has it for id', () => {
    expect(typedLocation('paris', areas)).toBe('area:paris');
    expect(typedLocation('atlantis', areas)).toBe('area:atlantis');
    expect(typedLocation('1909', areas)).toBe('hex:1909');
    expect(typedLocation('12', areas)).toBe('area:12');
  });

  it('reads the id of an area as that area on any map', () => {
    expect(typedLocation('paris', { kind: 'hex', areas: { paris: land('Paris') } })).toBe('area:paris');
  });

  it("reads a named place, by its name or id in any case, as where it stands, and an area or box by its name", () => {
    const map = { kind: 'hex' as const, places: { berlin: { name: 'Berlin', hex: '2106' }, vienna: { name: 'Vienna' } }, boxes: { atlantic: { name: 'Atlantic box' } } };
    for (const typed of ['Berlin', ' berlin ', 'BERLIN']) expect(typedLocation(typed, map as never)).toBe('hex:2106');
    expect(typedLocation('atlantic box', map as never)).toBe('box:atlantic');
    // A place with nowhere to stand, or a name nothing has, is read as before (the engine then says it is no location).
    expect(typedLocation('Vienna', map as never)).toBe('hex:Vienna');
    expect(typedLocation('2106', map as never)).toBe('hex:2106');
    const areaMap = { kind: 'area' as const, areas: { '12': land('Twelve'), 'ile-de-france': land('Île-de-France') }, places: { paris: { name: 'Paris', area: 'ile-de-france' } } };
    expect(typedLocation('Paris', areaMap as never)).toBe('area:ile-de-france');
    expect(typedLocation('twelve', areaMap as never)).toBe('area:12');
  });
});

describe('stocksLine', () => {
  it('names the powers holding points, and those with none together, by resource', () => {
    const stocks = [
      { power: 'fr', resource: 'pp', amount: 2 },
      { power: 'gb', resource: 'pp', amount: 0 },
      { power: 'de', resource: 'pp' },
      { power: 'fi', resource: 'pp', amount: 0 },
      { power: 'fi', resource: 'oil', amount: 0 },
    ];
    expect(stocksLine(stocks, (p) => p.toUpperCase())).toBe('FR 2 pp · DE ? pp · 0 pp: GB, FI · 0 oil: FI');
  });

  it('says a conquered power is conquered, last, with what it still holds', () => {
    const stocks = [
      { power: 'de', resource: 'pp', amount: 2, conquered: true as const },
      { power: 'de', resource: 'oil', amount: 0, conquered: true as const },
      { power: 'it', resource: 'pp', amount: 0, conquered: true as const },
      { power: 'gb', resource: 'pp', amount: 5 },
    ];
    expect(stocksLine(stocks, (p) => p.toUpperCase())).toBe('GB 5 pp · DE conquered (2 pp) · IT conquered');
  });
});

describe('locLabel and whereIs', () => {
  const nameOf = (id: string) => ({ 'gb-home-fleet': 'Home Fleet' })[id] ?? id;
  it('name a carrier as its counter does, and other places by kind and id', () => {
    expect(whereIs('carried:gb-home-fleet', nameOf)).toBe('aboard Home Fleet');
    expect(locLabel('carried:gb-home-fleet', nameOf)).toBe('aboard Home Fleet');
    expect(whereIs('hex:1906', nameOf)).toBe('at hex 1906');
    expect(whereIs('pool', nameOf)).toBe('(pool)');
    // Areas and boxes by their names on the map, where it names them.
    const map = { kind: 'hex', boxes: { atlantic: { name: 'Atlantic box' } }, areas: { france: { name: 'France' } } } as unknown as Parameters<typeof locLabel>[2];
    expect(whereIs('box:atlantic', nameOf, map)).toBe('at Atlantic box');
    expect(locLabel('area:france', nameOf, map)).toBe('France');
    expect(locLabel('box:capetown', nameOf, map)).toBe('box capetown');
  });
});

describe('describe (an action in words)', () => {
  it('names areas and boxes by the map, units by their names', () => {
    const map = { kind: 'area' as const, areas: { south: { name: 'Lakeside', type: 'land' as const } } };
    const nameOf = (id: string) => (id === 'rot-1' ? '1st Rot Infantry' : id);
    expect(said({ type: 'move', side: 'red', unit: 'rot-1', to: 'area:south' }, nameOf, map)).toBe('move 1st Rot Infantry to Lakeside');
    expect(said({ type: 'move', side: 'red', unit: 'rot-1', to: 'area:south' }, nameOf)).toBe('move 1st Rot Infantry to area south');
    // A move by rail says so, as the question waiting on it and a refusal name it.
    expect(said({ type: 'move', side: 'red', unit: 'rot-1', to: 'hex:2205', rail: true }, nameOf)).toBe('move 1st Rot Infantry to hex 2205 by rail');
    expect(said({ type: 'start' }, nameOf)).toBe('start the game');
  });

  it('names the unit of an advance, a retreat, a purchase, an upgrade, and the units taking losses', () => {
    const nameOf = (id: string) => ({ 'rot-1': '1st Rot Infantry', 'rot-2': '2nd Rot Armor' })[id] ?? id;
    expect(said({ type: 'advance', side: 'red', unit: 'rot-1', to: 'hex:0402' }, nameOf)).toBe('advance 1st Rot Infantry to hex 0402');
    expect(said({ type: 'retreat', side: 'red', unit: 'rot-1', to: 'hex:0301' }, nameOf)).toBe('retreat 1st Rot Infantry to hex 0301');
    expect(said({ type: 'buy', side: 'red', unit: 'rot-2' }, nameOf)).toBe('buy 2nd Rot Armor');
    expect(said({ type: 'upgrade', side: 'red', unit: 'rot-2' }, nameOf)).toBe('upgrade 2nd Rot Armor');
    expect(said({ type: 'allocate', side: 'red', loss: 'l1', units: ['rot-1', 'rot-2'] }, nameOf)).toBe('take losses with 1st Rot Infantry, 2nd Rot Armor');
  });
});
