// Who is who on the board: sides, camps (a power on no side is a camp of its own), control of places.
import { joinPointer } from '../json/pointer';
import { possessive } from '../words';
import { kept, type Rules } from './rules';
import type { GameState, LocKey, UnitState } from './state';
import { camp, carrierOf, onBoard, unitList } from './state';
import { classOf, kindOf, unitLabel } from './units';
import { boardLocations, graphOf } from './graph';
import type { Tx } from './tx';
import { whereabouts } from './whereabouts';
import { currentSlot } from './sequence-slots';

export const sideOf = (s: GameState, power: string): string | null => s.powers[power]?.side ?? null;

/** The side that moves a power's units: its own, else the side named to control it. */
export const actingSide = (rules: Rules, s: GameState, power: string): string | undefined =>
  sideOf(s, power) ?? rules.r.powers?.[power]?.controlledBy ?? undefined;

/**
 * Refuses a side's order to a unit its side does not command (`doing`: "move", "attack with"), saying who does;
 * first, to a unit its status freezes, whoever gives it: saying who commands it would suggest that side may.
 */
export function refuseUnlessCommanded(tx: Tx, side: string, u: UnitState, doing: string) {
  refuseFrozen(tx, u, doing);
  const by = actingSide(tx.rules, tx.s, u.power);
  const owner = possessive(tx.rules.party(u.power));
  if (by !== side) tx.refuse('not-yours', `${tx.rules.party(side)} may not ${doing} ${unitLabel(tx.rules, u)}: ${by ? `${owner} units are commanded by ${tx.rules.party(by)}` : `no side commands ${owner} units now`}`, joinPointer('/powers', u.power));
  refuseOutOfTurn(tx, side, u, doing);
}

/**
 * The power whose turn a step is, where the step is played power by power ('each-power', or a power
 * named as its actor): in it, its side moves and attacks with that power's units alone ("you can
 * conduct operations for only one power at a time"). Undefined in a step a side or both sides play.
 */
function turnPower(rules: Rules, s: GameState): { power: string; pointer: string } | undefined {
  const slot = currentSlot(rules, s);
  return slot && rules.powers.includes(slot.actor) ? { power: slot.actor, pointer: slot.pointer } : undefined;
}

/** Whether a side may give orders to a power's units in the current step: in another power of its side's turn, it may not. */
const inTurn = (rules: Rules, s: GameState, side: string, power: string) => {
  const turn = turnPower(rules, s);
  return !turn || turn.power === power || actingSide(rules, s, turn.power) !== side;
};

/** Refuses an order to a unit of a power other than the one whose turn the step is, of the same side (see turnPower). */
export function refuseOutOfTurn(tx: Tx, side: string, u: UnitState, doing: string) {
  if (inTurn(tx.rules, tx.s, side, u.power)) return;
  const turn = turnPower(tx.rules, tx.s)!;
  tx.refuse('out-of-turn', `${tx.rules.party(side)} may not ${doing} ${unitLabel(tx.rules, u)} now: this step is ${possessive(tx.rules.party(turn.power))} turn, in which only its units act`, turn.pointer);
}

/** The status a power now has, when the ruleset marks its units frozen in it (neither moving, attacking nor coming into play by purchase); else undefined. */
export function frozenBy(rules: Rules, s: GameState, power: string, buying = false): string | undefined {
  const status = s.powers[power]?.status;
  const frozen = status !== undefined ? rules.r.statuses?.[status]?.frozen : undefined;
  if (buying && frozen !== true && frozen?.buying) return undefined;
  return frozen === true || frozen?.powers.includes(power) ? status : undefined;
}

/** Whether a unit is on the board and its power's units are moved by a side (and not frozen by its status); for a moment when no power changes, each power looked at once. */
export function movedBy(rules: Rules, s: GameState, side: string): (u: UnitState | undefined) => u is UnitState {
  const byPower = new Map<string, boolean>();
  return (u): u is UnitState => {
    if (!u || !onBoard(u.at)) return false;
    let moved = byPower.get(u.power);
    if (moved === undefined) byPower.set(u.power, (moved = commands(rules, s, side, u.power)));
    return moved;
  };
}

/** A side's units that may fight now: those it moves, and the passengers it moves that act aboard (actsFrom), but those holding their fire; for a moment when no power changes, each power looked at once. */
export function foughtBy(rules: Rules, s: GameState, side: string): (u: UnitState) => boolean {
  const byPower = new Map<string, boolean>();
  return (u) => {
    if (actsFrom(rules, s, u) === undefined) return false;
    let fights = byPower.get(u.power);
    if (fights === undefined) byPower.set(u.power, (fights = commands(rules, s, side, u.power) && holdsFireBy(rules, s, u.power) === undefined));
    return fights;
  };
}

/** The status a power now has, when its units may move in it but make no attack (`holdFire`); else undefined. */
export function holdsFireBy(rules: Rules, s: GameState, power: string): string | undefined {
  const status = s.powers[power]?.status;
  return status !== undefined && rules.r.statuses?.[status]?.holdFire?.powers.includes(power) ? status : undefined;
}

/** Whether a side moves a power's units and they are not frozen. */
const commands = (rules: Rules, s: GameState, side: string, power: string) => actingSide(rules, s, power) === side && frozenBy(rules, s, power) === undefined && inTurn(rules, s, side, power);

/** Refuses to attack with a unit whose power's status freezes its units or has them hold their fire, citing the status. */
export function refuseHoldingFire(tx: Tx, u: UnitState) {
  refuseFrozen(tx, u, 'attack');
  const status = holdsFireBy(tx.rules, tx.s, u.power);
  if (status) tx.refuse('holds-fire', `${unitLabel(tx.rules, u)} makes no attack: ${possessive(tx.rules.party(u.power))} status is ${tx.rules.r.statuses![status].name.toLowerCase()}`, joinPointer('/statuses', status, 'holdFire'));
}

/** Refuses to move, attack with or buy (`buying`) a unit whose power's status freezes its units, citing the status. */
export function refuseFrozen(tx: Tx, u: UnitState, doing: string, buying = false) {
  const status = frozenBy(tx.rules, tx.s, u.power, buying);
  if (!status) return;
  const { name, frozen } = tx.rules.r.statuses![status];
  // Frozen for some powers only, the freezing has its own citation.
  const pointer = frozen === true ? joinPointer('/statuses', status) : joinPointer('/statuses', status, 'frozen');
  tx.refuse('frozen', `${unitLabel(tx.rules, u)} does not ${doing}: ${possessive(tx.rules.party(u.power))} status is ${name.toLowerCase()}`, pointer);
}

/** The countries of the powers that now have one of some statuses (the neutrals', say), with their powers. */
export function countriesInStatus(rules: Rules, s: GameState, statuses: readonly string[]): { country: string; power: string }[] {
  const found: { country: string; power: string }[] = [];
  for (const country of Object.keys(rules.r.map?.countries ?? {})) {
    const power = rules.countryPower(country);
    if (power !== undefined && statuses.includes(s.powers[power]?.status ?? '')) found.push({ country, power });
  }
  return found;
}

/** The camp controlling a location (a side, or a power on none), or undefined. */
export function controllingCamp(rules: Rules, s: GameState, at: LocKey): string | undefined {
  const c = s.control[at];
  return c === undefined ? undefined : rules.sides.includes(c) ? c : camp(s, c);
}
export const hostile = (s: GameState, a: string, b: string): boolean => opposed(a, sideOf(s, a), b, sideOf(s, b));

/** Whether each power asked about is hostile to one power, whose side is looked up once (for loops over every unit). */
export function hostileTo(s: GameState, power: string): (other: string) => boolean {
  const side = sideOf(s, power);
  return (other) => opposed(other, sideOf(s, other), power, side);
}

/** camp(a) !== camp(b) for powers a and b on sides x and y, without making a camp's name for a power on no side. */
const opposed = (a: string, x: string | null, b: string, y: string | null) => (x === null || y === null ? x !== y || a !== b : x !== y);
/** A camp as people name it: the side, or the power standing alone. */
export const campName = (c: string) => (c.startsWith('power:') ? c.slice(6) : c);

/** Whether a power belongs to a party (a power id, or a side id). */
export const inParty = (s: GameState, power: string, party: string) => power === party || sideOf(s, power) === party;

/** Whether a unit is a party's and on the board, of a class when one is given, at one of some locations when they are given. */
export const partyUnit = (rules: Rules, s: GameState, party: string, at?: ReadonlySet<LocKey>, unitClass?: string) => (u: UnitState) =>
  onBoard(u.at) && inParty(s, u.power, party) && (!unitClass || classOf(rules, u) === unitClass) && (!at || at.has(u.at));

export const unitsAt = (s: GameState, at: LocKey): UnitState[] => unitList(s).filter((u) => u.at === at);

/** The units on the board by location index of the board's graph (undefined where none stand). */
export const unitsIndex = (tx: Tx): readonly (readonly UnitState[] | undefined)[] => whereabouts(tx).byLocation;

/** Unit kinds whose passengers act from their carrier's location (the transport model's actsAboard), kept for the game. */
const actingAboard = (rules: Rules): ReadonlySet<string> =>
  kept(rules, 'acts-aboard', (r) => {
    const m = r.r.mechanics?.movement;
    return new Set(m?.model === 'hex-grid' ? (m.transport?.actsAboard ?? []) : []);
  });

/**
 * Where a unit acts from: where it stands on the board, or its carrier's location where its kind acts
 * aboard (transport.actsAboard: it fights as if it stood where its carrier does); undefined for a unit
 * off the board.
 */
export function actsFrom(rules: Rules, s: GameState, u: UnitState): LocKey | undefined {
  if (onBoard(u.at)) return u.at;
  const carrier = carrierOf(u.at);
  if (carrier === undefined || !actingAboard(rules).has(kindOf(rules, u) ?? '')) return undefined;
  const at = s.units[carrier]?.at;
  return at !== undefined && onBoard(at) ? at : undefined;
}

/** The units acting at a location: those there and the passengers there that act aboard. */
export function actingAt(rules: Rules, s: GameState, at: LocKey): UnitState[] {
  if (actingAboard(rules).size === 0) return unitsAt(s, at);
  return unitList(s).filter((u) => actsFrom(rules, s, u) === at);
}

/** Units at a location. */
export function unitsThere(tx: Tx, at: LocKey): readonly UnitState[] {
  const i = graphOf(tx.rules).index.get(at);
  return i === undefined ? unitsAt(tx.s, at) : (unitsIndex(tx)[i] ?? []);
}
export function hostileAt(tx: Tx, at: LocKey, power: string): UnitState[] {
  const against = hostileTo(tx.s, power);
  return unitsThere(tx, at).filter((u) => against(u.power));
}

/** Ids of the places of any of the kinds (read once per game; do not modify). */
export const placeIdsOfKind = (rules: Rules, kinds: readonly string[]): readonly string[] =>
  kept(rules, `place-ids-of-kind:${kinds.join('|')}`, () => Object.entries(rules.r.map?.places ?? {}).filter(([, p]) => p.kinds?.some((k) => kinds.includes(k))).map(([id]) => id));

/** Locations of the places of any of the kinds (read once per game; do not modify). */
export const placesOfKind = (rules: Rules, kinds: readonly string[]): readonly LocKey[] =>
  kept(rules, `places-of-kind:${kinds.join('|')}`, () => placeIdsOfKind(rules, kinds).flatMap((id) => rules.placeLoc.get(id) ?? []));

/** Whether a party controls a location: the controller is the party, or a power of that side. */
export function controls(s: GameState, at: LocKey, party: string): boolean {
  const c = s.control[at];
  if (c === undefined) return false;
  return c === party || (Object.hasOwn(s.powers, c) && sideOf(s, c) === party);
}

/** Whether a party controls every one of some locations (of none, it controls nothing). */
export const controlsAll = (s: GameState, keys: readonly LocKey[], party: string) => keys.length > 0 && keys.every((at) => controls(s, at, party));

/** A power's capitals that stand on the map, by place id and location: one, or several, all of which must be held for the country to count as held. Read once per game; do not modify. */
export const capitalsOf = (rules: Rules, power: string): readonly { id: string; at: LocKey }[] =>
  kept(rules, `capitals:${power}`, () => {
    const capital = rules.r.powers?.[power]?.capital;
    return (typeof capital === 'string' ? [capital] : (capital ?? [])).flatMap((id) => {
      const at = rules.placeLoc.get(id);
      return at ? [{ id, at }] : [];
    });
  });

/**
 * The locations of a country's capitals, or lacking any all its located places, or lacking those all its hexes and areas (how
 * the ruleset counts a country as controlled). Read once per game (rail movement asks for every country's at each look); do not modify.
 */
export const countryKeys = (rules: Rules, country: string): readonly LocKey[] => keysByCountry(rules).get(country) ?? countryLocations(rules, country);

/** Every country's keys (countryKeys), read once per game. */
const keysByCountry = (rules: Rules): ReadonlyMap<string, readonly LocKey[]> =>
  kept(rules, 'country-keys', () => {
    const by = new Map<string, readonly LocKey[]>();
    const places = Object.values(rules.r.map?.places ?? {});
    for (const country of new Set([...Object.keys(rules.r.map?.countries ?? {}), ...places.flatMap((p) => p.country ?? [])])) {
      const power = rules.countryPower(country);
      const capitals = power ? capitalsOf(rules, power).filter(({ id }) => rules.r.map?.places?.[id]?.country === country) : [];
      const places = capitals.length ? capitals.map(({ at }) => at) : Object.entries(rules.r.map?.places ?? {}).filter(([, p]) => p.country === country).flatMap(([id]) => rules.placeLoc.get(id) ?? []);
      if (places.length) by.set(country, places);
    }
    return by;
  });

/**
 * The countries a party holds: its own, those of its powers that are not conquered, whoever holds their capitals
 * meanwhile (a country is conquered at the conquest model's check, not as one of three capitals falls); and those
 * whose capitals, or lacking any all their places (countryKeys), are in its hands.
 */
export const heldCountries = (rules: Rules, s: GameState, party: string): Set<string> =>
  new Set(Object.keys(rules.r.map?.countries ?? {}).filter((country) => ownCountry(rules, s, country, party) || controlsAll(s, countryKeys(rules, country), party)));

/** Whether a country is of a power of the party (a side, or a power on none) that is not conquered. */
function ownCountry(rules: Rules, s: GameState, country: string, party: string): boolean {
  const power = rules.countryPower(country);
  const conquered = rules.r.mechanics?.conquest?.conquered;
  return power !== undefined && (sideOf(s, power) ?? power) === party && (conquered === undefined || s.powers[power]?.status !== conquered);
}

/** Every hex and area of a country (read once per game; do not modify). */
export const countryLocations = (rules: Rules, country: string): readonly LocKey[] => locationsByCountry(rules).get(country) ?? [];

/** Whether a power's units entering a country invade it: its owner is hostile to the power, and the power's side holds none of it yet. */
export function invades(rules: Rules, s: GameState, power: string, country: string): boolean {
  const owner = rules.countryPower(country);
  if (!owner || !hostile(s, owner, power)) return false;
  const party = sideOf(s, power) ?? power;
  return !countryLocations(rules, country).some((at) => controls(s, at, party));
}

/** Every country's hexes and areas, gathered in one pass over the board. */
const locationsByCountry = (rules: Rules): ReadonlyMap<string, readonly LocKey[]> =>
  kept(rules, 'locations-by-country', () => {
    const by = new Map<string, LocKey[]>();
    for (const at of boardLocations(rules)) {
      const country = rules.countryOf(at);
      if (country !== undefined) by.get(country)?.push(at) ?? by.set(country, [at]);
    }
    return by;
  });
