// Playing the sequence: the cursor walks the turn's slots, skipping what the ruleset says to skip,
// running automatic procedures itself and waiting for the actors of the others; triggers fire at
// each turn, phase and step boundary; the turn track advances to the last turn.
import type { Phase, PlacementConstraint, Step } from '../generated/schema-types';
import { getAt, joinPointer } from '../json/pointer';
import { actingSide, movedBy, sideOf, unitsAt } from './board';
import { conquerAndLiberate } from './conquest';
import { movesNow, reachable, type Barrier } from './movement';
import { arrive, placeableSomewhere } from './arrivals';
import { checkVictory, finalResult, gameOver } from './victory';
import { test } from './expressions';
import { collectIncome, rebuild } from './production';
import type { Rules } from './rules';
import { currentSlot, slotsOf, type Slot } from './sequence-slots';
import { describeBroken, describeOverstack, excessEliminated, excessUnits, overstacksEverywhere, stackingCheckedAt, type Overstack } from './stacking';
import { inflict } from './combat/losses';
import { ready } from './combat';
import type { GameState } from './state';
import { camp, emptyCursor, emptyStep, unitList } from './state';
import { checkSupply, supplyNets } from './supply';
import { contestedLocations, reminders } from './reminders';
import { openTask } from './tasks';
import { fireTriggers } from './triggers';
import { Tx } from './tx';
import { awaitingPlacement } from './whereabouts';
import { unitLabel } from './units';
import { assaultsToFight } from './combat/assault';
import { battleOver } from './combat/per-unit-dice';

const AUTOMATIC = new Set(['reinforcements', 'income', 'supply', 'victory', 'triggers', 'zoc', 'stacking', 'ready']);

const slotParts = new WeakMap<Slot, { phase: Phase; step?: Step }>();
/** A slot's phase and step in the ruleset, looked up once per slot. */
function partsOf(rules: Rules, slot: Slot) {
  let parts = slotParts.get(slot);
  if (!parts) slotParts.set(slot, (parts = { phase: getAt(rules.r, slot.phasePointer) as Phase, step: slot.stepId ? (getAt(rules.r, slot.pointer) as Step) : undefined }));
  return parts;
}
export const stepOf = (rules: Rules, slot: Slot) => partsOf(rules, slot).step;
export const phaseOf = (rules: Rules, slot: Slot) => partsOf(rules, slot).phase;

/** The side an actor id stands for: a side itself, or the side acting for a power. */
function sideFor(rules: Rules, s: GameState, actor: string): string | undefined {
  if (rules.sides.includes(actor)) return actor;
  if (rules.powers.includes(actor)) return actingSide(rules, s, actor);
  return undefined;
}

/** Whether a power is among those a slot acts for. */
export function slotPowers(rules: Rules, s: GameState, slot: Slot): (power: string) => boolean {
  const actors = slot.alternate ?? [slot.actor];
  const ofKind = (power: string) => !slot.powerKinds || slot.powerKinds.includes(rules.r.powers?.[power]?.kind ?? '');
  if (actors.includes('both')) return ofKind;
  return (power) => ofKind(power) && actors.some((a) => a === power || (rules.sides.includes(a) && sideOf(s, power) === a));
}

const interactive = (slot: Slot) => !AUTOMATIC.has(slot.procedure ?? '');

/** Sides the current slot still waits for. */
export function waitingSides(rules: Rules, s: GameState): string[] {
  const slot = currentSlot(rules, s);
  if (!slot || !s.cursor.entered || !interactive(slot)) return [];
  const actors = slot.alternate ? [slot.alternate[s.cursor.turnOf % slot.alternate.length]] : slot.actor === 'both' ? rules.sides : [slot.actor];
  // Asked several times for every action: each side once, as its first actor comes.
  const sides: string[] = [];
  for (const a of actors) {
    const side = sideFor(rules, s, a);
    if (side !== undefined && !s.cursor.ended.includes(side) && !sides.includes(side)) sides.push(side);
  }
  return sides;
}

/** Who acts in a slot, for people, when not both sides: " (Blue)", " (Red and Blue)" taking turns. */
const actorNote = (tx: Tx, slot: Slot) => (slot.actor === 'both' ? '' : ` (${(slot.alternate ?? [slot.actor]).map((id) => tx.rules.party(id)).join(' and ')})`);

/** Where battles fought by hand are due, for their reminder. */
function battlesDue(tx: Tx): string {
  const due = contestedLocations(tx);
  return due.length ? `; hostile units share ${due.length === 1 ? 'a location' : `${due.length} locations`}: ${due.join('; ')}` : '';
}

function enter(tx: Tx, slot: Slot) {
  const s = tx.s;
  s.step = emptyStep();
  Object.assign(s.cursor, { entered: true, ended: [], turnOf: 0, passes: 0 });
  const step = stepOf(tx.rules, slot);
  const name = step ? `${phaseOf(tx.rules, slot).name}: ${step.name}` : phaseOf(tx.rules, slot).name;
  tx.emit(() => ({ kind: 'sequence', what: 'enter', id: slot.stepId ?? slot.phaseId, actor: slot.actor, cite: tx.rules.cite(slot.pointer), text: `${tx.rules.clock.title(s.turn)}, ${name}${actorNote(tx, slot)}` }));
  const party = slot.actor === 'both' ? undefined : slot.actor;
  if (slot.firstOfPhase) fireTriggers(tx, { event: 'phase-start', phase: slot.phaseId, party });
  if (slot.stepId) fireTriggers(tx, { event: 'phase-start', phase: slot.stepId, party });
  // The tester adjudicates alongside the players; only a step nobody acts in and no model runs waits for the tester.
  for (const r of reminders(tx.rules, slot)) {
    if (r.while && !test(tx, r.while, joinPointer(r.pointer, 'while'))) continue;
    // A step each power (or side) plays in turn is reminded of once, at the first; work the tester must do stays each actor's.
    if (slot.repeated && !r.blocks && !r.battles) continue;
    if (r.blocks && !interactive(slot)) openTask(tx, r.text, r.pointer);
    else tx.emit(() => ({ kind: 'reminder', cite: tx.rules.cite(r.pointer), text: `Reminder: ${r.text}${r.battles ? battlesDue(tx) : ''}` }));
  }
  const which = slotPowers(tx.rules, s, slot);
  switch (slot.procedure) {
    case 'reinforcements':
      if (tx.rules.r.mechanics?.production?.rebuild) rebuild(tx, which);
      return arrive(tx, which, slot.pointer);
    case 'income':
    case 'production': {
      // Income once a turn, at the power's first step counting it: an income step, or where the turn has none, a
      // production step, which may buy too (one before an income step spends what was saved). The powers
      // of the production order first, then the others (minor powers' bonuses), named only when they earn.
      if (slot.procedure === 'production' && slotsOf(tx.rules, s).some((x) => x.procedure === 'income')) return;
      const order = tx.rules.r.mechanics?.production?.order ?? [];
      const netOf = supplyNets(tx);
      for (const power of [...order, ...tx.rules.powers.filter((p) => !order.includes(p))]) {
        if (!which(power) || s.earned.includes(power)) continue;
        s.earned.push(power);
        collectIncome(tx, power, netOf, order.length === 0 || order.includes(power));
      }
      return;
    }
    case 'supply':
      return checkSupply(tx, which);
    case 'ready':
      return ready(tx, which, slot.pointer);
    case 'victory':
      return void checkVictory(tx, 'end-of-turn');
    case 'stacking':
      return stackingTask(tx);
  }
}

/**
 * Broken stacks at a check, every side's (whoever acts in the step: "stacking limits must be met by both
 * sides"): the tester adjudicates them, or, where the model says, each owner eliminates the excess units
 * of its choice (at once where there is no choice). True while one waits.
 */
function stackingTask(tx: Tx): boolean {
  const over = overstacksEverywhere(tx);
  if (!over.length) return false;
  if (!excessEliminated(tx.rules)) {
    openTask(tx, `stacking limits broken: ${over.map((o) => describeBroken(tx, o)).join('; ')}`, over[0].pointer);
    return true;
  }
  const cite = tx.rules.cite('/mechanics/stacking/excess');
  for (const o of over) {
    const excess = excessUnits(tx, o);
    tx.emit(() => ({ kind: 'stacking', at: o.at, camp: o.camp, count: o.count, max: o.max, cite, text: `${describeOverstack(tx.rules, o, excess)}: ${tx.rules.party(o.camp)} must eliminate ${o.count - o.max} of them` }));
    inflict(tx, excess, o.count - o.max, false, false, cite);
  }
  return tx.s.losses.length > 0;
}

/** Whether a side could still mend a broken stack this step by moving a unit out (one that moves now: not exhausted where that keeps it still). */
function mendableBy(tx: Tx, side: string): (o: Overstack) => boolean {
  const ours = movedBy(tx.rules, tx.s, side);
  return (o) => unitsAt(tx.s, o.at).some((u) => ours(u) && movesNow(tx, u) && reachable(tx, u).endsSomewhere);
}

function finish(tx: Tx, slot: Slot): boolean {
  if (stackingCheckedAt(tx, slot) && stackingTask(tx)) return false;
  const party = slot.actor === 'both' ? undefined : slot.actor;
  if (slot.stepId) fireTriggers(tx, { event: 'phase-end', phase: slot.stepId, party });
  if (slot.lastOfPhase) fireTriggers(tx, { event: 'phase-end', phase: slot.phaseId, party });
  tx.s.cursor.slot++;
  tx.s.cursor.entered = false;
  return true;
}

function beginTurn(tx: Tx) {
  tx.s.cursor = { ...emptyCursor(), slot: 0 };
  tx.s.earned = [];
  tx.s.railed = undefined;
  tx.s.attackedIn = undefined;
  tx.s.struck = undefined;
  tx.s.struckBonuses = undefined;
  tx.s.transferred = undefined;
  tx.emit(() => ({ kind: 'turn', turn: tx.s.turn, edge: 'start', cite: tx.rules.cite('/calendar'), text: `${tx.rules.clock.title(tx.s.turn)} begins` }));
  fireTriggers(tx, { event: 'turn-start' });
  if (!tx.rules.procedures.has('reinforcements')) arrive(tx, () => true, joinPointer('/scenarios', tx.rules.scenarioId, 'reinforcements'));
}

/** The end of a turn, in two stages so triggers that call for the tester are not fired twice. */
function endTurn(tx: Tx) {
  const s = tx.s;
  if (!s.cursor.entered) {
    s.cursor.entered = true;
    conquerAndLiberate(tx);
    return fireTriggers(tx, { event: 'turn-end' });
  }
  if (!tx.rules.procedures.has('victory') && checkVictory(tx, 'end-of-turn')) return;
  tx.emit(() => ({ kind: 'turn', turn: s.turn, edge: 'end', cite: tx.rules.cite('/calendar'), text: `${tx.rules.clock.title(s.turn)} ends` }));
  if (tx.rules.clock.last !== undefined && s.turn >= tx.rules.clock.last) return finalResult(tx);
  s.turn++;
  s.cursor = { ...emptyCursor(), slot: -1 };
}

/** Runs the game forward until someone must act, the tester must adjudicate, or the game ends. */
export function advance(tx: Tx) {
  const s = tx.s;
  while (!s.over && s.tasks.length === 0 && s.losses.length === 0 && !s.aftermath && !s.strike) {
    if (awaitingPlacement(tx)) return handOverUnplaceable(tx);
    if (s.cursor.slot < 0) {
      beginTurn(tx);
      continue;
    }
    const slots = slotsOf(tx.rules, s);
    if (slots.length === 0) return gameOver(tx, { text: 'the sequence of play has no steps', turn: s.turn, cite: tx.rules.cite('/sequence') });
    if (s.cursor.slot >= slots.length) {
      endTurn(tx);
      continue;
    }
    const slot = slots[s.cursor.slot];
    if (!s.cursor.entered) {
      const phase = phaseOf(tx.rules, slot);
      const step = stepOf(tx.rules, slot);
      if (slot.firstOfPhase && phase.skip && test(tx, phase.skip, joinPointer(slot.phasePointer, 'skip'))) {
        tx.emit(() => ({ kind: 'sequence', what: 'skip', id: phase.id, cite: tx.rules.cite(joinPointer(slot.phasePointer, 'skip')), text: `${phase.name} is skipped` }));
        while (s.cursor.slot < slots.length && slots[s.cursor.slot].phasePointer === slot.phasePointer) s.cursor.slot++;
        continue;
      }
      // A power's turn in a step of another side's turn is not its to play.
      if (slot.inTurnOf !== undefined && actingSide(tx.rules, s, slot.actor) !== slot.inTurnOf) {
        s.cursor.slot++;
        continue;
      }
      if (step?.skip && test(tx, step.skip, joinPointer(slot.pointer, 'skip'))) {
        tx.emit(() => ({ kind: 'sequence', what: 'skip', id: step.id, actor: slot.actor, cite: tx.rules.cite(joinPointer(slot.pointer, 'skip')), text: `${step.name}${actorNote(tx, slot)} is skipped` }));
        s.cursor.slot++;
        continue;
      }
      enter(tx, slot);
      continue;
    }
    if (waitingSides(tx.rules, s).length > 0 || !finish(tx, slot)) return;
  }
}

/** Units waiting to be placed that no side can place (no side acts for them, or nowhere is allowed) go to the tester. */
function handOverUnplaceable(tx: Tx) {
  const look = new Tx(tx.rules, tx.s, tx.answers, true);
  for (const u of unitList(tx.s)) {
    if (u.at !== 'unplaced') continue;
    const side = actingSide(tx.rules, tx.s, u.power);
    if (side && look.probe(() => placeableSomewhere(look, u))) continue;
    const constraint = u.zone?.constraint;
    const why = !side ? `no side acts for ${tx.rules.party(u.power)}` : constraint ? `no location meets "${constraint.text}"${unlocated(tx.rules, constraint)}` : 'no location is allowed';
    openTask(tx, `place ${unitLabel(tx.rules, u)} by hand: ${why}`, u.zone?.pointer ?? '/scenarios', u.id);
  }
}

/** The places a constraint names, by id or kind, that the data puts nowhere: often why nowhere meets it. */
function unlocated(rules: Rules, c: PlacementConstraint): string {
  const places = Object.entries(rules.r.map?.places ?? {}).filter(([id, p]) => (c.places?.includes(id) || p.kinds?.some((k) => c.placeKinds?.includes(k))) && (!c.inCountries || c.inCountries.includes(p.country ?? '')) && !rules.placeLoc.has(id));
  return places.length ? ` (the data gives no location for ${places.map(([id, p]) => p.name ?? id).join(', ')})` : '';
}

/** The battles fought in rounds this step that ending it leaves open, both sides still there and able to fight on, said as a warning. */
function openBattles(tx: Tx, side: string): Barrier | undefined {
  const open = Object.entries(tx.s.step.battles ?? {}).filter(([at, b]) => {
    const camps = new Set(unitsAt(tx.s, at).map((u) => camp(tx.s, u.power)));
    const model = tx.rules.r.mechanics?.combat?.[b.combat];
    return camps.has(side) && camps.size > 1 && model?.model === 'per-unit-dice' && !battleOver(tx, side, model, at, joinPointer('/mechanics/combat', b.combat));
  });
  if (!open.length) return undefined;
  return { code: 'battle-open', message: `the battle${open.length > 1 ? 's' : ''} at ${open.map(([at]) => tx.rules.label(at)).join(', ')} ${open.length > 1 ? 'stay' : 'stays'} open: both sides' units remain there`, pointer: joinPointer('/mechanics/combat', open[0][1].combat) };
}

/**
 * What ending the step means for a side that acts in it: `held` when it may not end it yet (a broken stack
 * it can still mend that the tester would adjudicate, an assault it must fight); else `warning` when ending it
 * costs units (over a stacking limit, which it must eliminate then). The stacks are looked at once for both;
 * the warning is left out with `warn` false (ending the step itself heeds only `held`).
 */
export function endingStep(tx: Tx, side: string, slot: Slot, warn = true): { held?: Barrier; warning?: Barrier } {
  const over = stackingCheckedAt(tx, slot) ? overstacksEverywhere(tx, [side]) : [];
  const mendable = slot.procedure === 'movement' ? over.filter(mendableBy(tx, side)) : [];
  // Where the owner eliminates the excess ("excess units are eliminated immediately by the owner"), it may end the
  // step and lose them, warned first; where the tester adjudicates a broken stack, one the side can mend holds the step.
  const eliminated = excessEliminated(tx.rules);
  if (mendable.length && !eliminated) return { held: { code: 'stacking', message: `stacking limits broken: ${mendable.map((o) => describeBroken(tx, o)).join('; ')}: move units out first`, pointer: mendable[0].pointer } };
  const assault = assaultsToFight(tx, side, slot.combats)[0];
  if (assault) return { held: { code: 'assault-pending', message: `${tx.rules.party(side)} must first fight the assault at ${tx.rules.label(assault.at)}`, pointer: assault.cite.pointer } };
  if (!warn) return {};
  if (!over.length || !eliminated) return { warning: openBattles(tx, side) };
  const each = over.map((o) => `${describeBroken(tx, o)} (${o.count - o.max} to eliminate)`).join('; ');
  const why = mendable.length ? 'if it ends the step now, units moved out first being kept' : 'when it ends, none of them able to move out';
  return { warning: { code: 'stacking', message: `${tx.rules.party(side)} must eliminate units over a stacking limit ${why}: ${each}`, pointer: '/mechanics/stacking/excess' } };
}

/** The `endStep` action: a side is done with the current step (in an alternating step: it passes), `idle` when it had nothing else to do. */
export function endStep(tx: Tx, side: string, idle = false) {
  const s = tx.s;
  const slot = currentSlot(tx.rules, s);
  if (!slot || !waitingSides(tx.rules, s).includes(side)) return tx.refuse('not-your-step', `${tx.rules.party(side)} may not act now`, slot?.pointer ?? '/sequence');
  const { held } = endingStep(tx, side, slot, false);
  if (held) tx.refuse(held.code, held.message, held.pointer);
  if (slot.alternate) {
    s.cursor.passes++;
    s.cursor.turnOf++;
    if (s.cursor.passes >= slot.alternate.length) s.cursor.ended = [...tx.rules.sides];
  } else {
    s.cursor.ended.push(side);
  }
  // In a step a power plays (each power in turn), the power is named, not its side.
  const who = tx.rules.powers.includes(slot.actor) ? slot.actor : side;
  tx.emit(() => ({ kind: 'sequence', what: 'end', id: slot.stepId ?? slot.phaseId, actor: side, cite: tx.rules.cite(slot.pointer), text: `${tx.rules.party(who)}: ${idle ? 'nothing to do' : slot.alternate ? 'pass' : 'done'}` }));
}

/** In an alternating step, acting hands the turn to the next actor. */
export function handOver(rules: Rules, s: GameState) {
  const slot = currentSlot(rules, s);
  if (!slot?.alternate) return;
  s.cursor.passes = 0;
  s.cursor.turnOf++;
}
