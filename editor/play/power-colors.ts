// The colours powers are drawn in (their counters, their control of an area, the legends): the ruleset's own, else
// colours told apart at a glance however many powers it has, each power keeping its colour as others are added.
// Where the ruleset has sides, each side's powers take their colours from a band of hues of its own and powers of no
// side from one more, so that enemies never share a hue family while powers of one side may.
import type { ResolvedRuleset } from '@/engine';
import { colorSequence, distinctColors, hueOf, type ColorSequence } from '@/editor/distinct-colors';

/** A power's colour, by its id. */
export type PowerColor = (power: string) => string;

/** A steady colour for an id the ruleset does not declare as a power. */
function hashColor(id: string): string {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (h * 31 + id.charCodeAt(i)) >>> 0;
  return `hsl(${(h * 137.508) % 360} 50% 42%)`;
}

/** Below this chroma a colour has no hue to speak of, so a band does not draw it. */
const HUED = 0.1;
/** Degrees left unused at each edge of a band, so that neighbouring bands' edge colours still differ in hue. */
const GAP = 20;
/** Where the sides' bands start when no side's colour has a hue: the blue the unbanded sequence begins with. */
const BLUE_HUE = 255;

/**
 * One colour sequence per side, in the ruleset's order, and a last for powers of no side: the hue circle cut into as
 * many equal bands, the first side with a hued colour getting the band centred on its hue, the others following
 * around the circle. Equal bands keep every power's colour as powers are added.
 */
function bands(sides: Record<string, { color?: string }>): Map<string | undefined, ColorSequence> {
  const key = JSON.stringify(Object.entries(sides).map(([id, s]) => [id, s.color]));
  const known = bandsOf.get(key);
  if (known) return known;
  const ids = Object.keys(sides);
  const width = 360 / (ids.length + 1);
  const anchor = ids.findIndex((s) => (hueOf(sides[s].color ?? '')?.chroma ?? 0) >= HUED);
  const base = anchor < 0 ? BLUE_HUE : hueOf(sides[ids[anchor]].color!)!.hue - anchor * width;
  const within = (centre: number) => (hue: number, chroma: number) => chroma >= HUED && Math.abs(((hue - centre + 540) % 360) - 180) <= width / 2 - GAP;
  const made = new Map([...ids, undefined].map((side, j) => {
    const centre = (base + j * width + 360) % 360;
    return [side, colorSequence(within(centre), centre)] as const;
  }));
  bandsOf.set(key, made);
  return made;
}
/** Bands already made, by their sides' ids and colours: a sequence is worked out once however often it is asked. */
const bandsOf = new Map<string, Map<string | undefined, ColorSequence>>();

/**
 * A power's colour: its own; else its side's where it is the side's only power without one (powers sharing a side are
 * told apart); else the colour of its place among its side's powers (or among the powers of no side) in its band's
 * sequence, so that adding a power, or giving one its own colour, changes no other's. One near a colour the ruleset
 * gives (a power's, a side's) gives way to one further on. A ruleset without sides draws from every hue.
 */
export function powerColors(r: Partial<ResolvedRuleset> | null | undefined): PowerColor {
  const powers = r?.powers ?? {};
  const sides = r?.sides ?? {};
  const order = Object.keys(powers);
  const sideOf = (p: string) => (typeof powers[p].side === 'string' && powers[p].side! in sides ? powers[p].side! : undefined);
  const sideColor = (side: string | undefined) => (side !== undefined && order.filter((p) => sideOf(p) === side && !powers[p].color).length === 1 ? sides[side].color : undefined);
  const given = [...order.map((p) => powers[p].color), ...Object.values(sides).map((s) => s.color)].filter((c): c is string => c !== undefined);
  const own = (p: string) => powers[p].color ?? sideColor(sideOf(p));
  const byPower = new Map<string, string>();
  const groups: Map<string | undefined, ColorSequence | undefined> = Object.keys(sides).length ? bands(sides) : new Map([[undefined, undefined]]);
  for (const [side, sequence] of groups) for (const [p, color] of distinctColors(order.filter((q) => sideOf(q) === side), own, given, sequence)) byPower.set(p, color);
  return (power) => byPower.get(power) ?? hashColor(power);
}
