'use client';
// Rows of inputs adding an entry to a map, for the map editors: a country (its id, name and power), a named place (with
// its kinds and value), a terrain type (its medium and colour). Each checks what it is given and says what is wrong
// before its owner writes the entry.
import { useState } from 'react';
import type { Source } from '@/engine/generated/schema-types';
import { idProblem } from '@/engine/schema/id';
import { chosenSource, type SourceChoice } from './SourcePicker';
import styles from './map.module.css';

/** What a new entry's provisional source says of it. */
const ADDED = 'added by the designer on the map';

/** A new entry's source: the one chosen, provisional by default. */
export const addedSource = (provenance: SourceChoice): Source => chosenSource(provenance, ADDED) ?? { kind: 'provisional', note: ADDED };

/** A named place to add: its kinds as ids, its value when given. */
export interface NewPlaceValues {
  id: string;
  name: string;
  kinds: string[];
  value?: number;
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

export function NewCountryForm({ disabled, taken, powers, onAdd }: Common & { powers: Record<string, string>; onAdd: Adding<[NewCountryValues]> }) {
  return (
    <AddForm
      label="New country"
      fields={['id', 'name', 'power']}
      choices={{ power: [['', 'no power'], ...Object.entries(powers)] }}
      disabled={disabled}
      onAdd={({ id, name, power }) => {
        const wrong = idWrong(id, 'country', taken);
        return wrong ? Promise.resolve(wrong) : onAdd({ id, name, ...(power ? { power } : {}) });
      }}
    />
  );
}

export function NewPlaceForm({ disabled, taken, kinds, onAdd }: Common & { kinds: readonly string[]; onAdd: Adding<[NewPlaceValues]> }) {
  return (
    <AddForm
      label="New place"
      fields={['id', 'name', 'kinds', 'value']}
      kinds={kinds}
      disabled={disabled}
      onAdd={(values) => {
        const place = placeOf(values, taken);
        return typeof place === 'string' ? Promise.resolve(place) : onAdd(place);
      }}
    />
  );
}

/** A terrain type to add: who may stand there (the schema's medium), and its colour on the map. */
export interface NewTerrainValues {
  id: string;
  name: string;
  medium: 'land' | 'sea' | 'coastal';
  color: string;
}

/** A new country's record as the map writes it. */
export const countryRecord = ({ name, power }: NewCountryValues, source: Source) => ({ name, ...(power ? { power } : {}), source });

/** A new terrain type's record as the map writes it. */
export const terrainRecord = ({ name, medium, color }: NewTerrainValues, source: Source) => ({ name, medium, color, source });

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
        return wrong ? Promise.resolve(wrong) : onAdd({ id, name, medium: (medium || 'land') as NewTerrainValues['medium'], color });
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
function placeOf({ id, name, kinds, value }: Record<Field, string>, taken: (id: string) => boolean): NewPlaceValues | string {
  const wrong = idWrong(id, 'place', taken);
  if (wrong) return wrong;
  // A kind named twice is named once.
  const listed = [...new Set(kinds.split(',').map((k) => k.trim()).filter(Boolean))];
  const kind = listed.find((k) => idProblem(k));
  if (kind !== undefined) return `the kind "${kind}" is not an id: it ${idProblem(kind)}`;
  // Written as the rulebook prints it: digits, a decimal point (not 0x10, 1e3, nor below nothing).
  if (value && !/^\d+(\.\d+)?$/.test(value)) return `the value "${value}" is not a number of 0 or more, in digits`;
  const number = value ? Number(value) : undefined;
  return { id, name, kinds: listed, ...(number !== undefined ? { value: number } : {}) };
}

type Field = 'id' | 'name' | 'kinds' | 'value' | 'power' | 'medium' | 'color';
const HINTS: Record<Field, string> = { id: 'id', name: 'name', kinds: 'kinds, by commas', value: 'value', power: 'power', medium: 'medium', color: 'colour' };
// A colour input always holds one: a mid grey until the designer picks another.
const EMPTY: Record<Field, string> = { id: '', name: '', kinds: '', value: '', power: '', medium: '', color: '#a0a0a0' };

/**
 * A row of inputs: its own form, apart from any other (an area's), so that Enter in it adds the entry and nothing
 * else. An entry needs an id and a name; says what is wrong, if anything; emptied once added.
 */
function AddForm({ label, fields, kinds = [], choices = {}, disabled, onAdd }: { label: string; fields: Field[]; kinds?: readonly string[]; choices?: Partial<Record<Field, [string, string][]>>; disabled: boolean; onAdd(values: Record<Field, string>): Promise<string | undefined> }) {
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<string>();
  // What was wrong is said until the entry is changed: then it may no longer be.
  const change = (f: Field, value: string) => {
    setValues((v) => ({ ...v, [f]: value }));
    setError(undefined);
  };
  const listId = `${label.replace(/\W+/g, '-').toLowerCase()}-kinds`;
  return (
    <form
      className={styles.addRow}
      aria-label={label}
      onSubmit={async (e) => {
        e.preventDefault();
        const why = await onAdd({ ...values, id: values.id.trim(), name: values.name.trim(), value: values.value.trim() });
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
            type={f === 'color' ? 'color' : undefined}
          />
          ),
        )}
        {fields.includes('kinds') && kinds.length > 0 && (
          <datalist id={listId}>
            {kinds.map((k) => (
              <option key={k} value={k} />
            ))}
          </datalist>
        )}
        <button type="submit" disabled={!values.id.trim() || !values.name.trim()}>
          Add
        </button>
        {error && (
          <span className={styles.error} role="alert">
            {error}
          </span>
        )}
      </fieldset>
    </form>
  );
}
