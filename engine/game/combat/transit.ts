// Transit attacks: units of some classes may be attacked as they move. A move entering the zone of a
// hostile unit that may attack it there pauses; the hostile side attacks it there, in one of the
// combats named, or lets it pass. Let pass, the move goes on, and pauses again only where it enters the
// zone of a unit not offered the attack yet on that move. Attacked, the unit stops there; it may move
// on in the step with the points it has left, if the battle leaves it able to.
import type { FireTableCombat, TransitAttacks } from '../../generated/schema-types';
import { joinPointer } from '../../json/pointer';
import type { PlayerAction } from '../actions';
import { hostileAt, foughtBy } from '../board';
import { graphOf } from '../graph';
import { moveUnit, resumeUnit } from '../movement';
import type { LocKey, UnitState } from '../state';
import { camp, unitList } from '../state';
import type { Tx } from '../tx';
import { classOf, unitLabel, unitLabels } from '../units';
import { zoneAffecting } from '../zoc';
import { attack } from '.';
import { attackChoices } from './attacks';
import { refuseWaiting } from '../pending';

const TRANSIT = '/mechanics/movement/transit';

const transitOf = (tx: Tx): TransitAttacks | undefined => {
  const model = tx.rules.r.mechanics?.movement;
  return model?.model === 'hex-grid' ? model.transit : undefined;
};

/** The transit combats of the model that are fire-table combats, with their ids. */
const combatsOf = (tx: Tx, transit: TransitAttacks): { id: string; model: FireTableCombat }[] =>
  transit.combats.flatMap((id) => {
    const model = tx.rules.r.mechanics?.combat?.[id];
    return model?.model === 'fire-table' ? [{ id, model }] : [];
  });

/**
 * The `move` action where transit attacks are in play (and the rest of a move let pass): the unit moves,
 * stopping where a hostile side may attack it first with a unit not yet `offered` the attack on this move.
 */
export function moveInTransit(tx: Tx, side: string, unitId: string, to: LocKey, given?: LocKey[], offered: readonly string[] = []) {
  const transit = transitOf(tx);
  let found: { side: string; units: string[]; rest: LocKey[] } | undefined;
  const pause = (u: UnitState, path: readonly LocKey[]) => {
    if (!transit?.classes.includes(classOf(tx.rules, u))) return undefined;
    for (let k = 0; k < path.length; k++) {
      const able = attackableAt(tx, transit, u, path[k], offered);
      if (able) {
        found = { ...able, rest: path.slice(k + 1) };
        return k;
      }
    }
    return undefined;
  };
  moveUnit(tx, side, unitId, to, given, undefined, pause);
  if (found) paused(tx, side, tx.s.units[unitId], found, offered);
}

/** Records a move paused where a side may attack the unit in transit with some units. */
function paused(tx: Tx, mover: string, u: UnitState, { side, units, rest }: { side: string; units: string[]; rest: LocKey[] }, offered: readonly string[]) {
  const cite = tx.rules.cite(TRANSIT);
  const at = u.at;
  tx.s.transit = { side, mover, unit: u.id, at, rest, offered: [...offered, ...units.filter((id) => !offered.includes(id))], cite };
  tx.emit(() => ({ kind: 'transit', unit: u.id, at, side, units, cite, text: `${unitLabel(tx.rules, u)} enters the zone of ${unitLabels(tx, units)} at ${tx.rules.label(at)}: ${tx.rules.party(side)} may attack it there in transit or let it pass` }));
}

/**
 * The hostile side that may attack a moving unit if it stood at a location, and its units able to, when
 * one of them has not been offered the attack yet on this move; the unit never pauses where hostile units stand.
 */
function attackableAt(tx: Tx, transit: TransitAttacks, u: UnitState, at: LocKey, offered: readonly string[]): { side: string; units: string[] } | undefined {
  const i = graphOf(tx.rules).index.get(at);
  if (i === undefined || zoneAffecting(tx, u.power, 'transit-attack')[i] !== 1 || hostileAt(tx, at, u.power).length > 0) return undefined;
  const was = u.at;
  tx.relocate(u, at);
  try {
    for (const side of tx.rules.sides) {
      if (side === camp(tx.s, u.power)) continue;
      const units = [...new Set(choicesAt(tx, transit, side, at).flatMap((a) => a.units))];
      if (units.some((id) => !offered.includes(id))) return { side, units };
    }
    return undefined;
  } finally {
    tx.relocate(u, was);
  }
}

/**
 * Where a unit retreating along a route (its locations after the one it leaves) enters the zone of
 * hostile units that could attack it in transit there: a reminder for the tester, who adjudicates
 * transit attacks on retreats (the engine pauses only moves for them).
 */
export function remindOfTransitAttacks(tx: Tx, u: UnitState, route: readonly LocKey[]) {
  const transit = transitOf(tx);
  if (!transit?.classes.includes(classOf(tx.rules, u)) || !tx.explains) return;
  const offered: string[] = [];
  for (const at of route) {
    const able = attackableAt(tx, transit, u, at, offered);
    if (!able) continue;
    offered.push(...able.units);
    tx.emit(() => ({ kind: 'reminder', cite: tx.rules.cite(TRANSIT), text: `Reminder: ${unitLabel(tx.rules, u)} retreats through ${tx.rules.label(at)}, in the zone of ${unitLabels(tx, able.units)}: ${tx.rules.party(able.side)} may attack it there in transit, which the tester adjudicates (the engine pauses moves for transit attacks, not retreats)` }));
  }
}

/** Every transit attack a side may make on a location, in the model's combats in turn. */
function choicesAt(tx: Tx, transit: TransitAttacks, side: string, at: LocKey) {
  const mine = unitList(tx.s).filter(foughtBy(tx.rules, tx.s, side));
  return combatsOf(tx, transit).flatMap(({ id, model }) => attackChoices(tx, side, id, model, mine, at));
}

/** What the side that may attack a paused move may do: each attack on it, or let it pass. */
export function transitChoices(tx: Tx, side: string): PlayerAction[] {
  const t = tx.s.transit;
  const transit = transitOf(tx);
  if (!t || !transit || t.side !== side) return [];
  return [...choicesAt(tx, transit, side, t.at), { type: 'pass', side }];
}

/** An action while a move is paused for a transit attack: the attack on it, or letting it pass; anything else waits. */
export function actInTransit(tx: Tx, action: PlayerAction) {
  const t = tx.s.transit!;
  const u = tx.s.units[t.unit];
  const transit = transitOf(tx);
  const choose = (choice: 'attack' | 'pass') =>
    tx.emit(() => ({ kind: 'transit', unit: t.unit, at: t.at, side: t.side, units: action.type === 'attack' ? action.units : [], choice, cite: t.cite, text: `${tx.rules.party(t.side)}: ${choice === 'attack' ? 'a transit attack on' : 'no transit attack on'} ${unitLabel(tx.rules, u)} at ${tx.rules.label(t.at)}` }));
  if (action.side !== t.side || (action.type !== 'attack' && action.type !== 'pass')) {
    refuseWaiting(tx);
  }
  tx.s.transit = undefined;
  if (action.type === 'pass') {
    choose('pass');
    if (t.rest.length) moveInTransit(tx, t.mover, t.unit, t.rest[t.rest.length - 1], t.rest, t.offered);
    return;
  }
  if (!transit?.combats.includes(action.combat)) tx.refuse('not-transit-combat', `a transit attack is made in ${transit?.combats.join(' or ')}, not ${action.combat}`, joinPointer(TRANSIT, 'combats'));
  if (action.target !== t.at) tx.refuse('transit-target', `the transit attack is on ${unitLabel(tx.rules, u)} at ${tx.rules.label(t.at)}, not at ${tx.rules.label(action.target)}`, TRANSIT);
  choose('attack');
  // Attacked, a unit the zone it entered stopped may still move on with the points it has left, unless the battle makes it retreat.
  resumeUnit(tx, u);
  attack(tx, action.side, action.combat, action.target, action.units, transit);
}

/** A paused move whose unit the tester has moved or removed by hand meanwhile is over: nothing waits on it any more. */
export function lapseTransit(tx: Tx) {
  const t = tx.s.transit;
  if (!t || tx.s.units[t.unit]?.at === t.at) return;
  tx.s.transit = undefined;
  tx.emit(() => ({ kind: 'transit', unit: t.unit, at: t.at, side: t.side, units: [], cite: t.cite, text: `${unitLabel(tx.rules, tx.s.units[t.unit])} is no longer at ${tx.rules.label(t.at)}: no transit attack waits on it` }));
}
