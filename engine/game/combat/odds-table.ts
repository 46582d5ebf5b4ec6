// An odds-table combat: units beside a location holding hostile units attack it together. Their attack
// factors against the defence factors of the hostile units there (halved out of supply where the supply
// model says) make the odds, which select a column, shifted left by the defender's terrain; a die roll
// (with the modifiers the tester totals) selects the row. The cell's result code does what its
// effects say (steps lost, chosen by their owner, then a retreat, after which the attacker may advance);
// a code without effects is left to the tester, by its meaning.
import type { OddsTableCombat, SideResult, Table } from '../../generated/schema-types';
import { joinPointer } from '../../json/pointer';
import { ratioKey } from '../../tables/keys';
import type { PlayerAction } from '../actions';
import { camp } from '../state';
import { actsFrom } from '../board';
import { roll } from '../dice';
import { graphOf } from '../graph';
import type { Cite } from '../log';
import { isBarrier } from '../movement';
import type { LocKey, UnitState } from '../state';
import { emitHalved, halvedIf, halvedNow } from '../supply';
import { cellOrigin, tableOf } from '../tables';
import { openTask } from '../tasks';
import type { Tx } from '../tx';
import { factor, PROVISIONAL_STRENGTHS, readsProvisional, stepsLeft, unitLabel, unitLabels } from '../units';
import { asNumber } from '../values';
import { armedFor, attackingUnits, besideReach, beyondZones, declared, defendersOf, refuseUnarmed } from '.';
import { openAftermath } from './aftermath';
import { attackedBefore } from './again';
import { targetsOf } from './attacks';
import { readCell } from './fire';
import { terrainShift, terrainShifts } from './fire-table';
import { eliminate, inflict } from './losses';

/** The `attack` action in an odds-table combat: checked, then fought at once. */
export function oddsAttack(tx: Tx, side: string, id: string, model: OddsTableCombat, target: LocKey, unitIds: string[]) {
  const pointer = joinPointer('/mechanics/combat', id);
  const defenders = defendersOf(tx, side, target, model, pointer);
  if (tx.s.step.targets.includes(target)) tx.refuse('already-attacked', `${tx.rules.label(target)} has already been attacked this step`, pointer);
  const at = graphOf(tx.rules).index.get(target) ?? -1;
  const attackers = attackingUnits(tx, side, unitIds, pointer);
  for (const u of attackers) {
    refuseUnarmed(tx, u, id, model, pointer);
    if (!reachOf(tx, u).includes(at)) tx.refuse('out-of-reach', `${tx.rules.label(target)} is out of ${unitLabel(tx.rules, u)}'s reach (beside it)`, pointer);
  }
  declared(tx, id, side, target, attackers, defenders);
  oddsBattle(tx, id, model, side, target, attackers, defenders);
}

/** Where a unit may attack: beside it, from where it stands on the board. */
function reachOf(tx: Tx, u: UnitState): readonly number[] {
  const at = actsFrom(tx.rules, tx.s, u);
  return at === undefined || at.startsWith('box:') ? [] : besideReach(tx, u, at);
}

/** Every attack a side may make in an odds-table combat: on each location holding hostile units, with all its units beside it that may attack. */
export function oddsAttackChoices(tx: Tx, side: string, combat: string, model: OddsTableCombat, mine: readonly UnitState[]): Extract<PlayerAction, { type: 'attack' }>[] {
  const g = graphOf(tx.rules);
  const { targets, isTarget } = targetsOf(tx, side, model.defenders);
  const joining: string[][] = [];
  const before = attackedBefore(tx);
  for (const u of mine) {
    if (u.exhausted || camp(tx.s, u.power) !== side || tx.s.step.attackers.includes(u.id) || !armedFor(tx, u, model) || before?.(u) !== undefined) continue;
    for (const i of reachOf(tx, u)) if (isTarget[i] === 1) (joining[i] ??= []).push(u.id);
  }
  return targets.flatMap((i) => {
    const target = g.keys[i];
    const shift = terrainShift(tx, model, target);
    if (!joining[i] || tx.s.step.targets.includes(target) || beyondZones(tx, target) || (shift && isBarrier(shift))) return [];
    return [{ type: 'attack' as const, side, combat, target, units: joining[i] }];
  });
}

/** Units' total of a factor as they fight: halved out of supply where the model says so, none without it. */
const total = (tx: Tx, units: readonly UnitState[], name: string) => units.reduce((n, u) => n + halvedIf(halvedNow(tx, u), factor(tx, u, name) ?? 0), 0);

function oddsBattle(tx: Tx, id: string, model: OddsTableCombat, side: string, target: LocKey, attackers: UnitState[], defenders: UnitState[]) {
  const pointer = joinPointer('/mechanics/combat', id);
  const table = tableOf(tx, model.table) ?? tx.refuse('no-table', `combat ${id} reads table "${model.table}", which the ruleset lacks`, joinPointer(pointer, 'table'));
  const tablePointer = joinPointer('/tables', model.table);
  const defending = camp(tx.s, defenders[0].power);
  emitHalved(tx, [...attackers, ...defenders]);
  const [attack, defense] = [total(tx, attackers, model.attackFactor), total(tx, defenders, model.defenseFactor)];
  const odds = `${attack} to ${defense}`;
  const base = oddsColumn(tx, model, table, attack, defense, pointer);
  const shifts = terrainShifts(tx, model, pointer, target);
  // The modifiers are settled before the die is seen.
  const modifier = model.dieModifiers ? dieModifier(tx, model.dieModifiers, target) : 0;
  const purpose = `Attack on ${tx.rules.label(target)} by ${tx.rules.party(side)}`;
  const die = roll(tx, `${purpose} at ${odds}`, pointer);
  const index = base + shifts.reduce((n, s) => n + s.columns, 0);
  const { rowKey, column, cell } = readCell(tx, model.table, table, purpose, `odds ${odds}${shifts.length ? ' after shifts' : ''}`, die + modifier, index);
  const code = String(cell.value);
  tx.emit(() => {
    const { note, ...origin } = cellOrigin(tx, cell);
    const shifted = shifts.length ? `; ${shifts.map((s) => `${s.columns > 0 ? '+' : ''}${s.columns} for ${s.reason}`).join(', ')} → column ${column}` : '';
    const modified = modifier ? ` ${modifier > 0 ? '+' : '-'} ${Math.abs(modifier)} = ${die + modifier}` : '';
    return {
      kind: 'lookup', table: model.table, row: rowKey, column, shifts, roll: die, result: cell.value, ...origin, cite: tx.rules.cite(cell.pointer),
      text: `${table.title}: odds ${odds} → column ${table.columns.keys[base] ?? 'off the table'}${shifted}; roll ${die}${modified} → row ${rowKey}: ${code}${meaningOf(table, code)}${note}`,
    };
  });
  const effects = table.results?.[code]?.effects;
  const cite = tx.rules.cite(table.results?.[code] ? joinPointer(tablePointer, 'results', code) : cell.pointer);
  tx.emit(() => {
    const provisional = readsProvisional(tx.rules, attackers, model.attackFactor) || readsProvisional(tx.rules, defenders, model.defenseFactor);
    return {
      kind: 'battle', combat: id, target, cite, result: code, ...(provisional ? { provisional } : {}),
      attacker: { party: side, strength: attack, roll: die }, defender: { party: defending, strength: defense },
      text: `Battle at ${tx.rules.label(target)}: ${tx.rules.party(side)} ${attack} against ${tx.rules.party(defending)} ${defense}; result ${code}${meaningOf(table, code)}${provisional ? PROVISIONAL_STRENGTHS : ''}`,
    };
  });
  if (!effects) return void openTask(tx, `apply result "${code}"${meaningOf(table, code)} of the attack on ${tx.rules.label(target)} by ${unitLabels(tx, attackers.map((u) => u.id))}: ${table.title} gives it no effects the engine applies`, cell.pointer);
  const [attackersAt, defendersAt] = [attackers.map(stand), defenders.map(stand)];
  // An exchange counted in steps: the side losing 'as-other' loses as many as the other side's result takes.
  const [d, a] = [stepsOf(tx, defenders, effects.defender, 0), stepsOf(tx, attackers, effects.attacker, 0)];
  suffer(tx, defenders, effects.defender?.steps === 'as-other' ? a : d, cite);
  suffer(tx, attackers, effects.attacker?.steps === 'as-other' ? d : a, cite);
  const retreat = model.retreat;
  const [back, fall] = [effects.attacker?.retreat, effects.defender?.retreat];
  if (!back && !fall && effects.defender?.steps !== 'all') return;
  if (!retreat || (back && fall)) return void openTask(tx, `retreat ${back && fall ? 'both sides' : back ? 'the attackers' : 'the defenders'} of the battle at ${tx.rules.label(target)} by hand, as result "${code}" says`, retreat ? cite.pointer : pointer);
  // The defender retreating (or eliminated), the attacker may advance into what it leaves; the attacker retreating, nobody advances.
  if (back) openAftermath(tx, id, { ...retreat, advance: false }, defending, [], attackersAt, { locations: back, away: target });
  else openAftermath(tx, id, retreat, side, attackersAt, defendersAt, fall ? { locations: fall, away: target } : undefined);
}

/** The steps a side's result takes from its units: a number, every step they have ('all'), or, for 'as-other', the `other` given. */
function stepsOf(tx: Tx, units: readonly UnitState[], result: SideResult | undefined, other: number): number {
  if (result?.steps === 'all') return units.reduce((n, u) => n + stepsLeft(tx.rules, u), 0);
  return result?.steps === 'as-other' ? other : (result?.steps ?? 0);
}

const stand = (u: UnitState) => ({ unit: u.id, from: u.at });

/** " (its meaning)" of a result code the table explains, else nothing. */
const meaningOf = (table: Table, code: string) => (table.results?.[code] ? ` (${table.results[code].meaning})` : '');

/** A side's losses by a result: steps its owner allocates (every unit eliminated when they are all its steps). */
function suffer(tx: Tx, units: UnitState[], steps: number, cite: Cite) {
  if (steps <= 0) return;
  if (steps >= units.reduce((n, u) => n + stepsLeft(tx.rules, u), 0)) for (const u of units) eliminate(tx, u, cite, `${unitLabel(tx.rules, u)} is eliminated`);
  else inflict(tx, units, steps, true, false, cite);
}

/**
 * The column the odds select, by index (-1 left of the table, its length right of it): the last whose
 * odds the attack reaches ('down-for-attacker'), or the nearest ('nearest'); the model's rounding, else the tester's ruling.
 */
function oddsColumn(tx: Tx, model: OddsTableCombat, table: Table, attack: number, defense: number, pointer: string): number {
  const odds = defense > 0 ? attack / defense : attack > 0 ? Infinity : 0;
  const intervals = table.columns.keys.map((k) => ratioKey(k));
  const rounding = model.rounding ?? tx.ask({ key: joinPointer(pointer, 'rounding'), text: 'How are odds rounded to a column: to the last column the attack reaches ("down-for-attacker") or to the nearest ("nearest")? The model does not say', pointer, expects: 'text', choices: ['down-for-attacker', 'nearest'], rememberable: true });
  const within = intervals.findIndex((iv) => iv && odds >= iv.low && odds <= iv.high);
  if (within >= 0) return within;
  if (rounding === 'nearest') {
    let best = -1;
    for (let i = 0; i < intervals.length; i++) if (intervals[i] && (best < 0 || apart(odds, intervals[i]!) < apart(odds, intervals[best]!))) best = i;
    return best < 0 ? table.columns.keys.length : best;
  }
  let last = -1;
  intervals.forEach((iv, i) => iv && odds >= iv.low && (last = i));
  return last;
}

/** How far odds lie from a column's, as a ratio (1:2 is as far below 1:1 as 2:1 above it). */
const apart = (odds: number, iv: { low: number; high: number }) => Math.min(...[iv.low, iv.high].filter(Number.isFinite).map((x) => Math.abs(Math.log(odds / x))));

/** The die-roll modifiers of a battle, totalled by the tester: which of the table's apply depends on the rulebook's conditions. */
function dieModifier(tx: Tx, tableId: string, target: LocKey): number {
  const title = tableOf(tx, tableId)?.title ?? tableId;
  const pointer = joinPointer('/tables', tableId);
  return asNumber(tx.ask({ key: joinPointer(pointer, 'battle', target), text: `Die-roll modifier for the attack on ${tx.rules.label(target)}: the total of "${title}" that applies (0 for none)`, pointer, expects: 'number', rememberable: false, neutral: 0 })) ?? 0;
}
