// A fire-table battle, after its support battle (support.ts) where the model has one: each side totals
// the model's factor over its units (support counted up to its cap; halved out of supply, nothing for
// the exhausted), rolls, and reads its table (the defender's own, where the model names one) on the
// roll's row and its strength's column, the attacker's shifted by the defender's terrain (capped). The
// cell is the loss points the other side takes, on the units of the classes that absorb them (or the
// target's production, where the model strikes it); fortifications absorb first and those points do
// not count toward the winner: fewer counted losses wins, then the higher roll. The loser may then
// have to retreat.
import type { FireTableCombat } from '../../generated/schema-types';
import { joinPointer } from '../../json/pointer';
import type { AppliedShift } from '../log';
import type { LocKey, PendingBattle, UnitState } from '../state';
import { labelCell, tableOf } from '../tables';
import type { Tx } from '../tx';
import { classOf, printed, PROVISIONAL_STRENGTHS, readsProvisional, unitType, unitLabels, unitLabel } from '../units';
import { cited, numeric } from '../values';
import { isBarrier, type Barrier } from '../movement';
import { openAftermath } from './aftermath';
import { campName } from '../board';
import { decide, fire } from './fire';
import { absorbable, inflict } from './losses';
import { strengthOf, strengthText, supportFigures } from './support';
import { emitHalved } from '../supply';
import { strikeBonuses, strikeProduction } from './strikes';
import { noun } from '../../words';

/**
 * The battle itself, after its support battle (`b.supports`, where one was fought): the attacking
 * side's units against the defending camp's (none, where the target is a place); `fixedDefence`, the
 * defence's strength where no unit defends (an assaulted place). Returns the winner, if any.
 */
export function fireTableBattle(tx: Tx, b: PendingBattle, model: FireTableCombat, fightingA: UnitState[], fightingD: UnitState[], fixedDefence?: number): string | undefined {
  const { combat: id, side, target, defending } = b;
  const pointer = joinPointer('/mechanics/combat', id);
  const table = tableOf(tx, model.table);
  if (!table) return tx.refuse('no-table', `combat ${id} reads table "${model.table}", which the ruleset lacks`, joinPointer(pointer, 'table'));
  const defenderCamp = campName(defending);
  const [a, d] = [tx.rules.party(side), tx.rules.party(defending)];
  const losses = lossUnit(tx, model.lossUnit, pointer);
  const perStep = losses === 'step';
  const [attackerSupports, defenderSupports] = b.supports ?? [true, true];
  emitHalved(tx, [...fightingA, ...fightingD]);
  const idle = fightingD.filter((u) => u.exhausted).map((u) => u.id);
  if (idle.length) tx.emit(() => ({ kind: 'exhausted', units: idle, exhausted: true, cite: tx.rules.cite(pointer), text: `Exhausted by an earlier battle, ${unitLabels(tx, idle)} ${noun(idle.length, 'does', 'do')} not fire` }));
  // Against units all of some kinds a side fires on another line, with another factor: the attacker at such
  // defenders, and the defender back at such attackers.
  const versusA = versusLine(tx, model, fightingD);
  const versusD = model.fires === 'attacker' ? undefined : versusLine(tx, model, fightingA);
  const factorOf = (versus: typeof versusA) => versus?.line.factor ?? model.factor;
  const withFactor = (versus: typeof versusA) => (versus ? { ...model, factor: factorOf(versus) } : model);
  const attack = strengthOf(tx, withFactor(versusA), fightingA, attackerSupports);
  const defense = fixedDefence !== undefined ? { total: fixedDefence, support: 0, counted: 0, beaten: false } : strengthOf(tx, withFactor(versusD), fightingD, defenderSupports);
  const shifts = [...terrainShifts(tx, model, pointer, target), ...unitShifts(tx, model, pointer, fightingA)];
  const versusTable = ({ line, k }: NonNullable<typeof versusA>) => tableOf(tx, line.table) ?? tx.refuse('no-table', `combat ${id} fires on table "${line.table}" against ${line.kinds.join(' or ')}, which the ruleset lacks`, joinPointer(pointer, 'versus', k, 'table'));
  const versusNote = (versus: typeof versusA, whom: string) => (versus ? ` (every ${whom} ${versus.line.kinds.join(' or ')}: its ${versus.line.factor} factors)` : '');
  const aFire = fire(tx, versusA?.line.table ?? model.table, versusA ? versusTable(versusA) : table, `${a} fire at ${tx.rules.label(target)}${versusNote(versusA, 'defender')}`, attack.total, shifts, pointer);
  const dFire =
    model.fires === 'attacker'
      ? { points: 0 }
      : versusD
        ? fire(tx, versusD.line.table, versusTable(versusD), `${d} fire back${versusNote(versusD, 'attacker')}`, defense.total, [], pointer)
        : fire(tx, model.defenderTable ?? model.table, defenderTable(tx, model, pointer), `${d} fire back`, defense.total, [], pointer);
  // Loss points fall only on the units of the classes that absorb them.
  const absorbing = (units: UnitState[]) => (model.absorbs ? units.filter((u) => model.absorbs!.includes(classOf(tx.rules, u))) : units);
  const [attackersHit, defendersHit] = [absorbing(fightingA), absorbing(fightingD)];

  const cite = tx.rules.cite(pointer);
  const fortsFirst = model.fortsAbsorbFirst === true && losses !== 'none';
  const absorbedD = absorbable(tx, defendersHit, aFire.points, perStep, fortsFirst);
  const absorbedA = absorbable(tx, attackersHit, dFire.points, perStep, fortsFirst);
  const counted: [number, number] = [dFire.points - absorbedA, aFire.points - absorbedD];
  const { winner, outcome, ruled } = decide(tx, model, side, defenderCamp, counted, [aFire.roll ?? 0, dFire.roll ?? 0]);
  const absorbedNote = (n: number) => (n ? ` (${n} absorbed by fortifications)` : '');
  tx.emit(() => {
    // Whether a strength read a factor filled in provisionally: the battle says so, as a move does of its costs.
    const provisional = readsProvisional(tx.rules, fightingA, factorOf(versusA)) || (fixedDefence === undefined && readsProvisional(tx.rules, fightingD, factorOf(versusD)));
    // Where only the attacker fires (a bombing), the defence's strength and a winner no rule names say nothing.
    const fought =
      model.fires === 'attacker'
        ? `${a} ${strengthText(model, attack)}, ${d} not firing back; loss points inflicted ${aFire.points}${absorbedNote(absorbedD)}${ruled ? `; ${outcome}` : ''}`
        : `${a} ${strengthText(model, attack)} against ${d} ${strengthText(model, defense)}; loss points inflicted by ${a} ${aFire.points}${absorbedNote(absorbedD)}, by ${d} ${dFire.points}${absorbedNote(absorbedA)}; losses counted: ${a} ${counted[0]}, ${d} ${counted[1]}; ${outcome}`;
    return {
      kind: 'battle', combat: id, target, winner, cite, ...(provisional ? { provisional } : {}),
      attacker: { party: side, strength: attack.total, ...supportFigures(attack), roll: aFire.roll, lossPoints: dFire.points, counted: counted[0] },
      defender: { party: defenderCamp, strength: defense.total, ...supportFigures(defense), roll: dFire.roll, lossPoints: aFire.points, counted: counted[1] },
      text: `Battle at ${tx.rules.label(target)}: ${fought}${losses === 'none' && !model.strikes ? '; the loss points fall on no unit: the tester applies them' : ''}${provisional ? PROVISIONAL_STRENGTHS : ''}`,
    };
  });
  if (model.strikes === 'production' && aFire.points > 0) strikeProduction(tx, target, tx.rules.cite(joinPointer(pointer, 'strikes')));
  if (model.strikes === 'bonuses' && aFire.points > 0) strikeBonuses(tx, side, model.struckBonuses ?? [], aFire.points, tx.rules.cite(joinPointer(pointer, 'struckBonuses')));
  if (losses === 'none') return winner;
  inflict(tx, defendersHit, aFire.points, perStep, fortsFirst, cite);
  inflict(tx, attackersHit, dFire.points, perStep, fortsFirst, cite);
  if (winner && model.retreat) {
    const attackerWon = winner === side;
    openAftermath(tx, id, model.retreat, attackerWon ? side : defending, attackerWon ? b.attackers : b.defenders, attackerWon ? b.defenders : b.attackers);
  }
  return winner;
}

/** The model's line against units all of some kinds (its `versus`), with its index; none against any others, or no unit. */
export function versusLine(tx: Tx, model: FireTableCombat, targets: readonly UnitState[]): { line: NonNullable<FireTableCombat['versus']>[number]; k: number } | undefined {
  const k = targets.length ? (model.versus ?? []).findIndex((v) => targets.every((u) => v.kinds.includes(unitType(tx.rules, u)?.kind ?? ''))) : -1;
  return k >= 0 ? { line: model.versus![k], k } : undefined;
}

/** The table the defender fires on: the model's own, or its defenderTable. */
function defenderTable(tx: Tx, model: FireTableCombat, pointer: string) {
  if (!model.defenderTable) return tableOf(tx, model.table)!;
  return tableOf(tx, model.defenderTable) ?? tx.refuse('no-table', `the defender fires on table "${model.defenderTable}", which the ruleset lacks`, joinPointer(pointer, 'defenderTable'));
}

/** What a loss point takes, as a model (at `pointer`) declares it, else as the tester says. */
export function lossUnit<T extends string>(tx: Tx, declared: T | undefined, pointer: string): T | 'step' | 'unit' {
  if (declared) return declared;
  const v = tx.ask({ key: joinPointer(pointer, 'lossUnit'), text: 'Does a loss point take a step ("step") or a whole unit ("unit")? The model does not say', pointer, expects: 'text', choices: ['step', 'unit'], rememberable: true });
  return v === 'unit' ? 'unit' : 'step';
}

/** The defender terrain's shift cell, or why the model cannot fight there (a shift such as "n/a"). */
export function terrainShift(tx: Tx, model: Pick<FireTableCombat, 'terrainShifts'>, target: LocKey): { n: number; pointer: string; terrain: string } | Barrier | undefined {
  const terrain = tx.rules.terrainOf(target);
  if (!model.terrainShifts || !terrain || !tableOf(tx, model.terrainShifts)?.rows.keys.includes(terrain)) return undefined;
  // A positive shift moves the attacker's column to the left, to weaker fire (terrainShifts): the question says which way.
  const cell = labelCell(tx, model.terrainShifts, terrain, 'shift', `columns the attacker's fire shifts left for ${terrain} (0 for none)`);
  if (!cell) return undefined;
  const n = typeof cell.value === 'number' ? cell.value : numeric(cell.value);
  if (n === undefined) return { code: 'terrain-shift', message: `${terrain} gives shift "${cell.value}", which is not a number of columns: no such combat there`, pointer: cell.pointer };
  return { n, pointer: cell.pointer, terrain };
}

/** Column shifts against the attacker from the defender's terrain, capped by the model or table. */
export function terrainShifts(tx: Tx, model: Pick<FireTableCombat, 'table' | 'terrainShifts' | 'maxShift'>, pointer: string, target: LocKey): AppliedShift[] {
  const shift = terrainShift(tx, model, target);
  if (shift && isBarrier(shift)) return tx.refuse(shift.code, shift.message, shift.pointer);
  if (!shift || shift.n === 0) return [];
  const { n, terrain } = shift;
  const table = tableOf(tx, model.table);
  const cap = model.maxShift !== undefined ? cited(tx, model.maxShift, joinPointer(pointer, 'maxShift'), 'cap on column shifts') : table?.maxShift;
  const capped = cap === undefined ? n : Math.sign(n) * Math.min(Math.abs(n), cap);
  const notes = [capped !== n ? `${n}, capped at ${cap}` : '', tx.rules.sourceOf(shift.pointer) === 'provisional' ? 'a provisional value' : ''].filter(Boolean);
  return [{ reason: `${terrain} terrain${notes.length ? ` (${notes.join('; ')})` : ''}`, columns: -capped, cite: tx.rules.cite(shift.pointer) }];
}

/** Column shifts for the attacker from what its units in the battle print (their range, say). */
function unitShifts(tx: Tx, model: FireTableCombat, pointer: string, attackers: readonly UnitState[]): AppliedShift[] {
  return (model.attackerShifts ?? []).flatMap((shift, i) => {
    const at = joinPointer(pointer, 'attackerShifts', i);
    const unit = attackers.find((u) => printed(tx, u, shift.printed) === shift.equals);
    const columns = unit && cited(tx, shift.columns, joinPointer(at, 'columns'), `column shift for a ${shift.printed} of ${shift.equals}`);
    return unit && columns ? [{ reason: `${unitLabel(tx.rules, unit)}'s ${shift.printed} of ${shift.equals}`, columns, cite: tx.rules.cite(at) }] : [];
  });
}
