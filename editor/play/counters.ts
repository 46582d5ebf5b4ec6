// Units as counters: power colour, name, reduced state. Shared by the maps (as HTML) and the location list.
import type { ResolvedRuleset } from '@/engine';
import type { GameState } from '@/engine/game';
import { unitNamer } from '@/engine/game/unit-names';
import { whereIs } from './words';
import { escapeHtml } from '@/editor/html';
import { linearRgb } from '@/editor/distinct-colors';
import type { PowerColor } from './power-colors';

export interface Counter {
  id: string;
  type: string;
  power: string;
  color: string;
  reduced: boolean;
  at: string;
  /** What it prints: its name ("1st Armor"), else its type's. */
  name: string;
  /** How the engine's events and refusals name it, and the play page's pickers: "1st Armor (Germany)", "Infantry #3 (Italy)". */
  label: string;
  /** What it is and whose, by their names in the ruleset: "Armor, Germany". */
  whose: string;
  /** Its power's name: "Germany". */
  powerName: string;
  /** Traces no supply now (shown when the tester asks). */
  unsupplied?: boolean;
  /** On the scenario map: the index of the setup placement the counter stands for. */
  placement?: number;
  /** On the scenario map: how many units the placement puts there, where it puts more than one (a marker counts them all). */
  count?: number;
  /** On the scenario map: why the counter cannot be dragged (its placement is another ruleset's), for its tooltip. */
  fixed?: string;
  /** Its placement is provisional (a designer's choice, from no source), with the placement's note: marked, and said in its tooltip. */
  provisional?: { note?: string };
}


/** The ink a counter's name is printed in on its colour: dark on a light one (a pastel, a ruleset's yellow), else white. */
export function inkOn(color: string): string {
  const rgb = linearRgb(color);
  if (!rgb) return '#fff';
  const [r, g, b] = rgb;
  // Relative luminance (WCAG): a light colour (a pastel, a yellow) takes dark ink; a mid one (orange, teal) keeps white.
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.3 ? '#1b1b1b' : '#fff';
}

/** What the play page knows of units beyond the state: those out of supply (when shown), and those placed provisionally (games.provisionalPlacements). */
export interface CounterMarks {
  unsupplied?: ReadonlySet<string>;
  placed?: Readonly<Record<string, { at: string; note?: string }>>;
}

export function countersOf(state: Pick<GameState, 'units'>, colorOf: PowerColor, r: Partial<ResolvedRuleset> | null | undefined, marks: CounterMarks = {}): Counter[] {
  const labelOf = unitNamer(r ?? {});
  return Object.values(state.units).map((u) => {
    const name = r?.roster?.[u.id]?.name ?? r?.unitTypes?.[u.type]?.name ?? u.type;
    const powerName = r?.powers?.[u.power]?.name ?? u.power;
    const whose = `${r?.unitTypes?.[u.type]?.name ?? u.type}, ${powerName}`;
    // A provisional placement is marked while the unit stands where it put it: once moved, play put it there.
    const placed = marks.placed && Object.hasOwn(marks.placed, u.id) && marks.placed[u.id].at === u.at ? marks.placed[u.id] : undefined;
    return {
      id: u.id, type: u.type, power: u.power, color: colorOf(u.power), reduced: u.stepsLost > 0 && u.at !== 'eliminated', at: u.at, name, label: labelOf(u), whose, powerName,
      ...(marks.unsupplied?.has(u.id) ? { unsupplied: true } : {}),
      ...(placed ? { provisional: { note: placed.note } } : {}),
    };
  });
}

/** Counters on hexes, by hex number (what a hex map draws), each hex's in the order given. */
export function countersByHex(counters: readonly Counter[]): Map<string, Counter[]> {
  const byHex = new Map<string, Counter[]>();
  for (const c of counters) {
    if (!c.at.startsWith('hex:')) continue;
    const hex = c.at.slice(4);
    byHex.get(hex)?.push(c) ?? byHex.set(hex, [c]);
  }
  return byHex;
}

/** Counters a stack shows on the map; the rest are counted on one more chip, and listed by location. */
export const SHOWN = 4;

/**
 * A stack of counters as HTML for a Leaflet divIcon, centred on its hex and sized by the board's `--hex`
 * (a hex's width in pixels at the current zoom) times `scale` (its own hex's width relative to that one's)
 * so that it stays inside its hex; a counter prints its
 * face only when it is big enough to read (play.css). Each carries `data-unit` (and `data-placement`) for clicks.
 */
export function counterHtml(counters: readonly Counter[], selected?: string, scale = 1): string {
  const shown = shownOf(counters, selected);
  const more = counters.length - shown.length;
  const chips = shown.map(
    (c) =>
      `<span class="${counterClass(c, selected)}" data-unit="${escapeHtml(c.id)}"${c.placement === undefined ? '' : ` data-placement="${c.placement}"`}${c.fixed ? ' data-fixed=""' : ''} style="background:${escapeHtml(c.color)};color:${inkOn(c.color)}" title="${escapeHtml(counterTitle(c))}"><span class="play-face">${escapeHtml(c.name)}${c.reduced ? ' ½' : ''}</span></span>`,
  );
  if (more > 0) chips.push(`<span class="play-more" title="${more} more here: see the units by location"><span class="play-face">+${more}</span></span>`);
  return `<div class="play-pile" style="--n:${chips.length};--k:${scale.toFixed(3)}">${chips.join('')}</div>`;
}

/**
 * A location's units on a hex map, drawn two ways, the location's size on screen choosing which (play.css): where it
 * is too small for counters to be read, a marker of one part a power, in the power's colour, counting its units
 * (markerHtml); where it is big enough, the stack of counters (counterHtml). `scale` as counterHtml's; `at`, the
 * location's key, is kept on it for tests.
 */
export function locationHtml(counters: readonly Counter[], selected?: string, scale = 1, at?: string): string {
  return `<div class="play-where" style="--k:${scale.toFixed(3)}"${at ? ` data-at="${escapeHtml(at)}"` : ''}>${markerHtml(counters, selected)}${counterHtml(counters, selected, scale)}</div>`;
}

/**
 * A stack as one marker: a part a power (in the order the powers first appear in it), in its colour, printing how
 * many units it has there (`--p`, how many parts, for play.css to fit them in the hex); its tooltip names them. A click
 * on a part picks its power's first unit there, or, when one of them is selected, the next one (`data-unit`, and on
 * the scenario map `data-placement`), so that clicking again goes through the stack; a drag moves the one selected there (`data-lift-unit`, `data-lift-placement`), else the one a click picks.
 */
export function markerHtml(counters: readonly Counter[], selected?: string): string {
  const byPower = new Map<string, Counter[]>();
  for (const c of counters) byPower.get(c.power)?.push(c) ?? byPower.set(c.power, [c]);
  const parts = [...byPower.values()].map((cs) => {
    const chosen = cs.findIndex((c) => c.id === selected);
    const next = cs[(chosen + 1) % cs.length];
    const units = unitsIn(cs);
    const classes = ['play-marker-part', units > 1 && 'many', chosen >= 0 && 'selected', cs.some((c) => c.unsupplied) && 'unsupplied', cs.some((c) => c.provisional) && 'provisional'].filter(Boolean).join(' ');
    const named = units === 1 ? counterTitle(cs[0]) : `${cs[0].powerName}, ${units} units: ${cs.map(unitWords).join('; ')}`;
    const click = cs.length === 1 ? 'Click to select it' : chosen >= 0 ? 'Click for the next' : 'Click to select the first, again for the next';
    const title = `${named}. ${click}; zoom in to see the counters`;
    const placement = next.placement === undefined ? '' : ` data-placement="${next.placement}"${next.fixed ? ' data-fixed=""' : ''}`;
    // Dragged, it takes the one selected, not the next (CounterDrag).
    const lift = chosen < 0 ? '' : ` data-lift-unit="${escapeHtml(cs[chosen].id)}"${cs[chosen].placement === undefined ? '' : ` data-lift-placement="${cs[chosen].placement}"`}`;
    return `<span class="${classes}" data-unit="${escapeHtml(next.id)}"${placement} data-power="${escapeHtml(cs[0].power)}" data-units="${units}"${lift} style="--c:${escapeHtml(cs[0].color)};color:${inkOn(cs[0].color)}" title="${escapeHtml(title)}">${units}</span>`;
  });
  return `<div class="play-marker" data-units="${unitsIn(counters)}" style="--p:${parts.length}">${parts.join('')}</div>`;
}

/** How many units counters stand for: one each, but a scenario's placement of several. */
const unitsIn = (counters: readonly Counter[]) => counters.reduce((n, c) => n + (c.count ?? 1), 0);

/** A unit as a marker's tooltip lists it among its power's: its name, and what of its state a counter would show. */
const unitWords = (c: Counter) => `${c.name}${c.reduced ? ' (reduced)' : ''}${c.unsupplied ? ' (out of supply)' : ''}${c.provisional ? ` (provisional placement${c.provisional.note ? `: ${c.provisional.note}` : ''})` : ''}`;

/**
 * The counters a stack shows, in its order, SHOWN at most: the selected unit and each power's first before
 * the rest, so that a stack where two sides meet shows both (the rest counted as "+n").
 */
function shownOf(counters: readonly Counter[], selected?: string): readonly Counter[] {
  if (counters.length <= SHOWN) return counters;
  const first = new Set<Counter>(counters.filter((c) => c.id === selected));
  for (const c of counters) if (first.size < SHOWN && ![...first].some((f) => f.power === c.power)) first.add(c);
  const kept = new Set(first);
  for (const c of counters) if (kept.size < SHOWN) kept.add(c);
  return counters.filter((c) => kept.has(c));
}

/**
 * A stack collapsed where its map has no room for it (an area map zoomed out): a badge of one pill a power, in
 * the power's colour, counting its units, on the `side` of its location where it covers nothing; its tooltip
 * lists them. Clicked, the map zooms in on it.
 */
export function badgeHtml(counters: readonly Counter[], selected?: string, side: 'top' | 'right' | 'bottom' | 'left' = 'bottom'): string {
  const byPower = new Map<string, Counter[]>();
  for (const c of counters) byPower.get(c.power)?.push(c) ?? byPower.set(c.power, [c]);
  const pills = [...byPower.values()].map(
    (cs) => `<span class="play-count" style="background:${escapeHtml(cs[0].color)}" title="${escapeHtml(`${cs[0].powerName}: ${cs.map((c) => c.label).join(', ')}`)}">${cs.length}</span>`,
  );
  const title = `${counters.length} unit${counters.length === 1 ? '' : 's'} here: click to zoom in and see ${counters.length === 1 ? 'it' : 'them'}`;
  const chosen = counters.some((c) => c.id === selected);
  return `<div class="play-badge at-${side}${chosen ? ' selected' : ''}" data-units="${counters.length}" title="${escapeHtml(title)}">${pills.join('')}</div>`;
}

/** A unit as the counters name it ("1st Armor (Germany)"); an id no counter has, as it is. */
export function namesOf(counters: readonly Counter[]): (id: string) => string {
  const labels = new Map(counters.map((c) => [c.id, c.label]));
  return (id) => labels.get(id) ?? id;
}

/** Where a unit off the board stands: the places a manual move may also send one. */
export const OFF_BOARD = ['eliminated', 'pool', 'removed'];

/** The units on the board (or aboard a carrier), each by name and where it is, as the manual form's pickers list them: "Bomber Command RAF aboard Home Fleet". */
export function unitChoices(counters: readonly Counter[], map?: ResolvedRuleset['map']): { id: string; label: string }[] {
  const nameOf = namesOf(counters);
  return counters.filter((c) => !OFF_BOARD.includes(c.at)).map((c) => ({ id: c.id, label: `${c.label} ${whereIs(c.at, nameOf, map)}` }));
}

/** A counter's classes, wherever it is drawn: its state, and whether it is selected. */
export const counterClass = (c: Counter, selected?: string) =>
  `play-counter${c.reduced ? ' reduced' : ''}${c.unsupplied ? ' unsupplied' : ''}${c.provisional ? ' provisional' : ''}${c.id === selected ? ' selected' : ''}${c.fixed ? ' fixed' : ''}`;

/** A counter's tooltip: its name, what it is, whose, whether reduced or out of supply, a provisional placement's note, and why it does not drag. */
export const counterTitle = (c: Counter) =>
  `${c.label}: ${c.whose}${c.reduced ? ', reduced' : ''}${c.unsupplied ? ', out of supply' : ''}` +
  `${c.provisional ? `; provisional placement${c.provisional.note ? `: ${c.provisional.note}` : ''}` : ''}${c.fixed ? `. ${c.fixed}` : ''}`;
