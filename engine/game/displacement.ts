// Displacement: units of some classes may not stand in some hostile zones (air units in an enemy land
// unit's zone, with no friendly land unit beside them), nor where some hostile units move (fleets where an
// enemy land unit enters); each such unit goes at once to the nearest location out of those zones and
// free of hostile units. Where several are as near, it goes to the first found and its side chooses
// then, before anything else happens, whether it goes to another of them (`displace`).
import type { Displacement, UnitClass } from '../generated/schema-types';
import { joinPointer } from '../json/pointer';
import { actingSide, hostileAt, hostileTo, sideOf, unitsThere } from './board';
import type { PlayerAction } from './actions';
import { barredSide, BOX, graphOf, nearest, unmarked } from './graph';
import { kept, type Rules } from './rules';
import type { LocKey, PendingDisplacement, UnitState } from './state';
import { camp, unitList } from './state';
import type { Moved, Tx } from './tx';
import { awaitingPlacement } from './whereabouts';
import { classOf, unitLabel, unitType } from './units';
import { passengersOf } from './transport';
import { invadedAt, standing } from './movement';
import { answered } from './triggers';
import { refuseWaiting } from './pending';
import { zoneOfUnit, zonesNotOpened } from './zoc';

const POINTER = '/mechanics/zoc/displaces';

/**
 * Moves every unit a displacement rule of the zone model puts out of where it stands. An action starts
 * from a settled board, so only its own changes (Tx.moves, or all when Tx.lookAtAll) can have put a unit out of place.
 */
export function displace(tx: Tx) {
  const { moves, lookAtAll } = tx;
  if (moves.length === 0 && !lookAtAll) return;
  // What displacement itself moves is looked at by the next call.
  tx.moves = [];
  tx.lookAtAll = false;
  displaceAll(tx, moves, lookAtAll);
  // A unit displaced again, or moved by hand, since its side was offered a choice has none left.
  const left = tx.s.displaced?.filter((p) => tx.s.units[p.unit].at === p.at);
  tx.s.displaced = left?.length ? left : undefined;
}

/**
 * Displaces the units standing where they may not: those the moves given may have put there, or (`lookAtAll`)
 * every unit, but where a rule displaces only on moves.
 */
function displaceAll(tx: Tx, moved: readonly Moved[], lookAtAll: boolean) {
  const rules = tx.rules.r.mechanics?.zoc?.displaces;
  if (!rules?.length) return;
  const all = unitList(tx.s);
  // Nothing is displaced while units await their set-up placement: once all stand, every unit is looked at.
  if (awaitingPlacement(tx)) {
    tx.lookAtAll = true;
    return;
  }
  const g = graphOf(tx.rules);
  rules.forEach((d, k) => {
    if (!d.byZonesOf) return;
    const byZonesOf = d.byZonesOf;
    const near = lookAtAll && !d.onlyWhenMoved ? undefined : suspects(tx, d, moved);
    if (near?.size === 0) return;
    // In the units' order, as a look at every unit would take them.
    const units = near ? all.filter((u) => near.has(u)) : all;
    // Each camp's forbidden zones, made once (the units on the board of the classes displaced are few).
    const zones = new Map<string, Uint8Array>();
    for (const u of units) {
      const i = d.classes.includes(classOf(tx.rules, u)) ? g.index.get(u.at) : undefined;
      if (i === undefined || g.kind[i] === BOX) continue;
      const c = camp(tx.s, u.power);
      let zone = zones.get(c);
      if (!zone) zones.set(c, (zone = zonesNotOpened(tx, u.power, byZonesOf, false).zone));
      if (zone[i] === 1 && !holds(tx, d, u)) move(tx, d, u, zone, k);
    }
  });
}

/**
 * The units of the classes a rule displaces that some moves may have put out of place: the moved units
 * themselves, those in the zone a moved unit (or a passenger it carries) now projects against them, and
 * (unless only moves into a zone displace) those a moved unit of the holding classes left. Any other stands as it stood, settled.
 */
function suspects(tx: Tx, d: Displacement, moved: readonly Moved[]): Set<UnitState> {
  const index = graphOf(tx.rules).index;
  const ofClass = (x: UnitState) => d.classes.includes(classOf(tx.rules, x));
  // The units the rule may displace, on the board (few), found when first needed.
  let standing: UnitState[] | undefined;
  const displaceable = () => (standing ??= unitList(tx.s).filter((x) => index.has(x.at) && ofClass(x)));
  const found = new Set<UnitState>();
  const projecting = new Set<UnitState>();
  for (const { u } of moved) {
    projecting.add(u);
    if (unitType(tx.rules, u)?.capacity) for (const p of passengersOf(tx.s, u.id)) projecting.add(p);
  }
  for (const u of projecting) {
    if (ofClass(u)) found.add(u);
    if (!d.byZonesOf!.includes(classOf(tx.rules, u))) continue;
    const against = hostileTo(tx.s, u.power);
    const facing = displaceable().filter((x) => against(x.power));
    const zone = facing.length ? zoneOfUnit(tx, u) : undefined;
    for (const x of facing) if (zone?.includes(index.get(x.at)!)) found.add(x);
  }
  if (!d.onlyWhenMoved) for (const { u, from } of moved) if (d.unlessWith?.includes(classOf(tx.rules, u))) for (const x of displaceable()) if (x.at === from) found.add(x);
  return found;
}

/** The classes a unit of a class sends away from where it moves (kept for the game): those it is not barred by. */
export const displacedBy = (rules: Rules, cls: UnitClass): readonly UnitClass[] =>
  kept(rules, `displaced-by:${cls}`, () => [...new Set((rules.r.mechanics?.zoc?.displaces ?? []).flatMap((d) => (d.byUnitsOf?.includes(cls) ? d.classes : [])))]);

/** The units hostile to a unit at a location that it would not send away by entering it (it may not end a move, retreat or advance there while one stands). */
export function staying(tx: Tx, u: UnitState, at: LocKey): UnitState[] {
  const away = displacedBy(tx.rules, classOf(tx.rules, u));
  return hostileAt(tx, at, u.power).filter((x) => !away.includes(classOf(tx.rules, x)));
}

/** Sends the units hostile to a unit that may not stay where it moves (fleets where a land unit enters) away from each of some locations. */
export function displaceOnEntry(tx: Tx, by: UnitState, path: readonly LocKey[]) {
  const rules = tx.rules.r.mechanics?.zoc?.displaces;
  const cls = classOf(tx.rules, by);
  const away = displacedBy(tx.rules, cls);
  if (!rules || away.length === 0) return;
  // Location by location, the unit standing in each where it sends units away, so that they keep away from
  // it: a unit sent ahead of it may be sent on again.
  const end = by.at;
  let stood = false;
  for (const at of path) {
    if (!hostileAt(tx, at, by.power).some((u) => away.includes(classOf(tx.rules, u)))) continue;
    tx.relocate(by, at);
    stood = true;
    rules.forEach((d, k) => {
      if (d.byUnitsOf?.includes(cls)) for (const u of hostileAt(tx, at, by.power)) if (d.classes.includes(classOf(tx.rules, u))) move(tx, d, u, unmarked(tx.rules), k);
    });
  }
  if (stood) tx.relocate(by, end);
}

/** Whether another friendly unit, of the holding classes, stands with a unit (a unit never holds itself there). */
function holds(tx: Tx, d: Displacement, u: UnitState): boolean {
  const side = camp(tx.s, u.power);
  return unitsThere(tx, u.at).some((o) => o !== u && camp(tx.s, o.power) === side && d.unlessWith?.includes(classOf(tx.rules, o)) === true);
}

/**
 * The unit goes to the first location found, nearest first, of the media named, out of the zones and
 * free of hostile units; where others are as near and a side moves the unit, that side may choose one of them instead.
 */
function move(tx: Tx, d: Displacement, u: UnitState, zone: Uint8Array, k: number) {
  const g = graphOf(tx.rules);
  const pointer = joinPointer(POINTER, k);
  // The unit's own location is in the zone, so never a goal.
  const nearestFirst = nearest(g, g.index.get(u.at)!, (j) => g.kind[j] !== BOX, (j) => fits(tx, d, u, zone, j), barredSide(classOf(tx.rules, u)));
  const was = u.at;
  if (nearestFirst.length === 0) return tx.emit(() => ({ kind: 'effect', op: 'displace', cite: tx.rules.cite(pointer), text: `${unitLabel(tx.rules, u)} at ${tx.rules.label(was)} must be displaced but finds no location to go to: the tester decides` }));
  tx.relocate(u, g.keys[nearestFirst[0]]);
  const why = d.byZonesOf ? `in a hostile ${d.byZonesOf.join(' or ')} zone` : 'entered by a hostile unit';
  tx.emit(() => ({ kind: 'effect', op: 'displace', cite: tx.rules.cite(pointer), text: `${unitLabel(tx.rules, u)} is displaced from ${tx.rules.label(was)}, ${why}, to ${tx.rules.label(u.at)}` }));
  const side = actingSide(tx.rules, tx.s, u.power);
  if (nearestFirst.length > 1 && side) (tx.s.displaced ??= []).push({ unit: u.id, side, at: u.at, options: nearestFirst.map((j) => g.keys[j]), rule: k, cite: tx.rules.cite(pointer) });
}

/**
 * Whether a displaced unit may go to a location (by index): of the media named, out of the zones, free of
 * hostile units, where its units may stand (the map, and the movement model's restrictions on entering
 * countries), and in no country of a power on no side, nor one whose invasion would set something off
 * (a displacement is no way into a neutral; an enemy's country at war may take it).
 */
function fits(tx: Tx, d: Displacement, u: UnitState, zone: Uint8Array, j: number): boolean {
  const at = graphOf(tx.rules).keys[j];
  if (zone[j] === 1 || (d.toMedia && !d.toMedia.includes(tx.rules.mediumOf(at) ?? 'land')) || hostileAt(tx, at, u.power).length > 0) return false;
  if (standing(tx, u.power, classOf(tx.rules, u)).barred[j] === 1) return false;
  const country = tx.rules.countryOf(at);
  const owner = country ? tx.rules.countryPower(country) : undefined;
  if (owner && sideOf(tx.s, owner) === null && owner !== u.power) return false;
  const invaded = invadedAt(tx, u, at);
  return invaded === undefined || !answered(tx, { event: 'invasion', country: invaded, party: u.power });
}

/** Where a displaced unit's side may still choose for it to go: where it is, and those as near that still fit. */
function stillOpen(tx: Tx, p: PendingDisplacement): LocKey[] {
  const d = tx.rules.r.mechanics!.zoc!.displaces![p.rule];
  const u = tx.s.units[p.unit];
  const zone = d.byZonesOf ? zonesNotOpened(tx, u.power, d.byZonesOf, false).zone : unmarked(tx.rules);
  const index = graphOf(tx.rules).index;
  return p.options.filter((at) => at === u.at || fits(tx, d, u, zone, index.get(at)!));
}

/** The choices of the side to choose where the first displaced unit goes. */
export function displacementChoices(tx: Tx, side: string): PlayerAction[] {
  const p = tx.s.displaced?.[0];
  return p && p.side === side ? stillOpen(tx, p).map((to): PlayerAction => ({ type: 'displace', side, unit: p.unit, to })) : [];
}

/** An action while a displaced unit's side may choose where it goes: that choice; anything else waits. */
export function chooseDisplacement(tx: Tx, action: PlayerAction) {
  const s = tx.s;
  const [p, ...rest] = s.displaced!;
  const u = s.units[p.unit];
  const open = stillOpen(tx, p);
  const where = open.map((at) => tx.rules.label(at)).join(', ');
  if (action.type !== 'displace' || action.side !== p.side || action.unit !== p.unit) {
    refuseWaiting(tx, `: ${where}`);
  }
  if (!open.includes(action.to)) tx.refuse('displace-where', `${unitLabel(tx.rules, u)} is displaced to one of the nearest locations free of hostile units and their zones: ${where}`, p.cite.pointer);
  s.displaced = rest.length ? rest : undefined;
  const was = u.at;
  tx.relocate(u, action.to);
  tx.emit(() => ({ kind: 'effect', op: 'displace', cite: p.cite, text: was === u.at ? `${unitLabel(tx.rules, u)} stays at ${tx.rules.label(was)}, as near as any, as ${tx.rules.party(p.side)} choose` : `${unitLabel(tx.rules, u)} goes on to ${tx.rules.label(u.at)}, as near as ${tx.rules.label(was)}, as ${tx.rules.party(p.side)} choose` }));
}
