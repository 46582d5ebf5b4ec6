// A per-unit-dice combat: where a side's units share a location with hostile units, each round every
// attacking and every defending unit rolls its own die, scoring a hit on a roll at or under its factor
// (or at or over, as the model says); both sides fire before either takes its hits, each a step lost, on
// units chosen by their owner (or the opponent). The attacker fights another round by attacking again,
// while both sides remain and the model's rounds allow; the defenders gone, an attacking land unit
// left takes the location.
import type { PerUnitDiceCombat } from '../../generated/schema-types';
import { joinPointer } from '../../json/pointer';
import type { PlayerAction } from '../actions';
import { camp } from '../state';
import { actsFrom, controls, sideOf, unitsThere } from '../board';
import { takeControl, takesControl } from '../control';
import { roll } from '../dice';
import type { LocKey, UnitState } from '../state';
import { halvedIf, halvedNow } from '../supply';
import type { Tx } from '../tx';
import { classOf, factor, mayFireWith, PROVISIONAL_STRENGTHS, readsProvisional, unitLabel } from '../units';
import { counted } from '../../words';
import { armedFor, attacked, attackingUnits, beyondZones, defendersOf, refuseUnarmed, targetsAt } from '.';
import { inflict } from './losses';
import { openAftermath } from './aftermath';
import { attackedBefore, rememberAttackers } from './again';

/** The `attack` action in a per-unit-dice combat: one round of the battle where the attacking units stand. */
export function diceAttack(tx: Tx, side: string, id: string, model: PerUnitDiceCombat, target: LocKey, unitIds: string[]) {
  const pointer = joinPointer('/mechanics/combat', id);
  const defenders = defendersOf(tx, side, target, model, pointer);
  const fought = tx.s.step.battles?.[target]?.rounds ?? 0;
  const over = battleOver(tx, side, model, target, pointer);
  if (over) tx.refuse(over.code, over.message, over.pointer);
  // A unit fights every round of its battle: "attacked this step" does not bar it here.
  const attackers = attackingUnits(tx, side, unitIds, pointer, true);
  for (const u of attackers) {
    refuseUnarmed(tx, u, id, model, pointer);
    if (actsFrom(tx.rules, tx.s, u) !== target) tx.refuse('out-of-reach', `${unitLabel(tx.rules, u)} is not at ${tx.rules.label(target)}: a battle of ${id} is fought by the units there`, pointer);
  }
  tx.s.step.battles = { ...tx.s.step.battles, [target]: { combat: id, rounds: fought + 1 } };
  for (const u of attackers) if (!tx.s.step.attackers.includes(u.id)) tx.s.step.attackers.push(u.id);
  rememberAttackers(tx, attackers);
  if (fought === 0) attacked(tx, id, side, target, attackers, defenders);
  diceRound(tx, id, model, side, target, attackers, defenders, fought + 1);
}

/** The attacks a side may make: at each location where its units that may attack stand with hostile units, all of them, while rounds are left. */
export function diceAttackChoices(tx: Tx, side: string, combat: string, model: PerUnitDiceCombat, mine: readonly UnitState[]): Extract<PlayerAction, { type: 'attack' }>[] {
  const byTarget = new Map<LocKey, string[]>();
  const before = attackedBefore(tx);
  for (const u of mine) {
    const at = actsFrom(tx.rules, tx.s, u);
    if (at === undefined || u.exhausted || camp(tx.s, u.power) !== side || !armedFor(tx, u, model) || before?.(u) !== undefined) continue;
    if (!byTarget.has(at)) byTarget.set(at, []);
    byTarget.get(at)!.push(u.id);
  }
  const pointer = joinPointer('/mechanics/combat', combat);
  return [...byTarget].filter(([at]) => targetsAt(tx, side, at, model).length > 0 && !battleOver(tx, side, model, at, pointer) && !beyondZones(tx, at)).map(([target, units]) => ({ type: 'attack', side, combat, target, units }));
}

/**
 * Why no further round of battle may be fought at a location this step, if none may: the model's rounds
 * all fought, the attacker withdrawn, or a side left with no unit that can fire (air units firing in the
 * first round only): "Once all units that can either fire at a valid target or retreat on one or both
 * sides have been destroyed, the combat ends."
 */
export function battleOver(tx: Tx, side: string, model: PerUnitDiceCombat, at: LocKey, pointer: string): { code: string; message: string; pointer: string } | undefined {
  const battle = tx.s.step.battles?.[at];
  const fought = battle?.rounds ?? 0;
  if (battle?.withdrawn) return { code: 'withdrawn', message: `${tx.rules.party(side)} has withdrawn from the battle at ${tx.rules.label(at)} this step`, pointer: joinPointer(pointer, 'retreat') };
  if (typeof model.rounds === 'number' && fought >= model.rounds) {
    return { code: 'rounds-fought', message: `${counted(fought, 'round')} of battle at ${tx.rules.label(at)} ${fought === 1 ? 'has' : 'have'} been fought this step`, pointer: joinPointer(pointer, 'rounds') };
  }
  if (fought === 0) return undefined;
  // Past the first round, units of the classes that fire in it only fire no more. Read without asking: a
  // factor the data lacks may be any, so its unit may still fire.
  const fires = (units: readonly UnitState[], name: string) => units.some((u) => !model.firstRoundOnly?.includes(classOf(tx.rules, u)) && mayFireWith(tx.rules, u, name));
  const attackers = unitsThere(tx, at).filter((u) => camp(tx.s, u.power) === side && armedFor(tx, u, model));
  const silent = !fires(attackers, model.attackFactor) ? side : !fires(targetsAt(tx, side, at, model), model.defenseFactor) ? 'the defenders' : undefined;
  if (!silent) return undefined;
  const who = silent === side ? `${tx.rules.party(side)} has` : 'the defenders have';
  return { code: 'battle-over', message: `the battle at ${tx.rules.label(at)} is over: ${who} no unit left that can fire`, pointer: joinPointer(pointer, 'firstRoundOnly') };
}

/** Withdrawals a side may make: from each battle of the combat it has fought a round of this step, where hostile units remain, when the model has a retreat. */
export function withdrawals(tx: Tx, side: string, combat: string, model: PerUnitDiceCombat): Extract<PlayerAction, { type: 'withdraw' }>[] {
  if (!model.retreat) return [];
  return Object.entries(tx.s.step.battles ?? {})
    .filter(([at, b]) => b.combat === combat && !b.withdrawn && retreating(tx, side, model, at).length > 0 && targetsAt(tx, side, at, model).length > 0)
    .map(([target]) => ({ type: 'withdraw', side, combat, target }));
}

/** The side's units at a battle's location that fall back when it withdraws: those that attacked there this step, of the retreat's classes ("the attacker, never the defender"). */
const retreating = (tx: Tx, side: string, model: PerUnitDiceCombat, at: LocKey) =>
  unitsThere(tx, at).filter((u) => camp(tx.s, u.power) === side && tx.s.step.attackers.includes(u.id) && model.retreat!.classes.includes(classOf(tx.rules, u)));

/** The `withdraw` action: the attacker's units of the retreating classes fall back from a battle it has fought a round of, one location each, as a loser's do. */
export function withdraw(tx: Tx, side: string, combat: string, target: LocKey) {
  const model = tx.rules.r.mechanics?.combat?.[combat];
  const pointer = joinPointer('/mechanics/combat', combat);
  if (model?.model !== 'per-unit-dice') return tx.refuse('no-rounds', `a battle of ${combat} is not fought in rounds: there is nothing to withdraw from`, pointer);
  if (!model.retreat) tx.refuse('no-retreat', `${combat} has no retreat: withdrawing is the tester's`, pointer);
  const battle = tx.s.step.battles?.[target];
  if (battle?.combat !== combat) tx.refuse('no-battle', `${tx.rules.party(side)} has fought no round of ${combat} at ${tx.rules.label(target)} this step`, pointer);
  if (battle.withdrawn) tx.refuse('withdrawn', `${tx.rules.party(side)} has withdrawn from the battle at ${tx.rules.label(target)} already`, joinPointer(pointer, 'retreat'));
  const units = retreating(tx, side, model, target);
  if (!units.length) tx.refuse('no-battle', `${tx.rules.party(side)} has no unit at ${tx.rules.label(target)} that falls back`, joinPointer(pointer, 'retreat', 'classes'));
  const defending = targetsAt(tx, side, target, model)[0];
  tx.emit(() => ({ kind: 'sequence', what: 'end', id: 'battle', cite: tx.rules.cite(joinPointer(pointer, 'retreat')), text: `${tx.rules.party(side)}: withdrawal from the battle at ${tx.rules.label(target)}` }));
  // The battle is over for the step: units of the classes that stay (air, till their later move) fight no further round.
  tx.s.step.battles = { ...tx.s.step.battles, [target]: { ...battle, withdrawn: true } };
  openAftermath(tx, combat, { ...model.retreat, advance: false }, defending ? camp(tx.s, defending.power) : side, [], units.map((u) => ({ unit: u.id, from: target })));
}

/** One round: every unit of both sides rolls; then each side takes the other's hits. */
function diceRound(tx: Tx, id: string, model: PerUnitDiceCombat, side: string, target: LocKey, attackers: UnitState[], defenders: UnitState[], round: number) {
  const pointer = joinPointer('/mechanics/combat', id);
  const cite = tx.rules.cite(pointer);
  const defending = camp(tx.s, defenders[0].power);
  // Units of the classes that fire in the first round only are fired on, not firing, after it.
  const firing = (units: UnitState[]) => (round > 1 && model.firstRoundOnly ? units.filter((u) => !model.firstRoundOnly!.includes(classOf(tx.rules, u))) : units);
  // Every factor is read before any die is rolled: a value the tester must give is asked with no die yet seen.
  const aShots = shots(tx, firing(attackers), model.attackFactor);
  const dShots = shots(tx, firing(defenders), model.defenseFactor);
  const aHits = fire(tx, model, aShots, pointer);
  const dHits = fire(tx, model, dShots, pointer);
  tx.emit(() => {
    const provisional = readsProvisional(tx.rules, aShots.map((x) => x.u), model.attackFactor) || readsProvisional(tx.rules, dShots.map((x) => x.u), model.defenseFactor);
    return {
      kind: 'battle', combat: id, target, cite, ...(provisional ? { provisional } : {}),
      attacker: { party: side, strength: attackers.length, lossPoints: dHits },
      defender: { party: defending, strength: defenders.length, lossPoints: aHits },
      text: `Battle at ${tx.rules.label(target)}, round ${round}: ${tx.rules.party(side)} score ${counted(aHits, 'hit')}, ${tx.rules.party(defending)} ${counted(dHits, 'hit')}${provisional ? PROVISIONAL_STRENGTHS : ''}`,
    };
  });
  // Each side's hits are taken by the other's units, chosen by their owner or by the side that scored them.
  const chooser = (scorer: string) => (model.casualties === 'opponent-chooses' ? scorer : undefined);
  inflict(tx, defenders, aHits, true, false, cite, chooser(side));
  inflict(tx, attackers, dHits, true, false, cite, chooser(defending));
}

/** The units of a side that fire, each with the factor it fires at (halved out of supply where the supply model says). */
const shots = (tx: Tx, units: readonly UnitState[], name: string) =>
  units.map((u) => ({ u, value: halvedIf(halvedNow(tx, u), factor(tx, u, name) ?? 0) })).filter((x) => x.value > 0);

/** Hits a side's shots score: one die each, a hit at or under its factor, or at or over it. */
function fire(tx: Tx, model: PerUnitDiceCombat, shots: readonly { u: UnitState; value: number }[], pointer: string): number {
  let hits = 0;
  for (const { u, value } of shots) {
    const over = model.hitWhen === 'at-or-over';
    const die = roll(tx, `${unitLabel(tx.rules, u)} fires (a hit on ${value} or ${over ? 'more' : 'less'})`, pointer, { dice: 1, sides: model.dieSides });
    if (over ? die >= value : die <= value) hits++;
  }
  return hits;
}

/**
 * Once a step's per-unit-dice battles have their losses taken: where one camp's units alone are left,
 * among them units that take control (land units, unless the control rule says), the location passes to that camp
 * (to the power of the first of them there).
 */
export function settleDiceBattles(tx: Tx) {
  const battles = tx.s.step.battles;
  if (!battles || tx.s.losses.length) return;
  for (const [at, { combat }] of Object.entries(battles)) {
    const here = unitsThere(tx, at);
    const holder = here.find((u) => takesControl(tx.rules, classOf(tx.rules, u)));
    if (!holder || here.some((u) => camp(tx.s, u.power) !== camp(tx.s, holder.power)) || controls(tx.s, at, sideOf(tx.s, holder.power) ?? holder.power)) continue;
    takeControl(tx, at, holder.power, joinPointer('/mechanics/combat', combat));
  }
}
