// Interception: once an attack is declared, the defending side may send units of some classes whose
// zone of control covers the target to fight the attackers first (or those at the target must), on the
// interception's table (the attackers halved where the model says); only the attackers that survive
// (and won, where the model says) go on to the battle.
import type { FireTableCombat } from '../../generated/schema-types';
import { joinPointer } from '../../json/pointer';
import { actingAt, actsFrom, frozenBy } from '../board';
import { graphOf } from '../graph';
import type { LocKey, UnitState } from '../state';
import { camp, unitList } from '../state';
import { tableOf } from '../tables';
import type { Tx } from '../tx';
import { classOf, printed } from '../units';
import { zoneOfUnit } from '../zoc';
import { decide, fire } from './fire';
import { lossUnit } from './fire-table';
import { inflict } from './losses';
import { strengthIn } from './support';

const pointerOf = (id: string) => joinPointer('/mechanics/combat', id, 'interception');

/** The defending camp's units that may intercept an attack on a location: of the classes and range (the model's, unless given), ready, not yet in a battle this step (nor defending this one), the target in their zone. */
export function interceptorsOf(tx: Tx, model: FireTableCombat, defending: string, target: LocKey, defenders: readonly UnitState[], range = model.interception!.range): UnitState[] {
  const spec = model.interception!;
  const s = tx.s;
  const at = graphOf(tx.rules).index.get(target) ?? -1;
  return unitList(s).filter((u) => {
    if (actsFrom(tx.rules, s, u) === undefined || u.exhausted || defenders.includes(u) || camp(s, u.power) !== defending || s.step.attackers.includes(u.id) || frozenBy(tx.rules, s, u.power) !== undefined) return false;
    if (!spec.classes.includes(classOf(tx.rules, u)) || (range !== undefined && printed(tx, u, 'range') !== range)) return false;
    return zoneOfUnit(tx, u)?.includes(at) === true;
  });
}

/** The defending camp's units of the interception's classes standing at the target (where the model has them intercept there, without a choice). */
export function presentAt(tx: Tx, model: FireTableCombat, side: string, target: LocKey): UnitState[] {
  const spec = model.interception!;
  return actingAt(tx.rules, tx.s, target).filter((u) => camp(tx.s, u.power) !== side && spec.classes.includes(classOf(tx.rules, u)) && (spec.range === undefined || printed(tx, u, 'range') === spec.range));
}

/** Attackers and interceptors fight on the interception's table; returns the attackers that go on to the battle: those still in play (and only if they won, where the model says). */
export function interceptionBattle(tx: Tx, id: string, model: FireTableCombat, side: string, defenderCamp: string, target: LocKey, attackers: UnitState[], interceptors: UnitState[]): UnitState[] {
  const spec = model.interception!;
  const pointer = pointerOf(id);
  const cite = tx.rules.cite(pointer);
  const table = tableOf(tx, spec.table) ?? tx.refuse('no-table', `the interception of ${id} reads table "${spec.table}", which the ruleset lacks`, joinPointer(pointer, 'table'));
  const full = strengthIn(tx, model, attackers);
  const attack = spec.attackersHalved ? Math.floor(full / 2) : full;
  const defense = strengthIn(tx, model, interceptors);
  const [a, d] = [tx.rules.party(side), tx.rules.party(defenderCamp)];
  const aFire = fire(tx, spec.table, table, `${a} fire at the interceptors${spec.attackersHalved ? ` (half of ${full})` : ''}`, attack, [], pointer);
  const dFire = fire(tx, spec.table, table, `${d} interceptors fire`, defense, [], pointer);
  tx.emit(() => ({
    kind: 'support-battle', combat: id, target, cite, lossPoints: { [side]: dFire.points, [defenderCamp]: aFire.points },
    text: `Interception at ${tx.rules.label(target)}: ${a} ${attack} against ${d} ${defense}; loss points inflicted by ${a} ${aFire.points}, by ${d} ${dFire.points}`,
  }));
  const perStep = lossUnit(tx, spec.lossUnit, pointer) === 'step';
  // Their owners choose the units that take the losses, the battle waiting for them (combat/index.ts); some attackers survive any choice.
  inflict(tx, interceptors, aFire.points, perStep, false, cite);
  inflict(tx, attackers, dFire.points, perStep, false, cite);
  const survivors = attackers.filter((u) => u.at !== 'eliminated');
  const beaten = spec.onlyIfWon && decide(tx, model, side, defenderCamp, [dFire.points, aFire.points], [aFire.roll ?? 0, dFire.roll ?? 0]).winner !== side;
  const stopped = !survivors.length ? 'no attacker survives the interception' : beaten ? 'the attackers did not win the interception' : undefined;
  if (stopped) tx.emit(() => ({ kind: 'effect', op: 'intercepted', cite, text: `${stopped[0].toUpperCase()}${stopped.slice(1)}: no attack on ${tx.rules.label(target)}` }));
  return stopped ? [] : survivors;
}
