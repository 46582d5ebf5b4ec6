// Movement: a unit spends its allowance location by location, paying terrain and hexside costs (or
// a box entry's cost), extra to enter a hostile zone of control, stopping where the ruleset says.
import type { ClassMovement, EntryRestrictions, MovementVariant, UnitClass } from '../generated/schema-types';
import { joinPointer } from '../json/pointer';
import { controls, countriesInStatus, hostileAt, invades, placesOfKind, refuseUnlessCommanded, sideOf } from './board';
import { controlCite, takeControl, takesControl } from './control';
import { kept, keptBy, newMap, type Link, type Rules } from './rules';
import type { LocKey, StopReason, UnitState } from './state';
import { barredSide, edgeBetween, graphOf, locKind, unmarked, AREA, BOX, type Graph } from './graph';
import { RouteHeap } from './heap';
import { locId, onBoard } from './state';
import { labelCell, tableOf } from './tables';
import { answered, fireTriggers, listens } from './triggers';
import type { Tx } from './tx';
import { classOf, printed, unitType, UNIT_CLASSES, unitLabel } from './units';
import { displacedBy, displaceOnEntry, staying } from './displacement';
import { currentSlot, sequenceName, slotIn } from './sequence-slots';
import { test } from './expressions';
import { cited, missing, numeric } from './values';
import { halvedIf, halvedNow } from './supply';
import { hostileHeld, hostileView, neutralGround, powersView, stopsNearer, stopZoneAffecting, zoneAffecting, zonesNotOpened, type Invading } from './zoc';
import { counted, possessive } from '../words';
import { sideBar, terrainBar } from './terrain-bar';
import { overstacks } from './stacking';

export interface Barrier {
  code: string;
  message: string;
  pointer: string;
}

interface Step {
  cost: number;
  /** Movement ends where this step enters. */
  stop: boolean;
  note: string;
  /** Its cost read a value a designer filled in provisionally. */
  provisional?: true;
}

const MOVEMENT = '/mechanics/movement';

const classMovement = (tx: Tx, cls: UnitClass): ClassMovement | undefined =>
  cls === 'fortification' ? undefined : tx.rules.r.mechanics?.movement?.classes?.[cls];

/** Whether units of a class move at all: fortifications never do; with classes listed, only those. */
const moves = (tx: Tx, cls: UnitClass) => {
  const model = tx.rules.r.mechanics?.movement;
  return !!model && cls !== 'fortification' && (!model.classes || model.classes[cls] !== undefined);
};

/** What stops a unit from being at a location at all (hostile units it would not send away, terrain, closed boxes, countries and hexes). */
export function entryBarrier(tx: Tx, u: UnitState, at: LocKey): Barrier | undefined {
  const cls = classOf(tx.rules, u);
  const lasting = standingBarrier(tx, u.power, cls, at);
  const held = staying(tx, u, at);
  // An area only by the units its class names as barring it (see heldBarring).
  const barredBy = classMovement(tx, cls)?.barredByUnitsOf;
  const bars = locKind(at) === AREA ? held.some((h) => barredBy?.includes(classOf(tx.rules, h))) : held.length > 0 && heldBars(locKind(at), lasting !== undefined);
  return bars ? hostileUnits(tx, at) : lasting;
}

/** Hostile units bar a hex before its terrain does; a box after its own lists of sides and classes. */
const heldBars = (kind: number, barredAnyway: boolean) => !(kind === BOX && barredAnyway);
function hostileUnits(tx: Tx, at: LocKey): Barrier {
  // One per location, kept for the game: a route search meets the same few many times over.
  const known = kept(tx.rules, 'hostile-units-barriers', newMap<LocKey, Barrier>);
  let barrier = known.get(at);
  if (!barrier) known.set(at, (barrier = { code: 'hostile-units', message: `${tx.rules.label(at)} holds hostile units`, pointer: MOVEMENT }));
  return barrier;
}

/** What bars a power's units of a class from a location whoever is there. */
export function standingBarrier(tx: Tx, power: string, cls: UnitClass, at: LocKey): Barrier | undefined {
  const i = graphOf(tx.rules).index.get(at);
  return i === undefined ? readStandingBarrier(tx, power, sideOf(tx.s, power), cls, at, closedNow(tx, power, cls)) : standing(tx, power, cls).barrier[i];
}

/** What bars a power's units of a class from each location whoever is there, by location index of the board's graph. */
export interface Standing {
  barrier: (Barrier | undefined)[];
  /** 1 where barred. */
  barred: Uint8Array;
}

/** Standing barriers for the whole board (for a carrier sailing to an assault, when `assault`), kept for the game by power, side, class and the countries and hexes its restrictions close now. */
export function standing(tx: Tx, power: string, cls: UnitClass, assault = false): Standing {
  // Read for each place a listing offers (set-up and production placements): found once per listing.
  return tx.derived(`standing:${power}:${cls}:${assault}`, () => {
    const side = sideOf(tx.s, power);
    const closed = closedNow(tx, power, cls, assault);
    return keptBy(tx.rules, 'standing', power, side, closed.key ? `${cls}|${closed.key}` : cls, () => {
      const barrier = standingBarriers(tx, power, side, cls, closed);
      return { barrier, barred: Uint8Array.from(barrier, (b) => (b ? 1 : 0)) };
    });
  });
}

/**
 * The countries and hexes a power's units of a class may not enter now, kept in the view of the powers'
 * sides and statuses by which restrictions a condition lifts now (those conditions are read at each
 * call, as they may read control), or an assault does.
 */
function closedNow(tx: Tx, power: string, cls: UnitClass, assault = false): Closed {
  const restrictions = tx.rules.r.mechanics?.movement?.restrictions;
  if (!restrictions) return NONE_CLOSED;
  // The conditions of the restrictions on these units, read once per listing (a frozen position), at each call while an action changes the position.
  const side = sideOf(tx.s, power);
  const conditional = liftable(tx.rules).filter(({ k }) => restricts(restrictions[k], power, side, cls));
  const byCondition = conditional.length === 0 ? '' : tx.derived(`restrictions-lifted:${power}:${cls}`, () => conditional.map(({ k, unless, pointer }) => (test(tx, unless, pointer) ? k : '')).join(','));
  const lifted = assault ? [byCondition, ...restrictions.flatMap((x, k) => (x.exceptAssaults ? [k] : []))].join(',') : byCondition;
  return powersView(tx).kept(tx, `closed:${power}:${cls}:${lifted}`, () => {
    const closed = restrictedNow(tx, power, cls, lifted);
    return { ...closed, key: [...closed.countries, ...closed.hexes].join(',') };
  });
}

/** Whether a restriction concerns a power's units of a class (the power's side given), whatever holds now. */
const restricts = (x: EntryRestrictions[number], power: string, side: string | null, cls: UnitClass) =>
  (!(x.powers || x.sides) || x.powers?.includes(power) || x.sides?.includes(side ?? '')) && (!x.classes || x.classes.includes(cls));

/** The restrictions a condition may lift, by index, with the condition and where it stands (kept for the game). */
const liftable = (rules: Rules) =>
  kept(rules, 'restrictions-liftable', () => (rules.r.mechanics?.movement?.restrictions ?? []).flatMap((x, k) => (x.unless ? [{ k, unless: x.unless, pointer: joinPointer(MOVEMENT, 'restrictions', k, 'unless') }] : [])));

/** Countries and hexes closed to a power's units, each with the index of the restriction closing it, and the same as a key ('' for none). */
interface Closed {
  countries: ReadonlyMap<string, number>;
  hexes: ReadonlyMap<LocKey, number>;
  key: string;
}
const NONE_CLOSED: Closed = { countries: new Map(), hexes: new Map(), key: '' };

/**
 * The countries and hexes a power's units of a class may not enter now by the movement model's
 * restrictions (but those `lifted`: their indexes, comma-separated), each with the index of the first
 * restriction closing it. Whatever is kept from these (routes, reaches) is kept by the closed set they make.
 */
function restrictedNow(tx: Tx, power: string, cls: UnitClass, lifted: string): Omit<Closed, 'key'> {
  const open = new Set(lifted.split(',').filter(Boolean).map(Number));
  const countries = new Map<string, number>();
  const hexes = new Map<LocKey, number>();
  const restrictions = tx.rules.r.mechanics!.movement!.restrictions!;
  restrictions.forEach((x, k) => {
    if (!restricts(x, power, sideOf(tx.s, power), cls)) return;
    if (x.while && !x.while.statuses.includes(tx.s.powers[x.while.power]?.status ?? '')) return;
    if (open.has(k)) return;
    // A power's own country is never closed to it: its units entering it invade nothing (a side barred from a
    // country does not bar that country's own units when its power is on the side).
    for (const country of x.countries ?? []) if (tx.rules.countryPower(country) !== power && !countries.has(country)) countries.set(country, k);
    for (const { country, power: owner } of x.ofStatuses ? countriesInStatus(tx.rules, tx.s, x.ofStatuses) : []) if (owner !== power && !countries.has(country)) countries.set(country, k);
    for (const hex of x.hexes ?? []) if (!hexes.has(`hex:${hex}`)) hexes.set(`hex:${hex}`, k);
  });
  return { countries, hexes };
}

/**
 * A barrier whose message and pointer are written when read: standing barriers are found for the
 * whole board at once (about half of it bars a land unit or a fleet), and only a refusal reads them.
 */
class StandingBarrier implements Barrier {
  constructor(
    readonly code: string,
    private readonly where: () => string,
    private readonly say: () => string,
  ) {}

  get pointer() {
    return this.where();
  }

  get message() {
    return this.say();
  }
}

/** A location's standing barrier, read where it stands (standingBarriers reads the whole board's). */
function readStandingBarrier(tx: Tx, power: string, side: string | null, cls: UnitClass, at: LocKey, closed: Closed): Barrier | undefined {
  if (at.startsWith('box:')) return boxBarrier(tx, power, side, cls, at);
  const country = tx.rules.countryOf(at);
  return closedBarrier(tx, closed, at, country) ?? enterableBarrier(tx, power, cls, country) ?? terrainBarrier(tx, cls, at);
}

/** Every location's standing barrier: what does not depend on the power (terrain, territory no unit of the class enters) is shared, read for the game. */
function standingBarriers(tx: Tx, power: string, side: string | null, cls: UnitClass, closed: Closed): (Barrier | undefined)[] {
  const g = graphOf(tx.rules);
  const { terrain, territory } = kept(tx.rules, `class-barriers:${cls}`, () => ({
    terrain: g.keys.map((at, i) => (g.kind[i] === BOX ? undefined : terrainBarrier(tx, cls, at))),
    // Any power's but the country's own: its own units enter it.
    territory: g.keys.map((at) => enterableBarrier(tx, '', cls, tx.rules.countryOf(at))),
  }));
  return g.keys.map((at, i) => {
    if (g.kind[i] === BOX) return boxBarrier(tx, power, side, cls, at);
    const country = tx.rules.countryOf(at);
    return closedBarrier(tx, closed, at, country) ?? (country !== undefined && tx.rules.countryPower(country) === power ? undefined : territory[i]) ?? terrain[i];
  });
}

/** A box has no terrain: its own lists of sides and classes say who may be there. */
function boxBarrier(tx: Tx, power: string, side: string | null, cls: UnitClass, at: LocKey): Barrier | undefined {
  const rules = tx.rules;
  const box = rules.r.map?.boxes?.[locId(at)];
  if (box?.sides && (!side || !box.sides.includes(side))) return new StandingBarrier('box-closed', () => rules.pointer('/map/boxes', locId(at), 'sides'), () => `${possessive(rules.party(power))} units may not enter ${rules.label(at)}`);
  if (box?.classes && !box.classes.includes(cls)) return new StandingBarrier('box-closed', () => rules.pointer('/map/boxes', locId(at), 'classes'), () => `${cls} units may not enter ${rules.label(at)}`);
  return undefined;
}

/** The movement model's restriction closing a hex or its country now: one barrier a restriction (kept for the game). */
function closedBarrier(tx: Tx, closed: Closed, at: LocKey, country: string | undefined): Barrier | undefined {
  if (!closed.key) return undefined;
  const restriction = closed.hexes.get(at) ?? (country === undefined ? undefined : closed.countries.get(country));
  if (restriction === undefined) return undefined;
  const restrictions = tx.rules.r.mechanics!.movement!.restrictions!;
  const barriers = kept(tx.rules, 'restriction-barriers', () => restrictions.map((x, k) => new StandingBarrier('restricted', () => joinPointer(MOVEMENT, 'restrictions', k), () => x.text)));
  return barriers[restriction];
}

/** A country whose power no unit (of the class) enters but its own. */
function enterableBarrier(tx: Tx, power: string, cls: UnitClass, country: string | undefined): Barrier | undefined {
  const rules = tx.rules;
  const owner = rules.countryPower(country ?? '');
  const enterable = owner && owner !== power ? rules.r.powers?.[owner]?.enterable : undefined;
  if (enterable === false) return new StandingBarrier('not-enterable', () => rules.pointer('/powers', owner!, 'enterable'), () => `no unit may enter ${possessive(rules.party(owner!))} territory`);
  if (typeof enterable === 'object' && enterable.closedTo.includes(cls)) return new StandingBarrier('not-enterable', () => rules.pointer('/powers', owner!, 'enterable'), () => `${cls} units may not enter ${possessive(rules.party(owner!))} territory`);
  return undefined;
}

/** What a location's terrain bars a class from. */
function terrainBarrier(tx: Tx, cls: UnitClass, at: LocKey): Barrier | undefined {
  const rules = tx.rules;
  const terrain = rules.terrainOf(at);
  const bar = terrainBar(cls, terrain, rules.mediumOf(at), classMovement(tx, cls)?.entersTerrain);
  if (!bar) return undefined;
  if (bar === 'not-entered') return new StandingBarrier('terrain', () => rules.pointer(MOVEMENT, 'classes', cls, 'entersTerrain'), () => `${cls} units may not enter ${terrain ?? 'unmarked'} terrain`);
  return new StandingBarrier(
    'terrain',
    () => (terrain ? rules.pointer('/map/terrain', terrain, 'medium') : '/map'),
    () => `${cls} units may not enter ${rules.label(at)} (${bar})`,
  );
}

/**
 * Movement points a unit has this step; undefined when it prints none (or, probing, when it is unknown):
 * halved when it began to move out of supply, or has not moved and is out of supply now, where the
 * supply model says so.
 */
export function allowance(tx: Tx, u: UnitState): number | undefined {
  const points = tx.s.step.landed?.includes(u.id) ? readAllowance(tx, u, true) : printedAllowance(tx, u);
  if (points === undefined) return undefined;
  const halved = movedThisStep(tx, u) ? tx.s.step.unsupplied?.includes(u.id) === true : halvedNow(tx, u);
  return halved === undefined ? undefined : halvedIf(halved, points);
}

/** Movement points a unit's counter gives it each step: kept for the game by unit and type unless a gap was consulted. */
function printedAllowance(tx: Tx, u: UnitState): number | undefined {
  const known = kept(tx.rules, 'allowances', newMap<string, { type: string; points: number | undefined }>);
  const before = known.get(u.id);
  if (before && before.type === u.type) return before.points;
  return tx.keeping(() => readAllowance(tx, u), (points) => known.set(u.id, { type: u.type, points }));
}

/** Its allowance as printed, times its class's multiplier (after landing where it moves on, the class's multiplier for that, where it has one). */
function readAllowance(tx: Tx, u: UnitState, landed = false): number | undefined {
  const cls = classOf(tx.rules, u);
  if (!moves(tx, cls)) return 0;
  const cm = classMovement(tx, cls);
  const field = cm?.allowance ?? 'movement';
  // A unit of a moving class that prints no allowance at all is asked about, as a gap is: never read as 0.
  const base = printed(tx, u, field) ?? missing(tx, tx.rules.pointer('/unitTypes', u.type, field), `${field} of ${unitType(tx.rules, u)?.name ?? u.type} (its class, ${cls}, moves by its ${field})`, 'amount');
  const which = landed && cm?.multiplierAfterLanding !== undefined ? 'multiplierAfterLanding' : 'multiplier';
  const times = cited(tx, cm?.[which], () => tx.rules.pointer(MOVEMENT, 'classes', cls, which), () => `${cls} movement multiplier${which === 'multiplier' ? '' : ' after landing'}`) ?? 1;
  return base === undefined ? undefined : base * times;
}

interface Mover {
  u: UnitState;
  cls: UnitClass;
  /** Where the unit may never be whoever is about, by location index. */
  standing: Standing;
  ground: GroundCosts;
  /** 1 where a hostile zone of control lies, by location index. */
  zone: Uint8Array;
  /** 1 where entering that zone stops the unit (all of it, unless a class's zone stops only near the unit). */
  stopZone: Uint8Array;
  /** 1 where hostile units stand, by location index: fixed while the unit moves. No move ends there (but in an area). */
  held: Uint8Array;
  /** 1 where hostile units bar the way (those of the classes in barredByUnitsOf, or any), but for an area, which only those named in barredByUnitsOf bar. */
  unitBars: Uint8Array;
  /** Hostile units of some classes only bar the way (barredByUnitsOf): the unit may pass others, never ending its move with them. */
  passes: boolean;
  /** 1 where hostile units bar the way, or a hostile zone the class may not enter, by location index. */
  barring: Uint8Array;
  /** 1 where a hostile zone bars the class (barredByZocOf), with what friendly units open named in `opened`. */
  zoneBarred?: Uint8Array;
  opened: string;
  /** The neutrals whose zones spring up as the unit enters them, as a key (see invasionOf). */
  invading: string;
  /** 1 where entering invades a neutral (see neutralsOf), with its key: of two routes that cost the same, the one invading fewer is taken. */
  invades?: Uint8Array;
  invadesKey: string;
  /** Reaches found so far, by power, class, location and points left: kept in the view of the hostile units, by standing barriers. */
  routes: Map<string, Reach>;
  /** Zones of control count on a hex grid; entering one stops land units when the model says so. */
  zoned: boolean;
  zocStops: boolean;
  /** Entering an area with hostile units stops a unit (area movement). */
  enemyStops: boolean;
  /** A unit beginning in a zone that stops it may not step into another (noZocToZoc). */
  zoneToZone: boolean;
  /** The extra cost of entering a zone of control, read at the first zone the unit meets. */
  zocEntryCost?: number;
  /** The index of the movement variant of the current step among the model's, or −1. */
  variant: number;
}

/** The movement variant of the current step, with its index among the model's, or undefined. */
function variantNow(tx: Tx): { variant: MovementVariant; index: number } | undefined {
  const model = tx.rules.r.mechanics?.movement;
  const variants = model?.model === 'hex-grid' ? model.variants : undefined;
  if (!variants) return undefined;
  const step = currentSlot(tx.rules, tx.s)?.stepId ?? '';
  const index = variants.findIndex((v) => v.steps.includes(step));
  return index < 0 ? undefined : { variant: variants[index], index };
}

/** Whether a unit moves in the current step: its variant may move only some kinds of unit, and an exhausted unit of a class that stays still does not. */
export function movesNow(tx: Tx, u: UnitState): boolean {
  const kinds = variantNow(tx)?.variant.kinds;
  return (!kinds || kinds.includes(unitType(tx.rules, u)?.kind ?? '')) && inItsSteps(tx, u) && !stillExhausted(tx, u);
}

/** Whether the current step is one its class moves in (the class's steps, where it names them). */
function inItsSteps(tx: Tx, u: UnitState): boolean {
  const steps = classMovement(tx, classOf(tx.rules, u))?.steps;
  return !steps || slotIn(currentSlot(tx.rules, tx.s), steps);
}

/** Whether a unit is exhausted and of a class that then stays where it is. */
const stillExhausted = (tx: Tx, u: UnitState) => u.exhausted === true && classMovement(tx, classOf(tx.rules, u))?.stillWhenExhausted === true;

function mover(tx: Tx, u: UnitState, assault = false): Mover {
  const g = graphOf(tx.rules);
  const cls = classOf(tx.rules, u);
  const effect = cls === 'naval' ? 'naval-movement' : cls === 'land' ? 'land-movement' : undefined;
  const view = hostileView(tx, u.power);
  // Hostile units its move sends away (fleets where a land unit enters) neither bar its way nor keep it from stopping.
  const displaced = displacedBy(tx.rules, cls);
  const stayingClasses = displaced.length ? UNIT_CLASSES.filter((c) => !displaced.includes(c)) : undefined;
  const held = stayingClasses ? view.kept(tx, `held:${stayingClasses.join('|')}`, () => hostileHeld(tx, u.power, undefined, stayingClasses)) : view.kept(tx, 'held', () => hostileHeld(tx, u.power));
  // A unit whose entry invades a neutral meets the zones that spring up there as it enters, and goes round it where it costs no more.
  const neutral = neutralsOf(tx, u);
  const invading = springingUp(tx, neutral);
  const zone = effect ? zoneAffecting(tx, u.power, effect, invading) : unmarked(tx.rules);
  const stopZone = effect && stopsNearer(tx) ? stopZoneAffecting(tx, u.power, effect, invading) : zone;
  const barriers = standing(tx, u.power, cls, assault);
  const byStanding = view.kept(tx, 'routes', () => new WeakMap<Standing, Map<string, Reach>>());
  let routes = byStanding.get(barriers);
  if (!routes) byStanding.set(barriers, (routes = new Map()));
  const barredByUnits = classMovement(tx, cls)?.barredByUnitsOf;
  const unitBars = barredByUnits
    ? view.kept(tx, `held-bars:${barredByUnits.join('|')}`, () => heldBarring(g, hostileHeld(tx, u.power, undefined, barredByUnits), true))
    : view.kept(tx, `held-bars${stayingClasses ? `:${stayingClasses.join('|')}` : ''}`, () => heldBarring(g, held, false));
  const barredBy = classMovement(tx, cls)?.barredByZocOf;
  const zoneBars = barredBy ? zonesNotOpened(tx, u.power, barredBy, true, invading) : undefined;
  const barring = zoneBars ? unitBars.map((b, i) => b | zoneBars.zone[i]) : unitBars;
  const model = tx.rules.r.mechanics?.movement;
  const zoned = model?.model === 'hex-grid';
  // The step's variant, where it has one, says whether zones stop a unit and whether it may go from one to another.
  const variant = variantNow(tx);
  const stops = zoned && (variant?.variant.stopOnEnteringZoc ?? model.stopOnEnteringZoc) === true;
  const zoneToZone = zoned && (variant?.variant.noZocToZoc ?? model.noZocToZoc) === true;
  return { u, cls, held, unitBars, passes: !!barredByUnits, barring, zoneBarred: zoneBars?.zone, opened: zoneBars?.opened ?? '', invading: invading?.key ?? '', invades: neutral?.mask, invadesKey: neutral?.key ?? '', zone, stopZone, routes, standing: barriers, ground: groundCosts(tx, cls), zoned, zocStops: stops && effect !== undefined, enemyStops: model?.model === 'area-graph' && model.stopOnEnemy === true, zoneToZone, variant: variant?.index ?? -1 };
}

/**
 * Where hostile units bar the way: where they are held (of the classes that bar). An area they hold is
 * barred only where the class names the units that bar it (`areas`, "you may not enter a land area that has
 * an enemy land unit"); else a unit may enter it, to fight there (stopOnEnemy).
 */
function heldBarring(g: Graph, held: Uint8Array, areas: boolean): Uint8Array {
  const barring = new Uint8Array(held.length);
  for (let i = 0; i < held.length; i++) if (held[i] === 1 && (areas || g.kind[i] !== AREA)) barring[i] = 1;
  return barring;
}

/** Whether stepping into location `to` enters a hostile zone of control that counts. */
const entersZone = (m: Mover, g: Graph, to: number) => m.zoned && m.zone[to] === 1 && g.kind[to] !== BOX;
/** Whether a step into location `to` ends the unit's move. */
const stopsAt = (m: Mover, g: Graph, to: number) => (m.zocStops && m.stopZone[to] === 1 && g.kind[to] !== BOX) || (m.enemyStops && m.held[to] === 1);

function zocExtra(tx: Tx, m: Mover): number {
  const model = tx.rules.r.mechanics?.movement;
  if (model?.model !== 'hex-grid') return (m.zocEntryCost = 0);
  const own = model.variants?.[m.variant]?.zocEntryCost;
  const [cost, at] = own !== undefined ? [own, joinPointer(MOVEMENT, 'variants', m.variant, 'zocEntryCost')] : [model.zocEntryCost, joinPointer(MOVEMENT, 'zocEntryCost')];
  return (m.zocEntryCost ??= cited(tx, cost, at, 'cost to enter a zone of control') ?? 0);
}

/** The cost of one step along an edge, explained; a Barrier when it may not be taken, undefined while probing the unknown. */
function stepCost(tx: Tx, m: Mover, g: Graph, from: number, e: number): Step | Barrier | undefined {
  const to = g.to[e];
  const base = m.standing.barrier[to] ?? groundCost(tx, m, g, from, e);
  if (m.unitBars[to] === 1 && heldBars(g.kind[to], !!base && isBarrier(base))) return hostileUnits(tx, g.keys[to]);
  if (m.zoneBarred?.[to] === 1) {
    const barredBy = classMovement(tx, m.cls)!.barredByZocOf!.join(' or ');
    return { code: 'zoc-barred', message: `${unitLabel(tx.rules, m.u)} may not enter ${tx.rules.label(g.keys[to])}: it lies in a hostile ${barredBy} zone of control with no friendly ${barredBy} unit there`, pointer: joinPointer(MOVEMENT, 'classes', m.cls, 'barredByZocOf') };
  }
  if (!base || isBarrier(base)) return base;
  let { cost, note } = base;
  const { provisional } = base;
  const zone = entersZone(m, g, to);
  const stop = stopsAt(m, g, to);
  if (zone) {
    const extra = zocExtra(tx, m);
    cost += extra;
    if (extra) note += ` + zone of control ${extra}`;
  }
  // Hostile units stop a move on an area map, zones of control on a hex grid.
  if (stop) note += m.enemyStops ? ', hostile units: stops' : ', zone of control: stops';
  return { cost, stop, note, ...(provisional ? { provisional } : {}) };
}

/** What the ground costs along an edge, as a number for the route search: NaN when unknown, −1 when prohibited. */
function groundPrice(tx: Tx, m: Mover, g: Graph, from: number, e: number): number {
  const ground = groundCost(tx, m, g, from, e);
  return !ground ? NaN : isBarrier(ground) ? -1 : ground.cost;
}

/** A cost, explained; `provisional` when a value it read is a designer's fill, from no source. */
type Ground = { cost: number; note: string; provisional?: true };

/** What the ground costs a class along each edge, kept for the game: explained, and as a number (−1 when prohibited, NaN while not known). */
interface GroundCosts {
  explained: (Ground | Barrier | null)[];
  price: Float64Array;
}

const groundCosts = (tx: Tx, cls: UnitClass): GroundCosts => kept(tx.rules, `ground-costs:${cls}`, unknownCosts);
function unknownCosts(rules: Rules): GroundCosts {
  const edges = graphOf(rules).link.length;
  return { explained: new Array<Ground | Barrier | null>(edges).fill(null), price: new Float64Array(edges).fill(NaN) };
}

/** What the ground costs a mover's class along an edge (terrain, hexside, box entry), kept for the game unless a gap was involved. */
function groundCost(tx: Tx, m: Mover, g: Graph, from: number, e: number): Ground | Barrier | undefined {
  const known = m.ground;
  const cost = known.explained[e];
  if (cost) return cost;
  return tx.keeping(
    () => readGroundCost(tx, m.cls, g.keys[from], g.link[e]),
    (result) => {
      if (!result) return;
      known.explained[e] = result;
      known.price[e] = isBarrier(result) ? -1 : result.cost;
    },
  );
}

/** What a step's cost note says of a cost the tester gave (answered, or ruled for the game), as a lookup's does. */
const RULED = ", the tester's ruling";

function readGroundCost(tx: Tx, cls: UnitClass, from: LocKey, link: Link): Ground | Barrier | undefined {
  const model = tx.rules.r.mechanics?.movement;
  const cm = classMovement(tx, cls);
  // Whether a value read is one a designer filled in provisionally: the move says so.
  let provisional = false;
  const read = <T>(value: T, pointer: string): T => ((provisional ||= value !== undefined && tx.rules.sourceOf(pointer) === 'provisional'), value);
  const ground = (cost: number | undefined, note: string): Ground | undefined => (cost === undefined ? undefined : provisional ? { cost, note, provisional: true } : { cost, note });
  if (link.entry) {
    const cost = read(cited(tx, link.entry.cost, link.entry.pointer, `cost to move between ${tx.rules.label(from)} and ${tx.rules.label(link.to)}`), link.entry.pointer);
    return ground(cost, 'box entry');
  }
  const side = tx.rules.sideMedium(from, link.to);
  if (side && side.medium === sideBar(cls)) {
    const name = tx.rules.r.map?.features?.[side.feature]?.name ?? side.feature;
    return { code: 'hexside', message: `${cls} units may not cross the ${name.toLowerCase()} between ${tx.rules.label(from)} and ${tx.rules.label(link.to)}`, pointer: joinPointer('/map/features', side.feature, 'medium') };
  }
  if (cm?.ignoresTerrain) {
    const at = joinPointer(MOVEMENT, 'classes', cls, 'flatCost');
    const cost = cm.flatCost === undefined ? missing(tx, at, `flat movement cost of ${cls} units`) : read(cited(tx, cm.flatCost, at, `flat movement cost of ${cls} units`), at);
    return ground(cost, 'flat cost');
  }
  const terrain = tx.rules.terrainOf(link.to) ?? '';
  let note = terrain ? nameOf(tx.rules.r.map?.terrain?.[terrain], terrain) : 'unmarked';
  let cost: number | undefined;
  const table = model?.terrainCosts;
  if (table && tableOf(tx, table)?.rows.keys.includes(terrain)) {
    const cell = labelCell(tx, table, terrain, 'cost', `cost to enter ${terrain}`);
    if (!cell) return undefined;
    cost = read(typeof cell.value === 'number' ? cell.value : numeric(cell.value), cell.pointer);
    if (cost === undefined) return { code: 'prohibited', message: `${tx.rules.label(link.to)}: ${terrain} is "${cell.value}" for movement`, pointer: cell.pointer };
    if (cell.ruling) note += RULED;
  } else if (cm?.flatCost !== undefined) {
    const at = joinPointer(MOVEMENT, 'classes', cls, 'flatCost');
    cost = read(cited(tx, cm.flatCost, at, `movement cost of ${cls} units`), at);
  } else if (model?.model === 'area-graph' && model.costPerArea !== undefined) {
    cost = read(cited(tx, model.costPerArea, joinPointer(MOVEMENT, 'costPerArea'), 'cost per area'), joinPointer(MOVEMENT, 'costPerArea'));
  } else if (table && !terrain && locKind(link.to) !== BOX) {
    // No terrain given for the location: the cost asked is that of entering it, kept by location.
    const at = locKind(link.to) === AREA ? joinPointer('/map/areas', link.to.slice(5), 'terrain') : joinPointer('/map/hexes', link.to.slice(4), 'terrain');
    cost = missing(tx, at, `cost to enter ${tx.rules.label(link.to)}, whose terrain the data does not give`);
  } else {
    cost = missing(tx, table ? joinPointer('/tables', table, 'cells', terrain, 'cost') : joinPointer(MOVEMENT, 'terrainCosts'), `cost to enter ${note} terrain`);
  }
  const sideTable = model?.model === 'hex-grid' ? model.hexsideCosts : undefined;
  for (const feature of tx.rules.sideFeatures(from, link.to)) {
    if (!sideTable || !tableOf(tx, sideTable)?.rows.keys.includes(feature)) continue;
    const cell = labelCell(tx, sideTable, feature, 'cost', `cost to cross ${feature}`);
    if (!cell) return undefined;
    const extra = read(typeof cell.value === 'number' ? cell.value : numeric(cell.value), cell.pointer);
    if (extra === undefined) return { code: 'prohibited', message: `crossing ${feature} is "${cell.value}"`, pointer: cell.pointer };
    if (cost !== undefined) cost += extra;
    if (extra) note += ` + ${nameOf(tx.rules.r.map?.features?.[feature], feature)} ${extra}${cell.ruling ? RULED : ''}`;
  }
  return ground(cost, note);
}

/** A terrain's or feature's name as a step's note reads it ("clear + river 1"), else its id. */
const nameOf = (x: { name?: string } | undefined, id: string) => x?.name?.toLowerCase() ?? id;

export const isBarrier = (x: object): x is Barrier => 'code' in x && typeof (x as Barrier).code === 'string';

/**
 * Where a unit can go this step: each place, in the order the search first reached it, with the cost
 * of its cheapest route and that route when asked for, and whether the move may end there (or only
 * pass through, past hostile units that do not bar the unit). Kept as arrays by position, not as a
 * path per place: a fleet reaches hundreds of places.
 */
export class Reach {
  constructor(
    /** Places reached, first reached first. */
    readonly places: readonly LocKey[],
    /** The same places by location index of the board's graph. */
    readonly nodes: readonly number[],
    private readonly costs: readonly number[],
    /** Position in `places` of the place each route comes from; −1 for the unit's own location. */
    private readonly from: readonly number[],
    /** 1 by position where the unit may only pass through; absent when it may end anywhere it reaches. */
    private readonly passOnly?: Uint8Array,
  ) {}

  static readonly none = new Reach([], [], [], []);

  get size() {
    return this.places.length;
  }

  /** Whether the move may end at the k-th place. */
  ends(k: number): boolean {
    return this.passOnly?.[k] !== 1;
  }

  /** Whether the move may end anywhere. */
  get endsSomewhere(): boolean {
    if (!this.passOnly) return this.size > 0;
    return this.passOnly.some((x) => x === 0);
  }

  /** Position of a place among those reached, by its location index of the board's graph, or −1. */
  find(i: number): number {
    return this.nodes.indexOf(i);
  }

  cost(k: number): number {
    return this.costs[k];
  }

  /** The cheapest route to the k-th place: the locations after the start, ending there. */
  path(k: number): LocKey[] {
    let steps = 0;
    for (let x = k; x >= 0; x = this.from[x]) steps++;
    const path = new Array<LocKey>(steps);
    for (let x = k; x >= 0; x = this.from[x]) path[--steps] = this.places[x];
    return path;
  }
}

/**
 * Where a unit can still go this step, with the cheapest known route to each place (probing: asks
 * nothing). Units alike in power, class, place and points left share the answer for as long as the
 * units hostile to them stand where they stood (unless a gap was consulted finding it): the route of
 * a move listed without one is found again when it is applied.
 */
export function reachable(tx: Tx, u: UnitState, most = Infinity, assault = false): Reach {
  return tx.probe(() => {
    const budget = Math.min(pointsLeft(tx, u), most - (tx.s.step.spent[u.id] ?? 0));
    return budget > 0 ? reachWithin(tx, mover(tx, u, assault), budget) : Reach.none;
  });
}

function reachWithin(tx: Tx, m: Mover, budget: number): Reach {
  const key = `${m.u.power}:${m.cls}:${m.u.at}:${budget}:${m.opened}:${m.invadesKey}:${m.variant}`;
  return m.routes.get(key) ?? tx.keeping(() => routesFrom(tx, m, budget), (reach) => m.routes.set(key, reach));
}

/** Movement points a unit has left this step: none once it has stopped. */
export function pointsLeft(tx: Tx, u: UnitState): number {
  return tx.s.step.stopped.includes(u.id) ? 0 : (allowance(tx, u) ?? 0) - (tx.s.step.spent[u.id] ?? 0);
}

/** Whether a unit has movement points left this step (or an allowance still to be given); its supply is read only where half its allowance would be none. */
export function canMove(tx: Tx, u: UnitState): boolean {
  if (movedThisStep(tx, u)) return pointsLeft(tx, u) > 0;
  const points = printedAllowance(tx, u);
  // An allowance the data lacks is asked for as the unit moves: until then it may.
  if (points === undefined) return true;
  return points >= 2 || (points > 0 && pointsLeft(tx, u) > 0);
}

/**
 * What a route search works in, kept from one search to the next (searches never nest): arrays over
 * the whole board, of which a location's entries count only when stamped with the current search. A
 * class, as one is made per compile: see Graph.
 */
class Scratch {
  search = 0;
  readonly stamp: Uint32Array;
  readonly best: Float64Array;
  readonly prev: Int32Array;
  readonly stops: Uint8Array;
  /** Neutrals invaded on the best route to each location (see Mover.invades). */
  readonly invaded: Int32Array;
  /** Where each location reached stands in the search's order (set as the result is made). */
  readonly position: Int32Array;
  readonly open = new RouteHeap();

  constructor(n: number) {
    this.stamp = new Uint32Array(n);
    this.best = new Float64Array(n);
    this.prev = new Int32Array(n);
    this.stops = new Uint8Array(n);
    this.invaded = new Int32Array(n);
    this.position = new Int32Array(n);
  }
}

const scratchOf = (tx: Tx): Scratch => kept(tx.rules, 'route-scratch', (rules) => new Scratch(graphOf(rules).keys.length));

/**
 * Cheapest routes within the budget (Dijkstra over the graph's indexes), of two that cost the same the one
 * entering fewer neutrals it would invade; a stop (zone of control) ends a route where it is entered.
 */
function routesFrom(tx: Tx, m: Mover, budget: number): Reach {
  const g = graphOf(tx.rules);
  const start = g.index.get(m.u.at);
  if (start === undefined) return Reach.none;
  const w = scratchOf(tx);
  if (w.search === 0xffffffff) w.stamp.fill((w.search = 0));
  const search = ++w.search;
  const { stamp, best, prev, stops, invaded, open } = w;
  const { first, to: target } = g;
  const { barring, invades } = m;
  const { barred } = m.standing;
  const prices = m.ground.price;
  // Its first step may not enter a zone that stops it, when it begins in one and the model says so.
  const boxedIn = m.zoneToZone && stopsAt(m, g, start);
  /** Places in the order they were first reached, as listed moves have always come. */
  const order: number[] = [];
  stamp[start] = search;
  best[start] = 0;
  stops[start] = 0;
  invaded[start] = 0;
  open.size = 0;
  open.push(start, 0, 0);
  while (open.size) {
    const here = open.topAt, cost = open.topCost, steps = open.topSteps;
    open.pop();
    if (cost > best[here] || (steps && stops[here])) continue;
    for (let e = first[here], end = first[here + 1]; e < end; e++) {
      const to = target[e];
      if (barred[to] === 1 || barring[to] === 1) continue;
      let price = prices[e];
      if (price !== price) price = groundPrice(tx, m, g, here, e);
      if (!(price >= 0) || (boxedIn && steps === 0 && stopsAt(m, g, to))) continue;
      if (entersZone(m, g, to)) price += m.zocEntryCost ?? zocExtra(tx, m);
      const total = cost + price;
      if (total > budget || to === start) continue;
      const entered = invades ? invaded[here] + invades[to] : 0;
      if (stamp[to] !== search) {
        stamp[to] = search;
        stops[to] = 0;
        order.push(to);
      } else if (total > best[to] || (total === best[to] && entered >= invaded[to])) continue;
      if (stopsAt(m, g, to)) stops[to] = 1;
      best[to] = total;
      invaded[to] = entered;
      prev[to] = here;
      open.push(to, total, steps + 1);
    }
  }
  // The board-wide arrays serve the next search: keep what this one found, by position in `order`.
  const { position } = w;
  const n = order.length;
  const places = new Array<LocKey>(n);
  const costs = new Array<number>(n);
  const from = new Array<number>(n);
  // Where it passes hostile units that do not bar it, it may not stop (opposing sides do not stack).
  const passOnly = m.passes ? new Uint8Array(n) : undefined;
  position[start] = -1;
  for (let k = 0; k < n; k++) position[order[k]] = k;
  for (let k = 0; k < n; k++) {
    const i = order[k];
    places[k] = g.keys[i];
    costs[k] = best[i];
    from[k] = position[prev[i]];
    if (passOnly && m.held[i] === 1 && g.kind[i] !== AREA) passOnly[k] = 1;
  }
  return new Reach(places, order, costs, from, passOnly);
}

/** The barrier on the step into a location from each location beside it, when every one has one (its terrain, its units): the first. */
function closedOnEverySide(tx: Tx, m: Mover, g: Graph, end: number): Barrier | undefined {
  let first: Barrier | undefined;
  for (let e = g.first[end]; e < g.first[end + 1]; e++) {
    const from = g.to[e];
    const into = edgeBetween(g, from, end);
    if (into < 0) continue;
    const step = tx.probe(() => stepCost(tx, m, g, from, into));
    if (!step || !isBarrier(step)) return undefined;
    first ??= step;
  }
  return first;
}

/**
 * Whether some way leads from one location to another over the ground alone (its terrain, hexsides and
 * box entries, the places the unit may never be), whatever units stand on it and whatever it costs.
 */
function overGround(tx: Tx, m: Mover, g: Graph, start: number, end: number): boolean {
  const seen = new Uint8Array(g.keys.length);
  const queue = [start];
  seen[start] = 1;
  while (queue.length) {
    const i = queue.pop()!;
    if (i === end) return true;
    for (let e = g.first[i]; e < g.first[i + 1]; e++) {
      const j = g.to[e];
      if (seen[j] || m.standing.barred[j] === 1 || tx.probe(() => groundPrice(tx, m, g, i, e)) < 0) continue;
      seen[j] = 1;
      queue.push(j);
    }
  }
  return false;
}

/** Refuses a move no way leads to, whatever its points, saying what bars it: units there, every side of it, the map, or units and zones. */
function refuseUnreachable(tx: Tx, m: Mover, g: Graph, to: LocKey): never {
  const end = g.index.get(to) ?? -1;
  const unit = unitLabel(tx.rules, m.u);
  if (end >= 0 && m.held[end] === 1 && g.kind[end] !== AREA) tx.refuse('hostile-units', `${unit} may not end its move in ${tx.rules.label(to)}: it holds hostile units`, joinPointer(MOVEMENT, 'classes', m.cls, 'barredByUnitsOf'));
  const closed = end >= 0 ? closedOnEverySide(tx, m, g, end) : undefined;
  if (closed) tx.refuse(closed.code, closed.message, closed.pointer);
  const sides = barredSide(m.cls);
  const why = end >= 0 && !overGround(tx, m, g, g.index.get(m.u.at) ?? -1, end)
    ? `no way over the map leads there for ${m.cls} units (terrain they may not enter${sides && g.side.includes(sides) ? ', hexsides they may not cross' : ''})`
    : `hostile units${m.zoned ? ' or their zones of control' : ''}${m.invading ? " (a neutral's too, as it is invaded)" : ''} bar every way there over ground ${m.cls} units may cross`;
  return tx.refuse('unreachable', `${unit} cannot reach ${tx.rules.label(to)}: ${why}`, MOVEMENT);
}

/**
 * The `move` action: along the given path, or the cheapest one known. An assault's carrier (`assault`)
 * may end among hostile units it passes, having spent at most `most` movement points in the step.
 * A `pause` may end the move earlier, at the index of its route it returns (a transit attack awaits
 * there): `to` is then not reached this move.
 */
export function moveUnit(tx: Tx, side: string, unitId: string, to: LocKey, given?: LocKey[], assault?: { most: number; pointer: string }, pause?: (u: UnitState, path: readonly LocKey[]) => number | undefined) {
  const s = tx.s;
  const u = movingUnit(tx, side, unitId);
  if (to === u.at && !given) tx.refuse('already-there', `${unitLabel(tx.rules, u)} is already at ${tx.rules.label(to)}`, MOVEMENT);
  const m = mover(tx, u, assault !== undefined);
  const g = graphOf(tx.rules);
  const end = g.index.get(to) ?? -1;
  // An allowance the data lacks (or its supply) is asked for only once some way leads there, found reading no other gap:
  // a move no allowance allows is refused unasked.
  if (!given && tx.probe(() => allowance(tx, u)) === undefined) {
    const { value: anyBudget, unanswered } = tx.meeting(() => tx.probe(() => reachWithin(tx, m, Infinity)));
    if (unanswered.length === 0 && anyBudget.find(end) < 0) refuseUnreachable(tx, m, g, to);
  }
  const spent = s.step.spent[u.id] ?? 0;
  const budget = Math.min(allowance(tx, u) ?? 0, assault?.most ?? Infinity);
  // Its supply is checked as it begins to move: the allowance it has then holds for the step.
  const halved = !movedThisStep(tx, u) && halvedNow(tx, u);
  let path = given;
  let route: Route | undefined;
  if (!path && budget > spent) {
    const consulted = tx.consulted;
    const reach = tx.probe(() => reachWithin(tx, m, budget - spent));
    const k = reach.find(end);
    if (k >= 0) {
      path = reach.path(k);
      // The search costs its routes step by step as the walk does. The walk is still taken for the notes of a
      // game that explains itself, and where finding the route read a gap (probing, it asked nothing).
      if (!tx.explains && tx.consulted === consulted) route = { total: reach.cost(k), stopped: stopsAt(m, g, end), notes: [] };
    }
  }
  // Out of reach but beside the unit: the step there is walked, to say what bars it (its terrain, a hexside, a zone, the points it costs).
  if (!path && edgeBetween(g, g.index.get(u.at) ?? -1, end) >= 0) path = [to];
  // Farther off: the cheapest way there on any number of points is walked, only to say how many it needs.
  let beyondPoints = false;
  if (!path && end >= 0) {
    const anyBudget = tx.probe(() => reachWithin(tx, m, Infinity));
    const k = anyBudget.find(end);
    if (k >= 0) (path = anyBudget.path(k)), (beyondPoints = true);
  }
  if (!path || path.length === 0 || path[path.length - 1] !== to) return refuseUnreachable(tx, m, g, to);
  const whole = route ?? walk(tx, m, u, path);
  const short = (total: number) => tx.refuse('movement-points', `${unitLabel(tx.rules, u)} needs ${total} movement points and has ${budget - spent} left${assault ? ' for an assault' : ''}`, assault?.pointer ?? joinPointer('/unitTypes', u.type, 'movement'));
  // Never part of the way: a pause on that way (a transit attack) would move the unit to where it did not ask to go.
  if (beyondPoints) short(whole.total);
  if (!assault && m.passes && end >= 0 && m.held[end] === 1 && g.kind[end] !== AREA) {
    tx.refuse('hostile-units', `${unitLabel(tx.rules, u)} may pass through ${tx.rules.label(to)} but not end its move there: it holds hostile units`, joinPointer(MOVEMENT, 'classes', m.cls, 'barredByUnitsOf'));
  }
  const paused = pause?.(u, path);
  const cut = paused !== undefined && paused < path.length - 1;
  if (cut) path = path.slice(0, paused + 1);
  const { total, stopped, notes, provisional } = cut ? walk(tx, m, u, path) : whole;
  if (spent + total > budget) short(total);

  const from = u.at;
  tx.relocate(u, path[path.length - 1]);
  s.step.spent[u.id] = spent + total;
  if (stopped) stopUnit(tx, u, m.enemyStops ? { text: `it entered ${tx.rules.label(u.at)}, where hostile units stand`, pointer: joinPointer(MOVEMENT, 'stopOnEnemy') } : { text: `it entered a zone of control that stops it at ${tx.rules.label(u.at)}`, pointer: zocStopPointer(tx, m.cls) });
  if (halved) (s.step.unsupplied ??= []).push(u.id);
  tx.emit(() => ({ kind: 'move', unit: u.id, from, to, path, cost: total, ...(provisional ? { provisional } : {}), cite: tx.rules.cite(MOVEMENT), text: `${unitLabel(tx.rules, u)} moves from ${tx.rules.label(from)}: ${notes.join(' → ')}; ${counted(total, 'movement point')}, ${budget - spent - total} of ${budget} left${s.step.unsupplied?.includes(u.id) ? ' (out of supply: half its allowance)' : ''}${provisional ? '; its costs read provisional values' : ''}${overLimitNote(tx, u)}` }));
  arrive(tx, u, from, path);
}

/** What a move that breaks a stacking limit where it ends says (a move made though not listed, as a label says of a listed advance). */
const overLimitNote = (tx: Tx, u: UnitState) =>
  tx.probe(() => overstacks(tx, u.at)).length ? '; over the stacking limit there: the excess is eliminated when stacking is next checked' : '';

/**
 * What a stop in a zone of control (or a refused move from one zone to another) cites: the zone class whose zones
 * stop a unit of this class (the first whose zones affect its movement), where the rule that stops it is written
 * ("must cease all movement upon entering an enemy land unit's ZOC"), or its `stopsWithin`, where it stops a unit
 * only near the zone's units ("fleets must stop on entering adjacent enemy fleet ZOC"); the movement model's flag,
 * which carries no rule of its own, without one.
 */
function zocStopPointer(tx: Tx, cls: UnitClass, flag: 'stopOnEnteringZoc' | 'noZocToZoc' = 'stopOnEnteringZoc'): string {
  const effect = cls === 'naval' ? 'naval-movement' : 'land-movement';
  const stopping = Object.entries(tx.rules.r.mechanics?.zoc?.classes ?? {}).find(([, z]) => z && (!z.affects || z.affects.includes(effect)));
  if (!stopping) return joinPointer(MOVEMENT, flag);
  const [id, zone] = stopping;
  return zone?.stopsWithin !== undefined ? joinPointer('/mechanics/zoc/classes', id, 'stopsWithin') : joinPointer('/mechanics/zoc/classes', id);
}

/** A unit moves no further this step, for the reason given. */
export function stopUnit(tx: Tx, u: UnitState, why: StopReason) {
  const step = tx.s.step;
  if (!step.stopped.includes(u.id)) step.stopped.push(u.id);
  (step.stoppedBy ??= {})[u.id] = why;
}

/** A unit stopped may move on after all, with the points it has left. */
export function resumeUnit(tx: Tx, u: UnitState) {
  const step = tx.s.step;
  step.stopped = step.stopped.filter((id) => id !== u.id);
  if (step.stoppedBy) delete step.stoppedBy[u.id];
}

/** Whether a unit has moved, or stopped, in the current step. */
export const movedThisStep = (tx: Tx, u: UnitState) => (tx.s.step.spent[u.id] ?? 0) > 0 || tx.s.step.stopped.includes(u.id);

/** The unit a move names, refused unless its side may move it now. */
export function movingUnit(tx: Tx, side: string, unitId: string): UnitState {
  const s = tx.s;
  const u = Object.hasOwn(s.units, unitId) ? s.units[unitId] : undefined;
  if (!u) return tx.refuse('unknown-unit', `no unit "${unitId}" in play`, '/roster');
  refuseUnlessCommanded(tx, side, u, 'move');
  if (!onBoard(u.at)) tx.refuse('not-on-board', `${unitLabel(tx.rules, u)} is not on the board (${u.at})`, MOVEMENT);
  if (!tx.rules.r.mechanics?.movement) tx.refuse('no-movement-model', 'the ruleset declares no movement model: move units by hand', '/mechanics');
  const cls = classOf(tx.rules, u);
  if (!moves(tx, cls)) tx.refuse('does-not-move', `${cls} units do not move under this movement model`, MOVEMENT);
  const variant = variantNow(tx);
  if (!inItsSteps(tx, u)) {
    const steps = classMovement(tx, cls)!.steps!.map((id) => sequenceName(tx.rules.r, id));
    tx.refuse('not-this-step', `${unitLabel(tx.rules, u)} does not move in this step: ${cls} units move only in ${steps.join(', ')}`, joinPointer(MOVEMENT, 'classes', cls, 'steps'));
  }
  if (variant?.variant.kinds && !movesNow(tx, u)) tx.refuse('not-this-step', `${unitLabel(tx.rules, u)} does not move in this step: only ${variant.variant.kinds.join(', ')} units do`, joinPointer(MOVEMENT, 'variants', variant.index, 'kinds'));
  if (s.step.stopped.includes(u.id)) {
    const by = s.step.stoppedBy?.[u.id];
    tx.refuse('stopped', `${unitLabel(tx.rules, u)} has stopped for this step${by ? `: ${by.text}` : ''}`, by?.pointer ?? joinPointer(MOVEMENT, 'stopOnEnteringZoc'));
  }
  if (stillExhausted(tx, u)) tx.refuse('exhausted', `${unitLabel(tx.rules, u)} is exhausted by a battle and does not move until its side's units are readied`, joinPointer(MOVEMENT, 'classes', classOf(tx.rules, u), 'stillWhenExhausted'));
  return u;
}

/** What moving along a path comes to. */
interface Route {
  total: number;
  /** The move ends the unit's movement for the step. */
  stopped: boolean;
  /** Each step's cost explained, when the transaction explains itself. */
  notes: string[];
  /** A step's cost read a value a designer filled in provisionally. */
  provisional?: boolean;
}

/** A path taken step by step: what each step costs, refused where a step may not be taken. */
function walk(tx: Tx, m: Mover, u: UnitState, path: LocKey[]): Route {
  const g = graphOf(tx.rules);
  const notes: string[] = [];
  let here = u.at;
  let total = 0;
  let stopped = false;
  let provisional = false;
  const boxedIn = m.zoneToZone && stopsAt(m, g, g.index.get(here) ?? -1);
  for (const next of path) {
    if (stopped) tx.refuse('zoc-stop', `${unitLabel(tx.rules, u)} must stop on entering the zone of control at ${tx.rules.label(here)}`, zocStopPointer(tx, m.cls));
    const from = g.index.get(here) ?? -1;
    const e = from < 0 ? -1 : edgeBetween(g, from, g.index.get(next) ?? -1);
    if (e < 0) tx.refuse('not-adjacent', `${tx.rules.label(next)} is not adjacent to ${tx.rules.label(here)}`, '/map');
    const step = stepCost(tx, m, g, from, e)!;
    if (isBarrier(step)) tx.refuse(step.code, step.message, step.pointer);
    if (boxedIn && here === u.at && step.stop) tx.refuse('zoc-to-zoc', `${unitLabel(tx.rules, u)} may not move directly from the zone of control at ${tx.rules.label(here)} into another at ${tx.rules.label(next)}`, zocStopPointer(tx, m.cls, 'noZocToZoc'));
    total += step.cost;
    stopped = step.stop;
    provisional ||= step.provisional === true;
    if (tx.explains) notes.push(`${tx.rules.label(next)} for ${step.cost} (${step.note})`);
    here = next;
  }
  return { total, stopped, notes, provisional };
}

/**
 * A unit has come from `from` along `path` (a move, a rail move, a landing, a retreat or an advance,
 * cited by `pointer`): hostile units it displaces leave, each border it crossed is an event, a unit of an
 * invading class invades, and a unit of a class that takes control takes it (but where it `holds` nothing yet: an assault's landing).
 */
export function arrive(tx: Tx, u: UnitState, from: LocKey, path: LocKey[], pointer = MOVEMENT, holds = true) {
  displaceOnEntry(tx, u, path);
  if (listens(tx.rules, 'border-crossing')) crossBorders(tx, u, from, path);
  for (const country of invadedAlong(tx, u, path)) fireTriggers(tx, { event: 'invasion', country, party: u.power });
  if (takesControl(tx.rules, classOf(tx.rules, u))) takeGround(tx, u, path, pointer, holds);
}

/** The neutrals a unit would invade by entering them, where it is of a class that invades (see neutralGround). */
const neutralsOf = (tx: Tx, u: UnitState): Invading | undefined => (invadingClasses(tx).includes(classOf(tx.rules, u)) ? neutralGround(tx, u.power) : undefined);

/**
 * Those whose zones spring up as the unit enters them, where the model activates zones on invasion: a unit
 * whose entry invades moves as if they were invaded already, so the first unit across the border does not
 * move as if no zone reached in.
 */
export const invasionOf = (tx: Tx, u: UnitState): Invading | undefined => springingUp(tx, neutralsOf(tx, u));

/** Of the neutrals a unit would invade, those whose zones spring up as it enters: all, where the model activates zones on invasion. */
const springingUp = (tx: Tx, neutral: Invading | undefined) => (tx.rules.r.mechanics?.zoc?.outside?.activeOnInvasion ? neutral : undefined);

/** The classes whose units invade a hostile country by entering it (the movement model's invadedBy; land units unless it says). */
function invadingClasses(tx: Tx): readonly UnitClass[] {
  const model = tx.rules.r.mechanics?.movement;
  return model?.model === 'hex-grid' && model.invadedBy ? model.invadedBy : ['land'];
}

/** The country left and the country entered at each border on the way, in order. */
function crossBorders(tx: Tx, u: UnitState, from: LocKey, path: LocKey[]) {
  let country = tx.rules.countryOf(from);
  for (const at of path) {
    const next = tx.rules.countryOf(at);
    if (next === country) continue;
    if (country) fireTriggers(tx, { event: 'border-crossing', country, party: u.power });
    if (next) fireTriggers(tx, { event: 'border-crossing', country: next, party: u.power });
    country = next;
  }
}

/**
 * The countries a unit of an invading class invades going along a path, each once, in the order it enters
 * them: each is looked at as the unit reaches it, so an invasion before it (its triggers fired meanwhile)
 * counts, as it does for a move.
 */
function* invadedAlong(tx: Tx, u: UnitState, path: readonly LocKey[]): Generator<string> {
  const cls = classOf(tx.rules, u);
  if (!invadingClasses(tx).includes(cls)) return;
  const invaded = new Set<string>();
  for (const [i, at] of path.entries()) {
    const country = invadedAt(tx, u, at);
    if (country === undefined || invaded.has(country) || (i < path.length - 1 && overflies(tx, cls, country))) continue;
    invaded.add(country);
    yield country;
  }
}

/** Whether units of a class pass over a country without invading it (its owner's `enterable.overflownBy`). */
function overflies(tx: Tx, cls: UnitClass, country: string): boolean {
  const owner = tx.rules.countryPower(country);
  const enterable = owner ? tx.rules.r.powers?.[owner]?.enterable : undefined;
  return typeof enterable === 'object' && enterable.overflownBy?.includes(cls) === true;
}

/** The countries a unit going along a path would invade where that sets something off (a neutral's entry into the war): their names, for a move's label. */
export function invasionsAlong(tx: Tx, u: UnitState, path: readonly LocKey[]): string[] {
  return [...invadedAlong(tx, u, path)].filter((country) => answered(tx, { event: 'invasion', country, party: u.power })).map((c) => tx.rules.r.map?.countries?.[c]?.name ?? c);
}

/** The country a unit entering a location would invade: a hostile one where its side holds no foothold yet. */
export function invadedAt(tx: Tx, u: UnitState, at: LocKey): string | undefined {
  const country = tx.rules.countryOf(at);
  return country !== undefined && invades(tx.rules, tx.s, u.power, country) ? country : undefined;
}

/** A unit that takes control (a land unit, unless the control rule says) takes it where it ends, and of the places of the kinds the model names that it passes through. */
function takeGround(tx: Tx, u: UnitState, path: LocKey[], pointer: string, holds: boolean) {
  const party = sideOf(tx.s, u.power) ?? u.power;
  const model = tx.rules.r.mechanics?.movement;
  const passing = model?.model === 'hex-grid' ? model.takesControlPassing : undefined;
  if (passing) {
    const places = placesOfKind(tx.rules, passing);
    for (const at of path.slice(0, -1)) if (places.includes(at) && !controls(tx.s, at, party)) takeControl(tx, at, u.power, controlCite(tx, at, joinPointer(MOVEMENT, 'takesControlPassing')));
  }
  // An area still holding hostile units stays contested: control passes only where none remain.
  const end = path[path.length - 1];
  if (holds && !end.startsWith('box:') && !controls(tx.s, end, party) && hostileAt(tx, end, u.power).length === 0) takeControl(tx, end, u.power, controlCite(tx, end, pointer));
}
