// Who takes part in a fire-table battle, and how support counts: units of the attacking classes make
// an attack, support classes only join one; a side's support counts at most its capping classes'
// strength, and where the model has a support battle and both sides bring support, only the winner's
// surviving support counts.
import type { FireTableCombat, UnitClass } from '../../generated/schema-types';
import { joinPointer } from '../../json/pointer';
import type { PendingBattle, UnitState } from '../state';
import { tableOf } from '../tables';
import type { Tx } from '../tx';
import { classOf, factor, unitType } from '../units';
import { halvedIf, halvedNow } from '../supply';
import { decide, fire, type Fire } from './fire';
import { inflict } from './losses';
import { lossUnit } from './fire-table';
import { campName } from '../board';

/** What a unit of a class may do in an attack: attack (and so make one), only support others, or neither. */
export function roleIn(model: FireTableCombat, cls: UnitClass): 'attack' | 'support' | undefined {
  if (model.attackers?.includes(cls)) return 'attack';
  if (model.support?.classes.includes(cls)) return 'support';
  return model.attackers ? undefined : 'attack';
}

const supporting = (tx: Tx, model: FireTableCombat, units: readonly UnitState[]) => units.filter((u) => roleIn(model, classOf(tx.rules, u)) === 'support');
/** A unit's factor in a battle: none when exhausted or of a kind the model silences, halved when it fights out of supply and the model says so. */
const fighting = (tx: Tx, model: FireTableCombat, u: UnitState) =>
  u.exhausted || model.silentKinds?.includes(unitType(tx.rules, u)?.kind ?? '') ? 0 : halvedIf(halvedNow(tx, u), factor(tx, u, model.factor) ?? 0);
/** Units' strength in a battle of a model: their factors as they fight. */
export const strengthIn = (tx: Tx, model: FireTableCombat, units: readonly UnitState[]) => units.reduce((n, u) => n + fighting(tx, model, u), 0);

/** A side's strength: its units' factor, of which its support counts at most its capping classes' strength, and none once beaten. */
export interface Strength {
  total: number;
  /** The support's whole strength, and how much of it counts. */
  support: number;
  counted: number;
  /** The support lost the support battle (or neither side won it). */
  beaten: boolean;
}

export function strengthOf(tx: Tx, model: FireTableCombat, units: readonly UnitState[], supportCounts = true): Strength {
  let own = 0;
  let support = 0;
  let cap = 0;
  const cappedBy = model.support?.cappedBy;
  for (const u of units) {
    const cls = classOf(tx.rules, u);
    const f = fighting(tx, model, u);
    if (model.support && roleIn(model, cls) === 'support') support += f;
    else own += f;
    if (cappedBy?.includes(cls)) cap += f;
  }
  const counted = !supportCounts ? 0 : cappedBy ? Math.min(support, cap) : support;
  return { total: own + counted, support, counted, beaten: !supportCounts };
}

/** The support figures of a battle's side for its event. */
export const supportFigures = (st: Strength) => (st.support ? { support: st.support, supportCounted: st.counted } : {});

export function strengthText(model: FireTableCombat, st: Strength): string {
  if (!st.support) return String(st.total);
  if (st.beaten) return `${st.total} (its ${st.support} support did not win the support battle)`;
  if (st.counted === st.support) return `${st.total} (with ${st.support} support)`;
  return `${st.total} (${st.counted} of ${st.support} support counted: no more than its ${model.support!.cappedBy!.join(' and ')} strength)`;
}

/**
 * The support battle, where the model has one and both sides bring support: each side's support fires
 * on its line's table at the other's, and the model's rule names the winner. The losses fall on support
 * units, their owners choosing which (the battle waits for them: combat/index.ts). Returns whether each
 * side's support still counts: the attacker's, then the defender's.
 */
export function supportBattle(tx: Tx, b: PendingBattle, model: FireTableCombat, attackers: readonly UnitState[], defenders: readonly UnitState[]): [boolean, boolean] {
  const { combat: id, side, target } = b;
  const defenderCamp = campName(b.defending);
  const battle = model.support?.battle;
  const [mine, theirs] = [supporting(tx, model, attackers), supporting(tx, model, defenders)];
  if (!battle || mine.length === 0 || theirs.length === 0) return [true, true];
  const pointer = joinPointer('/mechanics/combat', id, 'support', 'battle');
  const cite = tx.rules.cite(pointer);
  const has = (units: readonly UnitState[], classes: readonly UnitClass[] | undefined) => !classes || units.some((u) => classes.includes(classOf(tx.rules, u)));
  // Each side's line and strength, both read before either rolls (a value the tester gives is asked with no die yet seen).
  const aim = (firing: readonly UnitState[], fired: readonly UnitState[]) => {
    const k = battle.lines.findIndex((line) => has(firing, line.firing) && has(fired, line.target));
    const line = battle.lines[k];
    if (!line) return undefined;
    const table = tableOf(tx, line.table);
    if (!table) return tx.refuse('no-table', `the support battle of ${id} reads table "${line.table}", which the ruleset lacks`, joinPointer(pointer, 'lines', k, 'table'));
    const firingHere = line.silentKinds ? firing.filter((u) => !line.silentKinds!.includes(unitType(tx.rules, u)?.kind ?? '')) : firing;
    return { line, table, strength: strengthIn(tx, model, firingHere) };
  };
  const shoot = (aimed: ReturnType<typeof aim>, purpose: string): Fire => {
    if (aimed) return fire(tx, aimed.line.table, aimed.table, purpose, aimed.strength, [], pointer);
    tx.emit(() => ({ kind: 'lookup', table: '', row: '', column: '', shifts: [], result: 0, cite, text: `${purpose}: no line of the support battle fits, no fire` }));
    return { points: 0 };
  };
  const [a, d] = [tx.rules.party(side), tx.rules.party(defenderCamp)];
  const [mineAimed, theirsAimed] = [aim(mine, theirs), aim(theirs, mine)];
  const aFire = shoot(mineAimed, `${a} support fires at ${d} support`);
  const dFire = shoot(theirsAimed, `${d} support fires back`);
  const { winner, outcome } = decide(tx, model, side, defenderCamp, [dFire.points, aFire.points], [aFire.roll ?? 0, dFire.roll ?? 0]);
  tx.emit(() => ({
    kind: 'support-battle', combat: id, target, winner, cite, lossPoints: { [side]: dFire.points, [defenderCamp]: aFire.points },
    text: `Support battle at ${tx.rules.label(target)}: ${a} ${strengthIn(tx, model, mine)} against ${d} ${strengthIn(tx, model, theirs)}; loss points inflicted by ${a} ${aFire.points}, by ${d} ${dFire.points}; ${outcome}`,
  }));
  const losses = lossUnit(tx, model.lossUnit, joinPointer('/mechanics/combat', id));
  if (losses !== 'none') {
    inflict(tx, theirs, aFire.points, losses === 'step', false, cite);
    inflict(tx, mine, dFire.points, losses === 'step', false, cite);
  }
  return [winner === side, winner === defenderCamp];
}
