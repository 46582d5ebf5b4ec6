// The attacks a side may make, as the engine lists them: every unit in reach of each target that may
// take part (a player may send fewer), one attack per target and group of units fighting together.
import type { FireTableCombat, UnitClass } from '../../generated/schema-types';
import type { PlayerAction } from '../actions';
import { actsFrom } from '../board';
import { graphOf, marks, type Graph } from '../graph';
import { isBarrier } from '../movement';
import { kept, newMap } from '../rules';
import type { LocKey, UnitState } from '../state';
import { camp, unitList } from '../state';
import type { Tx } from '../tx';
import { classOf } from '../units';
import { campView } from '../zoc';
import { attackReach, beyondZones, fightsWith, fixedTargets, hasFactor, shelteredFrom, targetsAt } from '.';
import { attackedBefore } from './again';
import { assaultAt, assaultFirst, assaultsToFight, leftOut } from './assault';
import { terrainShift, versusLine } from './fire-table';
import { roleIn } from './support';

/**
 * Every attack a side may make in a fire-table combat: on each location holding hostile units (in the
 * order of the first unit there), or on `only` that one, with every unit of the side in reach that has
 * not attacked yet (nor attacked earlier in the turn, where the step bars it), is not exhausted and may take part, where one of them may make the attack and the
 * defender's terrain allows the combat.
 */
export function attackChoices(tx: Tx, side: string, combat: string, model: FireTableCombat, mine: readonly UnitState[], only?: LocKey): Extract<PlayerAction, { type: 'attack' }>[] {
  const s = tx.s;
  const g = graphOf(tx.rules);
  if (model.attackingSides && !model.attackingSides.includes(side)) return [];
  const places = model.targetsPlaces || model.targetsBoxes ? fixedTargets(tx, side, model) : undefined;
  const fixed = places ? { targets: places.map((at) => g.index.get(at)!), isTarget: marks(g, places) } : campView(tx, side).kept(tx, `attack-targets:${model.defenders ?? ''}`, () => targetsOf(tx, side, model.defenders));
  // The side's assaults to fight in this combat are targets too, held by hostile units or not, and their landed units attack them.
  const assaults = assaultsToFight(tx, side, [combat]);
  const { targets, isTarget } = assaults.length ? withAssaults(g, fixed, assaults.map((a) => g.index.get(a.at)!)) : fixed;
  // Who can join an attack on each target, in the order of the side's units, by whom they may fight with
  // (one group unless the model keeps powers apart), and whether one of a group may make it.
  const joining: Map<string, { units: string[]; led: boolean; afar: number }>[] = [];
  // Units supporting a battle inside a box from outside it: the first of them, up to the model's most.
  const mostAfar = model.support?.fromAfar?.most ?? Infinity;
  const before = attackedBefore(tx);
  for (const u of mine) {
    const role = roleIn(model, classOf(tx.rules, u));
    if (!role || u.exhausted || camp(s, u.power) !== side || s.step.attackers.includes(u.id) || !hasFactor(tx, u, model.factor) || before?.(u) !== undefined) continue;
    const group = fightsWith(model, u.power);
    // A unit landed among the enemy attacks where it landed, and nowhere else, until that is fought.
    const landed = assaults.find((a) => a.at === u.at && a.units.includes(u.id));
    for (const i of landed ? [g.index.get(landed.at)!] : attackReach(tx, u, model)) {
      if (isTarget[i] !== 1) continue;
      const groups = (joining[i] ??= new Map());
      let joined = groups.get(group);
      if (!joined) groups.set(group, (joined = { units: [], led: false, afar: 0 }));
      if (model.support?.fromAfar && actsFrom(tx.rules, s, u) !== g.keys[i] && joined.afar++ >= mostAfar) continue;
      joined.units.push(u.id);
      if (role === 'attack') joined.led = true;
    }
  }
  const actions: Extract<PlayerAction, { type: 'attack' }>[] = [];
  for (const i of only === undefined ? targets : targets.filter((i) => g.keys[i] === only)) {
    const target = g.keys[i];
    if (!joining[i] || s.step.targets.includes(target) || !foughtAt(tx, model, target) || shelteredFrom(tx, side, model, target) || beyondZones(tx, target) || assaultFirst(tx, side, combat, target)) continue;
    // On a landing's location, only with the units landed there (others kept apart from them may not attack it).
    const landing = assaultAt(tx, side, combat, target);
    // Against defenders all of a line's kinds, only the units with its factor fire (air units have none against submarines, say).
    const versus = model.versus && versusLine(tx, model, targetsAt(tx, side, target, model));
    for (const joined of joining[i].values()) {
      const units = versus ? joined.units.filter((id) => hasFactor(tx, s.units[id], versus.line.factor)) : joined.units;
      const led = versus ? units.some((id) => roleIn(model, classOf(tx.rules, s.units[id])) === 'attack') : joined.led;
      if (led && !(landing && leftOut(tx, landing, units).length)) actions.push({ type: 'attack', side, combat, target, units });
    }
  }
  return actions;
}

/** Targets with an assault's locations added (a fresh copy: the targets given may be kept). */
function withAssaults(g: Graph, given: { targets: number[]; isTarget: Uint8Array }, assaulted: readonly number[]): { targets: number[]; isTarget: Uint8Array } {
  const isTarget = given.isTarget.slice();
  const targets = [...given.targets];
  for (const i of assaulted) if (isTarget[i] === 0) targets.push(i), (isTarget[i] = 1);
  return { targets, isTarget };
}


/** Where units hostile to a side stand (of some classes, when given), in the order of the first unit at each, and marked by location index. */
export function targetsOf(tx: Tx, side: string, classes?: readonly UnitClass[]): { targets: number[]; isTarget: Uint8Array } {
  const g = graphOf(tx.rules);
  const targets: number[] = [];
  const isTarget = new Uint8Array(g.keys.length);
  for (const u of unitList(tx.s)) {
    const at = camp(tx.s, u.power) !== side && (!classes || classes.includes(classOf(tx.rules, u))) ? actsFrom(tx.rules, tx.s, u) : undefined;
    const i = at === undefined ? undefined : g.index.get(at);
    if (i !== undefined && isTarget[i] === 0) targets.push(i), (isTarget[i] = 1);
  }
  return { targets, isTarget };
}

/** Whether the defender's terrain allows a fire-table combat at a location (no shift such as "n/a"), kept for the game once known. */
function foughtAt(tx: Tx, model: FireTableCombat, target: LocKey): boolean {
  const known = kept(tx.rules, 'fought-at', newMap<FireTableCombat, Map<LocKey, boolean>>);
  let byTarget = known.get(model);
  if (!byTarget) known.set(model, (byTarget = new Map()));
  const before = byTarget.get(target);
  if (before !== undefined) return before;
  return tx.keeping(
    () => {
      const shift = terrainShift(tx, model, target);
      return !(shift && isBarrier(shift));
    },
    (fought) => byTarget.set(target, fought),
  );
}
