// What the map editors write to make a place its power's capital, add a power or a country of a power, and rename or
// recolour a terrain type or country: the values and where they go, the words said, the refusals; and that the drafts they write load with no
// new diagnostic, on a hex and an area map made from the new-ruleset template, and on 2WW.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadRuleset, type Diagnostic } from '@/engine';
import type { Source } from '@/engine/generated/schema-types';
import { templateDocuments, templateManifest, type MapKind } from '@/engine/schema/template';
import { addedSource, countryRecord, powerRecord } from '@/editor/map/AddForm';
import { shownColor } from '@/editor/map/colors';
import { capitalWrites, entryAt, entryWrites, newCountryWrites, powerOfCountry, replacedCapital, sourceAfter, written, type Write } from '@/editor/map/entry-edits';
import { PROVISIONAL, type SourceChoice } from '@/editor/map/SourcePicker';
import { draftedOver, type DraftText } from '@/server/drafted-source';
import { areaView } from '@/server/geo/area-view';
import { mapView, type ViewEntry, type ViewPower } from '@/server/geo/view';

const at = (document: string, pointer: string) => ({ document, pointer });
const RULEBOOK: SourceChoice = { kind: 'rulebook', rule: '12.1' };
const names: Record<string, string> = { berlin: 'Berlin', munich: 'Munich', moscow: 'Moscow', leningrad: 'Leningrad' };
const nameOf = (id: string) => names[id] ?? id;
const germany: ViewPower = { name: 'Germany', side: 'axis', source: { kind: 'rulebook', rule: '1' }, writes: { capital: at('ruleset.json', '/powers/germany/capital'), source: at('ruleset.json', '/powers/germany/source') } };
const berlin = { id: 'berlin', name: 'Berlin', kinds: ['city'], kindsAt: at('map.json', '/map/places/berlin/kinds') };

describe('making a place its power capital', () => {
  it("writes the power's capital and gives the place the kind capital, its source the designer's, keeping the rule", () => {
    const plan = capitalWrites(germany, berlin, PROVISIONAL, nameOf);
    expect(plan).toEqual({
      writes: [
        { at: germany.writes!.capital, value: 'berlin' },
        { at: berlin.kindsAt, value: ['city', 'capital'] },
        { at: germany.writes!.source, value: { kind: 'provisional', rule: '1', note: 'capital set to berlin by the designer on the map' } },
      ],
      what: 'Berlin made the capital of Germany',
    });
  });

  it('replaces a capital named, and says which; a place of the kind already keeps its kinds', () => {
    const plan = capitalWrites({ ...germany, capital: 'munich', source: { kind: 'provisional' } }, { ...berlin, kinds: ['capital'] }, PROVISIONAL, nameOf);
    expect(plan).toEqual({ writes: [{ at: germany.writes!.capital, value: 'berlin' }], what: 'Berlin made the capital of Germany, in place of Munich' });
  });

  it('takes the kind capital from the place it replaces, unless another power names it too', () => {
    const munich = { id: 'munich', name: 'Munich', kinds: ['capital', 'city'], kindsAt: at('map.json', '/map/places/munich/kinds') };
    const powers = { germany: { ...germany, capital: 'munich' }, bavaria: { ...germany, name: 'Bavaria', capital: 'nuremberg' } };
    const replaced = replacedCapital('germany', powers, (id) => (id === 'munich' ? munich : undefined));
    expect(replaced).toBe(munich);
    const plan = capitalWrites(powers.germany, { ...berlin, kinds: ['capital'] }, RULEBOOK, nameOf, replaced);
    expect(plan).toEqual({
      writes: [
        { at: germany.writes!.capital, value: 'berlin' },
        { at: munich.kindsAt, value: ['city'] },
      ],
      what: 'Berlin made the capital of Germany, in place of Munich, no longer marked a capital',
    });
    // Its only kind gone, the place has none written.
    const lone = capitalWrites(powers.germany, { ...berlin, kinds: ['capital'] }, RULEBOOK, nameOf, { ...munich, kinds: ['capital'] });
    expect('writes' in lone && lone.writes[1]).toEqual({ at: munich.kindsAt, value: undefined });
    // Bavaria's capital as well: it stays one.
    expect(replacedCapital('germany', { ...powers, bavaria: { ...powers.bavaria, capital: ['munich', 'nuremberg'] } }, () => munich)).toBeUndefined();
    // A power of several capitals replaces none.
    expect(replacedCapital('germany', { germany: { ...germany, capital: ['munich', 'bonn'] } }, () => munich)).toBeUndefined();
  });

  it('adds one to a power of several capitals', () => {
    const ussr: ViewPower = { ...germany, name: 'USSR', capital: ['moscow', 'leningrad'] };
    const plan = capitalWrites(ussr, { id: 'stalingrad', name: 'Stalingrad', kinds: [] }, RULEBOOK, nameOf);
    // The rulebook cited: a power with a source keeps it; no kinds written where the place's are not the ruleset's own.
    expect(plan).toEqual({ writes: [{ at: germany.writes!.capital, value: ['moscow', 'leningrad', 'stalingrad'] }], what: 'Stalingrad made a capital of USSR, beside Moscow, Leningrad' });
  });

  it('refuses a place that is its capital already, and a power another ruleset gives', () => {
    expect(capitalWrites({ ...germany, capital: 'berlin' }, berlin, PROVISIONAL, nameOf)).toEqual({ refused: 'Berlin is the capital of Germany already' });
    expect(capitalWrites({ ...germany, capital: ['berlin', 'munich'] }, berlin, PROVISIONAL, nameOf)).toEqual({ refused: 'Berlin is a capital of Germany already' });
    expect(capitalWrites({ ...germany, writes: undefined }, berlin, PROVISIONAL, nameOf)).toEqual({ refused: 'Germany comes from another ruleset: make its capital there, or with a patch set' });
  });

  it("finds a place's power through its country: the country's power, or the power that lists it", () => {
    const countries = { prussia: { power: 'germany' }, bavaria: {}, ruritania: { power: 'nobody' } };
    const powers = { germany: { countries: ['bavaria'] }, austria: {} };
    expect(powerOfCountry('prussia', countries, powers)).toBe('germany');
    expect(powerOfCountry('bavaria', countries, powers)).toBe('germany');
    expect(powerOfCountry('ruritania', countries, powers)).toBeUndefined();
    expect(powerOfCountry(undefined, countries, powers)).toBeUndefined();
  });
});

describe('adding a country of a power', () => {
  const entry = { at: at('map.json', '/map/countries/austria'), value: { name: 'Austria', power: 'germany' } };
  const austria = { id: 'austria', name: 'Austria' };
  const listing = { ...germany, countries: ['germany'], writes: { ...germany.writes!, countries: at('ruleset.json', '/powers/germany/countries') } };

  it("lists it among the power's countries, written with the country, the power's source the designer's", () => {
    const source = { kind: 'provisional', rule: '1', note: 'country austria added by the designer on the map' };
    expect(newCountryWrites(entry, austria, listing, PROVISIONAL)).toEqual({
      writes: [entry, { at: listing.writes.countries, value: ['germany', 'austria'] }, { at: germany.writes!.source, value: source }],
      what: 'Austria added as a country of Germany',
      after: { ...listing, countries: ['germany', 'austria'], source },
    });
    // A power listing none yet gets its list; the rulebook cited, a power with a source keeps it.
    expect(newCountryWrites(entry, austria, { ...listing, countries: undefined }, RULEBOOK)).toEqual({
      writes: [entry, { at: listing.writes.countries, value: ['austria'] }],
      what: 'Austria added as a country of Germany',
      after: { ...listing, countries: ['austria'] },
    });
  });

  it('writes the country alone when it has no power, and refuses a power whose countries another ruleset lists', () => {
    expect(newCountryWrites(entry, austria, undefined, PROVISIONAL)).toEqual({ writes: [entry], what: 'Austria added as a country' });
    expect(newCountryWrites(entry, austria, germany, PROVISIONAL)).toEqual({ refused: 'Germany comes from another ruleset: give it the country there, or with a patch set' });
    expect(newCountryWrites(entry, austria, { ...listing, writes: undefined }, PROVISIONAL)).toEqual({ refused: 'Germany comes from another ruleset: give it the country there, or with a patch set' });
  });
});

describe('renaming and recolouring a terrain type or country', () => {
  const clear: ViewEntry = { name: 'Clear', source: { kind: 'rulebook', rule: '8.3' }, writes: { name: at('map.json', '/map/terrain/clear/name'), color: at('map.json', '/map/terrain/clear/color'), source: at('map.json', '/map/terrain/clear/source') } };

  it('writes the name, its source made provisional; a colour written keeps the source', () => {
    expect(entryWrites('terrain type', clear, { name: ' Open ground ', color: '#AABBCC' }, '#dcc99b', PROVISIONAL)).toEqual({
      writes: [
        { at: clear.writes!.name, value: 'Open ground' },
        { at: clear.writes!.source, value: { kind: 'provisional', rule: '8.3', note: 'renamed from "Clear" by the designer on the map' } },
        { at: clear.writes!.color, value: '#aabbcc' },
      ],
      what: 'the terrain type Clear renamed Open ground and coloured #aabbcc',
      after: { ...clear, name: 'Open ground', color: '#aabbcc', source: { kind: 'provisional', rule: '8.3', note: 'renamed from "Clear" by the designer on the map' } },
    });
    expect(entryWrites('country', { ...clear, name: 'Ruritania' }, { name: 'Ruritania', color: '#123456' }, '#dcc99b', PROVISIONAL)).toEqual({
      writes: [{ at: clear.writes!.color, value: '#123456' }],
      what: 'the country Ruritania coloured #123456',
      after: { ...clear, name: 'Ruritania', color: '#123456' },
    });
  });

  it('writes no colour for an entry drawn in the colour shown for it, and refuses what would not validate', () => {
    expect(entryWrites('terrain type', clear, { name: 'Clear', color: '#DCC99B' }, '#dcc99b', PROVISIONAL)).toEqual({ refused: 'nothing to save: the terrain type Clear has that name and colour already' });
    expect(entryWrites('terrain type', clear, { name: '  ', color: '#dcc99b' }, '#dcc99b', PROVISIONAL)).toEqual({ refused: 'give the terrain type a name' });
    expect(entryWrites('terrain type', clear, { name: 'x'.repeat(101), color: '#dcc99b' }, '#dcc99b', PROVISIONAL)).toEqual({ refused: 'a name of at most 100 characters, not 101' });
    expect(entryWrites('terrain type', clear, { name: 'Clear', color: 'red' }, '#dcc99b', PROVISIONAL)).toEqual({ refused: 'the colour "red" is not one of #rrggbb' });
    expect(entryWrites('country', { ...clear, writes: undefined }, { name: 'Open', color: '#dcc99b' }, '#dcc99b', PROVISIONAL)).toEqual({ refused: 'the country Clear comes from another ruleset: change it there, or with a patch set' });
  });

  it('cites the rulebook only for a record with no source', () => {
    expect(sourceAfter(RULEBOOK, undefined, 'renamed')).toEqual({ kind: 'rulebook', rule: '12.1' });
    expect(sourceAfter(RULEBOOK, { kind: 'inference' }, 'renamed')).toBeUndefined();
    expect(sourceAfter(PROVISIONAL, { kind: 'provisional', note: 'before' }, 'renamed')).toBeUndefined();
  });

  it("shows a colour as the colour input's #rrggbb: a given one in lower case, else the one the map gives", () => {
    const view = { terrain: { clear: { name: 'Clear', medium: 'land' }, forest: { name: 'Forest', medium: 'land' }, marsh: { name: 'Marsh', color: '#ABCDEF' } }, countries: {} };
    expect(shownColor('terrain', 'marsh', view)).toBe('#abcdef');
    expect(shownColor('terrain', 'forest', view)).toMatch(/^#[0-9a-f]{6}$/);
  });
});

/** A ruleset made from the new-ruleset template, in a throwaway folder. */
function template(kind: MapKind): { root: string; id: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sandtable-entries-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const id = `template-${kind}`;
  const documents = templateDocuments(kind);
  fs.mkdirSync(path.join(root, id));
  const paths = Object.fromEntries(Object.keys(documents).map((k) => [k, `${k}.json`]));
  fs.writeFileSync(path.join(root, id, 'ruleset.json'), JSON.stringify({ format: 1, id, title: 'Template', source: { title: 'Template' }, documents: paths, ...templateManifest(kind) }, null, 2));
  for (const [k, doc] of Object.entries(documents)) fs.writeFileSync(path.join(root, id, paths[k]), JSON.stringify(doc, null, 2));
  return { root, id };
}

/** Drafts held in memory, as the draft store would hold them. */
function drafts() {
  const held = new Map<string, DraftText>();
  return {
    draftOf: (p: string) => held.get(p),
    save: (texts: Map<string, string>) => texts.forEach((content, p) => held.set(p, { revision: (held.get(p)?.revision ?? 0) + 1, content })),
  };
}

const problems = (root: string, id: string, draftOf: (p: string) => DraftText | undefined) =>
  loadRuleset(draftedOver(root, id, draftOf), id).diagnostics.filter((d: Diagnostic) => d.severity !== 'info').map((d) => `${d.document}${d.pointer} ${d.code}: ${d.message}`);

describe.each(['hex', 'area'] as const)('the drafts the %s map editor writes', (kind) => {
  const { root, id } = template(kind);
  const view = (draftOf: (p: string) => DraftText | undefined) => (kind === 'hex' ? mapView(root, id, draftOf) : areaView(root, id, draftOf));

  it('say where a new power, a capital and a name are written: the manifest, the map', () => {
    const v = view(() => undefined);
    expect(v.newAt.powers).toEqual(at('ruleset.json', '/powers'));
    expect(v.powers?.['power-a']).toMatchObject({ name: 'Power A', side: 'side-a', writes: { capital: at('ruleset.json', '/powers/power-a/capital'), source: at('ruleset.json', '/powers/power-a/source'), countries: at('ruleset.json', '/powers/power-a/countries') } });
    expect(v.sides).toEqual({ 'side-a': 'Side A', 'side-b': 'Side B' });
    expect(v.terrain.clear.writes).toEqual({ name: at('map.json', '/map/terrain/clear/name'), color: at('map.json', '/map/terrain/clear/color'), source: at('map.json', '/map/terrain/clear/source') });
    expect(v.countries['country-a']).toMatchObject({ name: 'Country A', power: 'power-a' });
    expect(v.places.find((p) => p.id === 'home-a')).toMatchObject({ country: 'country-a', kindsAt: at('map.json', '/map/places/home-a/kinds') });
    expect(Object.keys(v.documents).sort()).toEqual(['map.json', 'ruleset.json']);
  });

  it('load with no new diagnostic: a power added, a place made its capital, a terrain type and a country renamed and recoloured', () => {
    const held = drafts();
    const before = problems(root, id, held.draftOf);
    let v = view(held.draftOf);
    const write = (writes: readonly Write[]) => {
      held.save(written((p) => held.draftOf(p)?.content ?? v.documents[p].content, writes));
      v = view(held.draftOf);
    };
    const source: Source = addedSource(PROVISIONAL);
    write([{ at: { document: 'ruleset.json', pointer: `${v.newAt.powers!.pointer}/power-c` }, value: powerRecord({ id: 'power-c', name: 'Power C', kind: 'minor', side: null, color: '#336699' }, source) }]);
    expect(v.powers?.['power-c']).toMatchObject({ name: 'Power C', side: null, color: '#336699' });
    const home = v.places.find((p) => p.id === 'home-a')!;
    const capital = capitalWrites(v.powers!['power-a'], home, PROVISIONAL, (p) => p);
    if ('refused' in capital) throw new Error(capital.refused);
    write(capital.writes);
    expect(v.powers?.['power-a'].capital).toBe('home-a');
    expect(v.places.find((p) => p.id === 'home-a')?.kinds).toEqual(['production', 'capital']);
    // A country of the new power: the map names its power, the power lists it.
    const country = { id: 'country-c', name: 'Country C', power: 'power-c' };
    const added = newCountryWrites(entryAt(v.newAt.countries!, country.id, countryRecord(country, source)), country, v.powers!['power-c'], PROVISIONAL);
    if ('refused' in added) throw new Error(added.refused);
    write(added.writes);
    expect([v.countries['country-c']?.power, v.powers?.['power-c'].countries]).toEqual(['power-c', ['country-c']]);
    for (const [what, entries, key] of [['terrain type', 'terrain', 'clear'], ['country', 'countries', 'country-b']] as const) {
      const plan = entryWrites(what, v[entries][key], { name: 'Renamed', color: '#102030' }, shownColor(entries, key, v), PROVISIONAL);
      if ('refused' in plan) throw new Error(plan.refused);
      write(plan.writes);
      expect(v[entries][key]).toMatchObject({ name: 'Renamed', color: '#102030', source: { kind: 'provisional' } });
    }
    expect(problems(root, id, held.draftOf)).toEqual(before);
    // Which a draft the schema refuses would not: the check sees what is written.
    write([{ at: at('ruleset.json', '/powers/power-c/kind'), value: 'huge' }]);
    expect(problems(root, id, held.draftOf)).toEqual([...before, expect.stringMatching(/^template-\w+\/ruleset\.json\/powers\/power-c\/kind bad-value: "huge" must be one of/)]);
  });
});

describe("2WW's own powers", () => {
  const root = path.join(import.meta.dirname, '..', '..', 'rulesets');
  const present = fs.existsSync(path.join(root, '2ww', 'ruleset.json')) && fs.existsSync(path.join(root, 'the-big-one', 'ruleset.json'));

  it.skipIf(!present)("are written in its manifest, where a new one goes and a capital is made; a variant's come from the ruleset it extends", () => {
    const ww = mapView(root, '2ww', () => undefined);
    expect(ww.newAt.powers).toEqual(at('ruleset.json', '/powers'));
    expect(ww.powers?.france).toMatchObject({ capital: 'paris', countries: ['france', 'french-north-africa'], writes: { capital: at('ruleset.json', '/powers/france/capital') } });
    expect(ww.documents['ruleset.json']).toBeDefined();
    const big = mapView(root, 'the-big-one', () => undefined);
    expect(big.newAt.powers).toBeUndefined();
    expect(big.powers?.france?.writes).toBeUndefined();
  });

  it.skipIf(!present)('are named, with the map\'s countries and places, as coming from 2WW where The Big One cannot add them, for its forms to say so', () => {
    const big = mapView(root, 'the-big-one', () => undefined);
    const ww = { id: '2ww', title: expect.stringMatching(/^2WW/) };
    for (const kind of ['powers', 'countries', 'places'] as const) expect(big.newAt[kind] ? 'addable' : big.newFrom?.[kind], kind).toEqual(ww);
    expect(mapView(root, '2ww', () => undefined).newFrom).toEqual({});
  });
});
