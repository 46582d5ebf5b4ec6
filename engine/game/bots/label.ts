// Short human labels for actions, naming units and places as the ruleset does.
import type { Action } from '../actions';
import type { Game } from '../game';
import type { Rules } from '../rules';
import { graphOf } from '../graph';
import { carrierOf, type GameState, type LocKey, type UnitState } from '../state';
import { invasionsAlong, isBarrier, reachable, Reach } from '../movement';
import { unitCost, upgradeCost, upgradePayer } from '../production';
import { readResource } from '../stocks';
import { stepsLeft, unitLabel } from '../units';
import { strikeText } from '../combat/strikes';
import { stackingRoom } from '../stacking';
import { currentSlot } from '../sequence-slots';
import { Tx } from '../tx';

/** A unit by id for people (see unitLabel); an id no unit has, as it is. */
const unitNamed = (rules: Rules, s: GameState, id: string) => (Object.hasOwn(s.units, id) ? unitLabel(rules, s.units[id]) : id);

export function placeLabel(rules: Rules, at: LocKey): string {
  const i = at.indexOf(':');
  const kind = at.slice(0, i);
  const id = at.slice(i + 1);
  const map = rules.r.map;
  if (kind === 'hex') return id;
  if (kind === 'area') return map?.areas?.[id]?.name ?? id;
  if (kind === 'box') return map?.boxes?.[id]?.name ?? id;
  return at;
}

/** Names listed, three at most: "A, B and 4 more". */
const listed = (names: readonly string[]) => (names.length <= 3 ? names.join(', ') : `${names.slice(0, 2).join(', ')} and ${names.length - 2} more`);
const list = (rules: Rules, s: GameState, ids: readonly string[]) => listed(ids.map((id) => unitNamed(rules, s, id)));

/** Steps taken by units, each named once with how many it takes where more than one, and whether that eliminates it. */
function stepsOn(rules: Rules, s: GameState, ids: readonly string[]): string {
  const taken = new Map<string, number>();
  for (const id of ids) taken.set(id, (taken.get(id) ?? 0) + 1);
  const named = [...taken].map(([id, n]) => {
    const u = Object.hasOwn(s.units, id) ? s.units[id] : undefined;
    const gone = u !== undefined && n >= stepsLeft(rules, u);
    return n > 1 || gone ? `${unitNamed(rules, s, id)} (${n > 1 ? `${n} steps` : '1 step'}${gone ? ': eliminated' : ''})` : unitNamed(rules, s, id);
  });
  return listed(named);
}

/**
 * Labels for a batch of actions at one position, e.g. "Move 1st Armor 1909 → 2009 (2 MP)". Movement
 * costs come from the engine's own route search, computed once per unit.
 */
export function labelActions(game: Game, s: GameState, actions: readonly Action[]): string[] {
  const rules = game.rules;
  const tx = new Tx(rules, s, {}, true);
  const routes = new Map<string, Reach>();
  /** What a move costs by the engine's route, and the neutrals that route invades (by name). */
  const routeOf = (unit: string, to: LocKey): { cost: number; invades: string[] } | undefined => {
    const u = s.units[unit];
    if (!u) return undefined;
    if (!routes.has(unit)) {
      try {
        routes.set(unit, reachable(tx, u));
      } catch {
        routes.set(unit, Reach.none);
      }
    }
    const reach = routes.get(unit)!;
    const k = reach.find(graphOf(rules).index.get(to) ?? -1);
    return k < 0 ? undefined : { cost: reach.cost(k), invades: invadedOn(unit, reach.path(k)) };
  };
  /** The neutrals a unit going along a path invades where that sets something off, by name. */
  const invadedOn = (unit: string, path: readonly LocKey[]) => (s.units[unit] ? tx.probe(() => invasionsAlong(tx, s.units[unit], path)) : []);
  // Where the rules let a retreat, an advance or a purchase break a limit (its owner eliminating the excess
  // at the next check), the label says so: the list offers it, and it may cost a unit.
  const overLimit = (unit: string, to: LocKey) => {
    const u = s.units[unit];
    const i = graphOf(rules).index.get(to);
    return u && i !== undefined && !stackingRoom(tx, u)(i) ? 'over the stacking limit there: the excess is eliminated when stacking is next checked' : '';
  };
  /** What a retreat or an advance into a location sets off, or costs: "invades Slateland", and over a limit. */
  const stepInto = (unit: string, to: LocKey) => {
    const invaded = invadedOn(unit, [to]);
    return [invaded.length ? `invades ${invaded.join(' and ')}` : '', overLimit(unit, to)];
  };
  /** Notes in brackets after a label, those given: " (invades Slateland; over the stacking limit there…)". */
  const noted = (notes: readonly string[]) => (notes.some(Boolean) ? ` (${notes.filter(Boolean).join('; ')})` : '');
  /** "<unit> <from> → <to>", the shape of every label of a unit going somewhere. */
  const going = (unit: string, to: LocKey) => {
    const from = s.units[unit]?.at;
    return `${unitNamed(rules, s, unit)} ${from ? placeLabel(rules, from) + ' ' : ''}→ ${placeLabel(rules, to)}`;
  };
  /** " (4 pp of 8)": what a purchase costs its payer, and what the payer has; nothing where the cost is not known without asking. */
  const price = (unit: string, cost: (tx: Tx, u: UnitState) => ReturnType<typeof unitCost>, payer: (u: UnitState) => string) => {
    const u = s.units[unit];
    const c = u && tx.probe(() => cost(tx, u));
    if (!c || isBarrier(c)) return '';
    const by = payer(u);
    return ` (${Object.entries(c).map(([res, n]) => `${n} ${res} of ${tx.probe(() => readResource(tx, by, res)) ?? '?'}`).join(', ')})`;
  };
  return actions.map((a) => {
    switch (a.type) {
      case 'move': {
        if (a.rail) return `Rail ${going(a.unit, a.to)}`;
        const route = routeOf(a.unit, a.to);
        const invading = route?.invades.length ? `; invades ${route.invades.join(' and ')}` : '';
        return `Move ${going(a.unit, a.to)}${route ? ` (${route.cost} MP${invading})` : ''}`;
      }
      case 'place':
        return `Place ${unitNamed(rules, s, a.unit)} at ${placeLabel(rules, a.at)}`;
      case 'board':
        return `Board ${unitNamed(rules, s, a.unit)} onto ${unitNamed(rules, s, a.carrier)}${s.units[a.unit] ? ` at ${placeLabel(rules, s.units[a.unit].at)}` : ''}`;
      case 'airdrop':
        return `Airdrop ${going(a.unit, a.to)}`;
      case 'assault': {
        const carrier = s.units[carrierOf(s.units[a.unit]?.at ?? '') ?? ''];
        return `Assault ${placeLabel(rules, a.to)} with ${unitNamed(rules, s, a.unit)}${carrier ? ` aboard ${unitNamed(rules, s, carrier.id)}` : ''}`;
      }
      case 'land': {
        const carrier = s.units[carrierOf(s.units[a.unit]?.at ?? '') ?? ''];
        return `Land ${unitNamed(rules, s, a.unit)}${carrier ? ` at ${placeLabel(rules, carrier.at)}` : ''}`;
      }
      case 'attack':
        return `Attack ${placeLabel(rules, a.target)} (${a.combat}) with ${list(rules, s, a.units)}`;
      case 'withdraw':
        return `Withdraw from the battle at ${placeLabel(rules, a.target)} (${a.combat})`;
      case 'displace':
        return s.units[a.unit]?.at === a.to ? `Keep displaced ${unitNamed(rules, s, a.unit)} at ${placeLabel(rules, a.to)}` : `Displace ${unitNamed(rules, s, a.unit)} to ${placeLabel(rules, a.to)} instead`;
      case 'pass': {
        const t = s.transit;
        return t ? `Let ${unitNamed(rules, s, t.unit)} pass ${placeLabel(rules, t.at)}` : 'Let the moving unit pass';
      }
      case 'allocate':
        return s.losses.find((l) => l.id === a.loss)?.perStep === false ? `Eliminate ${list(rules, s, a.units)}` : `Take losses on ${stepsOn(rules, s, a.units)}`;
      case 'defend': {
        const target = s.defense ? placeLabel(rules, s.defense.target) : 'the attacked place';
        if (s.defense?.intercept) return a.units.length ? `Intercept the attack on ${target} with ${list(rules, s, a.units)}` : `No interception of the attack on ${target}`;
        return a.units.length ? `Support the defence of ${target} with ${list(rules, s, a.units)}` : `No support for the defence of ${target}`;
      }
      case 'retreat':
        return `Retreat ${going(a.unit, a.to)}${noted(stepInto(a.unit, a.to))}`;
      case 'advance':
        return `Advance ${going(a.unit, a.to)}${noted(stepInto(a.unit, a.to))}`;
      case 'endAdvance':
        return 'Advance no further';
      case 'buy':
        return `Buy ${unitNamed(rules, s, a.unit)}${a.at ? ` at ${placeLabel(rules, a.at)}` : ''}${price(a.unit, unitCost, (u) => u.power)}${a.at ? noted([overLimit(a.unit, a.at)]) : ''}`;
      case 'upgrade':
        return `Upgrade ${unitNamed(rules, s, a.unit)} at ${placeLabel(rules, s.units[a.unit]?.at ?? '')}${price(a.unit, upgradeCost, (u) => upgradePayer(tx, u))}`;
      case 'strike':
        return `Sink ${s.strike ? strikeText(s.strike.names, a.lost) : a.lost.join(', ')}`;
      case 'transfer': {
        const t = rules.r.mechanics?.production?.transfers?.find((x) => x.id === a.transfer);
        return `${t?.name ?? a.transfer}: send ${a.amount} ${rules.r.mechanics?.production?.resource ?? 'points'} to ${rules.party(a.to)}`;
      }
      case 'endStep': {
        // A step a power acts in for its side (production, power by power) names the power.
        const actor = currentSlot(rules, s)?.actor;
        const who = actor && rules.powers.includes(actor) ? actor : a.side;
        // "End End of Turn Adjustment" reads as a slip: a step named for an end is done instead.
        const step = game.status(s).step ?? 'step';
        return `${/^end\b/i.test(step) ? 'Done with' : 'End'} ${step} (${rules.party(who)}${a.idle ? ', nothing to do' : ''})`;
      }
      case 'answer':
        return `Answer ${a.value}`;
      case 'cancel':
        return 'Withdraw the action waiting on a question';
      case 'manual':
        return `Adjudicate: ${a.op.op}`;
      case 'start':
        return 'Start';
    }
  });
}

export const labelAction = (game: Game, s: GameState, action: Action) => labelActions(game, s, [action])[0];
