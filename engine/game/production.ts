// Production: points from controlled production places (each its own value, else the model's per
// place; only those in supply when the model says so) plus bonuses whose condition holds; spent on
// force-pool units at their table (or printed) cost, and on restoring reduced units a step at a time.
import { joinPointer } from '../json/pointer';
import { buildColumn } from '../tables/costs';
import { actingSide, capitalsOf, controls, frozenBy, placesOfKind, refuseFrozen, sideOf } from './board';
import { placementBarrier } from './arrivals';
import { displaceOnEntry } from './displacement';
import { test } from './expressions';
import { isBarrier, type Barrier } from './movement';
import type { LocKey, UnitState } from './state';
import { onBoard, unitList } from './state';
import { readResource, writeResource } from './stocks';
import { transferredIncome } from './transfers';
import { inSupply, supplyNet, traced, tracesSupply, tracesTo, type SupplyNet } from './supply';
import { cellAt, cellOrigin, tableOf } from './tables';
import type { Tx } from './tx';
import { classOf, rosterOf, stepsOf, unitType, unitLabel } from './units';
import { cited, missing, numeric } from './values';
import { kept } from './rules';
import { counted, possessive } from '../words';

const PRODUCTION = '/mechanics/production';

/** The countries a power produces in as its own (kept for the game; do not modify). */
export const homeCountries = (tx: Tx, power: string): ReadonlySet<string> =>
  kept(tx.rules, `home-countries:${power}`, (rules) => new Set([...(rules.r.powers?.[power]?.countries ?? []), ...Object.entries(rules.r.map?.countries ?? {}).filter(([, c]) => c.power === power).map(([id]) => id)]));

/** The located places of the production model's kind, with their countries (kept for the game; do not modify). */
const productionPlaces = (tx: Tx, kind: string): readonly { id: string; at: LocKey; country: string }[] =>
  kept(tx.rules, `production-places:${kind}`, (rules) =>
    Object.entries(rules.r.map?.places ?? {}).flatMap(([id, p]) => {
      const at = rules.placeLoc.get(id);
      return at && p.kinds?.includes(kind) ? [{ id, at, country: p.country ?? '' }] : [];
    }),
  );

const isMajor = (tx: Tx, power: string) => tx.rules.r.powers?.[power]?.kind === 'major';

/**
 * Production places a power holds: in its home countries, those its side holds (by any power of it); elsewhere
 * those of its own control, but a place of another unconquered major power of its side, which is that power's
 * ("if it is a major power, friendly production cities are used to produce the power's units"). Home
 * countries count so for a major power only, where other places serve the majors.
 */
export function heldPlaces(tx: Tx, power: string): { id: string; at: LocKey }[] {
  const model = tx.rules.r.mechanics?.production;
  // Where the other places serve the majors, a minor power uses none, even one its own units took.
  if (!model?.placeKind || (model.otherPlaces && !isMajor(tx, power))) return [];
  const home = homeCountries(tx, power);
  const side = sideOf(tx.s, power);
  const own = side !== null && (!model.otherPlaces || isMajor(tx, power));
  const conquered = tx.rules.r.mechanics?.conquest?.conquered;
  const sidesMajor = (owner: string | undefined): owner is string => owner !== undefined && isMajor(tx, owner) && side !== null && sideOf(tx.s, owner) === side;
  const anotherMajors = (country: string) => {
    const owner = tx.rules.countryPower(country);
    return sidesMajor(owner) && owner !== power && tx.s.powers[owner]?.status !== conquered;
  };
  return productionPlaces(tx, model.placeKind).filter(({ at, country }) => {
    const c = tx.s.control[at];
    if (c === undefined) return false;
    if (own && home.has(country)) return c === power || c === side || sideOf(tx.s, c) === side;
    // A place of no major power of its side (a minor's, or taken from the enemy) then serves one major alone, whoever took it (servedPlaces).
    if (model.otherPlaces && !sidesMajor(tx.rules.countryPower(country))) return false;
    return c === power && !anotherMajors(country);
  });
}

/** Places whose production counts: held, and in supply when the model requires it; and the other places its side holds that it serves. */
function producing(tx: Tx, power: string, netOf: (power: string) => SupplyNet | undefined = (p) => supplyNet(tx, p)) {
  const held = heldPlaces(tx, power);
  // Traced only for a power holding places: most powers (the minor ones) hold none.
  const net = held.length && tx.rules.r.mechanics?.production?.requiresSupply ? netOf(power) : undefined;
  return [...(net ? held.filter((p) => tracesSupply(net, p.at)) : held), ...servedPlaces(tx, power, netOf)];
}

/**
 * With the model's otherPlaces, the production places a side holds that are no major power's own (in a
 * minor power's country, or captured) and that a major power serves: the first of the side's, in the
 * production order, whose capital the place traces supply to.
 */
function servedPlaces(tx: Tx, power: string, netOf: (power: string) => SupplyNet | undefined): { id: string; at: LocKey }[] {
  const model = tx.rules.r.mechanics?.production;
  const side = sideOf(tx.s, power);
  if (!model?.otherPlaces || !model.placeKind || side === null || !isMajor(tx, power)) return [];
  const majors = (model.order ?? tx.rules.powers).filter((q) => sideOf(tx.s, q) === side && isMajor(tx, q));
  return productionPlaces(tx, model.placeKind).filter(({ at, country }) => {
    const owner = tx.rules.countryPower(country);
    // Held by the side, or by a power of it (a minor power's units took it).
    const by = tx.s.control[at];
    if (by === undefined || (by !== side && sideOf(tx.s, by) !== side) || (owner !== undefined && majors.includes(owner))) return false;
    return majors.find((q) => {
      const net = netOf(q);
      return !net || tracesSupply(net, at);
    }) === power;
  });
}

/** Income at the start of a power's production (without a model, the tester adjudicates it: see reminders). */
export function collectIncome(tx: Tx, power: string, netOf: (power: string) => SupplyNet | undefined, named = true) {
  const model = tx.rules.r.mechanics?.production;
  if (!model) return;
  const earned = new Map<string, { amount: number; parts: string[] }>();
  const add = (resource: string, amount: number, what: string, note = '') => {
    const e = earned.get(resource) ?? { amount: 0, parts: [] };
    e.amount += amount;
    e.parts.push(`${what} ${amount}${note}`);
    earned.set(resource, e);
  };
  earned.set(model.resource, { amount: 0, parts: [] });
  const when = model.placesWhen && Object.hasOwn(model.placesWhen, power) ? model.placesWhen[power] : undefined;
  const idle = when !== undefined && !test(tx, when, joinPointer(PRODUCTION, 'placesWhen', power));
  if (idle) add(model.resource, 0, 'production places', ` (idle: ${possessive(tx.rules.party(power))} places produce only under a condition that does not hold now)`);
  for (const { id, at } of idle ? [] : producing(tx, power, netOf)) {
    const place = tx.rules.r.map!.places![id];
    // Struck by a battle this turn (bombed): it contributes nothing.
    if (tx.s.struck?.includes(at)) {
      add(model.resource, 0, `${place.name} (struck this turn)`);
      continue;
    }
    const value = place.value !== undefined
      ? cited(tx, place.value, joinPointer('/map/places', id, 'value'), `production of ${place.name}`, 'amount')
      : model.perPlace !== undefined ? cited(tx, model.perPlace, joinPointer(PRODUCTION, 'perPlace'), 'production per place', 'amount') : missing(tx, joinPointer(PRODUCTION, 'perPlace'), 'production per place', 'amount');
    add(model.resource, value ?? 0, place.name);
  }
  (model.bonuses ?? []).forEach((bonus) => {
    if (bonus.power !== power) return;
    const amount = bonusAmount(tx, bonus.id);
    if (amount === undefined) return;
    const lost = Math.min(amount, tx.s.struckBonuses?.[bonus.id] ?? 0);
    add(bonus.resource ?? model.resource, amount - lost, bonus.name ?? bonus.id, lost ? ` (${lost} lost this turn)` : '');
  });
  for (const { amount, what, note } of transferredIncome(tx, power)) add(model.resource, amount, what, note);
  for (const [resource, { amount, parts }] of earned) {
    const stock = (model.saving ? (readResource(tx, power, resource) ?? 0) : 0) + amount;
    writeResource(tx, power, resource, stock);
    // A power outside the production order that earns from nothing (a minor power out of Winter) is not named.
    if (!named && parts.length === 0) continue;
    // A power whose status lets it buy nothing holds points it can only send on (or lose).
    const frozen = frozenBy(tx.rules, tx.s, power, true);
    const unspendable = frozen ? `; ${possessive(tx.rules.party(power))} status, ${tx.rules.r.statuses?.[frozen]?.name.toLowerCase() ?? frozen}, lets it buy nothing with them` : '';
    tx.emit(() => ({ kind: 'income', power, resource, amount, stock, cite: tx.rules.cite(idle ? joinPointer(PRODUCTION, 'placesWhen', power) : PRODUCTION), text: `${tx.rules.party(power)} earns ${amount} ${resource}${parts.length ? ` (${parts.join(', ')})` : ''}; stock ${stock}${model.saving ? '' : ' (what was left unspent before is lost: the model saves nothing)'}${unspendable}` }));
  }
}

/** What a production bonus pays now: its amount while its condition holds, else undefined. */
export function bonusAmount(tx: Tx, id: string): number | undefined {
  const bonuses = tx.rules.r.mechanics?.production?.bonuses ?? [];
  const i = bonuses.findIndex((b) => b.id === id);
  if (i < 0) return undefined;
  const bonus = bonuses[i];
  const pointer = joinPointer(PRODUCTION, 'bonuses', i);
  if (bonus.when && !test(tx, bonus.when, joinPointer(pointer, 'when'))) return undefined;
  return cited(tx, bonus.amount, joinPointer(pointer, 'amount'), `bonus ${bonus.name ?? bonus.id}`) ?? 0;
}

type Cost = Record<string, number> | Barrier | undefined;

/** What a unit costs to build, by resource, or why it cannot be built: its row in the costs table, else its printed cost. */
export function unitCost(tx: Tx, u: UnitState): Cost {
  const model = tx.rules.r.mechanics?.production;
  const resource = model?.resource ?? '';
  const table = model?.costs ? tableOf(tx, model.costs) : undefined;
  if (model?.costs && table?.rows.keys.includes(u.type)) {
    const column = buildColumn(table.columns.keys, resource, model.buildColumn);
    if (column === undefined) return { code: 'cost-column', message: `table ${model.costs} has no column for ${resource}: name the build column (buildColumn)`, pointer: joinPointer(PRODUCTION, 'buildColumn') };
    return tableCost(tx, u, column, 'cost');
  }
  return printedCost(tx, u, 'cost');
}

/** What restoring a step of a unit costs: its row's upgrade column in the costs table, else its type's upgradeCost. */
export function upgradeCost(tx: Tx, u: UnitState): Cost {
  const model = tx.rules.r.mechanics?.production;
  const table = model?.costs ? tableOf(tx, model.costs) : undefined;
  const column = model?.upgrade?.column;
  if (column && table?.rows.keys.includes(u.type)) return tableCost(tx, u, column, 'upgrade cost');
  return printedCost(tx, u, 'upgradeCost');
}

function tableCost(tx: Tx, u: UnitState, column: string, what: string): Cost {
  const model = tx.rules.r.mechanics!.production!;
  const costs = model.costs!;
  const cell = cellAt(tx, costs, u.type, column, `${what} of ${u.type}`);
  if (!cell) return undefined;
  const n = typeof cell.value === 'number' ? cell.value : numeric(cell.value);
  if (!tx.isProbing) {
    tx.emit(() => {
      const { note, ...origin } = cellOrigin(tx, cell);
      return { kind: 'lookup', table: costs, row: u.type, column, shifts: [], result: cell.value, ...origin, cite: tx.rules.cite(cell.pointer), text: `${tableOf(tx, costs)!.title}: ${u.type}, ${column} → ${cell.value}${note}` };
    });
  }
  return n === undefined ? { code: 'not-buildable', message: `the ${what} of ${u.type} is "${cell.value}"`, pointer: cell.pointer } : { [model.resource]: n };
}

/** A cost printed on the unit type (`cost` or `upgradeCost`); a gap, asked for, where it prints none. */
function printedCost(tx: Tx, u: UnitState, field: 'cost' | 'upgradeCost'): Cost {
  const resource = tx.rules.r.mechanics?.production?.resource ?? '';
  const what = `${field === 'cost' ? 'cost' : 'upgrade cost'} of ${u.type}`;
  const printed = unitType(tx.rules, u)?.[field];
  if (!printed) {
    const n = missing(tx, joinPointer('/unitTypes', u.type, field, resource), what, 'amount');
    return n === undefined ? undefined : { [resource]: n };
  }
  const cost: Record<string, number> = {};
  for (const [res, v] of Object.entries(printed)) {
    const n = cited(tx, v, joinPointer('/unitTypes', u.type, field, res), what, 'amount');
    if (n === undefined) return undefined;
    cost[res] = n;
  }
  return cost;
}

/** Whether a power holds enough of each resource for a cost. */
export const affords = (tx: Tx, power: string, cost: Record<string, number>) => Object.entries(cost).every(([res, n]) => (readResource(tx, power, res) ?? 0) >= n);

/** Takes a cost from the unit's power's stock, refusing an unknown or barred cost, or one it cannot afford. */
function pay(tx: Tx, u: UnitState, what: string, cost: Cost, payer = u.power): Record<string, number> {
  if (!cost) return tx.refuse('cost-unknown', `the ${what} of ${unitLabel(tx.rules, u)} is not known`, PRODUCTION);
  if (isBarrier(cost)) return tx.refuse(cost.code, cost.message, cost.pointer);
  for (const [res, n] of Object.entries(cost)) {
    const stock = readResource(tx, payer, res) ?? 0;
    if (stock < n) tx.refuse('cannot-afford', `${unitLabel(tx.rules, u)} costs ${n} ${res}; ${tx.rules.party(payer)} has ${stock}`, PRODUCTION);
  }
  for (const [res, n] of Object.entries(cost)) writeResource(tx, payer, res, (readResource(tx, payer, res) ?? 0) - n);
  return cost;
}

/** The power whose points pay for a unit's upgrade, in its production: the unit's own, or another the model names (upgrade.paidBy). */
export function upgradePayer(tx: Tx, u: UnitState): string {
  const by = tx.rules.r.mechanics?.production?.upgrade?.paidBy?.find((p) => p.power === u.power && !(u.at.startsWith('box:') && p.exceptInBoxes?.includes(u.at.slice(4))));
  return by?.by ?? u.power;
}

const paidText = (cost: Record<string, number>) => Object.entries(cost).map(([res, n]) => `${n} ${res}`).join(', ');

/** Why a unit may not be upgraded now (full strength, printed on one side, off the board, out of supply), or undefined. */
export function upgradeBarrier(tx: Tx, u: UnitState): Barrier | undefined {
  const up = tx.rules.r.mechanics?.production?.upgrade;
  if (!up) return { code: 'no-upgrades', message: 'the production model has no upgrades', pointer: PRODUCTION };
  if (u.stepsLost <= 0) return { code: 'full-strength', message: `${unitLabel(tx.rules, u)} is at full strength`, pointer: joinPointer(PRODUCTION, 'upgrade') };
  if (rosterOf(tx.rules, u)?.oneSided) return { code: 'one-sided', message: `${unitLabel(tx.rules, u)} is printed on one side only and cannot be upgraded`, pointer: joinPointer('/roster', u.id, 'oneSided') };
  if (!onBoard(u.at)) return { code: 'not-on-board', message: `${unitLabel(tx.rules, u)} is not on the board (${u.at})`, pointer: joinPointer(PRODUCTION, 'upgrade') };
  // A unit the supply procedure does not trace (in a box the model leaves in supply) is in supply.
  if (!up.requiresSupply || !traced(tx, u)) return undefined;
  // Where the model says, to other places than the unit's own sources (any friendly major power's capital).
  const k = u.at.startsWith('box:') ? -1 : (up.tracesTo ?? []).findIndex((t) => t.classes.includes(classOf(tx.rules, u)));
  if (k < 0) return inSupply(tx, u) !== false ? undefined : { code: 'out-of-supply', message: `${unitLabel(tx.rules, u)} at ${tx.rules.label(u.at)} traces no supply`, pointer: joinPointer(PRODUCTION, 'upgrade', 'requiresSupply') };
  const to = up.tracesTo![k];
  if (to.standingAt && !(placesOfKind(tx.rules, to.standingAt).includes(u.at) && controls(tx.s, u.at, sideOf(tx.s, u.power) ?? u.power))) {
    return { code: 'not-standing-at', message: `${unitLabel(tx.rules, u)} is upgraded only at a ${to.standingAt.join(' or ')} its side holds, not at ${tx.rules.label(u.at)}`, pointer: joinPointer(PRODUCTION, 'upgrade', 'tracesTo', k, 'standingAt') };
  }
  const sources = [...(to.majorCapitals ? sideMajorCapitals(tx, u.power) : []), ...placesOfKind(tx.rules, to.placeKinds ?? [])];
  if (tracesTo(tx, u, sources)) return undefined;
  const what = [to.majorCapitals ? 'to a capital of its side\'s major powers' : '', to.placeKinds ? `to a ${to.placeKinds.join(' or ')} place its side holds` : ''].filter(Boolean).join(' or ');
  return { code: 'out-of-supply', message: `${unitLabel(tx.rules, u)} at ${tx.rules.label(u.at)} traces no supply ${what}`, pointer: joinPointer(PRODUCTION, 'upgrade', 'tracesTo', k) };
}

/** The capitals of the major powers on a power's side (its own alone, for a power on no side). */
const sideMajorCapitals = (tx: Tx, power: string): LocKey[] => {
  const side = sideOf(tx.s, power);
  return tx.rules.powers.filter((p) => (side === null ? p === power : sideOf(tx.s, p) === side) && isMajor(tx, p)).flatMap((p) => capitalsOf(tx.rules, p).map(({ at }) => at));
};

/** The `upgrade` action: a reduced unit of a producing power regains a step. */
export function upgradeUnit(tx: Tx, side: string, upgraders: string[], unitId: string) {
  const s = tx.s;
  const u = Object.hasOwn(s.units, unitId) ? s.units[unitId] : undefined;
  if (!u) return tx.refuse('unknown-unit', `no unit "${unitId}" in play`, '/roster');
  const payer = upgradePayer(tx, u);
  if (!upgraders.includes(payer) || actingSide(tx.rules, s, payer) !== side) tx.refuse('not-producing', `${tx.rules.party(payer)}${payer === u.power ? '' : `, which pays for ${possessive(unitLabel(tx.rules, u))} upgrade,`} does not produce now`, payer === u.power ? PRODUCTION : joinPointer(PRODUCTION, 'upgrade', 'paidBy'));
  const barrier = upgradeBarrier(tx, u);
  if (barrier) tx.refuse(barrier.code, barrier.message, barrier.pointer);
  const cost = pay(tx, u, 'upgrade cost', upgradeCost(tx, u), payer);
  tx.setSteps(u, u.stepsLost - 1);
  tx.emit(() => ({ kind: 'upgrade', unit: u.id, power: payer, cost, cite: tx.rules.cite(joinPointer(PRODUCTION, 'upgrade')), text: `${tx.rules.party(payer)} upgrades ${unitLabel(tx.rules, u)} at ${tx.rules.label(u.at)} for ${paidText(cost)}${u.stepsLost ? `; ${counted(u.stepsLost, 'step')} still lost` : ': full strength'}` }));
}

/**
 * Eliminated units of the powers `which` accepts go back to their force pools at full strength, but
 * those lost for good and those of powers in the statuses excepted (the model's rebuild).
 */
export function rebuild(tx: Tx, which: (power: string) => boolean) {
  const except = tx.rules.r.mechanics!.production!.rebuild!.exceptStatuses ?? [];
  const cite = tx.rules.cite(joinPointer(PRODUCTION, 'rebuild'));
  for (const u of unitList(tx.s)) {
    const roster = rosterOf(tx.rules, u);
    if (u.at !== 'eliminated' || !which(u.power) || roster?.permanentLoss || except.includes(tx.s.powers[u.power]?.status ?? '')) continue;
    tx.relocate(u, 'pool');
    // A counter printed on one side only comes back as it is printed.
    tx.setSteps(u, roster?.oneSided ? stepsOf(tx.rules, u) - 1 : 0);
    tx.emit(() => ({ kind: 'arrive', unit: u.id, to: 'pool', cite, text: `${unitLabel(tx.rules, u)} returns to the force pool` }));
  }
}

/** The `buy` action: a force-pool unit is paid for and placed (or due after its build time). */
export function buyUnit(tx: Tx, side: string, buyers: string[], unitId: string, at: LocKey | undefined) {
  const s = tx.s;
  const u = Object.hasOwn(s.units, unitId) ? s.units[unitId] : undefined;
  if (!u || u.at !== 'pool') return tx.refuse('not-in-pool', `${unitId} is not in a force pool`, joinPointer('/scenarios', tx.rules.scenarioId, 'forcePools'));
  if (!buyers.includes(u.power) || actingSide(tx.rules, s, u.power) !== side) tx.refuse('not-producing', `${tx.rules.party(u.power)} does not produce now`, PRODUCTION);
  refuseFrozen(tx, u, 'come into play', true);
  // Paid first: a refusal below drops the whole action.
  const cost = pay(tx, u, 'cost', unitCost(tx, u));
  const delay = unitType(tx.rules, u)?.buildTime ?? 0;
  const zone = { production: true, pointer: PRODUCTION };
  if (delay > 0) {
    tx.relocate(u, 'due');
    u.due = { turn: s.turn + delay, to: 'placement', zone };
  } else {
    if (at === undefined) tx.refuse('placement-needed', `say where ${unitLabel(tx.rules, u)} is placed`, PRODUCTION);
    const barrier = placementBarrier(tx, { ...u, zone }, at);
    if (barrier) tx.refuse(barrier.code, barrier.message, barrier.pointer);
    tx.relocate(u, at);
    // Placed among hostile units it sends away (fleets and air units where a fort is placed), it sends them.
    displaceOnEntry(tx, u, [at]);
  }
  tx.emit(() => ({ kind: 'buy', unit: u.id, power: u.power, cost, to: u.at, cite: tx.rules.cite(PRODUCTION), text: `${tx.rules.party(u.power)} buys ${unitLabel(tx.rules, u)} for ${paidText(cost)}${delay > 0 ? `; it arrives in ${counted(delay, 'turn')}` : ` at ${tx.rules.label(u.at)}`}` }));
}
