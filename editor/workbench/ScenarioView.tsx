'use client';
// A setup document's scenarios as forms: start and end turn, placements and force pools. Every change is an
// edit of the JSON below; "New scenario from this" copies one into a file of its own, as designers do for
// short scenarios.
import { useMemo, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { idProblem } from '@/engine/schema/id';
import { calendarRange, newStartProblem } from '@/engine/lint/calendar-range';
import type { ResolvedRuleset } from '@/engine';
import type { JSONPath } from '@/engine/json/edit';
import type { Names } from '@/engine/sentences';
import { joinPointer } from '@/engine/json/pointer';
import { isRecord, type Rec } from '@/engine/json/record';
import { ShowMore, useShown } from './ShowMore';
import { provisionalAt } from '@/engine/provenance';

const SEASONS = ['spring', 'summer', 'autumn', 'winter'] as const;
const LOCATION_KINDS = ['hex', 'place', 'area', 'box', 'constraint'] as const;

type Season = (typeof SEASONS)[number];
export type TurnRef = { year: number; season: Season } | { turn: number };
/** A turn as a half-edited document may hold it. */
interface LooseTurn {
  year?: number;
  season?: Season;
  turn?: number;
}

export interface NewScenario {
  from: string;
  newId: string;
  name: string;
  start?: TurnRef;
}

interface Props {
  text: string;
  names: Names;
  ruleset: Partial<ResolvedRuleset> | null;
  onEdit: (path: JSONPath, value: unknown, options?: { insert?: boolean }) => void;
  onReveal: (path: JSONPath) => void;
  onCreate: (scenario: NewScenario) => Promise<void>;
}

export function ScenarioView({ text, names, ruleset, onEdit, onReveal, onCreate }: Props) {
  const doc = useMemo(() => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  }, [text]);
  if (doc === undefined) return <p className="wb-note">The JSON below has a syntax error; the scenarios return once it parses.</p>;
  const scenarios = isRecord(doc) && isRecord(doc.scenarios) ? Object.entries(doc.scenarios).filter((e): e is [string, Rec] => isRecord(e[1])) : [];
  if (scenarios.length === 0) return <p className="wb-note">No scenarios in this document yet.</p>;
  const numbered = ruleset?.calendar?.kind === 'numbered';
  return (
    <div className="wb-scenarios">
      <datalist id="wb-units">
        {Object.entries(ruleset?.roster ?? {}).map(([id, u]) => (
          <option key={id} value={id}>
            {u.name}
          </option>
        ))}
      </datalist>
      <datalist id="wb-types">
        {Object.entries(ruleset?.unitTypes ?? {}).map(([id, t]) => (
          <option key={id} value={id}>
            {t.name}
          </option>
        ))}
      </datalist>
      {scenarios.map(([id, s]) => (
        <Scenario key={id} id={id} scenario={s} numbered={numbered} names={names} ruleset={ruleset} onEdit={onEdit} onReveal={onReveal} onCreate={onCreate} />
      ))}
    </div>
  );
}

function Scenario({ id, scenario, numbered, names, ruleset, onEdit, onReveal, onCreate }: Omit<Props, 'text'> & { id: string; scenario: Rec; numbered: boolean }) {
  const [copying, setCopying] = useState(false);
  const [shown, more] = useShown();
  const at = (...rest: JSONPath): JSONPath => ['scenarios', id, ...rest];
  const placements = Array.isArray(scenario.placements) ? scenario.placements : [];
  const pools = isRecord(scenario.forcePools) ? Object.entries(scenario.forcePools) : [];
  const powers = Object.keys(ruleset?.powers ?? {});
  const slice = { scenarios: { [id]: scenario } };
  return (
    <section className="wb-scenario" data-scenario={id}>
      <header>
        <TextField label="Name" value={String(scenario.name ?? '')} onCommit={(v) => onEdit(at('name'), v)} size={30} />
        <code>{id}</code>
        <button className="wb-link" onClick={() => onReveal(at())}>
          JSON
        </button>
        <button onClick={() => setCopying((c) => !c)}>New scenario from this…</button>
      </header>
      {copying && <CopyForm from={id} scenario={scenario} numbered={numbered} ruleset={ruleset} taken={Object.keys(ruleset?.scenarios ?? {})} onCreate={onCreate} onDone={() => setCopying(false)} />}
      <div className="wb-fields">
        <span>Start</span>
        <TurnField value={scenario.start} numbered={numbered} onCommit={(t) => onEdit(at('start'), t)} />
        <span>End</span>
        {scenario.end === undefined ? (
          <>
            <span className="meta">the campaign’s last turn</span>
            <button className="wb-link" onClick={() => onEdit(at('end'), scenario.start ?? (numbered ? { turn: 1 } : undefined))}>
              end earlier
            </button>
          </>
        ) : (
          <>
            <TurnField value={scenario.end} numbered={numbered} onCommit={(t) => onEdit(at('end'), t)} />
            <button className="wb-link" onClick={() => onEdit(at('end'), undefined)}>
              play to the campaign’s end
            </button>
          </>
        )}
      </div>

      <h4>Placements ({placements.length})</h4>
      <table className="wb-form-table">
        <thead>
          <tr>
            <th>Power</th>
            <th>Unit</th>
            <th>Count</th>
            <th>Location</th>
            <th>Reduced</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {placements.slice(0, shown).map((p, i) => {
            const pl = isRecord(p) ? p : {};
            // Its own source, else its scenario's, as play reads it.
            const provisional = provisionalAt(slice, joinPointer('/scenarios', id, 'placements', i));
            return (
              <tr key={i}>
                <td>
                  <select aria-label="Power" value={String(pl.power ?? '')} onChange={(e) => onEdit(at('placements', i, 'power'), e.target.value)}>
                    {!powers.includes(String(pl.power)) && <option value={String(pl.power ?? '')}>{String(pl.power ?? '')}</option>}
                    {powers.map((pw) => (
                      <option key={pw} value={pw}>
                        {names.power(pw)}
                      </option>
                    ))}
                  </select>
                  {/* First in the row, where a narrow pane still shows it. */}
                  {provisional && (
                    <span className="wb-badge prov-provisional" data-testid="provisional-placement" title={`Provisional placement${provisional.note ? `: ${provisional.note}` : ''}`}>
                      provisional
                    </span>
                  )}
                </td>
                <td>
                  <UnitField entry={pl} onCommit={(u) => onEdit(at('placements', i), { ...pl, ...u })} />
                </td>
                <td>
                  {pl.type !== undefined && (
                    <TextField label="Count" size={3} value={String(pl.count ?? 1)} onCommit={(v) => onEdit(at('placements', i, 'count'), Number(v) > 1 ? Number(v) : undefined)} />
                  )}
                </td>
                <td>
                  <LocationField value={pl.location} onCommit={(loc) => onEdit(at('placements', i, 'location'), loc)} />
                </td>
                <td>
                  <input type="checkbox" aria-label="Reduced" checked={pl.reduced === true} onChange={(e) => onEdit(at('placements', i, 'reduced'), e.target.checked || undefined)} />
                </td>
                <td>
                  <button className="wb-link" aria-label="Remove placement" onClick={() => onEdit(at('placements', i), undefined)}>
                    remove
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <ShowMore total={placements.length} shown={shown} noun="placement" onMore={more} />
      <button onClick={() => onEdit(at('placements', -1), { power: powers[0] ?? '', unit: '', location: { hex: '' } }, { insert: true })}>Add placement</button>

      <h4>Force pools</h4>
      {pools.map(([power, entries]) => (
        <div key={power} className="wb-pool">
          <strong>{names.power(power)}</strong>
          {(Array.isArray(entries) ? entries : []).map((e, i) => {
            const entry = isRecord(e) ? e : {};
            return (
              <span key={i} className="wb-pool-entry">
                <UnitField entry={entry} onCommit={(u) => onEdit(at('forcePools', power, i), { ...entry, ...u })} />
                <TextField label="Count" size={3} value={String(entry.count ?? 1)} onCommit={(v) => onEdit(at('forcePools', power, i, 'count'), Number(v) > 1 ? Number(v) : undefined)} />
                <button className="wb-link" aria-label="Remove from pool" onClick={() => onEdit(at('forcePools', power, i), undefined)}>
                  remove
                </button>
              </span>
            );
          })}
          <button onClick={() => onEdit(at('forcePools', power, -1), { type: Object.keys(ruleset?.unitTypes ?? {})[0] ?? '', count: 1 }, { insert: true })}>Add</button>
        </div>
      ))}
      <AddPool powers={powers.filter((p) => !pools.some(([q]) => q === p))} names={names} onAdd={(power) => onEdit(at('forcePools', power), [])} />
    </section>
  );
}

/**
 * The new scenario's id, name and start, checked as they are typed: the start against the ruleset's calendar
 * (calendarRange, as the server checks it); `taken` are the ruleset's scenarios as drafted.
 */
function CopyForm({ from, scenario, numbered, ruleset, taken, onCreate, onDone }: { from: string; scenario: Rec; numbered: boolean; ruleset: Props['ruleset']; taken: readonly string[]; onCreate: Props['onCreate']; onDone: () => void }) {
  const start: LooseTurn = isRecord(scenario.start) ? scenario.start : {};
  const byTurn = numbered || start.turn !== undefined;
  const [newId, setNewId] = useState(`${from}-short`);
  const [name, setName] = useState('');
  const [season, setSeason] = useState<Season>(start.season ?? 'spring');
  // The year (or turn) as typed: "abc" or "19.5" is said wrong, not read as some number.
  const [when, setWhen] = useState(String((byTurn ? start.turn : start.year) ?? ''));
  // A refusal from the server is about what it was sent: it goes when any field changes.
  const [error, setError] = useState<string>();
  const idWrong = !newId ? undefined : taken.includes(newId) ? `There is already a scenario “${newId}”: choose another id.` : idProblem(newId) && `The id ${idProblem(newId)}.`;
  const range = calendarRange(ruleset ?? {}, scenario)?.text;
  const whole = /^\d{1,4}$/.test(when.trim()) ? Number(when) : undefined;
  const turn: TurnRef | undefined = whole === undefined ? undefined : byTurn ? { turn: whole } : { year: whole, season };
  const startWrong = !turn ? `${byTurn ? 'Turn' : 'Year'}: a whole number${range ? ` (the ruleset's calendar runs from ${range})` : ''}.` : newStartProblem(ruleset ?? {}, scenario, turn);
  const edit = (set: (v: string) => void) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    set(e.target.value);
    setError(undefined);
  };
  const [busy, setBusy] = useState(false);
  const create = async () => {
    setBusy(true);
    try {
      await onCreate({ from, newId, name, start: turn });
      onDone();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  const startNote = `wb-copy-start-${from}`;
  const startAria = { 'aria-invalid': startWrong ? true : undefined, 'aria-describedby': startWrong ? startNote : undefined };
  return (
    <div className="wb-copy-form">
      <p className="meta">Copies “{from}” into scenarios/{newId && !idWrong ? newId : '<id>'}.json, listed in the manifest, both saved as drafts to publish with the rest; then change its placements and pools here.</p>
      <label>
        Id <input value={newId} onChange={edit(setNewId)} aria-invalid={idWrong ? true : undefined} aria-describedby={idWrong ? `wb-copy-id-${from}` : undefined} />
      </label>
      <label>
        Name <input value={name} onChange={edit(setName)} />
      </label>
      <span>Start</span>
      {byTurn ? (
        <input aria-label="Turn" size={4} inputMode="numeric" value={when} onChange={edit(setWhen)} {...startAria} />
      ) : (
        <span className="wb-turn">
          <select aria-label="Season" value={season} onChange={edit((v) => setSeason(v as Season))}>
            {SEASONS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          <input aria-label="Year" size={5} inputMode="numeric" value={when} onChange={edit(setWhen)} {...startAria} />
        </span>
      )}
      <button disabled={busy || !newId || !name.trim() || idWrong !== undefined || startWrong !== undefined} onClick={create}>
        Create scenario
      </button>
      <button className="wb-link" onClick={onDone}>
        cancel
      </button>
      {idWrong && (
        <p className="wb-error" id={`wb-copy-id-${from}`}>
          {idWrong}
        </p>
      )}
      {startWrong && (
        <p className="wb-error" id={startNote}>
          {startWrong}
        </p>
      )}
      {error && <p className="wb-error">{error}</p>}
    </div>
  );
}

function AddPool({ powers, names, onAdd }: { powers: string[]; names: Names; onAdd: (power: string) => void }) {
  if (powers.length === 0) return null;
  return (
    <select aria-label="Add a force pool" value="" onChange={(e) => e.target.value && onAdd(e.target.value)}>
      <option value="">Add a force pool for…</option>
      {powers.map((p) => (
        <option key={p} value={p}>
          {names.power(p)}
        </option>
      ))}
    </select>
  );
}

/** A text input that edits the JSON when left or on Enter, not on every keystroke. */
function TextField({ label, value, size, onCommit, list }: { label: string; value: string; size?: number; onCommit: (v: string) => void; list?: string }) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    // The JSON changed underneath (an edit in Monaco, an undo): show it.
    setShown(value);
    setDraft(value);
  }
  const commit = () => draft !== value && onCommit(draft);
  const keys = (e: KeyboardEvent) => e.key === 'Enter' && commit();
  return <input aria-label={label} size={size} list={list} value={draft} onChange={(e) => setDraft(e.target.value)} onBlur={commit} onKeyDown={keys} />;
}

function TurnField({ value, numbered, onCommit }: { value: unknown; numbered: boolean; onCommit: (t: TurnRef) => void }) {
  const turn: LooseTurn = isRecord(value) ? value : {};
  if (numbered || turn.turn !== undefined) {
    return <TextField label="Turn" size={4} value={String(turn.turn ?? '')} onCommit={(v) => onCommit({ turn: Number(v) })} />;
  }
  return (
    <span className="wb-turn">
      <select aria-label="Season" value={turn.season ?? ''} onChange={(e) => onCommit({ year: turn.year ?? new Date().getFullYear(), season: e.target.value as Season })}>
        {!turn.season && <option value="">season</option>}
        {SEASONS.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
      <TextField label="Year" size={5} value={String(turn.year ?? '')} onCommit={(v) => onCommit({ year: Number(v), season: turn.season ?? 'spring' })} />
    </span>
  );
}

function UnitField({ entry, onCommit }: { entry: Rec; onCommit: (u: { unit?: string; type?: string; count?: number }) => void }) {
  const byType = entry.type !== undefined;
  return (
    <span className="wb-unit">
      <select aria-label="Unit or type" value={byType ? 'type' : 'unit'} onChange={(e) => onCommit(e.target.value === 'type' ? { unit: undefined, type: '' } : { type: undefined, count: undefined, unit: '' })}>
        <option value="unit">unit</option>
        <option value="type">type</option>
      </select>
      <TextField
        label={byType ? 'Unit type' : 'Roster unit'}
        list={byType ? 'wb-types' : 'wb-units'}
        size={16}
        value={String((byType ? entry.type : entry.unit) ?? '')}
        onCommit={(v) => onCommit(byType ? { type: v } : { unit: v })}
      />
    </span>
  );
}

function LocationField({ value, onCommit }: { value: unknown; onCommit: (loc: Rec) => void }) {
  const loc = isRecord(value) ? value : {};
  const kind = LOCATION_KINDS.find((k) => k in loc) ?? 'hex';
  const current = kind === 'constraint' ? (isRecord(loc.constraint) ? String(loc.constraint.text ?? '') : '') : String(loc[kind] ?? '');
  const make = (k: (typeof LOCATION_KINDS)[number], v: string) => (k === 'constraint' ? { constraint: { ...(isRecord(loc.constraint) ? loc.constraint : {}), text: v } } : { [k]: v });
  return (
    <span className="wb-location">
      <select aria-label="Location kind" value={kind} onChange={(e) => onCommit(make(e.target.value as (typeof LOCATION_KINDS)[number], current))}>
        {LOCATION_KINDS.map((k) => (
          <option key={k} value={k}>
            {k}
          </option>
        ))}
      </select>
      <TextField label="Location" size={kind === 'constraint' ? 24 : 10} value={current} onCommit={(v) => onCommit(make(kind, v))} />
    </span>
  );
}
