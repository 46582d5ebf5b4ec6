'use client';
// The workbench's map of a scenario, beside the JSON: the setup's units on the draft as it is being edited,
// drawn as the play map draws a game's (a marker a stack, one part a power counting its units, until zoomed in
// on the counters). Dragging a counter (or a marker's part) to a hex moves its placement when the placement's
// rules allow it (the JSON changes like any edit); clicking one or a hex shows the JSON that defines it (a
// marker's part, clicked again, its power's next unit there); what a pointed-at condition names is coloured by
// whether it holds at the scenario's start.
import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import dynamic from 'next/dynamic';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { HexMarks } from '@/editor/map/ScenarioCanvas';
import { counterClass, counterTitle, countersByHex, inkOn, type Counter } from '@/editor/play/counters';
import type { PowerColor } from '@/editor/play/power-colors';
import '@/editor/play/play.css';
import { useTRPC } from '@/editor/TrpcProvider';
import type { AppRouter } from '@/server/router';
import { api, messageOf } from './api';
import { dragHint, fixedWhy } from './scenario-drag';
import type { Names } from '@/engine/sentences';
import type { DraftedView } from './workspace';

const ScenarioCanvas = dynamic(() => import('@/editor/map/ScenarioCanvas'), { ssr: false, loading: () => <p className="wb-note">Loading the map…</p> });

type Outputs = inferRouterOutputs<AppRouter>['scenarioMap'];
type Board = Outputs['placements'];
type Placement = Board['placements'][number];
type Refusal = Extract<Outputs['move'], { ok: false }>['refusal'];
export type ConditionMatch = Outputs['match'];
/** Where something is written: a document of this ruleset and a JSON Pointer in it. */
export interface Origin {
  document: string;
  pointer: string;
}
/** A condition pointed at in the victory or rules view, and what it names on the board. */
export interface Highlight {
  label: string;
  match: ConditionMatch;
}

interface Props extends DraftedView {
  scenario?: string;
  onScenario(id: string): void;
  /** The scenario the map shows, once it is known: the one named where the draft has it, else its first. */
  onShown(id: string): void;
  names: Names;
  colorOf: PowerColor;
  highlight?: Highlight;
  onClearHighlight(): void;
  onReveal(at: Origin): void;
  /** Changes to make as one step, the first shown. */
  onEdit(changes: { at: Origin; value: unknown }[]): void;
}

/** A placement for people: its unit's name, or its type's with how many. */
const nameOf = (p: Placement, names: Names) => (p.unit ? names.unit(p.unit) : `${names.unitType(p.type)}${p.count > 1 ? ` ×${p.count}` : ''}`);
/** A placement as a counter, on the map or beside it. */
function counterOf(p: Placement, names: Names, colorOf: PowerColor, extended: string | null): Counter {
  const name = nameOf(p, names);
  return {
    // Unique, as a unit's id is: a marker's part picks the next after it.
    id: p.unit ?? `placement-${p.index}`,
    type: p.type,
    power: p.power,
    color: colorOf(p.power),
    reduced: p.reduced,
    at: p.at ?? '',
    placement: p.index,
    ...(p.count > 1 ? { count: p.count } : {}),
    name,
    label: name,
    whose: `${names.unitType(p.type)}, ${names.power(p.power)}`,
    powerName: names.power(p.power),
    ...(p.provisional ? { provisional: p.provisional } : {}),
    ...(p.movable ? {} : { fixed: fixedWhy(extended) }),
  };
}

const hexOf = (at: string | undefined) => (at?.startsWith('hex:') ? at.slice(4) : undefined);

export function ScenarioMap(props: Props) {
  const { rulesetId, overlay, version, scenario, names, highlight } = props;
  const trpc = useTRPC();
  const [board, setBoard] = useState<Board>();
  const [error, setError] = useState<string>();
  // The hex map is asked for once the scenario says the map is not an area map (or cannot be read).
  const view = useQuery({ ...trpc.map.view.queryOptions({ rulesetId }), enabled: (board ?? error) !== undefined && board?.mapKind !== 'area', refetchOnWindowFocus: false, staleTime: Infinity, retry: false });
  // After a move, `moved` is the placement and where it went: an undo takes it back, a redo makes it again, and the status says so.
  const [status, setStatus] = useState<{ text: string; links?: { label: string; at: Origin }[]; moved?: { index: number; at: string; name: string; seen?: boolean; gone?: boolean } }>();
  const [refusal, setRefusal] = useState<{ what: string; refusal: Refusal }>();
  const [picked, setPicked] = useState<string>();
  /** The placement whose JSON a click on the map showed last. */
  const [shown, setShown] = useState<number>();
  const [over, setOver] = useState<string>();
  const loaded = useRef(false);

  // The placements follow every edit, a moment after typing stops.
  useEffect(() => {
    let live = true;
    const timer = setTimeout(
      () =>
        api.scenarioMap.placements.mutate({ id: rulesetId, documents: overlay(), scenario }).then(
          (b) => {
            if (!live) return;
            setBoard(b);
            setError(undefined);
            if (b.scenario) props.onShown(b.scenario);
          },
          (err: unknown) => live && setError(messageOf(err)),
        ),
      loaded.current ? 300 : 0,
    );
    loaded.current = true;
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [rulesetId, overlay, version, scenario]);

  const placements = useMemo(() => board?.placements ?? [], [board]);
  const { moved } = status ?? {};
  useEffect(() => {
    if (!moved) return;
    const there = placements.some((p) => p.index === moved.index && p.at === moved.at);
    // Seen there once the board has the edit; gone from there after that, the move was undone; there again, redone.
    const where = moved.at.replace(':', ' ');
    if (there && !moved.seen) setStatus((s) => s && { ...s, moved: { ...moved, seen: true } });
    else if (!there && moved.seen && !moved.gone) setStatus({ text: `${moved.name} is no longer at ${where}: the move was undone or changed in the JSON.`, moved: { ...moved, gone: true } });
    else if (there && moved.gone) setStatus({ text: `${moved.name} is at ${where} again: the move was redone.`, moved: { ...moved, gone: false } });
  }, [moved, placements]);
  const byHex = useMemo(
    () =>
      countersByHex(
        placements.flatMap((p): Counter[] => (p.at ? [counterOf(p, names, props.colorOf, board?.extended ?? null)] : [])),
      ),
    [placements, props.colorOf, names, board?.extended],
  );
  const marks = useMemo<HexMarks>(() => {
    const named = highlight?.match.named ?? [];
    const hexes = (holds: boolean) => new Set(named.filter((n) => n.holds === holds).flatMap((n) => n.at.flatMap((at) => hexOf(at) ?? [])));
    return { holds: hexes(true), fails: hexes(false), picked };
  }, [highlight, picked]);

  const place = (p: Placement, key: string | undefined) => {
    if (!board?.scenario || p.at === `hex:${key}`) return;
    setStatus(undefined);
    setRefusal(undefined);
    if (key === undefined) return setStatus({ text: `${nameOf(p, names)} was dropped off the map's hexes: nothing moved.` });
    api.scenarioMap.move.mutate({ id: rulesetId, documents: overlay(), scenario: board.scenario, index: p.index, to: `hex:${key}` }).then(
      (moved) => {
        if (!moved.ok) return setRefusal({ what: `${nameOf(p, names)} cannot start at hex ${key}`, refusal: moved.refusal });
        props.onEdit([{ at: moved.origin, value: moved.location }, ...(moved.source ? [{ at: moved.source.origin, value: moved.source.value }] : [])]);
        const cites = moved.source ? `, ${moved.source.value.kind}${moved.source.value.rule ? ` (refining rule ${moved.source.value.rule})` : ''}: “${moved.source.value.note}”` : '';
        setStatus({ text: `Moved ${nameOf(p, names)} to hex ${key}: ${moved.origin.document} now says ${JSON.stringify(moved.location)}${cites}.`, moved: { index: p.index, at: `hex:${key}`, name: nameOf(p, names) } });
      },
      (err: unknown) => setStatus({ text: `Could not check the move: ${messageOf(err)}` }),
    );
  };

  const showPlacement = (p: Placement) => {
    setShown(p.index);
    if (p.origin) props.onReveal(p.origin);
    else setStatus({ text: `${nameOf(p, names)} is placed by the ruleset this one extends: its JSON is there.` });
  };

  const showHex = (key: string) => {
    const hex = view.data?.hexes[key];
    setPicked(key);
    setRefusal(undefined);
    if (hex?.at) props.onReveal(hex.at);
    const places = (board?.places ?? []).filter((pl) => pl.at === `hex:${key}`);
    const what = [hex?.terrain && (view.data?.terrain[hex.terrain]?.name ?? hex.terrain), hex?.country && names.country(hex.country)].filter(Boolean).join(', ');
    setStatus({
      text: `Hex ${key}${what ? ` (${what})` : ''}${hex?.at ? `: ${hex.at.document}` : hex ? ': defined by the ruleset this one extends' : ': no data for this hex'}.`,
      links: places.flatMap((pl) => (pl.origin ? [{ label: pl.name, at: pl.origin }] : [])),
    });
  };

  // Until this pane draws areas, an area map's units are listed by where they start, with nothing to drag.
  const areaMap = board?.mapKind === 'area';

  return (
    <section className="wb-map-pane" aria-label="Scenario map">
      <header className="wb-map-head">
        {board && board.scenarios.length > 0 && (
          <label>
            Scenario{' '}
            <select aria-label="Scenario" value={board.scenario ?? ''} onChange={(e) => props.onScenario(e.target.value)}>
              {board.scenarios.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <span className="meta">
          {!board
            ? 'Reading the scenario…'
            : areaMap
              ? `${placements.length} placements, listed below by where they start.`
              : dragHint(placements, board.extended)}
        </span>
      </header>
      {error && <p className="wb-error">The scenario cannot be shown: {error}</p>}
      <div className="wb-map">
        {areaMap ? (
          <p className="wb-note" data-testid="area-map-note">
            This pane draws hex maps only, and this ruleset’s map is an area map: see its areas in the <a href={`/rulesets/${rulesetId}/map`}>map editor</a>.
          </p>
        ) : view.error ? (
          <p className="wb-note">{view.error.message}</p>
        ) : view.data ? (
          <ScenarioCanvas
            view={view.data}
            byHex={byHex}
            marks={marks}
            selected={[...byHex.values()].flat().find((c) => c.placement === shown)?.id}
            onCounter={(i) => placements[i] && showPlacement(placements[i])}
            onHex={showHex}
            onOver={setOver}
            onDrop={(i, key) => placements[i] && place(placements[i], key)}
          />
        ) : (
          <p className="wb-note">Reading the map…</p>
        )}
        {/* Over the map's foot: a message coming or going never resizes the map under the pointer (a drop near its edge would land elsewhere), and takes no room while there is none. */}
        <div className="wb-map-messages">
          {refusal && (
            <p className="wb-map-refusal" role="alert" data-testid="map-refusal">
              Refused: {refusal.what}: {refusal.refusal.message}
              {refusal.refusal.cite.rule && ` (rule ${refusal.refusal.cite.rule})`}.{' '}
              {refusal.refusal.origin && (
                <button className="wb-link" onClick={() => props.onReveal(refusal.refusal.origin!)}>
                  show its JSON
                </button>
              )}
            </p>
          )}
          <p className="wb-map-status" role="status" data-testid="map-status">
            {over ? `Drop at hex ${over}` : status?.text}
            {!over &&
              status?.links?.map((l) => (
                <button key={l.at.pointer} className="wb-link" onClick={() => props.onReveal(l.at)}>
                  {l.label}
                </button>
              ))}
          </p>
        </div>
      </div>
      {highlight && <HighlightSummary highlight={highlight} names={names} onClear={props.onClearHighlight} />}
      <Tray placements={placements.filter((p) => !hexOf(p.at))} draggable={!areaMap} extended={board?.extended ?? null} colorOf={props.colorOf} names={names} />
    </section>
  );
}

/** A tray group's title by where its units start, named as the game names it: "At Western Europe", "Aboard 1st Fleet". */
const startsAt = (where: string) => (where.startsWith('aboard ') ? `A${where.slice(1)}` : `At ${where}`);

/** Units that start off the map's hexes: placed by their owners within a constraint, in areas, in boxes, aboard others, or unreadable. */
function Tray({ placements, draggable, extended, colorOf, names }: { placements: Placement[]; draggable: boolean; extended: string | null; colorOf: PowerColor; names: Names }) {
  const groups = new Map<string, Placement[]>();
  for (const p of placements) {
    const group = p.error ? `Cannot be placed: ${p.error}` : p.constraint ? `Placed by the owner: ${p.constraint}` : startsAt(p.where ?? p.at ?? '');
    groups.set(group, [...(groups.get(group) ?? []), p]);
  }
  if (groups.size === 0) return null;
  return (
    <div className="wb-tray" aria-label="Units off the map">
      {draggable && placements.some((p) => p.movable) && <p className="meta">Drag one onto the map to fix where it starts; it is checked against its constraint first.</p>}
      {[...groups].map(([group, ps]) => (
        <div key={group} className="wb-tray-group">
          <span className="wb-tray-title">{group}</span>
          {ps.map((p) => counterOf(p, names, colorOf, extended)).map((c) => (
            <span
              key={c.placement}
              className={counterClass(c)}
              data-unit={c.id}
              data-placement={c.placement}
              data-fixed={c.fixed ? '' : undefined}
              style={{ background: c.color, color: inkOn(c.color) }}
              title={counterTitle(c)}
            >
              {c.name}
              {c.reduced ? ' ½' : ''}
            </span>
          ))}
        </div>
      ))}
    </div>
  );
}

function HighlightSummary({ highlight, names, onClear }: { highlight: Highlight; names: Names; onClear(): void }) {
  const { match } = highlight;
  const verdict = match.holds === undefined ? `cannot tell now: ${match.why}` : match.holds ? 'holds at the start' : 'does not hold at the start';
  const name = (n: ConditionMatch['named'][number]) =>
    n.kind === 'place' ? names.place(n.id) : n.kind === 'country' ? names.country(n.id) : n.kind === 'area' ? names.area(n.id) : `hex ${n.id}`;
  return (
    <div className="wb-map-highlight" data-testid="map-highlight" data-holds={String(match.holds)}>
      <p>
        <strong>{highlight.label}</strong>: {verdict}.{' '}
        <button className="wb-link" onClick={onClear}>
          clear
        </button>
      </p>
      {match.named.length > 0 ? (
        <ul>
          {match.named.map((n, i) => (
            <li key={i} className={n.holds ? 'holds' : 'fails'} title={n.asks.what === 'control' ? `held by ${names.actor(n.asks.party)}?` : `${names.actor(n.asks.party)} units there?`}>
              {name(n)} {n.holds ? '✓' : '✗'}
            </li>
          ))}
        </ul>
      ) : (
        <p className="meta">It names no place on the map.</p>
      )}
    </div>
  );
}
