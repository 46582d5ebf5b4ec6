// Units as counters: power colour, name, reduced state. Shared by the maps (as HTML) and the location list.
import type { ResolvedRuleset } from '@/engine';
import type { GameState } from '@/engine/game';

export interface Counter {
  id: string;
  type: string;
  power: string;
  color: string;
  reduced: boolean;
  at: string;
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

export function countersOf(state: GameState, colorOf: PowerColor): Counter[] {
  return Object.values(state.units).map((u) => ({
    id: u.id,
    type: u.type,
    power: u.power,
    color: colorOf(u.power),
    reduced: u.stepsLost > 0,
    at: u.at,
  }));
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

/** A stack of counters as HTML for a Leaflet divIcon; each counter carries `data-unit` (and `data-placement`) for clicks. */
export function counterHtml(counters: Counter[], selected?: string): string {
  const shown = counters.slice(0, 4);
  const more = counters.length - shown.length;
  return (
    shown
      .map(
        (c) =>
          `<span class="play-counter${c.reduced ? ' reduced' : ''}${c.id === selected ? ' selected' : ''}" data-unit="${esc(c.id)}"${c.placement === undefined ? '' : ` data-placement="${c.placement}"`} style="background:${esc(c.color)}" title="${esc(`${c.id} (${c.type}, ${c.power}${c.reduced ? ', reduced' : ''})`)}">${esc(c.id)}${c.reduced ? ' ½' : ''}</span>`,
      )
      .join('') + (more > 0 ? `<span class="play-more">+${more}</span>` : '')
  );
}
