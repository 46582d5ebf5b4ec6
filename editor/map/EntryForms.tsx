'use client';
// Rows of inputs changing what a map already has, beside those adding to it: a terrain type's or country's display name
// and colour (never its id, which other documents name), and a named place made its power's capital. Each says what is
// wrong when its owner refuses the change, until the entry is changed or another attempt on the page begins.
import { useState } from 'react';
import type { OtherRuleset, ViewEntry, ViewPower } from '@/server/geo/view';
import { capitalsOf, type EntryValues } from './entry-edits';
import { Refusal, useEntry } from './AddForm';
import { FromRuleset } from './FromRuleset';
import { useRefusal } from './last-attempt';
import styles from './map.module.css';

/** Makes the change; what went wrong, if anything (undefined once saved). */
type Saving<T extends unknown[]> = (...values: T) => Promise<string | undefined>;

interface EntryProps {
  /** The form's name: "Edit terrain", "Edit country". */
  label: string;
  id: string;
  entry: ViewEntry;
  /** The colour the map draws the entry with, as #rrggbb: the colour input's while the entry gives none. */
  shown: string;
  disabled: boolean;
  /** The entries to choose among, by id with their names, where the form has a choice of its own (else the entry is the one chosen elsewhere). */
  choices?: [string, string][];
  onChoose?(id: string): void;
  onSave: Saving<[EntryValues]>;
}

/** A terrain type's or country's name and colour, saved together: started afresh whenever the entry (or what it holds) changes. */
export function EditEntryForm(props: EntryProps) {
  return <EntryForm key={`${props.id} ${props.entry.name} ${props.entry.color ?? props.shown}`} {...props} />;
}

function EntryForm({ label, id, entry, shown, disabled, choices, onChoose, onSave }: EntryProps) {
  const { values, error, setError, attempt, change } = useEntry<EntryValues>({ name: entry.name, color: entry.color ?? shown });
  const changed = values.name.trim() !== entry.name || values.color.toLowerCase() !== (entry.color ?? shown).toLowerCase();
  return (
    <form
      className={styles.addRow}
      aria-label={label}
      onSubmit={async (e) => {
        e.preventDefault();
        attempt();
        setError(await onSave(values));
      }}
    >
      <fieldset disabled={disabled}>
        <legend>{label}</legend>
        {choices && onChoose ? (
          <select aria-label={`${label}: which`} value={id} onChange={(e) => onChoose(e.target.value)}>
            {choices.map(([k, name]) => (
              <option key={k} value={k}>
                {name}
              </option>
            ))}
          </select>
        ) : (
          <span className={styles.meta}>{id}</span>
        )}
        <input aria-label={`${label}: name`} placeholder="name" value={values.name} onChange={(e) => change('name', e.target.value)} />
        <input aria-label={`${label}: colour`} type="color" value={values.color} onChange={(e) => change('color', e.target.value)} />
        <button type="submit" disabled={!changed}>
          Save
        </button>
        {!entry.color && !changed && <span className={styles.meta}>no colour of its own: drawn in this one</span>}
        <Refusal error={error} />
      </fieldset>
    </form>
  );
}

interface CapitalProps {
  /** The places that may be made a capital here: a choice among them where there are several. */
  places: readonly { id: string; name: string }[];
  /** The ruleset's powers: those whose capital its own documents write (`writes`) are offered. */
  powers: Record<string, ViewPower>;
  /** The power a place belongs to (that of its country), offered first. */
  powerOf(place: string): string | undefined;
  disabled: boolean;
  /** The ruleset the powers come from, where another gives them. */
  powersFrom?: OtherRuleset;
  onMake: Saving<[place: string, power: string]>;
}

/**
 * A named place made a power's capital: the place's own power offered, any other choosable. Where no power's capital is
 * written in the ruleset's own documents (a variant's powers come from the ruleset it extends), it says so instead.
 */
export function CapitalForm(props: CapitalProps) {
  if (!props.places.length || !Object.keys(props.powers).length) return null;
  if (!Object.values(props.powers).some((p) => p.writes))
    return props.powersFrom ? <FromRuleset label="Capitals" entries="powers" from={props.powersFrom} verb="make a capital" /> : <p className={styles.note}>Capitals: the powers come from another ruleset, so make a capital there, or with a patch set.</p>;
  // Started afresh when the places offered, or the powers' capitals, change (a capital made, undone).
  const key = `${props.places.map((p) => p.id).join(' ')} ${JSON.stringify(Object.values(props.powers).map((p) => p.capital ?? null))}`;
  return <Capital key={key} {...props} />;
}

function Capital({ places, powers, powerOf, disabled, onMake }: CapitalProps) {
  const [placeId, setPlaceId] = useState(places[0].id);
  const [chosen, setChosen] = useState<string>();
  const { error, setError, attempt } = useRefusal();
  const place = places.find((p) => p.id === placeId) ?? places[0];
  const capitalOf = Object.entries(powers).filter(([, p]) => capitalsOf(p).includes(place.id));
  const offered = Object.entries(powers).filter(([, p]) => p.writes);
  // Unchosen: the power it is the capital of already, else its own, where it is offered.
  const power = chosen ?? [capitalOf[0]?.[0], powerOf(place.id)].find((id) => id !== undefined && powers[id]?.writes) ?? '';
  const already = capitalOf.some(([id]) => id === power);
  return (
    <form
      className={styles.addRow}
      aria-label="Make capital"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!power) return;
        attempt();
        setError(await onMake(place.id, power));
      }}
    >
      <fieldset disabled={disabled}>
        <legend>Capital</legend>
        {places.length > 1 ? (
          <select
            aria-label="Make capital: place"
            value={place.id}
            onChange={(e) => {
              setPlaceId(e.target.value);
              setChosen(undefined);
              setError(undefined);
            }}
          >
            {places.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        ) : (
          <span>{place.name}</span>
        )}
        <select
          aria-label="Make capital: power"
          value={power}
          onChange={(e) => {
            setChosen(e.target.value);
            setError(undefined);
          }}
        >
          <option value="">choose a power</option>
          {offered.map(([id, p]) => (
            <option key={id} value={id}>
              {p.name}
            </option>
          ))}
        </select>
        <button type="submit" disabled={!power || already}>
          {power ? `Make capital of ${powers[power]?.name ?? power}` : 'Make capital'}
        </button>
        <span className={styles.meta}>{capitalOf.length ? `now capital of ${capitalOf.map(([, p]) => p.name).join(', ')}` : "no power's capital yet"}</span>
        <Refusal error={error} />
      </fieldset>
    </form>
  );
}
