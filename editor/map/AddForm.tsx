'use client';
// Rows of inputs adding an entry to a map, for the map editors: a country (its id, name and power), a power (its kind,
// side and colour), a named place (with its kinds and value, and the power it is the capital of), a terrain type (its
// medium and colour). Each checks what it is given and says what is wrong before its owner writes the entry. A colour
// is written only where the designer picks one: without, the entry is drawn in its automatic colour.
import { useState } from 'react';
import type { Source } from '@/engine/generated/schema-types';
import { idProblem } from '@/engine/schema/id';
import { chosenSource, type SourceChoice } from './SourcePicker';
import { MAX_NAME } from './entry-edits';
import { useRefusal } from './last-attempt';
import type { PlaceKindOffer, ViewPower } from '@/server/geo/view';
import { kindChoices, unknownKinds } from './kind-choices';
import styles from './map.module.css';

/** What a new entry's provisional source says of it. */
const ADDED = 'added by the designer on the map';

/** A new entry's source: the one chosen, provisional by default. */
export const addedSource = (provenance: SourceChoice): Source => chosenSource(provenance, ADDED) ?? { kind: 'provisional', note: ADDED };

/** A named place to add: its kinds as ids, its value when given, and the power it is the capital of when one is chosen (its kinds then name it a capital). */
export interface NewPlaceValues {
  id: string;
  name: string;
  kinds: string[];
  value?: number;
  capitalOf?: string;
}

/** A new place's record as the map writes it: where it stands (its area, its country) given by the editor. */
export const placeRecord = ({ name, kinds, value }: NewPlaceValues, source: Source, where: { area?: string; country?: string } = {}) => ({
  name,
  ...where,
  ...(kinds.length ? { kinds } : {}),
  ...(value !== undefined ? { value } : {}),
  source,
});

/** Writes the entry; what went wrong, if anything (undefined once added). */
type Adding<T extends unknown[]> = (...values: T) => Promise<string | undefined>;

interface Common {
  disabled: boolean;
  /** The ids already taken by entries of the kind. */
  taken: (id: string) => boolean;
}

/** A country to add: the power it belongs to, when one is chosen. */
export interface NewCountryValues {
  id: string;
  name: string;
  power?: string;
}

/**
 * `powers`: those the ruleset has, by id; the new country may belong to one whose list of countries its own documents
 * write (`writes`), which then lists it. With none, the form does not offer it.
 */
export function NewCountryForm({ disabled, taken, powers, onAdd }: Common & { powers: Record<string, Pick<ViewPower, 'name' | 'writes'>>; onAdd: Adding<[NewCountryValues]> }) {
  const owners = Object.entries(powers).flatMap(([id, p]): [string, string][] => (p.writes?.countries ? [[id, p.name]] : []));
  return (
    <AddForm
      label="New country"
      fields={['id', 'name', ...(owners.length ? (['power'] as const) : [])]}
      choices={{ power: [['', 'no power'], ...owners] }}
      disabled={disabled}
      onAdd={({ id, name, power }) => {
        const wrong = idWrong(id, 'country', taken);
        return wrong ? Promise.resolve(wrong) : onAdd({ id, name, ...(power ? { power } : {}) });
      }}
    />
  );
}

/**
 * `powers`: those the ruleset has, by id; the new place may be made the capital of one its own documents write (`writes`).
 * With none, the form does not offer it.
 */
export function NewPlaceForm({ disabled, taken, kinds, powers, onAdd }: Common & { kinds: readonly PlaceKindOffer[]; powers: Record<string, Pick<ViewPower, 'name' | 'writes'>>; onAdd: Adding<[NewPlaceValues]> }) {
  const capitals = Object.entries(powers).flatMap(([id, p]) => (p.writes ? [[id, p.name] as const] : []));
  return (
    <AddForm
      label="New place"
      fields={['id', 'name', 'kinds', 'value', ...(capitals.length ? (['capital'] as const) : [])]}
      choices={{ capital: [['', 'capital of no power'], ...capitals.map(([id, name]): [string, string] => [id, `capital of ${name}`])] }}
      kinds={kinds}
      disabled={disabled}
      onAdd={(values) => {
        const place = placeOf(values, taken);
        return typeof place === 'string' ? Promise.resolve(place) : onAdd(place);
      }}
    />
  );
}

/** A terrain type to add: who may stand there (the schema's medium), and its colour on the map where one is picked. */
export interface NewTerrainValues {
  id: string;
  name: string;
  medium: 'land' | 'sea' | 'coastal';
  color?: string;
}

/** A power to add: what the schema requires of one (its kind, and its side or none), and its colour for its counters where one is picked. */
export interface NewPowerValues {
  id: string;
  name: string;
  kind: 'major' | 'minor' | 'neutral';
  side: string | null;
  color?: string;
}

/** A colour the form holds, as the entry's: none where the designer picked none. */
const picked = (color: string) => (color ? { color } : {});

/** A new power's record as the map writes it. */
export const powerRecord = ({ name, kind, side, color }: NewPowerValues, source: Source) => ({ name, kind, side, ...picked(color ?? ''), source });

const POWER_KINDS: [NewPowerValues['kind'], string][] = [['major', 'major power'], ['minor', 'minor power'], ['neutral', 'neutral']];

/**
 * `sides`: the ruleset's sides by id with their names, one of which (or none) the power is on at the start; none offered
 * where it has none. `powers`: those it has, whose ids are taken, and whose names too (every list of powers names them).
 */
export function NewPowerForm({ disabled, powers, sides, onAdd }: Omit<Common, 'taken'> & { powers: Record<string, { name: string }>; sides: Record<string, string>; onAdd: Adding<[NewPowerValues]> }) {
  const sided = Object.keys(sides).length > 0;
  return (
    <AddForm
      label="New power"
      fields={['id', 'name', 'kind', ...(sided ? (['side'] as const) : []), 'color']}
      choices={{ kind: POWER_KINDS, side: [['', 'no side'], ...Object.entries(sides).map(([id, name]): [string, string] => [id, `side: ${name}`])] }}
      disabled={disabled}
      onAdd={({ id, name, kind, side, color }) => {
        const namesake = Object.keys(powers).find((other) => powers[other].name.toLowerCase() === name.toLowerCase());
        const wrong = idWrong(id, 'power', (x) => Object.hasOwn(powers, x)) ?? (namesake !== undefined ? `the power ${namesake} is named ${powers[namesake].name} already: give this one another name` : undefined);
        return wrong ? Promise.resolve(wrong) : onAdd({ id, name, kind: (kind || 'major') as NewPowerValues['kind'], side: side || null, ...picked(color) });
      }}
    />
  );
}

/** A new country's record as the map writes it. */
export const countryRecord = ({ name, power }: NewCountryValues, source: Source) => ({ name, ...(power ? { power } : {}), source });

/** A new terrain type's record as the map writes it. */
export const terrainRecord = ({ name, medium, color }: NewTerrainValues, source: Source) => ({ name, medium, ...picked(color ?? ''), source });

const MEDIA: [NewTerrainValues['medium'], string][] = [['land', 'land: land units'], ['sea', 'sea: fleets'], ['coastal', 'coastal: both']];

export function NewTerrainForm({ disabled, taken, onAdd }: Common & { onAdd: Adding<[NewTerrainValues]> }) {
  return (
    <AddForm
      label="New terrain"
      fields={['id', 'name', 'medium', 'color']}
      choices={{ medium: MEDIA }}
      disabled={disabled}
      onAdd={({ id, name, medium, color }) => {
        const wrong = idWrong(id, 'terrain', taken);
        return wrong ? Promise.resolve(wrong) : onAdd({ id, name, medium: (medium || 'land') as NewTerrainValues['medium'], ...picked(color) });
      }}
    />
  );
}

/** What is wrong with a new entry's id, if anything. */
const idWrong = (id: string, what: string, taken: (id: string) => boolean) => {
  const problem = idProblem(id);
  return problem ? `an id ${problem}` : taken(id) ? `there is already a ${what} "${id}"` : undefined;
};

/** The place the form's values make, or what is wrong with them. */
function placeOf({ id, name, kinds, value, capital }: Record<Field, string>, taken: (id: string) => boolean): NewPlaceValues | string {
  const wrong = idWrong(id, 'place', taken);
  if (wrong) return wrong;
  // A kind named twice is named once; a power's capital is of the kind capital, which the play maps mark.
  const listed = [...new Set([...kinds.split(',').map((k) => k.trim()).filter(Boolean), ...(capital ? ['capital'] : [])])];
  const kind = listed.find((k) => idProblem(k));
  if (kind !== undefined) return `the kind "${kind}" is not an id: it ${idProblem(kind)}`;
  // Written as the rulebook prints it: digits, a decimal point (not 0x10, 1e3, nor below nothing).
  if (value && !/^\d+(\.\d+)?$/.test(value)) return `the value "${value}" is not a number of 0 or more, in digits`;
  const number = value ? Number(value) : undefined;
  return { id, name, kinds: listed, ...(number !== undefined ? { value: number } : {}), ...(capital ? { capitalOf: capital } : {}) };
}

type Field = 'id' | 'name' | 'kinds' | 'value' | 'power' | 'medium' | 'color' | 'kind' | 'side' | 'capital';
const HINTS: Record<Field, string> = { id: 'id', name: 'name', kinds: 'kinds, by commas', value: 'value', power: 'power', medium: 'medium', color: 'colour', kind: 'kind', side: 'side', capital: 'capital of' };
// No colour until the designer picks one ('' is the automatic colour).
const EMPTY: Record<Field, string> = { id: '', name: '', kinds: '', value: '', power: '', medium: '', color: '', kind: '', side: '', capital: '' };
/** What a colour input shows before one is picked: it must hold some colour. */
const UNPICKED = '#a0a0a0';

/** Why the form cannot add yet, if it cannot: an entry needs an id and a name. */
const missing = ({ id, name }: Record<Field, string>) => [!id.trim() && 'an id', !name.trim() && 'a name'].filter(Boolean).join(' and ');

/**
 * A row of inputs: its own form, apart from any other (an area's), so that Enter in it adds the entry and nothing
 * else. An entry needs an id and a name; says what is wrong, if anything; emptied once added.
 */
function AddForm({ label, fields, kinds = [], choices = {}, disabled, onAdd }: { label: string; fields: Field[]; kinds?: readonly PlaceKindOffer[]; choices?: Partial<Record<Field, [string, string][]>>; disabled: boolean; onAdd(values: Record<Field, string>): Promise<string | undefined> }) {
  const { values, setValues, error, setError, attempt, change } = useEntry(EMPTY);
  const listId = `${label.replace(/\W+/g, '-').toLowerCase()}-kinds`;
  const unknown = fields.includes('kinds') ? unknownKinds(values.kinds, kinds) : undefined;
  return (
    <form
      className={styles.addRow}
      aria-label={label}
      onSubmit={async (e) => {
        e.preventDefault();
        attempt();
        const name = values.name.trim();
        const why = name.length > MAX_NAME ? `a name of at most ${MAX_NAME} characters, not ${name.length}` : await onAdd({ ...values, id: values.id.trim(), name, value: values.value.trim() });
        setError(why);
        if (!why) setValues(EMPTY);
      }}
    >
      <fieldset disabled={disabled}>
        <legend>{label}</legend>
        {fields.map((f) =>
          choices[f] ? (
            <select key={f} aria-label={`${label}: ${HINTS[f]}`} value={values[f]} onChange={(e) => change(f, e.target.value)} data-field={f}>
              {choices[f].map(([id, name]) => (
                <option key={id} value={id}>
                  {name}
                </option>
              ))}
            </select>
          ) : f === 'color' ? (
            <ColorChoice key={f} label={`${label}: ${HINTS[f]}`} value={values[f]} onChange={(color) => change(f, color)} />
          ) : (
          <input
            key={f}
            aria-label={`${label}: ${HINTS[f]}`}
            placeholder={HINTS[f]}
            value={values[f]}
            onChange={(e) => change(f, e.target.value)}
            data-field={f}
            list={f === 'kinds' && kinds.length ? listId : undefined}
            inputMode={f === 'value' ? 'decimal' : undefined}
          />
          ),
        )}
        {fields.includes('kinds') && kinds.length > 0 && (
          <datalist id={listId}>
            {kindChoices(values.kinds, kinds).map(({ value, label }) => (
              <option key={value} value={value} label={label} />
            ))}
          </datalist>
        )}
        {unknown && (
          <span className={styles.note} data-testid="unknown-kinds">
            {unknown}
          </span>
        )}
        <button type="submit" disabled={!!missing(values)} title={missing(values) ? `Give ${missing(values)} first` : undefined}>
          Add
        </button>
        {/* Said once something is typed: a form left alone needs no telling. */}
        {missing(values) && fields.some((f) => values[f] !== EMPTY[f]) && <span className={styles.note}>needs {missing(values)}</span>}
        <Refusal error={error} />
      </fieldset>
    </form>
  );
}

/** A colour to pick, or none (the entry's automatic colour): "automatic" until one is picked, then a way back to it. */
function ColorChoice({ label, value, onChange }: { label: string; value: string; onChange(color: string): void }) {
  return (
    <span className={styles.colorChoice}>
      <input type="color" aria-label={label} data-field="color" data-picked={value ? 'yes' : 'no'} value={value || UNPICKED} onChange={(e) => onChange(e.target.value)} />
      {value ? (
        <button type="button" aria-label={`${label}: automatic`} title="Back to the automatic colour" onClick={() => onChange('')}>
          ×
        </button>
      ) : (
        <span className={styles.note}>automatic</span>
      )}
    </span>
  );
}

/**
 * A form's values and why it was refused (useRefusal: `attempt` as it is sent): what was wrong is said until a value is
 * changed, when it may no longer be, or another attempt on the page begins.
 */
export function useEntry<V extends Record<keyof V, string>>(initial: V) {
  const [values, setValues] = useState(initial);
  const { error, setError, attempt } = useRefusal();
  const change = (key: keyof V, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setError(undefined);
  };
  return { values, setValues, error, setError, attempt, change };
}

/** Why an entry was refused, where it was: said at once to a screen reader, gone once the entry changes or another attempt begins. */
export const Refusal = ({ error }: { error?: string }) =>
  error ? (
    <span className={styles.error} role="alert">
      {error}
    </span>
  ) : null;
