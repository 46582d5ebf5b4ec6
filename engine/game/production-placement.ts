// Where new units are placed as the production model's placement says: on (or beside) a production
// place the power's side controls in its home countries, at places of other kinds for some classes, in
// a constraint for some powers, at its own place for a unit the roster restricts to one; never on a
// place a hostile side controls, nor (when the model says so) in a hostile zone no friendly unit of its
// class opens.
import type { UnitClass } from '../generated/schema-types';
import { joinPointer } from '../json/pointer';
import { constraintBreach } from './arrivals';
import { countryLocations, heldCountries, hostile, placeIdsOfKind, sideOf } from './board';
import { tracedByParty } from './supply';
import { beside, boardLocations, graphOf } from './graph';
import type { Barrier } from './movement';
import { heldPlaces, homeCountries } from './production';
import { kept } from './rules';
import type { LocKey, UnitState } from './state';
import type { Tx } from './tx';
import { classOf, rosterOf } from './units';
import { zonesNotOpened } from './zoc';

const PLACEMENT = '/mechanics/production/placement';

const placementOf = (tx: Tx) => tx.rules.r.mechanics?.production?.placement;

/**
 * Where a unit bought for its power may be placed, before hostile units, zones and limits are asked: a
 * unit the roster restricts to a place only there (once per transaction that does not change the state).
 */
export function productionSites(tx: Tx, u: UnitState): readonly LocKey[] {
  const restriction = rosterOf(tx.rules, u)?.placeRestriction;
  if (restriction) return tx.derived(`sites:${u.id}`, () => unheld(tx, u.power, tx.rules.placeLoc.has(restriction) ? [tx.rules.placeLoc.get(restriction)!] : []));
  const placement = placementOf(tx);
  const cls = classOf(tx.rules, u);
  if (inHeldCountries(tx, cls)) {
    const party = sideOf(tx.s, u.power) ?? u.power;
    return tx.derived(`sites-held:${party}`, () => heldCountrySites(tx, party, placement!.inHeldCountries!.tracingSupply === true));
  }
  const byClass = placement?.byClass?.[cls] ? cls : '';
  return tx.derived(`sites:${u.power}|${byClass}`, () => unheld(tx, u.power, sitesOf(tx, u.power, byClass)));
}

/** The countries a power's new units are placed in: those the placement names for it, else its home countries (kept for the game; do not modify). */
const placedIn = (tx: Tx, power: string): ReadonlySet<string> => {
  const named = placementOf(tx)?.homeCountries?.[power];
  return named ? kept(tx.rules, `placed-in:${power}`, () => new Set(named.countries)) : homeCountries(tx, power);
};

function sitesOf(tx: Tx, power: string, cls: UnitClass | ''): readonly LocKey[] {
  const placement = placementOf(tx);
  const home = placedIn(tx, power);
  const byPower = placement?.byPower?.[power];
  if (byPower) return kept(tx.rules, `placement-by-power:${power}`, (rules) => boardLocations(rules).filter((at) => !constraintBreach(rules, byPower, at)));
  if (cls) {
    const kinds = placement!.byClass![cls]!;
    return kept(tx.rules, `placement-by-class:${power}|${cls}`, (rules) =>
      placeIdsOfKind(rules, kinds).flatMap((id) => (home.has(rules.r.map?.places?.[id]?.country ?? '') ? (rules.placeLoc.get(id) ?? []) : [])),
    );
  }
  const held = homeHeld(tx, power);
  if (held.length === 0 && anywhereKind(tx, power)) return [...home].flatMap((c) => countryLocations(tx.rules, c));
  if (!placement?.adjacent) return held;
  const g = graphOf(tx.rules);
  const sites = new Set(held);
  for (const at of held) for (const j of beside(g, g.index.get(at)!)) if (home.has(tx.rules.countryOf(g.keys[j]) ?? '')) sites.add(g.keys[j]);
  return [...sites];
}

/** The production places in the countries a power's new units are placed in that its side controls. */
const homeHeld = (tx: Tx, power: string): LocKey[] => {
  const home = placedIn(tx, power);
  return heldPlaces(tx, power).flatMap(({ at }) => (home.has(tx.rules.countryOf(at) ?? '') ? [at] : []));
};

/** Whether a power is of a kind the placement lets place anywhere in its home countries when it holds no production place there. */
function anywhereKind(tx: Tx, power: string): boolean {
  const kind = tx.rules.r.powers?.[power]?.kind;
  return !!kind && !!placementOf(tx)?.anywhereWithoutPlaces?.includes(kind);
}

/** Whether a power places anywhere in its home countries now: of such a kind, and holding no production place there. */
const anywhere = (tx: Tx, power: string) => anywhereKind(tx, power) && homeHeld(tx, power).length === 0;

/** The sites whose place no hostile side controls. */
function unheld(tx: Tx, power: string, sites: readonly LocKey[]): LocKey[] {
  const s = tx.s;
  return sites.filter((at) => {
    const c = s.control[at];
    if (c === undefined || !tx.rules.placesAt.get(at)?.length) return true;
    return Object.hasOwn(s.powers, c) ? !hostile(s, power, c) : c === s.powers[power]?.side;
  });
}

/** Whether units of a class are placed anywhere in the countries their side holds. */
const inHeldCountries = (tx: Tx, cls: UnitClass) => placementOf(tx)?.inHeldCountries?.classes.includes(cls) === true;

/** Every location of the countries a party holds (its capitals, else its places), where it traces supply when asked. */
function heldCountrySites(tx: Tx, party: string, tracingSupply: boolean): LocKey[] {
  const traced = tracingSupply ? tracedByParty(tx, party) : () => true;
  return [...heldCountries(tx.rules, tx.s, party)].flatMap((country) => countryLocations(tx.rules, country).filter(traced));
}

/** Why a new unit may not be placed at a location the production model offers it: a hostile zone it keeps out of (but where its power places anywhere, or its class in the countries its side holds). */
export function zoneBarrier(tx: Tx, u: UnitState, at: LocKey): Barrier | undefined {
  const classes = placementOf(tx)?.notInZoneOf;
  if (!classes?.length || anywhere(tx, u.power) || inHeldCountries(tx, classOf(tx.rules, u))) return undefined;
  const i = graphOf(tx.rules).index.get(at);
  if (i === undefined || zonesNotOpened(tx, u.power, classes).zone[i] !== 1) return undefined;
  return { code: 'placement-zone', message: `${tx.rules.label(at)} is in a hostile zone of control of ${classes.join(' or ')} units that no friendly unit opens`, pointer: joinPointer(PLACEMENT, 'notInZoneOf') };
}
