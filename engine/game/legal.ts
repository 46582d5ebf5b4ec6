// Legal actions for a side, as the engine can list them without asking anything: every place a unit
// can reach (by the cheapest route, which applying the move finds again), every place the next unit
// to set up can go, every attack with all the units in reach, every purchase (named units each,
// generic ones once per type), ending the step. Other choices (a subset of attackers, a hand-picked
// loss allocation, another path, another unit to place first) are legal too when applyAction accepts
// them; these are the canonical ones bots and the UI offer.
import type { FireTableCombat } from '../generated/schema-types';
import type { PlayerAction } from './actions';
import { placeable, placeableSomewhere, placementBarrier, placementCandidates } from './arrivals';
import { actingSide, foughtBy, frozenBy, movedBy } from './board';
import { attackChoices } from './combat/attacks';
import { oddsAttackChoices } from './combat/odds-table';
import { diceAttackChoices, withdrawals } from './combat/per-unit-dice';
import { withinMostFromAfar } from './combat';
import { aftermathActions } from './combat/aftermath';
import { lossChoices } from './combat/losses';
import { strikeChoices } from './combat/strikes';
import { airdropActions, assaultActions } from './combat/assault';
import { transitChoices } from './combat/transit';
import { displacementChoices } from './displacement';
import { canMove, isBarrier, movesNow, reachable } from './movement';
import { railBarrier, railReach } from './rail';
import { landBarrier, passengersOf, transportActions } from './transport';
import { affords, unitCost, upgradeBarrier, upgradeCost, upgradePayer } from './production';
import { productionSites } from './production-placement';
import type { Rules } from './rules';
import { endingStep, slotPowers, waitingSides } from './sequence';
import { currentSlot } from './sequence-slots';
import { graphOf } from './graph';
import { stackingRoom } from './stacking';
import type { Cite } from './log';
import type { GameState, LocKey, Question, UnitState } from './state';
import { unitList } from './state';
import { Tx } from './tx';
import { awaitingPlacement } from './whereabouts';
import { transferActions } from './transfers';
import { rosterOf, unitType } from './units';

export interface LegalOptions {
  /** List the moves of these units only (bots look at a few movers, not at every unit's reach). */
  movers?: readonly string[];
  /** Give each move's route too (a bot weighing what a move takes in passing). */
  routes?: boolean;
}

/** A unit's moves as listed: the places it may end its move at, in the order its route search first reached them, and those it may go to by rail. */
export interface UnitMoves {
  unit: string;
  to: readonly LocKey[];
  rail?: readonly LocKey[];
  /** With the `routes` option: the locations each move passes before its end, by position among `to` and then `rail`. */
  via?: readonly (readonly LocKey[])[];
}

/**
 * The legal actions at a position before they are made: each unit's moves as the places it may go (a
 * fleet has hundreds, and a bot takes one), then the other actions, ending the step last when it is open.
 */
export interface Listing {
  side: string;
  moves: readonly UnitMoves[];
  others: readonly PlayerAction[];
  /** The gaps the listing met (values the data lacks, no ruling given): actions that need them are left out until one is tried and the value given. */
  waiting?: readonly Waiting[];
  /** Why ending the step is not listed, when the side acts in it but may not end it yet (a broken stack to mend, an assault to fight). */
  endHeld?: { text: string; cite: Cite };
  /** What ending the step, listed, will cost the side (units over a limit it can no longer mend). */
  endWarning?: { text: string; cite: Cite };
}

/** A question the listing could not answer, with the units whose moves it left out for want of it. */
export interface Waiting {
  question: Question;
  units: readonly string[];
}

export function legalActions(rules: Rules, s: GameState, side: string, options: LegalOptions = {}): PlayerAction[] {
  return listedActions(legalListing(rules, s, side, options));
}

/** A listing's actions, in its order. */
export function listedActions({ side, moves, others }: Listing): PlayerAction[] {
  const actions: PlayerAction[] = [];
  for (const m of moves) {
    for (const to of m.to) actions.push({ type: 'move', side, unit: m.unit, to });
    for (const to of m.rail ?? []) actions.push({ type: 'move', side, unit: m.unit, to, rail: true });
  }
  actions.push(...others);
  return actions;
}

export function legalListing(rules: Rules, s: GameState, side: string, options: LegalOptions = {}): Listing {
  if (s.over || s.suspended || s.tasks.length) return listing(side, []);
  const tx = new Tx(rules, s, {}, true);
  // Which units' moves each gap left out.
  const leftOut = new Map<string, string[]>();
  const result = tx.probe((): Listing => {
    if (s.displaced) return listing(side, displacementChoices(tx, side));
    if (s.defense) {
      const { by, candidates } = s.defense;
      if (by !== side) return listing(side, []);
      // Never more supporting from outside a box than the model allows.
      const model = rules.r.mechanics!.combat![s.defense.combat] as FireTableCombat;
      const allowed = (units: string[]) => withinMostFromAfar(tx, model, s.defense!.target, units.map((id) => s.units[id]));
      return listing(side, supportChoices(candidates).filter(allowed).map((units): PlayerAction => ({ type: 'defend', side, units })));
    }
    if (s.strike) return listing(side, s.strike.side === side ? strikeChoices(s.strike).map((lost): PlayerAction => ({ type: 'strike', side, lost })) : []);
    if (s.losses.length) {
      return listing(side, s.losses.filter((l) => l.side === side).flatMap((l) => lossChoices(tx, l).map((ids): PlayerAction => ({ type: 'allocate', side, loss: l.id, units: ids }))));
    }
    if (s.aftermath) return listing(side, aftermathActions(tx, side));
    if (s.transit) return listing(side, transitChoices(tx, side));
    if (awaitingPlacement(tx)) {
      // One unit at a time, everywhere it may go: the one with the fewest places first (fleets to the one port
      // the text names before others fill it), so that placing the rest where they are offered never strands one.
      const fewest = (u: UnitState) => placementCandidates(rules, u).length;
      const u = placeable(rules, s, side).sort((a, b) => fewest(a) - fewest(b)).find((x) => placeableSomewhere(tx, x));
      return listing(side, u ? placementCandidates(rules, u).filter((at) => !placementBarrier(tx, u, at)).map((at): PlayerAction => ({ type: 'place', side, unit: u.id, at })) : []);
    }
    const slot = currentSlot(rules, s);
    if (!slot || !waitingSides(rules, s).includes(side)) return listing(side, []);
    const moves: UnitMoves[] = [];
    const actions: PlayerAction[] = [];
    const ours = movedBy(rules, s, side);
    if (slot.procedure === 'movement' && rules.r.mechanics?.movement) {
      const moving = (u: UnitState | undefined): u is UnitState => ours(u) && movesNow(tx, u);
      const listed = options.movers ? options.movers.map((id) => (Object.hasOwn(s.units, id) ? s.units[id] : undefined)).filter(moving) : unitList(s).filter(moving);
      const g = graphOf(rules);
      for (const u of listed) {
        const { value: found, unanswered } = tx.meeting(() => {
          // Never offered where it breaks a limit: a later check in the turn may find it too late to mend.
          const fits = stackingRoom(tx, u);
          const reach = reachable(tx, u);
          const to: LocKey[] = [];
          const via: LocKey[][] = [];
          for (let k = 0; k < reach.size; k++) {
            if (!reach.ends(k) || !fits(reach.nodes[k])) continue;
            to.push(reach.places[k]);
            if (options.routes) via.push(reach.path(k).slice(0, -1));
          }
          const byRail = railBarrier(tx, u, slot) ? undefined : railReach(tx, u);
          const rail = byRail ? byRail.places.filter((at) => fits(g.index.get(at)!)) : [];
          if (options.routes) for (const at of rail) via.push(byRail!.pathTo(at)!.slice(0, -1));
          return { to, rail, via };
        });
        const { to, rail, via } = found;
        for (const key of unanswered) leftOut.set(key, [...(leftOut.get(key) ?? []), u.id]);
        if (to.length || rail.length) moves.push({ unit: u.id, to, ...(rail.length ? { rail } : {}), ...(options.routes ? { via } : {}) });
        actions.push(...transportActions(tx, side, u), ...assaultActions(tx, side, u), ...airdropActions(tx, side, u));
      }
    }
    // The side's units that may fight, found once for all the step's combats.
    let fighting: UnitState[] | undefined;
    const fighters = () => (fighting ??= unitList(s).filter(foughtBy(rules, s, side)));
    // Attacks are listed whatever value they read is unknown (a terrain shift that is a gap is asked as the
    // attack is made): the values they met leave nothing out, and are not said to.
    const metBefore = new Set(tx.unanswered.keys());
    for (const combat of slot.combats) {
      const model = rules.r.mechanics?.combat?.[combat];
      if (model?.model === 'fire-table') actions.push(...attackChoices(tx, side, combat, model, fighters()));
      else if (model?.model === 'odds-table') actions.push(...oddsAttackChoices(tx, side, combat, model, fighters()));
      else if (model?.model === 'per-unit-dice') actions.push(...diceAttackChoices(tx, side, combat, model, fighters()), ...withdrawals(tx, side, combat, model));
    }
    for (const key of [...tx.unanswered.keys()]) if (!metBefore.has(key)) tx.unanswered.delete(key);
    if (slot.procedure === 'transfers') actions.push(...transferActions(tx, side));
    if (slot.procedure === 'production' && rules.r.mechanics?.production) {
      const buyers = new Set(rules.powers.filter(slotPowers(rules, s, slot)));
      const seen = new Set<string>();
      const producing = (power: string) => buyers.has(power) && actingSide(rules, s, power) === side;
      for (const u of unitList(s)) {
        // An upgrade is listed in the production of the power that pays for it.
        const payer = u.stepsLost > 0 ? upgradePayer(tx, u) : u.power;
        if (u.stepsLost > 0 && producing(payer) && !upgradeBarrier(tx, u)) {
          const cost = upgradeCost(tx, u);
          if (cost && !isBarrier(cost) && affords(tx, payer, cost)) actions.push({ type: 'upgrade', side, unit: u.id });
        }
        if (!producing(u.power)) continue;
        const key = rosterOf(rules, u) ? u.id : `${u.power}|${u.type}`;
        if (u.at !== 'pool' || seen.has(key) || frozenBy(rules, s, u.power, true) !== undefined) continue;
        seen.add(key);
        const cost = unitCost(tx, u);
        if (!cost || isBarrier(cost) || !affords(tx, u.power, cost)) continue;
        if ((unitType(rules, u)?.buildTime ?? 0) > 0) actions.push({ type: 'buy', side, unit: u.id });
        else for (const at of productionSites(tx, u)) if (!placementBarrier(tx, { ...u, zone: { production: true, pointer: '' } }, at)) actions.push({ type: 'buy', side, unit: u.id, at });
      }
    }
    const { held, warning } = endingStep(tx, side, slot);
    if (!held) actions.push({ type: 'endStep', side });
    const note = (b: { message: string; pointer: string }) => ({ text: b.message, cite: rules.cite(b.pointer) });
    return { ...listing(side, actions, moves), ...(held ? { endHeld: note(held) } : {}), ...(warning ? { endWarning: note(warning) } : {}) };
  });
  if (tx.unanswered.size) result.waiting = [...tx.unanswered.values()].map((question) => ({ question, units: leftOut.get(question.key) ?? [] }));
  return result;
}

const listing = (side: string, others: PlayerAction[], moves: UnitMoves[] = []): Listing => ({ side, moves, others });

/** Choices of support listed for a defence: every one of few candidates, smallest first; of more, none, each alone or all (any other may still be made). */
const MAX_LISTED_SUPPORTERS = 5;
function supportChoices(candidates: readonly string[]): string[][] {
  if (candidates.length > MAX_LISTED_SUPPORTERS) return [[], ...candidates.map((id) => [id]), [...candidates]];
  const subsets = Array.from({ length: 1 << candidates.length }, (_, mask) => candidates.filter((_, i) => mask & (1 << i)));
  return subsets.sort((a, b) => a.length - b.length);
}

/**
 * A side's units that may still move in the current step (points left, not stopped), without working out where to,
 * and its carriers that may yet land a passenger (having spent their points where it lands).
 */
export function movers(rules: Rules, s: GameState, side: string): string[] {
  const slot = currentSlot(rules, s);
  if (s.over || s.suspended || s.tasks.length || s.defense || s.strike || s.losses.length || s.aftermath || s.displaced || s.transit || slot?.procedure !== 'movement' || !waitingSides(rules, s).includes(side)) return [];
  const tx = new Tx(rules, s, {}, true);
  const ours = movedBy(rules, s, side);
  return tx.probe(() =>
    unitList(s)
      .filter((u) => ours(u) && movesNow(tx, u) && (canMove(tx, u) || landsPassenger(tx, u)))
      .map((u) => u.id),
  );
}

/** Whether a unit holds a passenger that may land now. */
const landsPassenger = (tx: Tx, u: UnitState) => unitType(tx.rules, u)?.capacity !== undefined && passengersOf(tx.s, u.id).some((p) => !landBarrier(tx, p));
