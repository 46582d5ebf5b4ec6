'use client';
// Picking a unit beside the map: by name with a destination typed in, or from the units listed by location.
import { useState, type FormEvent } from 'react';
import { counterClass, counterTitle, inkOn, namesOf, type Counter } from './counters';
import type { ResolvedRuleset } from '@/engine/generated/schema-types';
import { locationHint, locLabel, typedLocation, whereIs } from './words';

/** Units a move may be tried for: on the board, in a box, aboard another, or waiting to be placed; not in a force pool nor eliminated. */
const inPlay = (u: Counter) => u.at !== 'pool' && u.at !== 'eliminated';

/** A move typed in: a unit, where to, and (where the movement model has rail movement) whether by rail; in a combat step (`attacking`), an attack there with the unit. */
export function TryMove({ units, map, railMoves, attacking, onTry, busy, selected, onSelect }: { units: Counter[]; map: ResolvedRuleset['map']; railMoves: boolean; attacking: boolean; onTry: (unit: string, to: string, rail: boolean) => void; busy: boolean; selected?: string; onSelect: (u: string) => void }) {
  const [to, setTo] = useState('');
  const [rail, setRail] = useState(false);
  const nameOf = namesOf(units);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!selected || !to.trim()) return;
    onTry(selected, typedLocation(to, map), railMoves && rail);
  };
  return (
    <form className="play-try" onSubmit={submit} aria-label="Try a move">
      <label>
        Unit{' '}
        <select aria-label="Unit to move" value={selected ?? ''} onChange={(e) => onSelect(e.target.value)}>
          <option value="">choose…</option>
          {units.filter(inPlay).map((u) => (
            <option key={u.id} value={u.id}>
              {`${u.label} ${whereIs(u.at, nameOf, map)}`}
            </option>
          ))}
        </select>
      </label>
      <label>
        to <input aria-label="Destination" value={to} placeholder={locationHint(map)} onChange={(e) => setTo(e.target.value)} />
      </label>
      {railMoves && !attacking && (
        <label title="Try it as a rail move: one the list leaves out while a value rail movement needs is a gap asks for it">
          <input type="checkbox" checked={rail} onChange={(e) => setRail(e.target.checked)} /> by rail
        </label>
      )}
      <button type="submit" disabled={busy || !selected || !to.trim()}>
        {attacking ? 'Try attack' : 'Try move'}
      </button>
    </form>
  );
}

export function Locations({ byLocation, map, selected, onPick }: { byLocation: Map<string, Counter[]>; map: ResolvedRuleset['map']; selected?: string; onPick: (u: string) => void }) {
  const order = (at: string) => (at.startsWith('hex:') || at.startsWith('area:') || at.startsWith('box:') ? 0 : 1);
  const nameOf = namesOf([...byLocation.values()].flat());
  const list = [...byLocation].sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b, undefined, { numeric: true }));
  return (
    <details className="play-locations">
      <summary>Units by location ({list.length} locations)</summary>
      <ul>
        {list.map(([at, cs]) => (
          <li key={at}>
            <span className="play-loc">{locLabel(at, nameOf, map)}</span>{' '}
            {cs.map((c) => (
              <button key={c.id} className={counterClass(c, selected)} style={{ background: c.color, color: inkOn(c.color) }} onClick={() => onPick(c.id)} title={counterTitle(c)}>
                {c.label}
                {c.reduced ? ' ½' : ''}
              </button>
            ))}
          </li>
        ))}
      </ul>
    </details>
  );
}
