// Powers an action brings into the war against a side: a neutral invaded that joins the other side, an
// enemy's neutrality ended early. What that costs lies past the action a greedy bot looks ahead at: the
// power's forces fight for the enemy from the next step on, holding its land or taking it back from the
// invader. So the bot weighs a roused power as if its side held its countries already, and its units on
// the board as material the enemy has gained: a move whose only gain is a roused power's land gains nothing.
// A power whose land the bot's own levels count is not weighed so: rousing it is the war they ask for.
import { countryKeys, frozenBy, holdsFireBy, sideOf } from '../board';
import type { Rules } from '../rules';
import { onBoard, unitList, type GameState, type LocKey } from '../state';

/** Whether a power fights for a side: it stands on one, and its status neither freezes its units nor has them hold their fire. */
const fights = (rules: Rules, s: GameState, power: string) => sideOf(s, power) !== null && frozenBy(rules, s, power) === undefined && holdsFireBy(rules, s, power) === undefined;

/**
 * The powers an action (from `before` to `after`) brings into the war against `side`, with their units on the board:
 * each fights after it for another side, where before it stood on none, on another, or did not fight. A power
 * with no unit on the board brings the enemy nothing to hold its land with, and is left out, as is one with a
 * location the side's levels count taking (`wanted`) in its countries.
 */
export function rousedAgainst(rules: Rules, before: GameState, after: GameState, side: string, wanted: ReadonlySet<LocKey>): Map<string, number> {
  const roused = new Map<string, number>();
  for (const [power, now] of Object.entries(after.powers)) {
    const was = before.powers[power];
    if (was?.side === now.side && was.status === now.status) continue;
    if (now.side === null || now.side === side || !fights(rules, after, power)) continue;
    if (was && was.side === now.side && fights(rules, before, power)) continue;
    if ((rules.r.powers?.[power]?.countries ?? []).some((country) => countryKeys(rules, country).some((at) => wanted.has(at)))) continue;
    roused.set(power, 0);
  }
  if (roused.size === 0) return roused;
  for (const u of unitList(after)) if (onBoard(u.at) && roused.has(u.power)) roused.set(u.power, roused.get(u.power)! + 1);
  for (const [power, units] of roused) if (units === 0) roused.delete(power);
  return roused;
}

/** The position with each roused power's countries held by it, and so by its side. */
export function heldByRoused(rules: Rules, s: GameState, powers: Iterable<string>): GameState {
  const control = { ...s.control };
  for (const power of powers) for (const country of rules.r.powers?.[power]?.countries ?? []) for (const at of countryKeys(rules, country)) control[at] = power;
  return { ...s, control };
}
