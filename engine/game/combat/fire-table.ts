// Two-sided fire: each side totals the model's factor over its units (support counted up to its cap),
// rolls, and reads the table on the roll's row and its strength's column, the attacker's shifted by
// the defender's terrain (capped). The cell is the loss points the other side takes, on the units of
// the classes that absorb them; fortifications absorb first and those points do not count toward the
// winner: fewer counted losses wins, then the higher roll. The loser may then have to retreat.
import type { FireTableCombat, Table, UnitClass } from '../../generated/schema-types';
import { joinPointer } from '../../json/pointer';
import { keyInterval } from '../../tables/keys';
import { camp, campName } from '../board';
import { roll } from '../dice';
import type { AppliedShift } from '../log';
import type { LocKey, UnitState } from '../state';
import { keyOn, cellAt, labelCell, tableOf } from '../tables';
import { openTask } from '../tasks';
import type { Tx } from '../tx';
import { classOf, factor } from '../units';
import { cited, numeric } from '../values';
import { isBarrier, type Barrier } from '../movement';
import { openAftermath } from './aftermath';
import { absorbable, inflict } from './losses';

interface Fire {
  roll?: number;
  points: number;
}

export function fireTableBattle(tx: Tx, id: string, model: FireTableCombat, side: string, target: LocKey, attackers: UnitState[], defenders: UnitState[]) {
  const pointer = joinPointer('/mechanics/combat', id);
  const table = tableOf(tx, model.table);
  if (!table) return tx.refuse('no-table', `combat ${id} reads table "${model.table}", which the ruleset lacks`, joinPointer(pointer, 'table'));
  const attack = strengthOf(tx, model, attackers);
  const defense = strengthOf(tx, model, defenders);
  const defenderCamp = campName(camp(tx.s, defenders[0].power));
  const shifts = terrainShifts(tx, model, pointer, target);
  const aFire = fire(tx, model, table, `${side} fire at ${tx.rules.label(target)}`, attack.total, shifts, pointer);
  const dFire = model.fires === 'attacker' ? { points: 0 } : fire(tx, model, table, `${defenderCamp} fire back`, defense.total, [], pointer);
  // Loss points fall only on the units of the classes that absorb them.
  const absorbing = (units: UnitState[]) => (model.absorbs ? units.filter((u) => model.absorbs!.includes(classOf(tx.rules, u))) : units);
  const [attackersHit, defendersHit] = [absorbing(attackers), absorbing(defenders)];

  const losses = lossUnit(tx, model, pointer);
  const perStep = losses === 'step';
  const cite = tx.rules.cite(pointer);
  const fortsFirst = model.fortsAbsorbFirst === true && losses !== 'none';
  const absorbedD = absorbable(tx, defendersHit, aFire.points, perStep, fortsFirst);
  const absorbedA = absorbable(tx, attackersHit, dFire.points, perStep, fortsFirst);
  const counted: [number, number] = [dFire.points - absorbedA, aFire.points - absorbedD];
  const [ra, rd] = [aFire.roll ?? 0, dFire.roll ?? 0];
  // Who won, and why, by the model's rule.
  let winner: string | undefined;
  let outcome = 'the model names no winner';
  if (model.winner === 'fewer-losses-then-higher-roll') {
    winner = counted[0] < counted[1] ? side : counted[1] < counted[0] ? defenderCamp : ra > rd ? side : rd > ra ? defenderCamp : undefined;
    outcome = !winner ? 'no winner: equal losses and equal rolls' : counted[0] !== counted[1] ? `${winner} wins with fewer losses` : `${winner} wins on the higher roll (${Math.max(ra, rd)} against ${Math.min(ra, rd)})`;
  }
  const absorbedNote = (n: number) => (n ? ` (${n} absorbed by fortifications)` : '');
  tx.emit(() => ({
    kind: 'battle', combat: id, target, winner, cite,
    attacker: { party: side, strength: attack.total, ...supportOf(attack), roll: aFire.roll, lossPoints: dFire.points, counted: counted[0] },
    defender: { party: defenderCamp, strength: defense.total, ...supportOf(defense), roll: dFire.roll, lossPoints: aFire.points, counted: counted[1] },
    text: `Battle at ${tx.rules.label(target)}: ${side} ${strengthText(model, attack)} against ${defenderCamp} ${strengthText(model, defense)}; ${side} inflicts ${aFire.points}${absorbedNote(absorbedD)}, ${defenderCamp} inflicts ${dFire.points}${absorbedNote(absorbedA)}; losses counted ${counted[0]} to ${counted[1]}; ${outcome}${losses === 'none' ? '; the loss points fall on no unit: the tester applies them' : ''}`,
  }));
  if (losses === 'none') return;
  // Where each side fought, before losses take units off the board: a hex emptied by them is open to the advance too.
  const [attackersAt, defendersAt] = [attackers.map(stand), defenders.map(stand)];
  inflict(tx, defendersHit, aFire.points, perStep, fortsFirst, cite);
  inflict(tx, attackersHit, dFire.points, perStep, fortsFirst, cite);
  if (winner && model.retreat) {
    const attackerWon = winner === side;
    openAftermath(tx, id, model, camp(tx.s, (attackerWon ? attackers : defenders)[0].power), attackerWon ? attackersAt : defendersAt, attackerWon ? defendersAt : attackersAt);
  }
}

const stand = (u: UnitState) => ({ unit: u.id, from: u.at });

/** A side's strength: its units' factor, of which its support counts at most its capping classes' strength. */
interface Strength {
  total: number;
  /** The support's whole strength, and how much of it counts. */
  support: number;
  counted: number;
}

function strengthOf(tx: Tx, model: FireTableCombat, units: readonly UnitState[]): Strength {
  let own = 0;
  let support = 0;
  let cap = 0;
  const cappedBy = model.support?.cappedBy;
  for (const u of units) {
    const cls = classOf(tx.rules, u);
    const f = factor(tx, u, model.factor) ?? 0;
    if (model.support && roleIn(model, cls) === 'support') support += f;
    else own += f;
    if (cappedBy?.includes(cls)) cap += f;
  }
  const counted = cappedBy ? Math.min(support, cap) : support;
  return { total: own + counted, support, counted };
}

const supportOf = (st: Strength) => (st.support ? { support: st.support, supportCounted: st.counted } : {});

function strengthText(model: FireTableCombat, st: Strength): string {
  if (!st.support) return String(st.total);
  if (st.counted === st.support) return `${st.total} (with ${st.support} support)`;
  return `${st.total} (${st.counted} of ${st.support} support counted: no more than its ${model.support!.cappedBy!.join(' and ')} strength)`;
}

/** What a unit of a class may do in an attack: attack (and so make one), only support others, or neither. */
export function roleIn(model: FireTableCombat, cls: UnitClass): 'attack' | 'support' | undefined {
  if (model.attackers?.includes(cls)) return 'attack';
  if (model.support?.classes.includes(cls)) return 'support';
  return model.attackers ? undefined : 'attack';
}

function lossUnit(tx: Tx, model: FireTableCombat, pointer: string): 'step' | 'unit' | 'none' {
  if (model.lossUnit) return model.lossUnit;
  const v = tx.ask({ key: joinPointer(pointer, 'lossUnit'), text: 'Does a loss point take a step ("step") or a whole unit ("unit")? The model does not say', pointer, expects: 'text', choices: ['step', 'unit'], rememberable: true });
  return v === 'unit' ? 'unit' : 'step';
}

/** The defender terrain's shift cell, or why the model cannot fight there (a shift such as "n/a"). */
export function terrainShift(tx: Tx, model: FireTableCombat, target: LocKey): { n: number; pointer: string; terrain: string } | Barrier | undefined {
  const terrain = tx.rules.terrainOf(target);
  if (!model.terrainShifts || !terrain || !tableOf(tx, model.terrainShifts)?.rows.keys.includes(terrain)) return undefined;
  const cell = labelCell(tx, model.terrainShifts, terrain, 'shift', `column shift for ${terrain}`);
  if (!cell) return undefined;
  const n = typeof cell.value === 'number' ? cell.value : numeric(cell.value);
  if (n === undefined) return { code: 'terrain-shift', message: `${terrain} gives shift "${cell.value}", which is not a number of columns: no such combat there`, pointer: cell.pointer };
  return { n, pointer: cell.pointer, terrain };
}

/** Column shifts against the attacker from the defender's terrain, capped by the model or table. */
function terrainShifts(tx: Tx, model: FireTableCombat, pointer: string, target: LocKey): AppliedShift[] {
  const shift = terrainShift(tx, model, target);
  if (shift && isBarrier(shift)) return tx.refuse(shift.code, shift.message, shift.pointer);
  if (!shift || shift.n === 0) return [];
  const { n, terrain } = shift;
  const table = tableOf(tx, model.table);
  const cap = model.maxShift !== undefined ? cited(tx, model.maxShift, joinPointer(pointer, 'maxShift'), 'cap on column shifts') : table?.maxShift;
  const capped = cap === undefined ? n : Math.sign(n) * Math.min(Math.abs(n), cap);
  return [{ reason: `${terrain} terrain${capped !== n ? ` (${n}, capped at ${cap})` : ''}`, columns: -capped, cite: tx.rules.cite(shift.pointer) }];
}

function fire(tx: Tx, model: FireTableCombat, table: Table, purpose: string, strength: number, shifts: AppliedShift[], pointer: string): Fire {
  const tablePointer = joinPointer('/tables', model.table);
  if (strength <= 0) {
    tx.emit(() => ({ kind: 'lookup', table: model.table, row: '', column: '', shifts, result: 0, cite: tx.rules.cite(tablePointer), text: `${purpose}: no strength, no fire` }));
    return { points: 0 };
  }
  const die = roll(tx, purpose, pointer);
  const cols = table.columns.keys;
  const baseKey = keyOn(table.columns, strength);
  const base = baseKey !== undefined ? cols.indexOf(baseKey) : beyond(table, strength);
  const moved = base + shifts.reduce((n, s) => n + s.columns, 0);
  const rowKey = keyOn(table.rows, die) ?? String(tx.ask({ key: joinPointer(tablePointer, 'rows', String(die)), text: `Roll ${die} is not a row of table "${table.title}": which row applies?`, pointer: joinPointer(tablePointer, 'rows'), expects: 'text', choices: table.rows.keys, rememberable: true }));
  let index = moved;
  let value: number | string;
  let ruling = false;
  let at = tablePointer;
  if ((moved < 0 || moved >= cols.length) && table.offTable === 'clamp') index = Math.max(0, Math.min(cols.length - 1, moved));
  if (index < 0 || index >= cols.length) {
    const off = index < 0 ? `${-index} column(s) left of` : `${index - cols.length + 1} column(s) right of`;
    value = tx.ask({ key: joinPointer(tablePointer, 'offTable', String(index), rowKey), text: `${purpose}: strength ${strength}${shifts.length ? ' after shifts' : ''} falls ${off} table "${table.title}" (row ${rowKey}), which gives no result there`, pointer: joinPointer(tablePointer, 'offTable'), expects: 'text', rememberable: true })!;
    ruling = true;
  } else {
    const cell = cellAt(tx, model.table, rowKey, cols[index], purpose)!;
    ({ value, ruling } = cell);
    at = cell.pointer;
  }
  const column = index >= 0 && index < cols.length ? cols[index] : `off-table ${index}`;
  const shiftText = shifts.length ? `; ${shifts.map((s) => `${s.columns > 0 ? '+' : ''}${s.columns} for ${s.reason}`).join(', ')} → column ${column}` : '';
  const points = typeof value === 'number' ? value : numeric(value);
  tx.emit(() => ({
    kind: 'lookup', table: model.table, row: rowKey, column, shifts, roll: die, result: value, ruling: ruling || undefined, cite: tx.rules.cite(at),
    text: `${table.title}: strength ${strength} → column ${baseKey ?? 'off the table'}${shiftText}; roll ${die} → row ${rowKey}: ${value}${ruling ? ' (the tester\'s ruling)' : ''}${points !== undefined ? ' loss point(s)' : ''}`,
  }));
  if (points !== undefined) return { roll: die, points };
  const meaning = table.results?.[String(value)]?.meaning;
  openTask(tx, `apply result "${value}"${meaning ? ` (${meaning})` : ''} from ${table.title}`, at);
  return { roll: die, points: 0 };
}

/** Where a strength beyond every column key lies: before the first (-1) or after the last. */
function beyond(table: Table, strength: number): number {
  const first = keyInterval(table.columns.kind, table.columns.keys[0] ?? '');
  return first && strength < first.low ? -1 : table.columns.keys.length;
}
