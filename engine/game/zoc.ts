// Zones of control: each unit of a class with a zone projects it `reach` hexes or areas around it,
// into the terrain listed (all when none is). Zones of units hostile to a power are what concern it.
import type { UnitClass, ZocClass, ZocModel } from '../generated/schema-types';
import { actsFrom, countryLocations, hostileTo, invades } from './board';
import { barredSide, BOX, graphOf, within } from './graph';
import { kept, keptBy, type Rules } from './rules';
import type { Tx } from './tx';
import { classOf, printed, UNIT_CLASSES } from './units';
import { cited } from './values';
import { camp, unitList, type LocKey, type UnitState } from './state';
import { keptWhileControlStands, keptWhileUnitsStand, whereabouts } from './whereabouts';

export type ZocEffect = NonNullable<ZocClass['affects']>[number];

/**
 * Locations in the zone of some unit hostile to `power`, counting the classes `counts` accepts: 1 by
 * location index of the board's graph. `stopping`: only the part of each zone that stops movement.
 * `invading`: as the zones stand once the countries whose locations it marks are invaded (the model's
 * activeOnInvasion): the zones of the powers outside the zones (neutrals) reach into those, and every other zone too.
 */
export function hostileZone(tx: Tx, power: string, counts: (cls: UnitClass, zone: ZocClass) => boolean, stopping = false, invading?: Invading): Uint8Array {
  const model = tx.rules.r.mechanics?.zoc;
  const g = graphOf(tx.rules);
  const zone = new Uint8Array(g.keys.length);
  if (!model) return zone;
  const against = hostileTo(tx.s, power);
  const outside = model.outside;
  const shut = shutToZones(tx);
  // A class's reach is read once here (a unit's own range, when that is the reach, unit by unit).
  const classReach = new Map<UnitClass, number | undefined>();
  for (const u of unitList(tx.s)) {
    // A passenger acting aboard projects its zone from its carrier's location.
    const at = g.index.get(actsFrom(tx.rules, tx.s, u) ?? '');
    if (at === undefined || g.kind[at] === BOX || !against(u.power)) continue;
    const out = outside !== undefined && isOutside(outside, u.power, tx.s.powers[u.power]?.status);
    if (out && !invading) continue;
    const cls = classOf(tx.rules, u);
    const z = model.classes[cls];
    if (!z || !counts(cls, z)) continue;
    if (z.reach !== 'range' && !classReach.has(cls)) classReach.set(cls, reachOfClass(tx, cls, z));
    let reach = z.reach === 'range' ? printed(tx, u, 'range') : classReach.get(cls);
    if (stopping && z.stopsWithin !== undefined && reach !== undefined) reach = Math.min(reach, stopsWithin(tx, cls, z) ?? reach);
    if (reach === undefined) continue;
    // Shut out of the neutrals' countries, but those invaded: every zone reaches into them, and a neutral's own only into them.
    for (const i of zoneAround(tx, cls, z, at, reach)) {
      const opened = invading?.mask[i] === 1;
      if (out ? opened : opened || shut?.[i] !== 1) zone[i] = 1;
    }
  }
  return zone;
}

type Outside = NonNullable<ZocModel['outside']>;

/** Whether a power in a status is outside the zones: the status is one of the model's, or one it names for this power. */
const isOutside = (outside: Outside, power: string, status: string | undefined) =>
  status !== undefined && (outside.statuses.includes(status) || !!outside.powers?.some((o) => o.powers.includes(power) && o.statuses.includes(status)));

/** The locations no zone extends into now (see shutOut), by location index; undefined where the model leaves no power outside. */
export function shutToZones(tx: Tx): Uint8Array | undefined {
  const outside = tx.rules.r.mechanics?.zoc?.outside;
  return outside?.statuses.length || outside?.powers?.length ? shutOut(tx, outside) : undefined;
}

/**
 * The locations no zone extends into, by location index: those of the countries of powers now outside
 * the zones, and the places standing for the territory of those the map draws none for (kept in the view
 * of the powers' statuses, and for the game by which countries and places those are).
 */
const shutOut = (tx: Tx, outside: Outside): Uint8Array => powersView(tx).kept(tx, 'zoc-shut', () => readShutOut(tx, outside));

function readShutOut(tx: Tx, outside: Outside): Uint8Array {
  const out = new Set(shutCountries(tx, outside));
  const places = shutPlaces(tx, outside).map((p) => p.place);
  return kept(tx.rules, `zoc-shut:${[...out].join('|')}:${places.join('|')}`, (rules) => {
    const g = graphOf(rules);
    const shut = new Uint8Array(g.keys.length);
    g.keys.forEach((at, i) => {
      if (out.has(rules.countryOf(at) ?? '')) shut[i] = 1;
    });
    for (const place of places) {
      const i = g.index.get(rules.placeLoc.get(place) ?? '');
      if (i !== undefined) shut[i] = 1;
    }
    return shut;
  });
}

/** The countries of the powers now outside the zones (kept in the view of the powers' statuses). */
const shutCountries = (tx: Tx, outside: Outside): readonly string[] =>
  powersView(tx).kept(tx, 'zoc-shut-countries', () =>
    Object.keys(tx.rules.r.map?.countries ?? {}).filter((c) => {
      const power = tx.rules.countryPower(c);
      return power !== undefined && isOutside(outside, power, tx.s.powers[power]?.status);
    }),
  );

/** The places of `outside.powers` entries shut now (their power in one of the entry's statuses), each with that power. */
function shutPlaces(tx: Tx, outside: Outside): { place: string; power: string }[] {
  return (outside.powers ?? []).flatMap((o) => {
    const power = o.places && o.powers.find((p) => o.statuses.includes(tx.s.powers[p]?.status ?? ''));
    return power ? o.places!.map((place) => ({ place, power })) : [];
  });
}

/** The power outside the zones whose place stands at a location now, if one does (for naming why no zone reaches it). */
export function shutPlaceAt(tx: Tx, at: LocKey): string | undefined {
  const outside = tx.rules.r.mechanics?.zoc?.outside;
  return outside && shutPlaces(tx, outside).find((p) => tx.rules.placeLoc.get(p.place) === at)?.power;
}

/** Where a unit projects its zone of control, by location index; undefined off the board's hexes and areas, for a class with no zone, or while its reach is unknown. */
export function zoneOfUnit(tx: Tx, u: UnitState): readonly number[] | undefined {
  const cls = classOf(tx.rules, u);
  const z = tx.rules.r.mechanics?.zoc?.classes[cls];
  const g = graphOf(tx.rules);
  const at = g.index.get(actsFrom(tx.rules, tx.s, u) ?? '');
  if (!z || at === undefined || g.kind[at] === BOX) return undefined;
  const reach = z.reach === 'range' ? printed(tx, u, 'range') : reachOfClass(tx, cls, z);
  return reach === undefined ? undefined : zoneAround(tx, cls, z, at, reach);
}

/** The units hostile to a power whose zones affecting a procedure cover a location, by index: to name them where a zone bars something. */
export function zonedBy(tx: Tx, power: string, effect: ZocEffect, at: number): UnitState[] {
  const against = hostileTo(tx.s, power);
  const counts = affecting(effect);
  return unitList(tx.s).filter((u) => {
    const cls = classOf(tx.rules, u);
    const z = tx.rules.r.mechanics?.zoc?.classes[cls];
    return against(u.power) && z !== undefined && counts(cls, z) && zoneOfUnit(tx, u)?.includes(at) === true;
  });
}

const stopsWithin = (tx: Tx, cls: UnitClass, z: ZocClass) =>
  cited(tx, z.stopsWithin, () => tx.rules.pointer('/mechanics/zoc/classes', cls, 'stopsWithin'), () => `how near ${cls} units their zone of control stops movement`, 'count');

/** Whether some class's zone stops movement only near the unit (so the stopping zone differs from the whole). */
export const stopsNearer = (tx: Tx) => Object.values(tx.rules.r.mechanics?.zoc?.classes ?? {}).some((z) => z?.stopsWithin !== undefined);

const reachOfClass = (tx: Tx, cls: UnitClass, z: ZocClass) =>
  cited(tx, z.reach as Exclude<ZocClass['reach'], 'range'>, () => tx.rules.pointer('/mechanics/zoc/classes', cls, 'reach'), () => `zone of control reach of ${cls} units`, 'count');

/** Marks, by location index of the board's graph, each location holding units hostile to a power (of these classes, when given), into `out`, a fresh array unless given. */
export function hostileHeld(tx: Tx, power: string, out: Uint8Array = new Uint8Array(graphOf(tx.rules).keys.length), classes?: readonly UnitClass[]): Uint8Array {
  const index = graphOf(tx.rules).index;
  const against = hostileTo(tx.s, power);
  for (const u of unitList(tx.s)) {
    const i = against(u.power) && (!classes || classes.includes(classOf(tx.rules, u))) ? index.get(u.at) : undefined;
    if (i !== undefined) out[i] = 1;
  }
  return out;
}

/**
 * Values derived from part of the position, each made when first asked for and kept for the game while
 * that part stays as it is, unless a gap was consulted making it. Read only. Two parts have views: the
 * units hostile to a camp (campView), and the powers' sides and statuses (powersView).
 */
export class View {
  private readonly values = new Map<string, unknown>();

  kept<T>(tx: Tx, key: string, make: () => T): T {
    if (this.values.has(key)) return this.values.get(key) as T;
    return tx.keeping(make, (value) => this.values.set(key, value));
  }
}

/** The view of the units hostile to a power, shared by its camp (whom a power is hostile to depends on its camp alone). */
export const hostileView = (tx: Tx, power: string): View => campView(tx, camp(tx.s, power));

/**
 * The view of the units hostile to a camp (a side, or a power on none as `power:<id>`): values derived
 * from those units (which they are, their type, steps and place) and from the camp, never from one of
 * its powers.
 */
export function campView(tx: Tx, c: string): View {
  const w = whereabouts(tx);
  // The units hostile to a camp are all but its own: the view holds while none of those changed.
  return viewWhile(tx, `hostile-view:${c}`, w.epoch, w.total - w.changesOf(c));
}

/** The view of the powers' sides and statuses: values derived from them alone, kept while no power changes side or status. */
export const powersView = (tx: Tx): View => viewWhile(tx, 'powers-view', whereabouts(tx).epoch, 0);

/** The view kept in the rules under a name while the whereabouts' epoch and a count of changes stay as they were; a new one when either moved. */
function viewWhile(tx: Tx, name: string, epoch: number, changes: number): View {
  const known = tx.rules.memo.get(name) as { epoch: number; changes: number; view: View } | undefined;
  if (known && known.epoch === epoch && known.changes === changes) return known.view;
  const view = new View();
  tx.rules.memo.set(name, { epoch, changes, view });
  return view;
}

/** A zone that affects the given procedure (all procedures when the class lists none). */
export const affecting = (effect: ZocEffect) => (_: UnitClass, z: ZocClass) => !z.affects || z.affects.includes(effect);

/**
 * The zones of the units hostile to a power that affect a procedure (land movement, retreat, …), kept in
 * their view; `invading`, as they stand for a unit whose entry invades a neutral (see invasionOf).
 */
export const zoneAffecting = (tx: Tx, power: string, effect: ZocEffect, invading?: Invading): Uint8Array =>
  hostileView(tx, power).kept(tx, `zone:${effect}${invadingKey(invading)}`, () => hostileZone(tx, power, affecting(effect), false, invading));

/** The part of those zones that stops movement (a class's stopsWithin), kept in their view. */
export const stopZoneAffecting = (tx: Tx, power: string, effect: ZocEffect, invading?: Invading): Uint8Array =>
  hostileView(tx, power).kept(tx, `stop-zone:${effect}${invadingKey(invading)}`, () => hostileZone(tx, power, affecting(effect), true, invading));

/** The locations of countries whose zones spring up as they are invaded, with a key naming them. */
export interface Invading {
  mask: Uint8Array;
  key: string;
}

/** What a zone kept in a view adds to its name where it stands for an invading unit. */
const invadingKey = (invading: Invading | undefined) => (invading ? `:${invading.key}` : '');

/**
 * The countries now outside the zones (neutrals) that a power's units would invade by entering them, marked;
 * none where its units invade no such country (a neutral its own side holds, or one on its side).
 */
export function neutralGround(tx: Tx, power: string): Invading | undefined {
  const outside = tx.rules.r.mechanics?.zoc?.outside;
  if (!outside) return undefined;
  // Read by a listing for its mover and for its supply (control is looked at country by country): kept while control stands.
  return keptWhileControlStands(tx, `neutral-ground:${power}`, () => readNeutralGround(tx, power, outside));
}

function readNeutralGround(tx: Tx, power: string, outside: Outside): Invading | undefined {
  const countries = shutCountries(tx, outside).filter((c) => invades(tx.rules, tx.s, power, c));
  if (!countries.length) return undefined;
  const key = countries.join('|');
  return kept(tx.rules, `zoc-invading:${key}`, (rules) => {
    const mask = new Uint8Array(graphOf(rules).keys.length);
    const index = graphOf(rules).index;
    for (const c of countries) for (const at of countryLocations(rules, c)) mask[index.get(at)!] = 1;
    return { mask, key };
  });
}

/** Where a unit of a class at a location (by index) projects its zone, by location index: `within`, in the terrain the zone enters (kept for the game). */
function zoneAround(tx: Tx, cls: UnitClass, z: ZocClass, at: number, reach: number): readonly number[] {
  return keptBy(tx.rules, 'zoc-around', cls, reach, at, () => zoneOf(tx, cls, z, at, reach));
}

/** A zone never crosses a hexside its class could not cross ("into hexes it could enter using normal movement"). */
function zoneOf(tx: Tx, cls: UnitClass, z: ZocClass, at: number, reach: number): number[] {
  const g = graphOf(tx.rules);
  const into = (i: number) => !z.intoTerrain || z.intoTerrain.includes(tx.rules.terrainOf(g.keys[i]) ?? '');
  return within(g, at, reach, z.throughTerrainOnly ? into : undefined, barredSide(cls)).filter(into);
}

/** A hostile zone of one class around a power's units, 1 by location index, kept in the view of the hostile units. */
const zoneOfClass = (tx: Tx, power: string, cls: UnitClass, invading?: Invading): Uint8Array =>
  hostileView(tx, power).kept(tx, `zone-of:${cls}${invadingKey(invading)}`, () => hostileZone(tx, power, (c) => c === cls, false, invading));

/**
 * The hostile zones of some classes, but (where friendly units open them) where a friendly unit of the
 * zone's class stands, or of a class `alsoBy` lets open it, unless another class's zone covers it too:
 * 1 by location index, with a key naming the openings (equal keys, equal zones while the hostile units
 * stand). `invading`: as they stand for a unit whose entry invades (invasionOf). Read only.
 */
export function zonesNotOpened(tx: Tx, power: string, classes: readonly UnitClass[], opening = true, invading?: Invading): { zone: Uint8Array; opened: string } {
  const named = `${classes.join('|')}${invadingKey(invading)}`;
  const whole = () => hostileView(tx, power).kept(tx, `zones-of:${named}`, () => hostileZone(tx, power, (cls) => classes.includes(cls), false, invading));
  if (!opening) return { zone: whole(), opened: '' };
  // Read for each unit listed or moved: worked out again only once a unit has changed.
  return keptWhileUnitsStand(tx, `zones-not-opened:${camp(tx.s, power)}:${named}`, () => openedIn(tx, power, classes, whole(), invading));
}

/** The hostile zones of some classes (`whole`) as friendly units open them (see zonesNotOpened). */
function openedIn(tx: Tx, power: string, classes: readonly UnitClass[], whole: Uint8Array, invading?: Invading): { zone: Uint8Array; opened: string } {
  const g = graphOf(tx.rules);
  // One class's zone apart, made only where a friendly unit stands in the whole (of one class, the whole).
  const zoneOf = (cls: UnitClass) => (classes.length === 1 ? whole : zoneOfClass(tx, power, cls, invading));
  // The zone classes a friendly unit of each class opens.
  const opens = new Map(UNIT_CLASSES.map((cls) => [cls, classes.filter((z) => opensZoneOf(tx.rules, cls, z))]));
  const side = camp(tx.s, power);
  const opened = new Map<number, Set<UnitClass>>();
  for (const u of unitList(tx.s)) {
    const i = g.index.get(u.at);
    if (i === undefined || whole[i] !== 1 || camp(tx.s, u.power) !== side) continue;
    for (const z of opens.get(classOf(tx.rules, u))!) if (zoneOf(z)[i] === 1) opened.set(i, (opened.get(i) ?? new Set()).add(z));
  }
  if (opened.size === 0) return { zone: whole, opened: '' };
  const zone = whole.slice();
  for (const [i, open] of opened) zone[i] = classes.some((cls) => !open.has(cls) && zoneOf(cls)[i] === 1) ? 1 : 0;
  // Each location with the classes opened there: a location may open one class's zone and not another's.
  const keys = [...opened].sort(([a], [b]) => a - b).map(([i, open]) => `${i}:${[...open].sort().join('+')}`);
  return { zone, opened: keys.join(' ') };
}

/** Whether a friendly unit of a class opens a hostile zone of a class: its own, or one the model's openedAlsoBy lets it open (a fort, a land zone). */
export const opensZoneOf = (rules: Rules, cls: UnitClass, zone: UnitClass): boolean => cls === zone || rules.r.mechanics?.zoc?.openedAlsoBy?.[zone]?.includes(cls) === true;
