// Powers an action brings into the war against a side: a neutral invaded that joins the other side, an
// enemy's neutrality ended early. What that costs lies past the action a greedy bot looks ahead at: the
// power's forces fight for the enemy from the next step on, holding its land or taking it back from the
// invader. A power is worth rousing only for land the bot's levels count taking, and only where the bot has
// more units within reach of that land than the power has on the board: the war its levels ask for, and one
// it stands to win. Any other is weighed as if its side held its countries already, and its units (one at
// least: a neutral with none still gives the enemy its land) as material the enemy has gained. Even one worth
// rousing is roused only by an action that gains at once or takes ground: a unit wandering in (an air unit,
// which takes no land) brings the war without its reason.
import { countryKeys, frozenBy, holdsFireBy, sideOf } from '../board';
import { graphOf, stepsFrom } from '../graph';
import type { Rules } from '../rules';
import { onBoard, unitList, type GameState, type LocKey } from '../state';

/** How many steps from a power's land the units that could fight for it count as within reach. */
const REACH = 3;

/** Whether a power fights for a side: it stands on one, and its status neither freezes its units nor has them hold their fire. */
const fights = (rules: Rules, s: GameState, power: string) => sideOf(s, power) !== null && frozenBy(rules, s, power) === undefined && holdsFireBy(rules, s, power) === undefined;

/**
 * The powers an action (from `before` to `after`) brings into the war against `side`: each fights after it for another
 * side, where before it stood on none, on another, or did not fight.
 */
export function rousedAgainst(before: GameState, after: GameState, side: string, rules: Rules): string[] {
  return Object.entries(after.powers).flatMap(([power, now]) => {
    const was = before.powers[power];
    if (was?.side === now.side && was.status === now.status) return [];
    if (now.side === null || now.side === side || !fights(rules, after, power)) return [];
    return was && was.side === now.side && fights(rules, before, power) ? [] : [power];
  });
}

/** Of the powers roused against `side`, those not worth rousing (see above) by the places its levels count taking (`wanted`), each with the units it counts for. */
export function costlyRoused(rules: Rules, after: GameState, side: string, powers: readonly string[], wanted: ReadonlySet<LocKey>): Map<string, number> {
  const costly = new Map<string, number>();
  for (const power of powers) {
    const units = unitList(after).filter((u) => u.power === power && onBoard(u.at)).length;
    const land = (rules.r.powers?.[power]?.countries ?? []).flatMap((country) => countryKeys(rules, country));
    if (!land.some((at) => wanted.has(at)) || unitsNear(rules, after, side, land) <= units) costly.set(power, Math.max(units, 1));
  }
  return costly;
}

/** A side's units on the board within REACH steps of some locations. */
function unitsNear(rules: Rules, s: GameState, side: string, locations: readonly LocKey[]): number {
  const g = graphOf(rules);
  const steps = stepsFrom(g, locations.flatMap((at) => g.index.get(at) ?? []));
  let near = 0;
  for (const u of unitList(s)) {
    const i = onBoard(u.at) ? g.index.get(u.at) : undefined;
    if (i !== undefined && sideOf(s, u.power) === side && steps[i] >= 0 && steps[i] <= REACH) near++;
  }
  return near;
}

/** The position with each roused power's countries held by it, and so by its side. */
export function heldByRoused(rules: Rules, s: GameState, powers: Iterable<string>): GameState {
  const control = { ...s.control };
  for (const power of powers) for (const country of rules.r.powers?.[power]?.countries ?? []) for (const at of countryKeys(rules, country)) control[at] = power;
  return { ...s, control };
}
