// What the map editors write when a place is made its power's capital, a country of a power is added, or a terrain type
// or country is renamed or recoloured: the values, each where the ruleset's own documents hold it (the powers' document
// for a capital or a power's countries, the map's for a name), and what was done in words; or why it cannot be done. An editor writes them all as one edit, saved as
// drafts together and undone together.
import type { Source } from '@/engine/generated/schema-types';
import { setAt } from '@/engine/map/edit';
import { designerRefined } from '@/engine/provenance';
import type { ViewEntry, ViewPower, WrittenAt } from '@/server/geo/view';
import { chosenSource, type SourceChoice } from './SourcePicker';

/** A value to write where the ruleset's own documents hold it (undefined takes it away). */
export interface Write {
  at: WrittenAt;
  value: unknown;
}

/** A new entry (an area, a place, a country, a terrain type, a power) where the map writes such entries. */
export const entryAt = (at: WrittenAt, id: string, record: object): Write => ({ at: { document: at.document, pointer: `${at.pointer}/${id}` }, value: record });

/** Why some writes cannot be made: one goes to a document the map may not change (`editable` says which it may), or undefined. */
export function unwritable(writes: readonly Write[], editable: (document: string) => boolean): string | undefined {
  const elsewhere = writes.find((w) => !editable(w.at.document));
  return elsewhere && `${elsewhere.at.document} is not among the documents this map can change`;
}

/** An edit's writes and what it does, in words; or why it is refused, nothing written. */
export type Planned = { writes: Write[]; what: string } | { refused: string };

/** The texts of the documents the writes change, each written in turn over its text now (`text`). */
export function written(text: (path: string) => string, writes: readonly Write[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const { at, value } of writes) out.set(at.document, setAt(out.get(at.document) ?? text(at.document), at.pointer, value));
  return out;
}

/**
 * A record's source once the designer has changed one of its values on the map: provisional (keeping the rule it
 * refines) unless the rulebook is cited, which only gives a source to a record that had none. Undefined: left as it is.
 */
export function sourceAfter(provenance: SourceChoice, was: Source | undefined, what: string): Source | undefined {
  if (provenance.kind === 'provisional') return designerRefined(was, what);
  return was ? undefined : chosenSource(provenance);
}

/** A power's capitals as a list: none, one, or several. */
export const capitalsOf = (power: Pick<ViewPower, 'capital'>): string[] => (typeof power.capital === 'string' ? [power.capital] : (power.capital ?? []));

/** A power's capital once a place is made one: in place of the one it names, or one more where it names several. */
export const capitalAfter = (power: Pick<ViewPower, 'capital'>, place: string): string | string[] => (Array.isArray(power.capital) ? [...power.capital, place] : place);

/** The power a place belongs to: that of its country, which names its power or which a power lists as its own. */
export function powerOfCountry(country: string | undefined, countries: Record<string, { power?: string }>, powers: Record<string, Pick<ViewPower, 'countries'>>): string | undefined {
  if (!country) return undefined;
  const named = countries[country]?.power;
  if (named && Object.hasOwn(powers, named)) return named;
  return Object.entries(powers).find(([, p]) => p.countries?.includes(country))?.[0];
}

/** A place as making it a capital needs it: its kinds, and where they are written (none for a place another ruleset gives, whose kinds stay). */
export interface CapitalPlace {
  id: string;
  name: string;
  kinds: readonly string[];
  kindsAt?: WrittenAt;
}

/**
 * The place a power names its one capital, as `placeOf` finds it: it loses the kind `capital` when another replaces it
 * (capitalWrites). None where the power names several, or where another power names it too.
 */
export function replacedCapital<P>(powerId: string, powers: Record<string, Pick<ViewPower, 'capital'>>, placeOf: (id: string) => P | undefined): P | undefined {
  const capital = powers[powerId]?.capital;
  if (typeof capital !== 'string') return undefined;
  return Object.entries(powers).some(([id, p]) => id !== powerId && capitalsOf(p).includes(capital)) ? undefined : placeOf(capital);
}

/**
 * Makes a place a capital of a power: its capital in place of the one it names (a power has one capital, as a rule), or,
 * where it names several (all of which must be held), one more of them. The place is given the kind `capital` where it
 * lacks it (the play maps mark it so), and the place it replaces (`replaced`, replacedCapital) loses it; the power's source
 * says the designer chose its capital (see sourceAfter). `nameOf` names a place by its id.
 */
export function capitalWrites(power: ViewPower, place: CapitalPlace, provenance: SourceChoice, nameOf: (place: string) => string, replaced?: CapitalPlace): Planned {
  if (!power.writes) return { refused: `${power.name} comes from another ruleset: make its capital there, or with a patch set` };
  const was = capitalsOf(power);
  if (was.includes(place.id)) return { refused: `${place.name} is ${was.length > 1 ? 'a' : 'the'} capital of ${power.name} already` };
  const several = Array.isArray(power.capital);
  const writes: Write[] = [{ at: power.writes.capital, value: capitalAfter(power, place.id) }];
  if (!place.kinds.includes('capital') && place.kindsAt) writes.push({ at: place.kindsAt, value: [...place.kinds, 'capital'] });
  // A capital no more: not marked one on the play maps, nor warned of as a capital no power names.
  const unmarked = !several && replaced?.kindsAt && replaced.kinds.includes('capital') ? replaced : undefined;
  if (unmarked) {
    const kinds = unmarked.kinds.filter((k) => k !== 'capital');
    writes.push({ at: unmarked.kindsAt!, value: kinds.length ? kinds : undefined });
  }
  const note = several ? `${place.id} listed among its capitals by the designer on the map` : `capital set to ${place.id} by the designer on the map`;
  const source = sourceAfter(provenance, power.source, note);
  if (source) writes.push({ at: power.writes.source, value: source });
  const what = several
    ? `${place.name} made a capital of ${power.name}, beside ${was.map(nameOf).join(', ')}`
    : `${place.name} made the capital of ${power.name}${was.length ? `, in place of ${nameOf(was[0])}${unmarked ? ', no longer marked a capital' : ''}` : ''}`;
  return { writes, what };
}

/**
 * Adds a country (`entry`: its record where the map writes countries) of a power, when one is chosen: the country names
 * its power, and the power lists it among its countries, as play reads a power's own (the countries its units are
 * attacked in, those a bot weighs), written together; the power's source says the designer gave it the country (see
 * sourceAfter), and the power as it then is (`after`) is for an editor to show without reading the powers again.
 */
export function newCountryWrites(entry: Write, country: { id: string; name: string }, power: ViewPower | undefined, provenance: SourceChoice): Planned & { after?: ViewPower } {
  if (!power) return { writes: [entry], what: `${country.name} added as a country` };
  if (!power.writes?.countries) return { refused: `${power.name} comes from another ruleset: give it the country there, or with a patch set` };
  const countries = [...(power.countries ?? []), country.id];
  const writes: Write[] = [entry, { at: power.writes.countries, value: countries }];
  const source = sourceAfter(provenance, power.source, `country ${country.id} added by the designer on the map`);
  if (source) writes.push({ at: power.writes.source, value: source });
  return { writes, what: `${country.name} added as a country of ${power.name}`, after: { ...power, countries, ...(source ? { source } : {}) } };
}

/** A terrain type's or country's display values as the map editors change them (never its id, which other documents name). */
export interface EntryValues {
  name: string;
  /** #rrggbb. */
  color: string;
}

/** The schema's bounds on an entry's display values: its longest name, and a colour's form. */
export const MAX_NAME = 100;
const COLOR = /^#[0-9a-fA-F]{6}$/;

/**
 * Renames or recolours a terrain type or country (`kind` names which, for the words), writing only what changed, and the
 * entry as it then is (`after`), for an editor to show without reading the map again. `shown`
 * is the colour the map draws it with where it gives none: left so, no colour is written. A new name makes its source
 * the designer's (see sourceAfter); a colour is how the map draws it, not a rule's value, and keeps its source.
 */
export function entryWrites<E extends ViewEntry>(kind: 'terrain type' | 'country', entry: E, values: EntryValues, shown: string, provenance: SourceChoice): (Planned & { refused: string }) | { writes: Write[]; what: string; after: E } {
  if (!entry.writes) return { refused: `the ${kind} ${entry.name} comes from another ruleset: change it there, or with a patch set` };
  const name = values.name.trim();
  if (!name) return { refused: `give the ${kind} a name` };
  if (name.length > MAX_NAME) return { refused: `a name of at most ${MAX_NAME} characters, not ${name.length}` };
  if (!COLOR.test(values.color)) return { refused: `the colour "${values.color}" is not one of #rrggbb` };
  const color = values.color.toLowerCase();
  const renamed = name !== entry.name;
  const recoloured = color !== (entry.color ?? shown).toLowerCase();
  if (!renamed && !recoloured) return { refused: `nothing to save: the ${kind} ${entry.name} has that name and colour already` };
  const writes: Write[] = [];
  let after: E = entry;
  if (renamed) {
    writes.push({ at: entry.writes.name, value: name });
    const source = sourceAfter(provenance, entry.source, `renamed from "${entry.name}" by the designer on the map`);
    if (source) writes.push({ at: entry.writes.source, value: source });
    after = { ...after, name, ...(source ? { source } : {}) };
  }
  if (recoloured) {
    writes.push({ at: entry.writes.color, value: color });
    after = { ...after, color };
  }
  const what = [renamed ? `renamed ${name}` : '', recoloured ? `coloured ${color}` : ''].filter(Boolean).join(' and ');
  return { writes, what: `the ${kind} ${entry.name} ${what}`, after };
}
