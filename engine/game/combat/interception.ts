// Interception: once an attack is declared, the defending side may send units of some classes whose
// zone of control covers the target to fight the attackers first, on the interception's table (the
// attackers halved where the model says); only the attackers that survive go on to the battle.
import type { FireTableCombat } from '../../generated/schema-types';
import { joinPointer } from '../../json/pointer';
import { camp, frozenBy } from '../board';
import { graphOf } from '../graph';
import type { LocKey, UnitState } from '../state';
import { onBoard, unitList } from '../state';
import { tableOf } from '../tables';
import type { Tx } from '../tx';
import { classOf, printed } from '../units';
import { zoneOfUnit } from '../zoc';
import { fire } from './fire';
import { lossUnit } from './fire-table';
import { hitInTurn } from './losses';
import { strengthIn } from './support';

const pointerOf = (id: string) => joinPointer('/mechanics/combat', id, 'interception');

/** The defending camp's units that may intercept an attack on a location: of the classes and range, ready, not yet in a battle this step (nor defending this one), the target in their zone. */
export function interceptorsOf(tx: Tx, model: FireTableCombat, defending: string, target: LocKey, defenders: readonly UnitState[]): UnitState[] {
  const spec = model.interception!;
  const s = tx.s;
  const at = graphOf(tx.rules).index.get(target) ?? -1;
  return unitList(s).filter((u) => {
    if (!onBoard(u.at) || u.exhausted || defenders.includes(u) || camp(s, u.power) !== defending || s.step.attackers.includes(u.id) || frozenBy(tx.rules, s, u.power) !== undefined) return false;
    if (!spec.classes.includes(classOf(tx.rules, u)) || (spec.range !== undefined && printed(tx, u, 'range') !== spec.range)) return false;
    return zoneOfUnit(tx, u)?.includes(at) === true;
  });
}

/** Attackers and interceptors fight on the interception's table; returns the attackers still in play. */
export function interceptionBattle(tx: Tx, id: string, model: FireTableCombat, side: string, defenderCamp: string, target: LocKey, attackers: UnitState[], interceptors: UnitState[]): UnitState[] {
  const spec = model.interception!;
  const pointer = pointerOf(id);
  const cite = tx.rules.cite(pointer);
  const table = tableOf(tx, spec.table) ?? tx.refuse('no-table', `the interception of ${id} reads table "${spec.table}", which the ruleset lacks`, joinPointer(pointer, 'table'));
  const full = strengthIn(tx, model, attackers);
  const attack = spec.attackersHalved ? Math.floor(full / 2) : full;
  const defense = strengthIn(tx, model, interceptors);
  const aFire = fire(tx, spec.table, table, `${side} fire at the interceptors${spec.attackersHalved ? ` (half of ${full})` : ''}`, attack, [], pointer);
  const dFire = fire(tx, spec.table, table, `${defenderCamp} interceptors fire`, defense, [], pointer);
  tx.emit(() => ({
    kind: 'support-battle', combat: id, target, cite,
    text: `Interception at ${tx.rules.label(target)}: ${side} ${attack} against ${defenderCamp} ${defense}; ${side} inflicts ${aFire.points}, ${defenderCamp} inflicts ${dFire.points}`,
  }));
  const perStep = lossUnit(tx, spec.lossUnit, pointer) === 'step';
  hitInTurn(tx, interceptors, aFire.points, perStep, cite);
  hitInTurn(tx, attackers, dFire.points, perStep, cite);
  const survivors = attackers.filter((u) => u.at !== 'eliminated');
  if (!survivors.length) tx.emit(() => ({ kind: 'effect', op: 'intercepted', cite, text: `No attacker survives the interception: no attack on ${tx.rules.label(target)}` }));
  return survivors;
}
