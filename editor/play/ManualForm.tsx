'use client';
// The tester's free-form adjudication, logged as manual: a kind of change, then its parts picked from what
// the game has (units by name, powers, resources, tracks...) rather than typed as ids.
import { useState, type FormEvent } from 'react';
import type { Action, GameState, ManualOp } from '@/engine/game';
import type { ResolvedRuleset } from '@/engine/generated/schema-types';
import { OFF_BOARD, unitChoices, type Counter } from './counters';
import { locationHint, MANUAL_LABELS, typedLocation } from './words';
import { overLimit } from './text-limit';

type Kind = 'unit' | 'poolUnit' | 'unitType' | 'location' | 'power' | 'party' | 'side' | 'resource' | 'track' | 'flag' | 'status' | 'relationState' | 'loss' | 'number' | 'text' | 'yesNo';

interface Field {
  key: string;
  kind: Kind;
  label: string;
  /** Left out of the change when empty. */
  optional?: boolean;
  /** A location that may be off the board (eliminated, pool, removed): where the change can take a unit off it. */
  offBoard?: true;
  /** Asked only when this holds of the ruleset and the change's other parts (whose value, for a track kept by power). */
  asked?: (ruleset: Partial<ResolvedRuleset> | undefined, part: (key: string) => string) => boolean;
}

const unit: Field = { key: 'unit', kind: 'unit', label: 'unit' };
const POWER: Field = { key: 'power', kind: 'power', label: 'power' };
const purpose: Field = { key: 'purpose', kind: 'text', label: 'for' };

/** Each kind of change: what it does, and its parts. */
const CHANGES: Partial<Record<ManualOp['op'], { help: string; fields: Field[] }>> = {
  moveUnit: { help: 'Puts a unit anywhere, or off the board (eliminated, pool).', fields: [unit, { key: 'to', kind: 'location', label: 'to', offBoard: true }] },
  setSteps: { help: 'How many steps the unit has lost; all of them eliminates it.', fields: [unit, { key: 'lost', kind: 'number', label: 'steps lost' }] },
  addUnit: {
    help: 'Brings a unit into play: one of the roster from the force pool, or a new one of a type.',
    fields: [POWER, { key: 'unit', kind: 'poolUnit', label: 'roster unit', optional: true }, { key: 'type', kind: 'unitType', label: 'or type', optional: true }, { key: 'to', kind: 'location', label: 'at' }],
  },
  setControl: { help: 'Who controls a location.', fields: [{ key: 'location', kind: 'location', label: 'location' }, { key: 'to', kind: 'party', label: 'by' }] },
  adjustResource: { help: "Adds to (or, below zero, takes from) a power's stock.", fields: [POWER, { key: 'resource', kind: 'resource', label: 'of' }, { key: 'by', kind: 'number', label: 'by' }] },
  setTrack: {
    help: "A track's value (a power's own where the track is kept by power).",
    fields: [{ key: 'track', kind: 'track', label: 'track' }, { key: 'power', kind: 'power', label: 'of power', asked: (r, part) => r?.tracks?.[part('track')]?.perPower === true }, { key: 'value', kind: 'number', label: 'to' }],
  },
  setFlag: { help: 'Sets or clears a flag the rules read.', fields: [{ key: 'flag', kind: 'flag', label: 'flag' }, { key: 'value', kind: 'yesNo', label: 'set' }] },
  setStatus: { help: "A power's political status.", fields: [POWER, { key: 'status', kind: 'status', label: 'status' }] },
  setSide: { help: 'The side a power is on, or none.', fields: [POWER, { key: 'side', kind: 'side', label: 'side', optional: true }] },
  setRelation: { help: 'The relation between two sides or powers.', fields: [{ key: 'a', kind: 'party', label: 'between' }, { key: 'b', kind: 'party', label: 'and' }, { key: 'state', kind: 'relationState', label: 'state' }] },
  roll: { help: 'The engine rolls dice for something the rules leave to the tester, and logs the roll.', fields: [{ key: 'dice', kind: 'number', label: 'dice' }, { key: 'sides', kind: 'number', label: 'sides' }, purpose] },
  dieResult: { help: 'Logs a die the tester rolled at the table, for something the rules leave to the tester.', fields: [{ key: 'value', kind: 'number', label: 'result' }, purpose] },
  clearLosses: { help: 'Ends a loss allocation: take the steps by hand with "set steps lost".', fields: [{ key: 'loss', kind: 'loss', label: 'losses' }] },
  clearAftermath: { help: "Ends a battle's pending retreat and advance: move the units by hand.", fields: [] },
  endGame: { help: 'Ends the game with the outcome written here.', fields: [{ key: 'text', kind: 'text', label: 'outcome' }, { key: 'side', kind: 'side', label: 'won by', optional: true }] },
};

/** The ruleset's collection each kind of part is picked from, by name. */
const COLLECTIONS = { unitType: 'unitTypes', power: 'powers', side: 'sides', resource: 'resources', track: 'tracks', flag: 'flags', status: 'statuses', relationState: 'relationStates' } as const satisfies Partial<Record<Kind, keyof ResolvedRuleset>>;

/** What a number starts at, before the tester changes it. */
const FIRST_VALUES: Record<string, string> = { dice: '1', sides: '6', lost: '1', by: '0', value: '1' };

/** The change the form's values make; a location as typedLocation reads it, an off-board one where offered as itself. */
function changeOf(op: ManualOp['op'], fields: Field[], values: Record<string, string>, map: ResolvedRuleset['map']): ManualOp {
  const out: Record<string, unknown> = { op };
  for (const f of fields) {
    const v = (values[f.key] ?? '').trim();
    if (v === '' && f.optional) continue;
    if (f.kind === 'location') out[f.key] = f.offBoard && OFF_BOARD.includes(v) ? v : typedLocation(v, map);
    else if (f.kind === 'yesNo') out[f.key] = v !== 'no';
    else if (f.kind === 'number') out[f.key] = v === '' ? NaN : Number(v);
    else out[f.key] = v;
  }
  if (op === 'setSide') out.side = out.side ?? null;
  if (op === 'setRelation') {
    out.between = [out.a, out.b];
    delete out.a;
    delete out.b;
  }
  return out as unknown as ManualOp;
}

export function ManualForm({ state, ruleset, counters, busy, onSend }: {
  state: Pick<GameState, 'losses' | 'aftermath'>;
  ruleset: Partial<ResolvedRuleset> | undefined;
  counters: readonly Counter[];
  busy: boolean;
  /** Sends the change; resolves true when the engine took it. */
  onSend: (a: Action) => Promise<boolean>;
}) {
  const [op, setOp] = useState<ManualOp['op']>('moveUnit');
  const [values, setValues] = useState<Record<string, string>>({});
  const [note, setNote] = useState('');
  const change = CHANGES[op]!;
  const set = (key: string, v: string) => setValues((x) => ({ ...x, [key]: v }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const filled = Object.fromEntries(fields.map((f) => [f.key, valueOf(f)]));
    const taken = await onSend({ type: 'manual', op: changeOf(op, fields, filled, ruleset?.map), ...(note.trim() ? { note: note.trim() } : {}) });
    // The parts stay for the next change of the kind (a tester adjusts power after power); the reason was this one's.
    if (taken) setNote('');
  };
  const named = (collection: (typeof COLLECTIONS)[keyof typeof COLLECTIONS]) =>
    Object.entries((ruleset?.[collection] ?? {}) as Record<string, { name?: string }>).map(([id, x]) => ({ id, label: x.name ?? id }));
  const choicesOf = (f: Field): { id: string; label: string }[] | undefined => {
    if (f.kind in COLLECTIONS) return named(COLLECTIONS[f.kind as keyof typeof COLLECTIONS]);
    switch (f.kind) {
      case 'unit':
        return unitChoices(counters, ruleset?.map);
      case 'poolUnit':
        return counters.filter((c) => c.at === 'pool' && c.power === valueOf(POWER) && ruleset?.roster?.[c.id]).map((c) => ({ id: c.id, label: c.label }));
      case 'party':
        return [...named('sides'), ...named('powers')];
      case 'loss':
        return state.losses.map((l) => ({ id: l.id, label: `${l.points} for ${ruleset?.sides?.[l.side]?.name ?? l.side}` }));
      case 'yesNo':
        return [{ id: 'yes', label: 'yes' }, { id: 'no', label: 'no (clear it)' }];
      default:
        return undefined;
    }
  };
  /** A part as the tester set it, else the first of its choices (a required one) or its starting number. */
  function valueOf(f: Field): string {
    const choices = choicesOf(f);
    return values[f.key] ?? (choices && !f.optional ? (choices[0]?.id ?? '') : (FIRST_VALUES[f.key] ?? ''));
  }
  // The parts this change asks for, given the others (a track kept by power asks whose).
  const fields = change.fields.filter((f) => !f.asked || f.asked(ruleset, (key) => valueOf(change.fields.find((x) => x.key === key)!)));
  // A text longer than the server takes, said as it is typed (the form is not sent with it).
  const tooLong = Object.fromEntries(fields.filter((f) => f.kind === 'text').map((f) => [f.key, overLimit(`the ${f.label}`, valueOf(f))]));
  const noteTooLong = overLimit('the note', note);
  // Only the changes the game has something for: a relation state to set, losses to settle, a retreat pending.
  const kinds = (Object.keys(CHANGES) as ManualOp['op'][]).filter((k) => (k !== 'clearAftermath' || state.aftermath) && CHANGES[k]!.fields.every((f) => f.optional || (choicesOf(f)?.length ?? 1) > 0));
  return (
    <details className="play-manual">
      <summary>Manual adjudication</summary>
      <form onSubmit={(e) => void submit(e)} aria-label="Manual adjudication">
        <select aria-label="Kind of adjudication" value={op} onChange={(e) => (setOp(e.target.value as ManualOp['op']), setValues({}))}>
          {kinds.map((k) => (
            <option key={k} value={k}>
              {MANUAL_LABELS[k]}
            </option>
          ))}
        </select>
        <p className="meta">{change.help}</p>
        {fields.map((f) => {
          const choices = choicesOf(f);
          const value = valueOf(f);
          return (
            <label key={f.key} className="play-manual-field">
              <span>{f.label}</span>
              {choices ? (
                <select aria-label={f.label} value={value} onChange={(e) => set(f.key, e.target.value)}>
                  {f.optional && <option value="">{f.kind === 'side' ? 'none' : '—'}</option>}
                  {choices.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.label}
                    </option>
                  ))}
                </select>
              ) : f.kind === 'location' ? (
                <>
                  <input aria-label={f.label} list={f.offBoard && 'manual-off-board'} placeholder={locationHint(ruleset?.map)} value={value} onChange={(e) => set(f.key, e.target.value)} />
                  {f.offBoard && (
                    <datalist id="manual-off-board">
                      {OFF_BOARD.map((x) => (
                        <option key={x} value={x} />
                      ))}
                    </datalist>
                  )}
                </>
              ) : (
                <input aria-label={f.label} type={f.kind === 'number' ? 'number' : 'text'} aria-invalid={!!tooLong[f.key]} value={value} onChange={(e) => set(f.key, e.target.value)} />
              )}
              {tooLong[f.key] && <span className="wb-error play-too-long">{tooLong[f.key]}</span>}
            </label>
          );
        })}
        <input aria-label="Note" placeholder="why (logged)" aria-invalid={!!noteTooLong} value={note} onChange={(e) => setNote(e.target.value)} />
        {noteTooLong && <span className="wb-error play-too-long">{noteTooLong}</span>}
        <button type="submit" disabled={busy || !!noteTooLong || Object.values(tooLong).some(Boolean)}>
          Apply by hand
        </button>
      </form>
    </details>
  );
}
