// Units coming into play: set up, arriving as reinforcements or from production, added by effects;
// and the placements their owners choose when the data leaves the location to them.
import type { AddUnitsEffect, Location, PlacementConstraint } from '../generated/schema-types';
import { joinPointer } from '../json/pointer';
import { actingSide, hostileAt } from './board';
import { beside, boardLocations, graphOf, within } from './graph';
import { entryBarrier, type Barrier } from './movement';
import { productionSites, zoneBarrier } from './production-placement';
import { kept, newMap, type Rules } from './rules';
import { excessEliminated, overstacks, describeOverstack } from './stacking';
import type { GameState, LocKey, PlacementZone, UnitState } from './state';
import { locId, onBoard, unitList, unitRecord } from './state';
import type { Tx } from './tx';
import { classOf, rosterOf, stepsOf, unitLabel, unitLabels } from './units';
import { staying } from './displacement';
import { possessive } from '../words';

export type Destination = { at: LocKey } | { zone: PlacementZone };

/** Where a location of the data puts a unit. */
export function destination(rules: Rules, to: Location | 'force-pool', pointer: string): Destination | { error: string } {
  const m = rules.r.map;
  if (to === 'force-pool') return { at: 'pool' };
  if (to.hex !== undefined) return m?.hexes?.[to.hex] ? { at: `hex:${to.hex}` } : { error: `no hex ${to.hex} on the map` };
  if (to.area !== undefined) return m?.areas?.[to.area] ? { at: `area:${to.area}` } : { error: `no area "${to.area}"` };
  if (to.box !== undefined) return m?.boxes?.[to.box] ? { at: `box:${to.box}` } : { error: `no box "${to.box}"` };
  if (to.place !== undefined) {
    const at = rules.placeLoc.get(to.place);
    return at ? { at } : { error: `place "${to.place}" is not located on the map` };
  }
  if (to.carriedBy !== undefined) return { at: `carried:${to.carriedBy}` };
  if (to.constraint) return { zone: { constraint: to.constraint, pointer: joinPointer(pointer, 'constraint') } };
  return { error: 'an empty location' };
}

/** New units of a roster id or of a type; generic units are numbered per type. */
export function createUnits(rules: Rules, s: GameState, spec: { unit?: string; type?: string; count?: number; reduced?: boolean }, power: string | undefined): UnitState[] | { error: string } {
  const make = (id: string, type: string, owner: string): UnitState => {
    const u = unitRecord({ id, type, power: owner, stepsLost: spec.reduced ? 1 : 0, at: 'pool' });
    // A counter printed on one side only has lost all steps but its last.
    return rosterOf(rules, u)?.oneSided ? unitRecord({ ...u, stepsLost: Math.max(u.stepsLost, stepsOf(rules, u) - 1) }) : u;
  };
  if (spec.unit !== undefined) {
    const roster = rules.r.roster && Object.hasOwn(rules.r.roster, spec.unit) ? rules.r.roster[spec.unit] : undefined;
    if (!roster) return { error: `no unit "${spec.unit}" in the roster` };
    if (Object.hasOwn(s.units, spec.unit)) return { error: `unit "${spec.unit}" is already in play` };
    return [make(spec.unit, roster.type, power ?? roster.power)];
  }
  const type = spec.type ?? '';
  if (!rules.r.unitTypes || !Object.hasOwn(rules.r.unitTypes, type)) return { error: `no unit type "${type}"` };
  if (!power) return { error: `no power owns the ${type} units` };
  return Array.from({ length: spec.count ?? 1 }, () => {
    const n = (s.serials[type] ?? 0) + 1;
    s.serials[type] = n;
    return make(`${type}#${n}`, type, power);
  });
}

/** Where a unit goes when hostile units hold the location it arrives at. */
type IfHeld = NonNullable<AddUnitsEffect['ifHeld']>;

/** Puts a unit where it is going; onto a location held by hostile units it goes where `ifHeld` says (its owner places it unless told otherwise). */
export function put(tx: Tx, u: UnitState, dest: Destination, pointer: string, ifHeld: IfHeld = 'owner-places') {
  u.due = undefined;
  if ('zone' in dest) {
    tx.relocate(u, 'unplaced');
    u.zone = dest.zone;
    return;
  }
  if (onBoard(dest.at) && hostileAt(tx, dest.at, u.power).length > 0) {
    const held = `${unitLabel(tx.rules, u)} cannot arrive at ${tx.rules.label(dest.at)}, held by hostile units`;
    const cite = tx.rules.cite(ifHeld === 'owner-places' ? pointer : joinPointer(pointer, 'ifHeld'));
    if (ifHeld === 'owner-places') {
      tx.relocate(u, 'unplaced');
      u.zone = { pointer };
      return tx.emit(() => ({ kind: 'arrive', unit: u.id, to: 'unplaced', cite, text: `${held}: its owner places it` }));
    }
    tx.relocate(u, ifHeld === 'force-pool' ? 'pool' : 'eliminated');
    return tx.emit(() => ({ kind: 'arrive', unit: u.id, to: u.at, cite, text: `${held}: ${ifHeld === 'force-pool' ? 'it goes to the force pool' : 'it is eliminated'}` }));
  }
  tx.relocate(u, dest.at);
  tx.emit(() => ({ kind: 'arrive', unit: u.id, to: dest.at, cite: tx.rules.cite(pointer), text: `${unitLabel(tx.rules, u)} arrives ${dest.at === 'pool' ? 'in the force pool' : `at ${tx.rules.label(dest.at)}`}` }));
}

/** Units due by now arrive, for the powers `which` accepts. */
export function arrive(tx: Tx, which: (power: string) => boolean, pointer: string) {
  for (const u of unitList(tx.s)) {
    if (u.at !== 'due' || !u.due || u.due.turn > tx.s.turn || !which(u.power)) continue;
    const { to, zone } = u.due;
    put(tx, u, to === 'placement' ? { zone: zone ?? { pointer } } : { at: to }, pointer);
  }
}

/** Unplaced units a side may place now: setup order first, then any. */
export function placeable(rules: Rules, s: GameState, side: string): UnitState[] {
  const waiting = unplaced(s);
  const order = rules.scenario.setupOrder ?? [];
  const first = placingFirst(rules, waiting);
  return waiting.filter((u) => actingSide(rules, s, u.power) === side && (first === undefined || !order.includes(u.power) || u.power === first));
}

const unplaced = (s: GameState) => unitList(s).filter((u) => u.at === 'unplaced');
/** The power the set-up order has place its units now: the first in it with units still to place. */
const placingFirst = (rules: Rules, waiting: readonly UnitState[]) => (rules.scenario.setupOrder ?? []).find((p) => waiting.some((u) => u.power === p));

/** Where a unit might be placed, judged by the ruleset alone (its place restriction, its zone's constraint): placementBarrier has the last word. */
export function placementCandidates(rules: Rules, u: UnitState): readonly LocKey[] {
  const restriction = rosterOf(rules, u)?.placeRestriction;
  if (restriction) return rules.placeLoc.has(restriction) ? [rules.placeLoc.get(restriction)!] : [];
  const zone = u.zone;
  if (!zone?.constraint) return boardLocations(rules);
  // The zone's pointer names its constraint in the ruleset, so the list is kept for the game.
  return kept(rules, `placement-candidates:${zone.pointer}`, () => boardLocations(rules).filter((at) => !constraintBreach(rules, zone.constraint!, at)));
}

/** Whether a unit may be placed somewhere now: where it could go when last asked, else anywhere it might. */
export function placeableSomewhere(tx: Tx, u: UnitState): boolean {
  // Asked of every unit awaiting placement after each action, so the answer found is remembered as a first guess.
  const found = kept(tx.rules, 'placeable-at', newMap<string, LocKey>);
  const guess = found.get(u.id);
  if (guess !== undefined && !placementBarrier(tx, u, guess)) return true;
  const at = placementCandidates(tx.rules, u).find((x) => !placementBarrier(tx, u, x));
  if (at !== undefined) found.set(u.id, at);
  return at !== undefined;
}

/** Why a unit may not be placed at a location, or undefined when it may. */
export function placementBarrier(tx: Tx, u: UnitState, at: LocKey): Barrier | undefined {
  const zone = u.zone ?? { pointer: '/scenarios' };
  if (!onBoard(at)) return { code: 'not-on-board', message: `${at} is not a location on the board`, pointer: zone.pointer };
  const restriction = rosterOf(tx.rules, u)?.placeRestriction;
  if (restriction && tx.rules.placeLoc.get(restriction) !== at) return { code: 'place-restriction', message: `${unitLabel(tx.rules, u)} must be placed at ${tx.rules.label(tx.rules.placeLoc.get(restriction) ?? restriction)}`, pointer: joinPointer('/roster', u.id, 'placeRestriction') };
  if (zone.constraint) {
    const why = constraintBreach(tx.rules, zone.constraint, at);
    if (why) return { code: 'placement-constraint', message: `${tx.rules.label(at)} is not ${zone.constraint.text}: ${why}`, pointer: zone.pointer };
  }
  if (zone.production) {
    const pointer = tx.rules.r.mechanics?.production?.placement ? '/mechanics/production/placement' : '/mechanics/production';
    if (!productionSites(tx, u).includes(at)) return { code: 'placement-production', message: `${tx.rules.label(at)} is not where ${possessive(tx.rules.party(u.power))} new ${classOf(tx.rules, u)} units are placed`, pointer };
    // A unit bought is not placed among hostile units, said before the zone they cast, which covers where they stand too.
    const hostiles = staying(tx, u, at);
    if (hostiles.length) return { code: 'placement-hostile', message: `${tx.rules.label(at)} holds hostile units (${unitLabels(tx, hostiles.map((x) => x.id))}): a new unit is not placed among them`, pointer };
    const zoned = zoneBarrier(tx, u, at);
    if (zoned) return zoned;
  }
  const entry = entryBarrier(tx, u, at);
  if (entry) return entry;
  // A unit bought may break a limit where its owner eliminates the excess when stacking is next checked ("stacking limits apply at the end of Production").
  const over = zone.production && excessEliminated(tx.rules) ? [] : overstacks(tx, at, u);
  if (over.length) return { code: 'stacking', message: describeOverstack(tx.rules, over[0]), pointer: over[0].pointer };
  return undefined;
}

export function constraintBreach(rules: Rules, c: PlacementConstraint, at: LocKey): string | undefined {
  return termsBreach(rules, c, at) ?? alternativesBreach(rules, c, at);
}

/** Why a location meets none of a constraint's alternatives (anyOf), each named as it is worded. */
function alternativesBreach(rules: Rules, c: PlacementConstraint, at: LocKey): string | undefined {
  if (!c.anyOf || c.anyOf.some((alt) => !constraintBreach(rules, alt, at))) return undefined;
  return `not ${c.anyOf.map((alt) => alt.text).join(', nor ')}`;
}

function termsBreach(rules: Rules, c: PlacementConstraint, at: LocKey): string | undefined {
  if (at.startsWith('box:')) return c.boxes?.includes(locId(at)) || c.anyOf?.some((alt) => alt.boxes?.includes(locId(at))) ? undefined : 'not one of the boxes allowed';
  const onMap = c.inCountries || c.adjacentToCountries || c.places || c.hexes || c.terrain || c.coastal !== undefined || c.placeKinds || c.nearCountries || c.anyOf;
  if (!onMap && c.boxes) return 'only boxes are allowed';
  const country = rules.countryOf(at) ?? '';
  if (c.inCountries && !c.inCountries.includes(country)) return 'not in the countries allowed';
  if (c.adjacentToCountries && (c.adjacentToCountries.includes(country) || !around(rules, at).some((n) => c.adjacentToCountries!.includes(rules.countryOf(n) ?? '')))) return 'not adjacent to the countries named';
  if (c.places && !(rules.placesAt.get(at) ?? []).some((p) => c.places!.includes(p))) return 'not one of the places allowed';
  if (c.hexes && !(at.startsWith('hex:') && c.hexes.includes(locId(at)))) return 'not one of the hexes allowed';
  if (c.terrain && !c.terrain.includes(rules.terrainOf(at) ?? '')) return 'not of the terrain allowed';
  if (c.coastal !== undefined && coastal(rules, at, around(rules, at)) !== c.coastal) return c.coastal ? 'not coastal' : 'coastal';
  if (c.placeKinds && !(rules.placesAt.get(at) ?? []).some((p) => rules.r.map?.places?.[p]?.kinds?.some((k) => c.placeKinds!.includes(k)))) return `no ${c.placeKinds.join(' or ')} there`;
  if (c.nearCountries && !near(rules, at, c.nearCountries.countries, c.nearCountries.within)) return `farther than ${c.nearCountries.within} from ${c.nearCountries.countries.map((x) => rules.r.map?.countries?.[x]?.name ?? x).join(', ')}`;
  return undefined;
}

/** Whether a location of one of these countries lies within `steps` of `at` on the board itself. */
function near(rules: Rules, at: LocKey, countries: readonly string[], steps: number): boolean {
  const g = graphOf(rules);
  const start = g.index.get(at);
  return start !== undefined && within(g, start, steps).some((i) => countries.includes(rules.countryOf(g.keys[i]) ?? ''));
}

/** The locations beside one on the board itself (not through box entries). */
function around(rules: Rules, at: LocKey): LocKey[] {
  const g = graphOf(rules);
  const i = g.index.get(at);
  return i === undefined ? [] : beside(g, i).map((j) => g.keys[j]);
}

const coastal = (rules: Rules, at: LocKey, beside: LocKey[]) => rules.mediumOf(at) === 'coastal' || (rules.mediumOf(at) !== 'sea' && beside.some((n) => rules.mediumOf(n) === 'sea'));

/** The `place` action: an owner puts an unplaced unit on the board. */
export function placeUnit(tx: Tx, side: string, unitId: string, at: LocKey) {
  const u = Object.hasOwn(tx.s.units, unitId) ? tx.s.units[unitId] : undefined;
  if (!u) return tx.refuse('unknown-unit', `no unit "${unitId}" in play`, '/roster');
  if (u.at !== 'unplaced') tx.refuse('not-unplaced', `${unitLabel(tx.rules, u)} is not awaiting placement`, '/scenarios');
  if (!placeable(tx.rules, tx.s, side).includes(u)) {
    const first = placingFirst(tx.rules, unplaced(tx.s));
    const why = actingSide(tx.rules, tx.s, u.power) !== side ? `${possessive(tx.rules.party(u.power))} units are not its to place` : first && first !== u.power ? `${possessive(tx.rules.party(first))} units are placed first` : '';
    tx.refuse('not-yours-to-place', `${tx.rules.party(side)} may not place ${unitLabel(tx.rules, u)} now${why ? `: ${why}` : ''}`, joinPointer('/scenarios', tx.rules.scenarioId, 'setupOrder'));
  }
  const barrier = placementBarrier(tx, u, at);
  if (barrier) tx.refuse(barrier.code, barrier.message, barrier.pointer);
  const pointer = u.zone?.pointer ?? '/scenarios';
  tx.relocate(u, at);
  u.zone = undefined;
  tx.emit(() => ({ kind: 'place', unit: u.id, to: at, cite: tx.rules.cite(pointer), text: `${unitLabel(tx.rules, u)} is placed at ${tx.rules.label(at)} (${tx.rules.party(side)})` }));
}
