// Movement: a unit spends its allowance location by location, paying terrain and hexside costs (or
// a box entry's cost), extra to enter a hostile zone of control, stopping where the ruleset says.
import type { ClassMovement, UnitClass } from '../generated/schema-types';
import { joinPointer } from '../json/pointer';
import { actingSide, controls, countryLocations, hostile, hostileAt, sideOf } from './board';
import { takeControl } from './control';
import type { Link } from './rules';
import type { LocKey, UnitState } from './state';
import { MinHeap } from './heap';
import { locId, onBoard } from './state';
import { labelCell, tableOf } from './tables';
import { fireTriggers } from './triggers';
import type { Tx } from './tx';
import { classOf, printed } from './units';
import { cited, missing, numeric } from './values';
import { affecting, hostileZone } from './zoc';

export interface Barrier {
  code: string;
  message: string;
  pointer: string;
}

interface Step {
  cost: number;
  stop: boolean;
  note: string;
}

const MOVEMENT = '/mechanics/movement';

const classMovement = (tx: Tx, cls: UnitClass): ClassMovement | undefined =>
  cls === 'fortification' ? undefined : tx.rules.r.mechanics?.movement?.classes?.[cls];

/** Whether units of a class move at all: fortifications never do; with classes listed, only those. */
const moves = (tx: Tx, cls: UnitClass) => {
  const model = tx.rules.r.mechanics?.movement;
  return !!model && cls !== 'fortification' && (!model.classes || model.classes[cls] !== undefined);
};

/** What stops a unit from being at a location at all (hostile units, terrain, closed boxes and countries). */
export function entryBarrier(tx: Tx, u: UnitState, at: LocKey, held = heldAgainst(tx, u.power).has(at)): Barrier | undefined {
  const r = tx.rules.r;
  const cls = classOf(tx.rules, u);
  if (at.startsWith('box:')) {
    const box = r.map?.boxes?.[locId(at)];
    const side = sideOf(tx.s, u.power);
    if (box?.sides && (!side || !box.sides.includes(side))) return { code: 'box-closed', message: `${u.power}'s units may not enter ${tx.rules.label(at)}`, pointer: joinPointer('/map/boxes', locId(at), 'sides') };
    if (box?.classes && !box.classes.includes(cls)) return { code: 'box-closed', message: `${cls} units may not enter ${tx.rules.label(at)}`, pointer: joinPointer('/map/boxes', locId(at), 'classes') };
    // A box has no terrain: its own lists of sides and classes say who may be there.
    return held ? { code: 'hostile-units', message: `${tx.rules.label(at)} holds hostile units`, pointer: MOVEMENT } : undefined;
  }
  if (!at.startsWith('area:') && held) return { code: 'hostile-units', message: `${tx.rules.label(at)} holds hostile units`, pointer: MOVEMENT };
  const owner = tx.rules.countryPower(tx.rules.countryOf(at) ?? '');
  if (owner && r.powers?.[owner]?.enterable === false && owner !== u.power) return { code: 'not-enterable', message: `no unit may enter ${owner}'s territory`, pointer: joinPointer('/powers', owner, 'enterable') };
  const terrain = tx.rules.terrainOf(at);
  const allowed = classMovement(tx, cls)?.entersTerrain;
  if (allowed) {
    if (!allowed.includes(terrain ?? '')) return { code: 'terrain', message: `${cls} units may not enter ${terrain ?? 'unmarked'} terrain`, pointer: joinPointer(MOVEMENT, 'classes', cls, 'entersTerrain') };
    return undefined;
  }
  const medium = at.startsWith('area:') ? r.map?.areas?.[locId(at)]?.type : r.map?.terrain?.[terrain ?? '']?.medium;
  if (cls === 'naval' && medium !== 'sea' && medium !== 'coastal') return { code: 'terrain', message: `naval units may not enter ${tx.rules.label(at)} (land)`, pointer: terrain ? joinPointer('/map/terrain', terrain, 'medium') : '/map' };
  if ((cls === 'land' || cls === 'fortification') && medium === 'sea') return { code: 'terrain', message: `${cls} units may not enter ${tx.rules.label(at)} (sea)`, pointer: terrain ? joinPointer('/map/terrain', terrain, 'medium') : '/map' };
  return undefined;
}

/** Movement points a unit has each step; undefined when it prints none (or, probing, when it is unknown). */
export function allowance(tx: Tx, u: UnitState): number | undefined {
  const cls = classOf(tx.rules, u);
  if (!moves(tx, cls)) return 0;
  const cm = classMovement(tx, cls);
  const base = printed(tx, u, cm?.allowance ?? 'movement');
  const times = cited(tx, cm?.multiplier, tx.rules.pointer(MOVEMENT, 'classes', cls, 'multiplier'), `${cls} movement multiplier`) ?? 1;
  return base === undefined ? undefined : base * times;
}

/** Locations holding units hostile to a power. */
const heldAgainst = (tx: Tx, power: string) => tx.derived(`held:${power}`, () => new Set(Object.values(tx.s.units).filter((x) => hostile(tx.s, x.power, power)).map((x) => x.at)));

interface Mover {
  u: UnitState;
  cls: UnitClass;
  zone: Set<LocKey>;
  /** Locations holding units hostile to the mover, fixed while it moves. */
  held: Set<LocKey>;
}

function mover(tx: Tx, u: UnitState): Mover {
  const cls = classOf(tx.rules, u);
  const effect = cls === 'naval' ? 'naval-movement' : cls === 'land' ? 'land-movement' : undefined;
  const held = heldAgainst(tx, u.power);
  const zone = tx.derived(`zone:${u.power}:${effect}`, () => (effect ? hostileZone(tx, u.power, affecting(effect)) : new Set<LocKey>()));
  return { u, cls, held, zone };
}

/** The cost of one step along a link; a Barrier when it may not be taken, undefined while probing the unknown. */
function stepCost(tx: Tx, m: Mover, from: LocKey, link: Link): Step | Barrier | undefined {
  const barrier = entryBarrier(tx, m.u, link.to, m.held.has(link.to));
  if (barrier) return barrier;
  const base = groundCost(tx, m.cls, from, link);
  if (!base || isBarrier(base)) return base;
  const model = tx.rules.r.mechanics?.movement;
  let { cost, note } = base;
  let stop = false;
  if (m.zone.has(link.to) && !link.to.startsWith('box:') && model?.model === 'hex-grid') {
    const extra = cited(tx, model.zocEntryCost, tx.rules.pointer(MOVEMENT, 'zocEntryCost'), 'cost to enter a zone of control') ?? 0;
    cost += extra;
    stop = model.stopOnEnteringZoc === true && m.cls === 'land';
    note += extra ? ` + zone of control ${extra}` : stop ? ', zone of control: stops' : '';
  }
  if (model?.model === 'area-graph' && model.stopOnEnemy && m.held.has(link.to)) {
    stop = true;
    note += ', hostile units: stops';
  }
  return { cost, stop, note };
}

type Ground = { cost: number; note: string } | Barrier;
/** Ground costs by link (links belong to one game's rules) and class. */
const groundCosts = new WeakMap<Link, Map<UnitClass, Ground>>();

/** What the ground costs a class along a link (terrain, hexside, box entry); kept for the game unless a gap was involved. */
function groundCost(tx: Tx, cls: UnitClass, from: LocKey, link: Link): Ground | undefined {
  let byClass = groundCosts.get(link);
  const known = byClass?.get(cls);
  if (known) return known;
  const consulted = tx.consulted;
  const result = readGroundCost(tx, cls, from, link);
  if (result && tx.consulted === consulted) {
    if (!byClass) groundCosts.set(link, (byClass = new Map()));
    byClass.set(cls, result);
  }
  return result;
}

function readGroundCost(tx: Tx, cls: UnitClass, from: LocKey, link: Link): { cost: number; note: string } | Barrier | undefined {
  const model = tx.rules.r.mechanics?.movement;
  const cm = classMovement(tx, cls);
  if (link.entry) {
    const cost = cited(tx, link.entry.cost, link.entry.pointer, `cost to move between ${tx.rules.label(from)} and ${tx.rules.label(link.to)}`);
    return cost === undefined ? undefined : { cost, note: 'box entry' };
  }
  if (cm?.ignoresTerrain) {
    const at = joinPointer(MOVEMENT, 'classes', cls, 'flatCost');
    const cost = cm.flatCost === undefined ? missing(tx, at, `flat movement cost of ${cls} units`) : cited(tx, cm.flatCost, at, `flat movement cost of ${cls} units`);
    return cost === undefined ? undefined : { cost, note: 'flat' };
  }
  const terrain = tx.rules.terrainOf(link.to) ?? '';
  let note = terrain || 'unmarked';
  let cost: number | undefined;
  const table = model?.terrainCosts;
  if (table && tableOf(tx, table)?.rows.keys.includes(terrain)) {
    const cell = labelCell(tx, table, terrain, 'cost', `cost to enter ${terrain}`);
    if (!cell) return undefined;
    cost = typeof cell.value === 'number' ? cell.value : numeric(cell.value);
    if (cost === undefined) return { code: 'prohibited', message: `${tx.rules.label(link.to)}: ${terrain} is "${cell.value}" for movement`, pointer: cell.pointer };
  } else if (cm?.flatCost !== undefined) {
    cost = cited(tx, cm.flatCost, joinPointer(MOVEMENT, 'classes', cls, 'flatCost'), `movement cost of ${cls} units`);
  } else if (model?.model === 'area-graph' && model.costPerArea !== undefined) {
    cost = cited(tx, model.costPerArea, joinPointer(MOVEMENT, 'costPerArea'), 'cost per area');
  } else {
    cost = missing(tx, table ? joinPointer('/tables', table, 'cells', terrain, 'cost') : joinPointer(MOVEMENT, 'terrainCosts'), `cost to enter ${note} terrain`);
  }
  const sideTable = model?.model === 'hex-grid' ? model.hexsideCosts : undefined;
  for (const feature of tx.rules.sideFeatures(from, link.to)) {
    if (!sideTable || !tableOf(tx, sideTable)?.rows.keys.includes(feature)) continue;
    const cell = labelCell(tx, sideTable, feature, 'cost', `cost to cross ${feature}`);
    if (!cell) return undefined;
    const extra = typeof cell.value === 'number' ? cell.value : numeric(cell.value);
    if (extra === undefined) return { code: 'prohibited', message: `crossing ${feature} is "${cell.value}"`, pointer: cell.pointer };
    if (cost !== undefined) cost += extra;
    note += ` + ${feature} ${extra}`;
  }
  return cost === undefined ? undefined : { cost, note };
}

export const isBarrier = (x: object): x is Barrier => 'code' in x && typeof (x as Barrier).code === 'string';

export interface Route {
  cost: number;
  path: LocKey[];
}

/**
 * Where a unit can still go this step, with the cheapest known route to each place (probing: asks
 * nothing). Units alike in power, class, place and points left share the answer while listing moves.
 */
export function reachable(tx: Tx, u: UnitState): Map<LocKey, Route> {
  return tx.probe(() => {
    const budget = pointsLeft(tx, u);
    if (budget <= 0) return new Map<LocKey, Route>();
    const m = mover(tx, u);
    return tx.derived(`routes:${u.power}:${m.cls}:${u.at}:${budget}`, () => routesFrom(tx, m, budget));
  });
}

/** Movement points a unit has left this step: none once it has stopped. */
export function pointsLeft(tx: Tx, u: UnitState): number {
  return tx.s.step.stopped.includes(u.id) ? 0 : (allowance(tx, u) ?? 0) - (tx.s.step.spent[u.id] ?? 0);
}

function routesFrom(tx: Tx, m: Mover, budget: number): Map<LocKey, Route> {
  const start = m.u.at;
  const steps = tx.derived(`steps:${m.u.power}:${m.cls}`, () => new Map<string, Step | Barrier | undefined>());
  const routes = new Map<LocKey, Route>();
  const best = new Map<LocKey, number>([[start, 0]]);
  const stops = new Set<LocKey>();
  const open = new MinHeap<Route>((a, b) => a.cost < b.cost || (a.cost === b.cost && a.path.length < b.path.length));
  open.push({ cost: 0, path: [] });
  for (let item = open.pop(); item; item = open.pop()) {
    const { cost, path } = item;
    const here = path.length ? path[path.length - 1] : start;
    if (cost > (best.get(here) ?? Infinity) || (path.length && stops.has(here))) continue;
    for (const link of tx.rules.links.get(here) ?? []) {
      const key = here + '>' + link.to;
      if (!steps.has(key)) steps.set(key, stepCost(tx, m, here, link));
      const step = steps.get(key);
      if (!step || isBarrier(step)) continue;
      const total = cost + step.cost;
      if (total > budget || total >= (best.get(link.to) ?? Infinity)) continue;
      best.set(link.to, total);
      if (step.stop) stops.add(link.to);
      const route = { cost: total, path: [...path, link.to] };
      routes.set(link.to, route);
      open.push(route);
    }
  }
  routes.delete(start);
  return routes;
}

/** The `move` action: along the given path, or the cheapest one known. */
export function moveUnit(tx: Tx, side: string, unitId: string, to: LocKey, given?: LocKey[]) {
  const s = tx.s;
  const u = Object.hasOwn(s.units, unitId) ? s.units[unitId] : undefined;
  if (!u) return tx.refuse('unknown-unit', `no unit "${unitId}" in play`, '/roster');
  if (actingSide(tx.rules, s, u.power) !== side) tx.refuse('not-yours', `${side} does not move ${unitId}`, joinPointer('/powers', u.power));
  if (!onBoard(u.at)) tx.refuse('not-on-board', `${unitId} is not on the board (${u.at})`, MOVEMENT);
  if (!tx.rules.r.mechanics?.movement) tx.refuse('no-movement-model', 'the ruleset declares no movement model: move units by hand', '/mechanics');
  if (!moves(tx, classOf(tx.rules, u))) tx.refuse('does-not-move', `${classOf(tx.rules, u)} units do not move under this movement model`, MOVEMENT);
  if (s.step.stopped.includes(u.id)) tx.refuse('stopped', `${unitId} has stopped for this step`, joinPointer(MOVEMENT, 'stopOnEnteringZoc'));
  const path = given ?? reachable(tx, u).get(to)?.path;
  if (!path || path.length === 0 || path[path.length - 1] !== to) tx.refuse('unreachable', `${unitId} cannot reach ${tx.rules.label(to)} this step`, MOVEMENT);

  const m = mover(tx, u);
  const notes: string[] = [];
  let here = u.at;
  let total = 0;
  let stopped = false;
  for (const next of path) {
    if (stopped) tx.refuse('zoc-stop', `${unitId} must stop on entering the zone of control at ${tx.rules.label(here)}`, joinPointer(MOVEMENT, 'stopOnEnteringZoc'));
    const link = (tx.rules.links.get(here) ?? []).find((l) => l.to === next);
    if (!link) tx.refuse('not-adjacent', `${tx.rules.label(next)} is not adjacent to ${tx.rules.label(here)}`, '/map');
    const step = stepCost(tx, m, here, link)!;
    if (isBarrier(step)) tx.refuse(step.code, step.message, step.pointer);
    total += step.cost;
    stopped = step.stop;
    notes.push(`${tx.rules.label(next)} ${step.cost} (${step.note})`);
    here = next;
  }
  const spent = s.step.spent[u.id] ?? 0;
  const budget = allowance(tx, u) ?? 0;
  if (spent + total > budget) tx.refuse('movement-points', `${unitId} needs ${total} movement points and has ${budget - spent} left`, joinPointer('/unitTypes', u.type, 'movement'));

  const from = u.at;
  u.at = to;
  s.step.spent[u.id] = spent + total;
  if (stopped) s.step.stopped.push(u.id);
  tx.emit({ kind: 'move', unit: u.id, from, to, path, cost: total, cite: tx.rules.cite(MOVEMENT), text: `${u.id} moves from ${tx.rules.label(from)}: ${notes.join(' → ')}; ${total} of ${budget - spent} movement points` });
  if (m.cls === 'land') enterGround(tx, u, path);
}

/**
 * Land units invade a hostile country they enter where their side holds no foothold yet, and take
 * control where they end.
 */
function enterGround(tx: Tx, u: UnitState, path: LocKey[]) {
  const party = sideOf(tx.s, u.power) ?? u.power;
  const invaded = new Set<string>();
  for (const at of path) {
    const country = tx.rules.countryOf(at);
    const owner = country ? tx.rules.countryPower(country) : undefined;
    if (!country || !owner || invaded.has(country) || !hostile(tx.s, owner, u.power)) continue;
    invaded.add(country);
    if (!countryLocations(tx.rules, country).some((x) => controls(tx.s, x, party))) fireTriggers(tx, { event: 'invasion', country, party: u.power });
  }
  // An area still holding hostile units stays contested: control passes only where none remain.
  const end = path[path.length - 1];
  if (!end.startsWith('box:') && !controls(tx.s, end, party) && hostileAt(tx.s, end, u.power).length === 0) takeControl(tx, end, u.power, MOVEMENT);
}
