// Units as counters: power colour, name, reduced state. Shared by the map (as HTML) and the location list.
import type { GameState } from '@/engine/game';

export interface Counter {
  id: string;
  type: string;
  power: string;
  color: string;
  reduced: boolean;
  at: string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The same id always gets the same hue. */
export function hashColor(id: string): string {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (h * 31 + id.charCodeAt(i)) >>> 0;
  return `hsl(${(h * 137.508) % 360} 50% 42%)`;
}

export function countersOf(state: GameState, colors: Record<string, string | undefined>): Counter[] {
  return Object.values(state.units).map((u) => ({
    id: u.id,
    type: u.type,
    power: u.power,
    color: colors[u.power] ?? hashColor(u.power),
    reduced: u.stepsLost > 0,
    at: u.at,
  }));
}

/** A stack of counters as HTML for a Leaflet divIcon; each counter carries `data-unit` for clicks. */
export function counterHtml(counters: Counter[], selected?: string): string {
  const shown = counters.slice(0, 4);
  const more = counters.length - shown.length;
  return (
    shown
      .map(
        (c) =>
          `<span class="play-counter${c.reduced ? ' reduced' : ''}${c.id === selected ? ' selected' : ''}" data-unit="${esc(c.id)}" style="background:${esc(c.color)}" title="${esc(`${c.id} (${c.type}, ${c.power}${c.reduced ? ', reduced' : ''})`)}">${esc(c.id)}${c.reduced ? ' ½' : ''}</span>`,
      )
      .join('') + (more > 0 ? `<span class="play-more">+${more}</span>` : '')
  );
}
