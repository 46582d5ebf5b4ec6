// Units as counters: power colour, name, reduced state. Shared by the maps (as HTML) and the location list.
import type { ResolvedRuleset } from '@/engine';
import type { GameState } from '@/engine/game';
import { unitNamer } from '@/engine/game/unit-names';

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
  /** Traces no supply now (shown when the tester asks). */
  unsupplied?: boolean;
  /** On the scenario map: the index of the setup placement the counter stands for. */
  placement?: number;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The same id always gets the same hue. */
function hashColor(id: string): string {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (h * 31 + id.charCodeAt(i)) >>> 0;
  return `hsl(${(h * 137.508) % 360} 50% 42%)`;
}

/** A power's counter colour: the ruleset's, else a steady hue of its own. */
export type PowerColor = (power: string) => string;

export function powerColors(r: Partial<ResolvedRuleset> | null | undefined): PowerColor {
  return (power) => (r?.powers && Object.hasOwn(r.powers, power) ? r.powers[power].color : undefined) ?? hashColor(power);
}

export function countersOf(state: Pick<GameState, 'units'>, colorOf: PowerColor, r: Partial<ResolvedRuleset> | null | undefined, unsupplied?: ReadonlySet<string>): Counter[] {
  const labelOf = unitNamer(r ?? {});
  return Object.values(state.units).map((u) => {
    const name = r?.roster?.[u.id]?.name ?? r?.unitTypes?.[u.type]?.name ?? u.type;
    const whose = `${r?.unitTypes?.[u.type]?.name ?? u.type}, ${r?.powers?.[u.power]?.name ?? u.power}`;
    return { id: u.id, type: u.type, power: u.power, color: colorOf(u.power), reduced: u.stepsLost > 0, at: u.at, name, label: labelOf(u), whose, ...(unsupplied?.has(u.id) ? { unsupplied: true } : {}) };
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
const SHOWN = 4;

/**
 * A stack of counters as HTML for a Leaflet divIcon, centred on its hex and sized by the board's `--hex`
 * (a hex's width in pixels at the current zoom) times `scale` (its own hex's width relative to that one's)
 * so that it stays inside its hex; a counter prints its
 * face only when it is big enough to read (play.css). Each carries `data-unit` (and `data-placement`) for clicks.
 */
export function counterHtml(counters: Counter[], selected?: string, scale = 1): string {
  const shown = counters.slice(0, SHOWN);
  const more = counters.length - shown.length;
  const chips = shown.map(
    (c) =>
      `<span class="play-counter${c.reduced ? ' reduced' : ''}${c.unsupplied ? ' unsupplied' : ''}${c.id === selected ? ' selected' : ''}" data-unit="${esc(c.id)}"${c.placement === undefined ? '' : ` data-placement="${c.placement}"`} style="background:${esc(c.color)}" title="${esc(counterTitle(c))}"><span class="play-face">${esc(c.name)}${c.reduced ? ' ½' : ''}</span></span>`,
  );
  if (more > 0) chips.push(`<span class="play-more" title="${more} more here: see the units by location"><span class="play-face">+${more}</span></span>`);
  return `<div class="play-pile" style="--n:${chips.length};--k:${scale.toFixed(3)}">${chips.join('')}</div>`;
}

/** A counter's tooltip: its name, what it is, whose, and whether reduced. */
export const counterTitle = (c: Counter) => `${c.label}: ${c.whose}${c.reduced ? ', reduced' : ''}${c.unsupplied ? ', out of supply' : ''}`;
