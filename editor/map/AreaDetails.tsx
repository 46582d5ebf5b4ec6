'use client';
// Beside the area map: the area clicked, its values as a form (name, kind, terrain, country, notes), saved
// together where the area is written, its source and adjacency, and its deletion after a confirmation
// naming what else refers to it; its places (one made its power's capital), and the map's countries, powers and
// terrain types added, renamed and recoloured.
import { useState } from 'react';
import type { AreaViewData, ViewArea } from '@/server/geo/area-view';
import type { PlaceKindOffer, ViewPlace, ViewPower } from '@/server/geo/view';
import { ConfirmDialog } from '../workbench/ConfirmDialog';
import { Choice } from './Choice';
import { NewCountryForm, NewPlaceForm, NewPowerForm, NewTerrainForm, type NewCountryValues, type NewPlaceValues, type NewPowerValues, type NewTerrainValues } from './AddForm';
import { CapitalForm, EditEntryForm } from './EntryForms';
import { FromRuleset } from './FromRuleset';
import type { EntryValues } from './entry-edits';
import { counted } from '@/engine/words';
import styles from './map.module.css';

/** An area's values the form edits; an empty terrain, country or notes takes the value away. */
export interface AreaValues {
  name: string;
  type: 'land' | 'sea';
  terrain: string;
  country: string;
  notes: string;
}

export const valuesOf = (a: ViewArea): AreaValues => ({ name: a.name, type: a.type, terrain: a.terrain ?? '', country: a.country ?? '', notes: a.notes ?? '' });

interface Props {
  area?: ViewArea;
  view: Pick<AreaViewData, 'terrain' | 'countries' | 'newFrom'>;
  /** The named places in the area. */
  places: readonly ViewPlace[];
  /** The kinds the map's places have and those rules read, offered for a new one's. */
  placeKinds: readonly PlaceKindOffer[];
  /** The ids of the map's places and countries. */
  taken: { places: (id: string) => boolean; countries: (id: string) => boolean };
  /** Adds a named place in the area (what went wrong, if anything); absent where the map's places come from another ruleset. */
  onAddPlace?(place: NewPlaceValues): Promise<string | undefined>;
  /** The powers, by id: a new country may belong to one, and a place be made its capital. */
  powers: Record<string, ViewPower>;
  /** The sides a new power may be on, by id, with their names. */
  sides: Record<string, string>;
  /** The power a place belongs to (that of its country, or of the area's), offered first to make it the capital of. */
  powerOf(place: string): string | undefined;
  /** The colour the map draws a terrain type or country with, as #rrggbb. */
  shownColor(kind: 'terrain' | 'countries', id: string): string;
  /** Adds a country to the map, for the area shown; absent where its countries come from another ruleset. */
  onAddCountry?(country: NewCountryValues): Promise<string | undefined>;
  /** Adds a terrain type to the map, for the area shown; absent where its terrain types come from another ruleset. */
  onAddTerrain?(terrain: NewTerrainValues): Promise<string | undefined>;
  /** Adds a power; absent where the powers come from another ruleset. */
  onAddPower?(power: NewPowerValues): Promise<string | undefined>;
  /** Makes a place a power's capital (what went wrong, if anything). */
  onMakeCapital(place: string, power: string): Promise<string | undefined>;
  /** Renames or recolours a terrain type or country (what went wrong, if anything). */
  onEditEntry(kind: 'terrain' | 'countries', id: string, values: EntryValues): Promise<string | undefined>;
  name(id: string): string;
  /** Why the area cannot be edited here (it comes from another ruleset, or a save is under way); undefined when it can. */
  locked?: string;
  onSave(values: AreaValues): void;
  onDelete(): Promise<void>;
}

export function AreaDetails(props: Props) {
  const { area } = props;
  if (!area) {
    return (
      <aside className={styles.details} aria-label="Area details">
        <p className={styles.note}>Click an area to see its values and edit them.</p>
      </aside>
    );
  }
  // Keyed by the values saved: a save (or an undo) read back starts the form afresh.
  return <AreaForm key={`${area.id} ${JSON.stringify(valuesOf(area))}`} {...props} area={area} />;
}

function AreaForm({ area, view, name, locked, onSave, onDelete, places, placeKinds, taken, powers, sides, powerOf, shownColor, onAddPlace, onAddCountry, onAddTerrain, onAddPower, onMakeCapital, onEditEntry }: Props & { area: ViewArea }) {
  const [values, setValues] = useState(valuesOf(area));
  const [deleting, setDeleting] = useState(false);
  // The terrain type and country the forms under "Terrain types, countries and powers" rename: the area's, until another is chosen.
  const [editing, setEditing] = useState({ terrain: area.terrain ?? '', countries: area.country ?? '' });
  const set = (key: keyof AreaValues) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const changed = JSON.stringify(values) !== JSON.stringify(valuesOf(area));
  const nameProblem = values.name.trim() ? undefined : 'give the area a name';
  // A value the map does not declare stays choosable, named as such.
  const choices = (declared: Record<string, { name: string }>, id: string | undefined): [string, string][] => [
    ...Object.entries(declared).map(([k, d]): [string, string] => [k, d.name]),
    ...(id && !Object.hasOwn(declared, id) ? [[id, `${id} (not declared by the map)`] satisfies [string, string]] : []),
  ];
  const terrains = choices(view.terrain, area.terrain);
  const countries = choices(view.countries, area.country);
  const byDocument = new Map<string, string[]>();
  for (const m of area.mentions) byDocument.set(m.document, [...(byDocument.get(m.document) ?? []), m.pointer]);
  return (
    <aside className={styles.details} aria-label={`Area ${area.name}`}>
      <h2>
        {area.name} <span className={styles.meta}>({area.id})</span>
      </h2>
      {locked && <p className={styles.note}>{locked}</p>}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (changed && !nameProblem) onSave({ ...values, name: values.name.trim() });
        }}
      >
        <fieldset disabled={!!locked} className={styles.fields}>
          <label>
            Name <input value={values.name} onChange={(e) => set('name')(e.target.value)} maxLength={100} />
          </label>
          <Choice label="Kind" value={values.type} options={[['land', 'land'], ['sea', 'sea']]} onChange={set('type')} />
          <Choice label="Terrain" value={values.terrain} options={terrains} none="none" onChange={set('terrain')} />
          <Choice label="Country" value={values.country} options={countries} none="none" onChange={set('country')} />
          <label>
            Notes <textarea value={values.notes} onChange={(e) => set('notes')(e.target.value)} rows={2} />
          </label>
          {nameProblem && <span className={styles.error}>{nameProblem}</span>}
          <span>
            <button type="submit" disabled={!changed || !!nameProblem}>
              Save changes
            </button>{' '}
            <button type="button" onClick={() => setDeleting(true)}>
              Delete area…
            </button>
          </span>
        </fieldset>
      </form>
      <section aria-label={`Places in ${area.name}`}>
        <h3>Places here</h3>
        {places.length ? (
          <ul className={styles.places}>
            {places.map((p) => (
              <li key={p.id}>
                {p.name} <span className={styles.meta}>({p.kinds.length ? p.kinds.join(', ') : 'no kind'})</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.note}>No named place (a capital, a production or victory place, a port…) yet.</p>
        )}
        <CapitalForm places={places} powers={powers} powerOf={powerOf} disabled={!!locked} powersFrom={view.newFrom?.powers} onMake={onMakeCapital} />
        {onAddPlace ? <NewPlaceForm disabled={!!locked} taken={taken.places} kinds={placeKinds} powers={powers} onAdd={onAddPlace} /> : <FromRuleset label="New place" entries="places" from={view.newFrom?.places} />}
      </section>
      <h3>Terrain types, countries and powers</h3>
      {(['terrain', 'countries'] as const).map((kind) => {
        const entries = Object.entries(view[kind]);
        const id = Object.hasOwn(view[kind], editing[kind]) ? editing[kind] : entries[0]?.[0];
        return (
          id !== undefined && (
            <EditEntryForm
              key={kind}
              label={kind === 'terrain' ? 'Edit terrain' : 'Edit country'}
              id={id}
              entry={view[kind][id]}
              shown={shownColor(kind, id)}
              disabled={!!locked}
              choices={entries.map(([k, e]) => [k, e.name])}
              onChoose={(next) => setEditing((e) => ({ ...e, [kind]: next }))}
              onSave={(values) => onEditEntry(kind, id, values)}
            />
          )
        );
      })}
      {onAddCountry ? (
        <NewCountryForm
          disabled={!!locked}
          taken={taken.countries}
          powers={powers}
          onAdd={async (country) => {
            const why = await onAddCountry(country);
            // Added, the new country is this area's choice, to save with its other values.
            if (!why) set('country')(country.id);
            return why;
          }}
        />
      ) : (
        <FromRuleset label="New country" entries="countries" from={view.newFrom?.countries} />
      )}
      {onAddPower ? <NewPowerForm disabled={!!locked} powers={powers} sides={sides} onAdd={onAddPower} /> : <FromRuleset label="New power" entries="powers" from={view.newFrom?.powers} />}
      {onAddTerrain ? (
        <NewTerrainForm
          disabled={!!locked}
          taken={(id) => Object.hasOwn(view.terrain, id)}
          onAdd={async (terrain) => {
            const why = await onAddTerrain(terrain);
            if (!why) set('terrain')(terrain.id);
            return why;
          }}
        />
      ) : (
        <FromRuleset label="New terrain" entries="terrain types" from={view.newFrom?.terrain} />
      )}
      <p className={styles.note}>
        Source: {area.source ? `${area.source.kind}${area.source.rule ? `, rule ${area.source.rule}` : ''}${area.source.note ? `: ${area.source.note}` : ''}` : 'none given'}
      </p>
      <p className={styles.note}>Adjacent to {area.adjacent.length ? area.adjacent.map(name).join(', ') : 'no area yet'}.</p>
      {deleting && (
        <ConfirmDialog title={`Delete ${area.name}`} confirm={`Delete ${area.name}`} onConfirm={onDelete} onClose={() => setDeleting(false)}>
          <p>
            {area.name} goes from the map{area.adjacent.length ? `, and from the adjacency of ${area.adjacent.map(name).join(', ')}` : ''}. It can be undone on this page.
          </p>
          {byDocument.size > 0 ? (
            <>
              <p>
                {counted(area.mentions.length, 'other reference')} will name an area that is no longer there, each an error in the workbench until changed:
              </p>
              <ul>
                {[...byDocument].map(([document, pointers]) => (
                  <li key={document}>
                    {document}: <code>{pointers.join(', ')}</code>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>Nothing else in the ruleset names it.</p>
          )}
        </ConfirmDialog>
      )}
    </aside>
  );
}
