// Rail movement: instead of its move in a movement step, a unit of a class that rides goes through
// locations its side's land units could enter, holding no hostile units and outside hostile zones of
// control that affect land movement (where it may not start either), through its side's locations
// or in the countries its side holds where the model says so, and outside the places it excludes, as far
// as the distance allows, a number of units per power and turn.
import { joinPointer } from '../json/pointer';
import { controls, countriesInStatus, heldCountries, sideOf } from './board';
import { barredSide, BOX, graphOf } from './graph';
import { arrive, movedThisStep, movingUnit, standing, stopUnit, type Barrier } from './movement';
import { kept } from './rules';
import { slotIn, type Slot } from './sequence-slots';
import type { LocKey, UnitState } from './state';
import type { Tx } from './tx';
import { classOf, unitLabel } from './units';
import { cited } from './values';
import { hostileHeld, hostileView, powersView, zoneAffecting } from './zoc';
import { counted, possessive } from '../words';

const RAIL = '/mechanics/movement/rail';

/** The hex movement model's rail movement, if any. */
const railOf = (tx: Tx) => {
  const model = tx.rules.r.mechanics?.movement;
  return model?.model === 'hex-grid' ? model.rail : undefined;
};

/** Why a unit may not go by rail now (in the movement step of `slot`), or undefined. */
export const railBarrier = (tx: Tx, u: UnitState, slot: Slot | undefined): Barrier | undefined => startBarrier(tx, u, slot) ?? railLimit(tx, u);

/** Why a unit may not go by rail from where it stands now, whatever the limit per turn. */
function startBarrier(tx: Tx, u: UnitState, slot: Slot | undefined): Barrier | undefined {
  const rail = railOf(tx);
  if (!rail) return { code: 'no-rail', message: 'the movement model has no rail movement', pointer: '/mechanics/movement' };
  const cls = classOf(tx.rules, u);
  if (!(rail.classes ?? ['land']).includes(cls)) return { code: 'rail-class', message: `${cls} units do not move by rail`, pointer: joinPointer(RAIL, 'classes') };
  if (rail.steps && !slotIn(slot, rail.steps)) return { code: 'rail-step', message: 'rail movement is not allowed in this step', pointer: joinPointer(RAIL, 'steps') };
  if (movedThisStep(tx, u)) return { code: 'rail-after-move', message: `${unitLabel(tx.rules, u)} has already moved this step`, pointer: RAIL };
  if (zoneOf(tx, u)[graphOf(tx.rules).index.get(u.at) ?? -1] === 1) return { code: 'rail-from-zoc', message: `${unitLabel(tx.rules, u)} starts in a hostile zone of control`, pointer: RAIL };
  return undefined;
}

/** Why a unit's power may move no more units by rail this turn, or undefined: the limit may be a gap, asked for. */
function railLimit(tx: Tx, u: UnitState): Barrier | undefined {
  const rail = railOf(tx)!;
  const s = tx.s;
  const limit = cited(tx, rail.unitsPerTurn, joinPointer(RAIL, 'unitsPerTurn'), 'units moved by rail each turn', 'count');
  // Counted only where there is a limit: this is asked for every unit a bot looks at.
  const used = limit === undefined ? 0 : (s.railed ?? []).filter((id) => s.units[id]?.power === u.power).length;
  if (limit !== undefined && used >= limit) return { code: 'rail-limit', message: `${tx.rules.party(u.power)} has moved ${counted(used, 'unit')} by rail this turn, the most it may`, pointer: joinPointer(RAIL, 'unitsPerTurn') };
  return undefined;
}

/** Hostile zones that affect land movement, around a unit's power. */
const zoneOf = (tx: Tx, u: UnitState) => zoneAffecting(tx, u.power, 'land-movement');

/** Where a unit may go by rail: the places in the order first reached, and the path to one (the locations after the start). */
export interface RailReach {
  places: LocKey[];
  pathTo(at: LocKey): LocKey[] | undefined;
}

/** How many locations a unit enters by rail at most: the model's distance, which may be a gap (asked for; none while unknown). */
const railDistance = (tx: Tx): number => {
  const distance = railOf(tx)!.distance;
  return distance === 'unlimited' ? Infinity : (cited(tx, distance, joinPointer(RAIL, 'distance'), 'rail distance (the most locations a unit may enter by rail)', 'count') ?? 0);
};

/** A breadth-first search over the board from the unit's location (as far as `far` locations), kept as the places reached and where each was reached from. */
export function railReach(tx: Tx, u: UnitState, far = railDistance(tx)): RailReach {
  const rail = railOf(tx)!;
  const g = graphOf(tx.rules);
  const start = g.index.get(u.at);
  const places: LocKey[] = [];
  // Where each location reached was reached from, by location index (−2 where not reached).
  const from = new Int32Array(g.keys.length).fill(-2);
  const pathTo = (at: LocKey) => {
    let x = g.index.get(at) ?? -1;
    if (x < 0 || from[x] < 0) return undefined;
    const path: LocKey[] = [];
    for (; x !== start; x = from[x]) path.push(g.keys[x]);
    return path.reverse();
  };
  if (start === undefined) return { places, pathTo };
  const { barred, sideBarred, excluded, zone, held, party, friendly } = railBounds(tx, u);
  from[start] = -1;
  let ring = [start];
  for (let d = 0; d < far && ring.length; d++) {
    const next: number[] = [];
    for (const i of ring) {
      for (let e = g.first[i]; e < g.first[i + 1]; e++) {
        const j = g.to[e];
        if (g.entry[e] !== 0 || g.side[e] === sideBarred || from[j] !== -2 || barred[j] === 1 || zone[j] === 1 || held[j] === 1 || excluded?.[j] === 1 || g.kind[j] === BOX) continue;
        if (rail.throughFriendlyOnly && !controls(tx.s, g.keys[j], party)) continue;
        if (friendly && !friendly.has(tx.rules.countryOf(g.keys[j]) ?? '')) continue;
        from[j] = i;
        next.push(j);
        places.push(g.keys[j]);
      }
    }
    ring = next;
  }
  return { places, pathTo };
}

/** What bounds a unit's rail movement now, however far it goes: the locations and hexsides it may not enter. */
function railBounds(tx: Tx, u: UnitState) {
  const rail = railOf(tx)!;
  const party = sideOf(tx.s, u.power) ?? u.power;
  return {
    // Rail carries land units: where they may stand, and the hexsides they never cross.
    barred: standing(tx, u.power, 'land').barred,
    sideBarred: barredSide('land'),
    excluded: railExcluded(tx, u.power),
    zone: zoneOf(tx, u),
    held: hostileView(tx, u.power).kept(tx, 'held', () => hostileHeld(tx, u.power)),
    party,
    friendly: rail.inHeldCountriesOnly ? heldCountries(tx.rules, tx.s, party) : undefined,
  };
}

/** Why a unit cannot go to a location by rail, however far: what bars the location itself (what the map and the countries' hands say first, then the units), or else that no way leads there. */
function whyNotByRail(tx: Tx, u: UnitState, to: LocKey): string {
  const rail = railOf(tx)!;
  const g = graphOf(tx.rules);
  const j = g.index.get(to);
  const b = railBounds(tx, u);
  const country = tx.rules.countryOf(to);
  const own =
    j === undefined || g.kind[j] === BOX ? 'rail movement goes over the board only'
    : b.barred[j] === 1 ? `its side's land units may not enter it`
    : b.excluded?.[j] === 1 ? excludedBecause(tx, to)
    : b.friendly && !b.friendly.has(country ?? '') ? `${country ? (tx.rules.r.map?.countries?.[country]?.name ?? country) : 'it'} is not a country its side holds`
    : rail.throughFriendlyOnly && !controls(tx.s, to, b.party) ? 'its side does not control it'
    : b.held[j] === 1 ? 'hostile units hold it'
    : b.zone[j] === 1 ? 'it lies in a hostile zone of control'
    : undefined;
  if (own) return own;
  const conditions = [`only locations its side's land units could enter, free of hostile units and their zones of control`, rail.throughFriendlyOnly ? 'that its side controls' : '', rail.inHeldCountriesOnly ? 'in countries its side holds' : '', rail.excludes ? 'outside the places rail movement excludes' : ''].filter(Boolean);
  return `no way leads there through ${conditions.join(', ')}`;
}

/**
 * Where rail movement may not enter now, 1 by location index: the hexes and countries it excludes, and
 * those of the powers in the statuses it names but a power's own where the model leaves them open to it
 * (kept for the game by which countries those are; which they are is kept in the view of the powers'
 * sides and statuses).
 */
function railExcluded(tx: Tx, power: string): Uint8Array | undefined {
  const excludes = railOf(tx)?.excludes;
  if (!excludes) return undefined;
  // A power the model leaves its own countries open to goes by rail in them whatever their status.
  const own = excludes.ownUnitsOf?.includes(power) ? power : '';
  const byStatus = excludes.ofStatuses
    ? powersView(tx).kept(tx, `rail-excluded:${own}`, () => countriesInStatus(tx.rules, tx.s, excludes.ofStatuses!).flatMap((c) => (c.power === own ? [] : [c.country])).join('|'))
    : '';
  return kept(tx.rules, `rail-excluded:${byStatus}`, (rules) => {
    const countries = new Set([...(excludes.countries ?? []), ...(byStatus ? byStatus.split('|') : [])]);
    const hexes = new Set((excludes.hexes ?? []).map((hex) => `hex:${hex}`));
    return Uint8Array.from(graphOf(rules).keys, (at) => (hexes.has(at) || countries.has(rules.countryOf(at) ?? '') ? 1 : 0));
  });
}

/** Why rail movement excludes a location: the hex is listed, its country is, or its country's power has a status the model names. */
function excludedBecause(tx: Tx, at: LocKey): string {
  const excludes = railOf(tx)!.excludes!;
  const country = tx.rules.countryOf(at);
  const name = country ? (tx.rules.r.map?.countries?.[country]?.name ?? country) : '';
  if (country && excludes.countries?.includes(country)) return `rail movement excludes ${name}`;
  const power = country ? tx.rules.countryPower(country) : undefined;
  const status = power ? tx.s.powers[power]?.status : undefined;
  if (status && excludes.ofStatuses?.includes(status)) return `${possessive(name)} status is ${tx.rules.nameIn('statuses', status).toLowerCase()}, which rail movement excludes`;
  return 'rail movement excludes this hex';
}

/** The `move` action by rail: the unit goes by rail and moves no further this step. */
export function railMove(tx: Tx, side: string, unitId: string, to: LocKey, slot: Slot | undefined) {
  const s = tx.s;
  const u = movingUnit(tx, side, unitId);
  if (to === u.at) tx.refuse('already-there', `${unitLabel(tx.rules, u)} is already at ${tx.rules.label(to)}`, RAIL);
  // What depends on no value the data may lack comes first: a move no limit or distance allows is refused without asking for them.
  const start = startBarrier(tx, u, slot);
  if (start) tx.refuse(start.code, start.message, start.pointer);
  const path = railReach(tx, u, Infinity).pathTo(to);
  if (!path) return tx.refuse('rail-unreachable', `${unitLabel(tx.rules, u)} cannot reach ${tx.rules.label(to)} by rail: ${whyNotByRail(tx, u, to)}`, RAIL);
  const limit = railLimit(tx, u);
  if (limit) tx.refuse(limit.code, limit.message, limit.pointer);
  // The search goes ring by ring, so the path found is a shortest, as one cut off at the distance would find.
  const far = railDistance(tx);
  if (path.length > far) tx.refuse('rail-too-far', `${unitLabel(tx.rules, u)} cannot reach ${tx.rules.label(to)} by rail: the shortest way there enters ${counted(path.length, 'location')}, more than the rail distance (${far})`, joinPointer(RAIL, 'distance'));
  const from = u.at;
  tx.relocate(u, to);
  stopUnit(tx, u, { text: 'it moved by rail', pointer: RAIL });
  (s.railed ??= []).push(u.id);
  tx.emit(() => ({ kind: 'move', unit: u.id, from, to, path, cost: 0, cite: tx.rules.cite(RAIL), text: `${unitLabel(tx.rules, u)} moves by rail from ${tx.rules.label(from)} to ${tx.rules.label(to)} (entering ${counted(path.length, 'location')}${Number.isFinite(far) ? ` of the ${far} rail movement allows` : ''})` }));
  arrive(tx, u, from, path, RAIL);
}
