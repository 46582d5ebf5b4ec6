// What the play map marks, worked out from actions as plain data: the locations an action involves,
// and where the selected unit may go by the actions listed for it. Locations are keys as the engine
// names them ("hex:0101", "area:west", "box:atlantic"): hexes, areas and off-map boxes are drawn.
import type { PathOptions } from 'leaflet';
import type { Action, GameState } from '@/engine/game';
import { camp } from '@/engine/game/state';
import type { Counter } from './counters';

/** Locations marked on the play map, one set per kind of mark. */
export interface PlayMarks {
  /** Where the selected unit may go (its listed moves, placements, retreats, advances), and by rail. */
  reach?: ReadonlySet<string>;
  rail?: ReadonlySet<string>;
  /** Where zones of control hostile to the side in view affect movement. */
  zones?: ReadonlySet<string>;
  /** Where an action's units stand, and where it goes or strikes. */
  from?: ReadonlySet<string>;
  to?: ReadonlySet<string>;
}

/** Each kind of mark's look, drawn in this order (later on top). */
export const MARK_STYLE: Record<keyof PlayMarks, PathOptions> = {
  // Violet, apart from the brown of all-land hexsides and the green of a reach.
  zones: { color: '#7b3fa0', fillColor: '#b892d6', fillOpacity: 0.3, weight: 1, dashArray: '2 3' },
  reach: { color: '#2f7d3b', fillColor: '#5cb85c', fillOpacity: 0.35, weight: 1 },
  rail: { color: '#2a5d9f', fillColor: '#5b8fd6', fillOpacity: 0.35, weight: 1, dashArray: '3 3' },
  from: { color: '#d4a000', fill: false, weight: 3 },
  to: { color: '#a3261b', fillColor: '#d9574a', fillOpacity: 0.4, weight: 2 },
};
export const MARK_KINDS = Object.keys(MARK_STYLE) as (keyof PlayMarks)[];

/** Who holds a location, as the map shows it: a power's (or side's) id, name and colour. */
export interface Holder {
  id: string;
  name: string;
  color: string;
}

/** What a play map is given: the counters by location, the unit selected, the marks, what a click picks, a drag of a counter, and who holds each location. */
export interface MapProps {
  byLocation: Map<string, Counter[]>;
  selected?: string;
  marks: PlayMarks;
  onPickUnit(unit: string): void;
  onLocation(at: string): void;
  drag: UnitDrag;
  holderOf?(at: string): Holder | undefined;
}

/** A counter dragged to a location: a move tried, as a click on it and then on the location tries one. */
export interface UnitDrag {
  /** Whether the unit may be dragged now; a press on another counter is the map's (it pans). */
  can(unit: string): boolean;
  /** The unit is lifted: it is selected, where it may go marked. */
  start(unit: string): void;
  /** Dropped at a location, or (undefined) where none is drawn. */
  drop(unit: string, at: string | undefined): void;
}

type Fields = { unit?: string; units?: string[]; carrier?: string; to?: string; at?: string; target?: string; rail?: boolean };

/** A location the map draws, as a list of none or one. */
export const drawn = (at: string | undefined): string[] => (at?.startsWith('hex:') || at?.startsWith('area:') || at?.startsWith('box:') ? [at] : []);

/** The locations an action involves: where its units stand (a unit to place or buy stands nowhere yet), and where it goes or strikes. */
export function locationsOf(a: Action, s: Pick<GameState, 'units'>): PlayMarks {
  const x = a as Fields;
  const units = [x.unit, x.carrier, ...(x.units ?? [])].filter((u): u is string => !!u);
  const to = new Set([x.to, x.at, x.target].flatMap(drawn));
  return { from: new Set(units.flatMap((u) => drawn(s.units[u]?.at)).filter((at) => !to.has(at))), to };
}

/**
 * Whether a click on a counter, with a unit selected in a step that runs combats, is at its place (an attack
 * tried there, as a click on the place is) rather than a pick of that unit: the counter's power is on another side
 * than the selected unit's (its camp: a power on none is one of its own), its place on the board. At the default zoom a counter covers
 * most of its hex, so the natural click on an enemy is on its counter.
 */
export function attacksAt(s: Pick<GameState, 'units' | 'powers'>, selected: string | undefined, unit: string): string | undefined {
  const [mine, theirs] = [selected && s.units[selected], s.units[unit]];
  if (!mine || !theirs || selected === unit) return undefined;
  return camp(s, theirs.power) !== camp(s, mine.power) ? drawn(theirs.at)[0] : undefined;
}

/**
 * Where a unit may go by the actions listed, by location: the first listed action to each (a move on
 * foot comes before one by rail to the same place, as the listing orders them).
 */
export function destinationsOf<T extends { action: Action }>(listed: readonly T[], unit: string): Map<string, T> {
  const to = new Map<string, T>();
  for (const l of listed) {
    const x = l.action as Fields;
    if (x.unit !== unit) continue;
    for (const at of drawn(x.to ?? x.at)) if (!to.has(at)) to.set(at, l);
  }
  return to;
}

/** A move of a unit over the map (not by rail), where the listing has one to that location. */
const overlandMove = (l: { action: Action } | undefined) => l?.action.type === 'move' && !(l.action as Fields).rail;

/**
 * Where a unit and others moving with it may all go together: the locations each has a listed move to
 * over the map (a stack's move, made as one move each; never by rail, which counts units one by one).
 */
export function groupDestinations<T extends { action: Action }>(listed: readonly T[], units: readonly string[]): Set<string> {
  const each = units.map((u) => destinationsOf(listed, u));
  return new Set([...each[0].keys()].filter((at) => each.every((d) => overlandMove(d.get(at)))));
}
