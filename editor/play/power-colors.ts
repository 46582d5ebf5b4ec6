// The colours powers are drawn in (their counters, their control of an area, the legends): the ruleset's own, else
// colours told apart at a glance however many powers it has, each power keeping its colour as others are added.
import type { ResolvedRuleset } from '@/engine';
import { distinctColors } from '@/editor/distinct-colors';

/** A power's colour, by its id. */
export type PowerColor = (power: string) => string;

/** A steady colour for an id the ruleset does not declare as a power. */
function hashColor(id: string): string {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (h * 31 + id.charCodeAt(i)) >>> 0;
  return `hsl(${(h * 137.508) % 360} 50% 42%)`;
}

/**
 * A power's colour: its own; else its side's where it is the side's only power without one (powers sharing a side are
 * told apart); else the sequence's colour of its place among the powers, so that adding a power, or giving one its own
 * colour, changes no other's. One near a colour the ruleset gives (a power's, a side's) gives way to one further on.
 */
export function powerColors(r: Partial<ResolvedRuleset> | null | undefined): PowerColor {
  const powers = r?.powers ?? {};
  const order = Object.keys(powers);
  const sideColor = (side: string | null | undefined) =>
    typeof side === 'string' && order.filter((p) => powers[p].side === side && !powers[p].color).length === 1 ? r?.sides?.[side]?.color : undefined;
  const given = [...order.map((p) => powers[p].color), ...Object.values(r?.sides ?? {}).map((s) => s.color)].filter((c): c is string => c !== undefined);
  const byPower = distinctColors(order, (p) => powers[p].color ?? sideColor(powers[p].side), given);
  return (power) => byPower.get(power) ?? hashColor(power);
}
