'use client';
// The legal actions of a side, grouped by kind (a long list of moves by unit too) and filterable; pointing at one marks its hexes on the
// map. An attack can show its odds and the side's units near its target it leaves out (and why), and the units of an attack or of a defence's support can be
// picked one by one: the listing offers every unit in reach, the player may send fewer; losses can be
// allocated unit by unit.
import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useState, type ReactNode } from 'react';
import { useTRPC } from '@/editor/TrpcProvider';
import type { Action } from '@/engine/game';
import type { AppRouter } from '@/server/router';
import { LeftOut } from './LeftOut';
import { LossPicker, type Loss } from './LossPicker';
import { PickerRow } from './PickerRow';
import { counted } from '@/engine/words';
import { oddsText } from './odds-words';

/** A combat's model, as the resolved ruleset names it (undefined until that is read). */
export type CombatModel = (combat: string) => string | undefined;

export type Listed = inferRouterOutputs<AppRouter>['games']['legalActions']['actions'][number];
export type Waiting = inferRouterOutputs<AppRouter>['games']['legalActions']['waiting'][number];

interface RowProps {
  gameId: string;
  combatModel: CombatModel;
  busy: boolean;
  sideName: (id: string) => string;
  unitName: (id: string) => string;
  /** Where a unit stands, "at hex 1808", as unitName says it. */
  unitPlace: (id: string) => string;
  onAct: (a: Listed) => void;
  onPoint: (a: Listed | undefined) => void;
}

export type EndNote = inferRouterOutputs<AppRouter>['games']['legalActions']['endHeld'];

/** A note about ending the step, with its rule. */
const endNote = (testId: string, lead: string, note: NonNullable<EndNote>) => (
  <p className="play-note" data-testid={testId}>
    {lead} {note.text} <span className="meta">— {note.cite.rule ? `rule ${note.cite.rule}` : <code>{note.cite.pointer}</code>}</span>
  </p>
);

/** `idle`: what to say when nothing is listed because the game waits on the tester (a question, tasks to adjudicate). */
export function ActionList({ actions, waiting, endHeld, endWarning, losses, idle, ...row }: RowProps & { actions: Listed[]; waiting: readonly Waiting[]; endHeld: EndNote; endWarning: EndNote; losses: readonly Loss[]; idle?: string }) {
  const [filter, setFilter] = useState('');
  const shown = filter ? actions.filter((a) => a.label.toLowerCase().includes(filter.toLowerCase())) : actions;
  const groups = new Map<string, Listed[]>();
  for (const a of shown) groups.set(a.action.type, [...(groups.get(a.action.type) ?? []), a]);
  const gaps = waiting.length > 0 && <WaitingList waiting={waiting} unitName={row.unitName} />;
  // Ending the step is missing from the list: say why, where a person would look for it; or what ending it will cost.
  const held = endHeld ? endNote('end-held', 'The step cannot end yet:', endHeld) : endWarning && endNote('end-warning', 'Before you end the step:', endWarning);
  if (actions.length === 0) return (gaps || held) ? <>{held}{gaps}</> : <p className="play-note">{idle ?? 'No legal action for this side now.'}</p>;
  return (
    <div data-testid="legal-actions">
      {held}
      {gaps}
      {(actions.length > 8 || filter) && <input className="play-filter" aria-label="Filter actions" placeholder={`filter ${actions.length} actions`} value={filter} onChange={(e) => setFilter(e.target.value)} />}
      {[...groups].map(([kind, list]) => {
        const units = kind === 'move' ? byUnit(list) : undefined;
        return (
          <details key={kind} open className="play-group">
            <summary>
              {kind} ({list.length})
            </summary>
            <ul>
              {units ? (
                <UnitMoves units={units} filtered={filter !== ''} row={row} />
              ) : (
                <>
                  {list.slice(0, 200).map((a, i) => (kind === 'attack' ? <AttackRow key={JSON.stringify(a.action)} a={a} {...row} /> : <ActionRow key={i} a={a} {...row} />))}
                  {list.length > 200 && <li className="meta">and {list.length - 200} more: filter to find them</li>}
                </>
              )}
              {kind === 'defend' && <SupportPicker choices={list} {...row} />}
              {kind === 'allocate' && losses.filter((l) => list.some((a) => (a.action as Allocate).loss === l.id)).map((l) => <LossPicker key={l.id} loss={l} {...row} />)}
            </ul>
          </details>
        );
      })}
      {shown.length === 0 && <p className="play-note">No action matches.</p>}
    </div>
  );
}

/** Moves past this many, of several units, are listed unit by unit: a movement step lists a thousand or more. */
const BY_UNIT = 40;

/** The moves of a long list by unit, in the order listed; undefined for a short list, or one unit's. */
function byUnit(list: Listed[]): Map<string, Listed[]> | undefined {
  if (list.length <= BY_UNIT) return undefined;
  const units = new Map<string, Listed[]>();
  for (const a of list) {
    const unit = (a.action as Extract<Action, { type: 'move' }>).unit;
    const moves = units.get(unit);
    if (moves) moves.push(a);
    else units.set(unit, [a]);
  }
  return units.size > 1 ? units : undefined;
}

/** Each unit's moves under its name, closed but the first's (all open while a filter narrows them). */
function UnitMoves({ units, filtered, row }: { units: Map<string, Listed[]>; filtered: boolean; row: RowProps }) {
  return [...units].map(([unit, moves], i) => (
    <li key={unit} className="play-unit-moves">
      <details open={filtered || i === 0}>
        <summary>
          {row.unitName(unit)} ({counted(moves.length, 'move')})
        </summary>
        <ul>
          {moves.map((a, k) => (
            <ActionRow key={k} a={a} {...row} />
          ))}
        </ul>
      </details>
    </li>
  ));
}

/** The values the data lacks that left actions out of the list: trying such an action asks for its value. */
function WaitingList({ waiting, unitName }: { waiting: readonly Waiting[]; unitName: (id: string) => string }) {
  return (
    <details className="play-group play-unlisted" data-testid="waiting">
      <summary>not listed: {counted(waiting.length, 'value')} the data lacks</summary>
      <p className="play-note">Actions that need these are left out of the list. Try one (a move from the map, or by rail from the form under it) and the engine asks for the value.</p>
      <ul>
        {waiting.map((w) => (
          <li key={w.cite.pointer + w.text}>
            {w.text} <span className="meta">{w.cite.rule ? `(rule ${w.cite.rule})` : ''}</span>
            {w.units.length > 0 && <span className="meta"> — the moves of {w.units.length > 3 ? counted(w.units.length, 'unit') : w.units.map(unitName).join(', ')}</span>}
          </li>
        ))}
      </ul>
    </details>
  );
}

function ActionButton({ a, busy, onAct, onPoint }: Pick<RowProps, 'busy' | 'onAct' | 'onPoint'> & { a: Listed }) {
  return (
    <button className="play-action" disabled={busy} data-kind={a.action.type} onClick={() => onAct(a)} onMouseEnter={() => onPoint(a)} onMouseLeave={() => onPoint(undefined)} onFocus={() => onPoint(a)} onBlur={() => onPoint(undefined)}>
      {a.label}
    </button>
  );
}

function ActionRow({ a, ...row }: RowProps & { a: Listed }) {
  return (
    <li className="play-action-row">
      <ActionButton a={a} {...row} />
    </li>
  );
}

type Attack = Extract<Action, { type: 'attack' }>;
type Allocate = Extract<Action, { type: 'allocate' }>;

/** An action's label before the units it lists: "Attack 1909 (land-vs-land)", "Support the defence of 2303". */
const headOf = (label: string) => label.split(' with ')[0];

/** An attack as listed, with its odds on request, and its units to pick from (all to begin with); the odds follow the pick. */
function AttackRow({ a, gameId, combatModel, busy, sideName, unitName, unitPlace, onAct, onPoint }: RowProps & { a: Listed }) {
  const listed = a.action as Attack;
  const [showOdds, setShowOdds] = useState(false);
  const [picking, setPicking] = useState(false);
  const [showLeftOut, setShowLeftOut] = useState(false);
  const [chosen, setChosen] = useState<readonly string[]>(listed.units);
  const action: Attack = { ...listed, units: [...chosen] };
  const head = headOf(a.label);
  return (
    <li className="play-action-row">
      <ActionButton a={a} busy={busy} onAct={onAct} onPoint={onPoint} />
      {listed.units.length > 1 && (
        <button className="wb-link" aria-expanded={picking} onClick={() => setPicking(!picking)} title="Pick which of these units attack">
          units
        </button>
      )}
      <button className="wb-link" aria-expanded={showOdds} onClick={() => setShowOdds(!showOdds)} title="Fight this attack 1,000 times on fresh dice from here, without making it">
        odds
      </button>
      <button className="wb-link" aria-expanded={showLeftOut} onClick={() => setShowLeftOut(!showLeftOut)} title="Which of the side's units near the target this attack leaves out, and why (the rule refusing each)">
        left out
      </button>
      {picking && (
        <UnitPicker legend={`${head} with`} units={listed.units} chosen={chosen} onChange={setChosen} unitName={unitName}>
          <button disabled={busy || chosen.length === 0} onClick={() => onAct({ action, label: `${head} with ${chosen.map(unitName).join(', ')}` })}>
            Attack with {chosen.length} of {listed.units.length}
          </button>
        </UnitPicker>
      )}
      {showOdds && chosen.length > 0 && <OddsLine gameId={gameId} action={action} combatModel={combatModel} sideName={sideName} />}
      {showLeftOut && <LeftOut gameId={gameId} side={listed.side} target={listed.target} unitName={unitName} unitPlace={unitPlace} />}
    </li>
  );
}

type Defend = Extract<Action, { type: 'defend' }>;

/**
 * The units supporting a defence, or intercepting an attack, picked one by one among every candidate the
 * listed choices name (the listing holds all subsets of few, of more only none, each or all).
 */
function SupportPicker({ choices, busy, unitName, onAct }: RowProps & { choices: Listed[] }) {
  const candidates = [...new Set(choices.flatMap((c) => (c.action as Defend).units))];
  const [chosen, setChosen] = useState<readonly string[]>(candidates);
  if (candidates.length < 2) return null;
  const { side } = choices[0].action as Defend;
  const head = headOf(choices.find((c) => (c.action as Defend).units.length > 0)!.label);
  return (
    <PickerRow opener="pick the units one by one">
      <UnitPicker legend={`${head} with`} units={candidates} chosen={chosen} onChange={setChosen} unitName={unitName}>
        <button disabled={busy} onClick={() => onAct({ action: { type: 'defend', side, units: [...chosen] }, label: chosen.length ? `${head} with ${chosen.map(unitName).join(', ')}` : choices[0].label })}>
          Send {chosen.length} of {candidates.length}
        </button>
      </UnitPicker>
    </PickerRow>
  );
}

/** A checkbox for each unit, keeping the order they were listed in, and what to do with those ticked. */
function UnitPicker({ legend, units, chosen, onChange, unitName, children }: { legend: string; units: readonly string[]; chosen: readonly string[]; onChange: (units: readonly string[]) => void; unitName: (id: string) => string; children: ReactNode }) {
  const toggle = (id: string, on: boolean) => onChange(units.filter((u) => (u === id ? on : chosen.includes(u))));
  return (
    <fieldset className="play-picker">
      <legend>{legend}</legend>
      {units.map((id) => (
        <label key={id}>
          <input type="checkbox" checked={chosen.includes(id)} onChange={(e) => toggle(id, e.target.checked)} /> {unitName(id)}
        </label>
      ))}
      {children}
    </fieldset>
  );
}

const RUNS = 1000;

/** An attack's odds, as the server works them out, in the words its combat's model calls for. */
function OddsLine({ gameId, action, combatModel, sideName }: { gameId: string; action: Attack; combatModel: CombatModel; sideName: (id: string) => string }) {
  const trpc = useTRPC();
  const odds = useQuery(trpc.games.odds.queryOptions({ gameId, action, runs: RUNS }, { refetchOnWindowFocus: false, staleTime: Infinity }));
  if (odds.error) return <p className="wb-error play-odds">{odds.error.message}</p>;
  if (!odds.data) return <p className="play-note play-odds">Fighting it {RUNS.toLocaleString('en')} times…</p>;
  if (!odds.data.ok) return <p className="play-note play-odds" data-testid="odds">No odds: {odds.data.reason}.</p>;
  return (
    <p className="play-note play-odds" data-testid="odds">
      {oddsText(odds.data.odds, combatModel(action.combat), sideName)}
    </p>
  );
}
