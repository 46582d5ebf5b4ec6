// Actions: what players and the tester do. Each is checked against the moment of play (whose step it
// is, what must be settled first) and handed to the model that carries it out.
import { placeUnit } from './arrivals';
import { attack, defend } from './combat';
import { playAftermath } from './combat/aftermath';
import { allocateLosses } from './combat/losses';
import { refuseWaiting } from './pending';
import { chooseStrikes } from './combat/strikes';
import { withdraw } from './combat/per-unit-dice';
import { airdropUnit, assaultUnit } from './combat/assault';
import { actInTransit, lapseTransit, moveInTransit } from './combat/transit';
import { chooseDisplacement } from './displacement';
import { adjudicate, type ManualOp } from './manual';
import { railMove } from './rail';
import { boardUnit, landUnit } from './transport';
import { buyUnit, upgradeUnit } from './production';
import { graphOf } from './graph';
import { endStep, handOver, slotPowers, waitingSides } from './sequence';
import { currentSlot, slotName } from './sequence-slots';
import type { LocKey } from './state';
import type { Slot } from './sequence-slots';
import type { Tx } from './tx';
import { awaitingPlacement } from './whereabouts';
import { transfer } from './transfers';
import { unitList } from './state';
import { unitLabel } from './units';

export type Action =
  /** The first action of every game: runs the sequence up to the first decision. */
  | { type: 'start' }
  | { type: 'place'; side: string; unit: string; at: LocKey }
  /** Moves along `path` (locations after the start, ending at `to`), or the cheapest route known; or by rail. */
  | { type: 'move'; side: string; unit: string; to: LocKey; path?: LocKey[]; rail?: boolean }
  /** A passenger boards a carrier standing with it, or lands where its carrier stands. */
  | { type: 'board'; side: string; unit: string; carrier: string }
  | { type: 'land'; side: string; unit: string }
  /** A passenger's carrier sails to a location a hostile side holds and the passenger lands there in assault. */
  | { type: 'assault'; side: string; unit: string; to: LocKey }
  /** Instead of its move, a unit goes a few locations over everything, among hostile units or not. */
  | { type: 'airdrop'; side: string; unit: string; to: LocKey }
  | { type: 'attack'; side: string; combat: string; target: LocKey; units: string[] }
  /** Between rounds of a battle fought in rounds (per-unit dice), the attacker falls back instead of fighting on. */
  | { type: 'withdraw'; side: string; combat: string; target: LocKey }
  /** Lets a unit whose move paused for a transit attack go on unattacked. */
  | { type: 'pass'; side: string }
  /** Where a displaced unit goes among the locations as near as the one it was put in (that one too). */
  | { type: 'displace'; side: string; unit: string; to: LocKey }
  /** The defender's support of an attacked location: some of the units that may give it, or none. */
  | { type: 'defend'; side: string; units: string[] }
  /** One unit id per loss point, in the order the hits fall. */
  | { type: 'allocate'; side: string; loss: string; units: string[] }
  /** What each loss point of a battle striking production sinks (a key of the pending strike's room per point). */
  | { type: 'strike'; side: string; lost: string[] }
  /** Points the giving power of a production transfer sends a recipient this turn. */
  | { type: 'transfer'; side: string; transfer: string; to: string; amount: number }
  /** After a battle: the loser moves one of its units back, then the winner moves one forward into a place the loser left, or advances no further. */
  | { type: 'retreat'; side: string; unit: string; to: LocKey }
  | { type: 'advance'; side: string; unit: string; to: LocKey }
  | { type: 'endAdvance'; side: string }
  | { type: 'buy'; side: string; unit: string; at?: LocKey }
  /** A reduced unit regains a step. */
  | { type: 'upgrade'; side: string; unit: string }
  /** `idle`: ended for a side the engine offered nothing else (passing empty steps), not by its choice. */
  | { type: 'endStep'; side: string; idle?: boolean }
  /** The tester answers the pending question; `remember` keeps a ruling on a gap for the rest of the game. */
  | { type: 'answer'; key: string; value: number | string; remember?: boolean }
  /** Withdraws the action waiting on a question. */
  | { type: 'cancel' }
  | { type: 'manual'; op: ManualOp; note?: string };

export type PlayerAction = Extract<Action, { side: string }>;

const isStrings = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** What is wrong with an action's shape (it may come from the network), or undefined. */
export function malformed(a: Action): string | undefined {
  const x = a as Record<string, unknown>;
  if (x === null || typeof x !== 'object' || typeof x.type !== 'string') return 'an action is an object with a type';
  const need = (...keys: string[]) => keys.find((k) => typeof x[k] !== 'string');
  const bad = (() => {
    switch (a.type) {
      case 'start': case 'cancel': return undefined;
      case 'place': return need('side', 'unit', 'at');
      case 'move': return need('side', 'unit', 'to') ?? (x.path !== undefined && !isStrings(x.path) ? 'path' : x.rail !== undefined && typeof x.rail !== 'boolean' ? 'rail' : undefined);
      case 'attack': return need('side', 'combat', 'target') ?? (!isStrings(x.units) ? 'units' : undefined);
      case 'withdraw': return need('side', 'combat', 'target');
      case 'allocate': return need('side', 'loss') ?? (!isStrings(x.units) ? 'units' : undefined);
      case 'strike': return need('side') ?? (!isStrings(x.lost) ? 'lost' : undefined);
      case 'transfer': return need('side', 'transfer', 'to') ?? (typeof x.amount !== 'number' ? 'amount' : undefined);
      case 'defend': return need('side') ?? (!isStrings(x.units) ? 'units' : undefined);
      case 'retreat': case 'advance': case 'assault': case 'airdrop': case 'displace': return need('side', 'unit', 'to');
      case 'endAdvance': return need('side');
      case 'buy': return need('side', 'unit') ?? (x.at !== undefined && typeof x.at !== 'string' ? 'at' : undefined);
      case 'upgrade': case 'land': return need('side', 'unit');
      case 'board': return need('side', 'unit', 'carrier');
      case 'pass': return need('side');
      case 'endStep': return need('side') ?? (x.idle !== undefined && typeof x.idle !== 'boolean' ? 'idle' : undefined);
      case 'answer': return need('key') ?? (typeof x.value !== 'number' && typeof x.value !== 'string' ? 'value' : x.remember !== undefined && typeof x.remember !== 'boolean' ? 'remember' : undefined);
      case 'manual': return !x.op || typeof x.op !== 'object' || typeof (x.op as { op?: unknown }).op !== 'string' ? 'op' : x.note !== undefined && typeof x.note !== 'string' ? 'note' : undefined;
      default: return 'type';
    }
  })();
  if (bad === 'type') return `"${x.type}" is not a type of action`;
  return bad === undefined ? undefined : `action "${x.type}" lacks a valid "${bad}"`;
}

export function perform(tx: Tx, action: Action) {
  const s = tx.s;
  switch (action.type) {
    case 'start':
      if (s.log.length > 0) tx.refuse('started', 'the game has already started', '/sequence');
      return tx.emit(() => ({ kind: 'sequence', what: 'enter', id: 'setup', cite: tx.rules.cite(`/scenarios/${tx.rules.scenarioId}`), text: `${tx.rules.scenario.name} begins (seed ${s.seed})` }));
    case 'manual':
      adjudicate(tx, action.op, action.note);
      return lapseTransit(tx);
    case 'answer':
    case 'cancel':
      return tx.refuse('no-question', 'no question awaits an answer', '/');
  }
  const side = action.side;
  if (!tx.rules.sides.includes(side)) tx.refuse('unknown-side', `no side "${side}"`, '/sides');
  // The unit first: a unit unknown makes its destination beside the point.
  const unknown = unitsNamed(action).find((id) => !s.units[id]);
  if (unknown !== undefined) tx.refuse('unknown-unit', `no unit "${unknown}" in play`, '/roster');
  const where = destination(action);
  if (where !== undefined && !graphOf(tx.rules).index.has(where)) tx.refuse('unknown-location', `${tx.rules.label(where)} is not a location on the map`, '/map');
  if (s.tasks.length) tx.refuse('adjudication-pending', `the tester must first adjudicate: ${s.tasks[0].text}`, s.tasks[0].cite.pointer);
  if (s.displaced) return chooseDisplacement(tx, action);
  if (action.type === 'displace') tx.refuse('no-displacement', 'no displaced unit waits for its side to choose where it goes', '/mechanics/zoc/displaces');
  if (s.transit) return actInTransit(tx, action);
  if (action.type === 'pass') tx.refuse('no-transit', 'no move waits for a transit attack', '/mechanics/movement/transit');
  if (action.type === 'defend') return defend(tx, side, action.units);
  if (s.defense) refuseWaiting(tx);
  if (action.type === 'strike') return chooseStrikes(tx, side, action.lost);
  if (s.strike) refuseWaiting(tx);
  if (action.type === 'allocate') return allocateLosses(tx, side, action.loss, action.units);
  if (s.losses.length) refuseWaiting(tx);
  if (action.type === 'retreat' || action.type === 'advance' || action.type === 'endAdvance') return playAftermath(tx, action);
  if (s.aftermath) refuseWaiting(tx);
  if (action.type === 'place') return placeUnit(tx, side, action.unit, action.at);
  const unplaced = awaitingPlacement(tx) ? unitList(s).find((u) => u.at === 'unplaced') : undefined;
  if (unplaced) tx.refuse('placement-pending', `${unitLabel(tx.rules, unplaced)} must first be placed`, unplaced.zone?.pointer ?? '/scenarios');
  const slot = currentSlot(tx.rules, s);
  if (!slot || !waitingSides(tx.rules, s).includes(side)) tx.refuse('not-your-turn', `${tx.rules.party(side)} may not act now${slot ? ` (waiting for ${waitingSides(tx.rules, s).map((id) => tx.rules.party(id)).join(', ') || 'nobody'})` : ''}`, slot?.pointer ?? '/sequence');
  switch (action.type) {
    case 'endStep':
      return endStep(tx, side, action.idle === true);
    case 'move':
      expectStep(tx, slot, 'movement', 'moves');
      if (action.rail) railMove(tx, side, action.unit, action.to, slot);
      else moveInTransit(tx, side, action.unit, action.to, action.path);
      break;
    case 'board':
      expectStep(tx, slot, 'movement', 'boarding');
      boardUnit(tx, side, action.unit, action.carrier);
      break;
    case 'land':
      expectStep(tx, slot, 'movement', 'landing');
      landUnit(tx, side, action.unit);
      break;
    case 'assault':
      expectStep(tx, slot, 'movement', 'assaults');
      assaultUnit(tx, side, action.unit, action.to);
      break;
    case 'airdrop':
      expectStep(tx, slot, 'movement', 'airdrops');
      airdropUnit(tx, side, action.unit, action.to);
      break;
    case 'attack':
      if (!slot.combats.includes(action.combat)) tx.refuse('wrong-step', `attacks of ${action.combat} are made in a step that runs that combat, not in “${slotName(tx.rules.r, slot)}”${slot.combats.length ? `, which runs ${slot.combats.join(', ')}` : ''}`, slot.pointer);
      attack(tx, side, action.combat, action.target, action.units);
      break;
    case 'withdraw':
      if (!slot.combats.includes(action.combat)) tx.refuse('wrong-step', `a withdrawal from a battle of ${action.combat} is made in a step that runs that combat, not in “${slotName(tx.rules.r, slot)}”`, slot.pointer);
      withdraw(tx, side, action.combat, action.target);
      break;
    case 'buy':
      expectStep(tx, slot, 'production', 'purchases');
      buyUnit(tx, side, tx.rules.powers.filter(slotPowers(tx.rules, s, slot)), action.unit, action.at);
      break;
    case 'upgrade':
      expectStep(tx, slot, 'production', 'upgrades');
      upgradeUnit(tx, side, tx.rules.powers.filter(slotPowers(tx.rules, s, slot)), action.unit);
      break;
    case 'transfer':
      expectStep(tx, slot, 'transfers', 'transfers');
      transfer(tx, action);
      break;
  }
  handOver(tx.rules, s);
}

/** The units an action names: the one it moves, places, buys or upgrades, a carrier, those that fight or take losses. */
function unitsNamed(a: PlayerAction): string[] {
  const x = a as { unit?: unknown; carrier?: unknown; units?: unknown };
  return [x.unit, x.carrier, ...(Array.isArray(x.units) ? x.units : [])].filter((id): id is string => typeof id === 'string');
}

/** Where an action sends a unit or strikes, when it names a location. */
function destination(a: PlayerAction): LocKey | undefined {
  switch (a.type) {
    case 'move': case 'retreat': case 'advance': case 'assault': case 'airdrop': case 'displace': return a.to;
    case 'place': case 'buy': return a.at;
    case 'attack': case 'withdraw': return a.target;
  }
}

/** Refuses an action that belongs to another kind of step than the current one. */
function expectStep(tx: Tx, slot: Slot, procedure: string, what: string) {
  if (slot.procedure !== procedure) tx.refuse('wrong-step', `${what} are made in a ${procedure} step, not in “${slotName(tx.rules.r, slot)}”`, slot.pointer);
}
