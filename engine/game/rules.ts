// The ruleset compiled for play: lookups the models need again and again (the board's graph, places
// by location, citations), built once per game. Read-only; never part of the state.
import type { CitedNumber, ProvenanceKind, ResolvedRuleset, Scenario, Victory } from '../generated/schema-types';
import { getAt, joinPointer, parsePointer, toPointer } from '../json/pointer';
import { sourceAt } from '../provenance';
import { clock, type Clock } from './calendar';
import { hexGrid, type HexGrid } from './hex';
import { locate, placeLocation, type Located } from './located';
import type { Cite } from './log';
import { buildSlots, type Slot } from './sequence-slots';
import type { LocKey } from './state';

export interface Link {
  to: LocKey;
  /** Moving along a box entry costs the entry's cost instead of the terrain's. */
  entry?: { cost: CitedNumber; pointer: string };
}

/** A value kept in the rules' memo for the game under a key, made the first time it is asked for. */
export function kept<T>(rules: Rules, key: string, make: (rules: Rules) => T): T {
  let value = rules.memo.get(key) as T | undefined;
  if (value === undefined && !rules.memo.has(key)) rules.memo.set(key, (value = make(rules)));
  return value as T;
}

/** An empty map, for `kept` to make (a maker that allocates nothing each time it is passed). */
export const newMap = <K, V>() => new Map<K, V>();

/**
 * A value kept in the rules' memo for the game under a name, then three keys in turn: looked up in
 * loops over units and locations, so no key string is built for it.
 */
export function keptBy<A, B, C, T>(rules: Rules, name: string, a: A, b: B, c: C, make: () => T): T {
  const byA = kept(rules, name, newMap<A, Map<B, Map<C, T>>>);
  let byB = byA.get(a);
  if (!byB) byA.set(a, (byB = new Map()));
  let byC = byB.get(b);
  if (!byC) byB.set(b, (byC = new Map()));
  let value = byC.get(c);
  if (value === undefined) byC.set(c, (value = make()));
  return value;
}

export function compileRules(r: ResolvedRuleset, hash: string, scenarioId: string): Rules | { error: string; pointer: string } {
  const scenario = r.scenarios?.[scenarioId];
  if (!scenario) return { error: `no scenario "${scenarioId}" (known: ${Object.keys(r.scenarios ?? {}).join(', ') || 'none'})`, pointer: '/scenarios' };
  if (!r.sequence) return { error: 'the ruleset has no sequence of play', pointer: '/sequence' };
  const map = r.map;
  let grid: HexGrid | undefined;
  if (map?.kind === 'hex') {
    if (!map.grid) return { error: 'the hex map has no grid', pointer: '/map/grid' };
    const g = hexGrid(map.grid, Object.keys(map.hexes ?? {}));
    if ('error' in g) return { error: g.error, pointer: '/map/grid/offset' };
    grid = g;
  }

  const links = new Map<LocKey, Link[]>();
  const link = (from: LocKey, l: Link) => {
    const list = links.get(from) ?? [];
    if (!list.some((x) => x.to === l.to)) list.push(l);
    links.set(from, list);
  };
  for (const key of Object.keys(map?.hexes ?? {})) for (const n of grid?.neighbours(key) ?? []) link(`hex:${key}`, { to: `hex:${n}` });
  for (const [id, area] of Object.entries(map?.areas ?? {})) for (const n of area.adjacent ?? []) if (map?.areas?.[n]) link(`area:${id}`, { to: `area:${n}` });
  for (const [id, box] of Object.entries(map?.boxes ?? {})) {
    (box.entries ?? []).forEach((entry, i) => {
      const pointer = joinPointer('/map/boxes', id, 'entries', i, 'cost');
      const [kind, name] = entry.from.includes(':') ? [entry.from.slice(0, entry.from.indexOf(':')), entry.from.slice(entry.from.indexOf(':') + 1)] : [entry.from, ''];
      const ends: LocKey[] =
        kind === 'edge' ? (grid?.edge(name) ?? []).map((h) => `hex:${h}`)
        : kind === 'box' ? (map?.boxes?.[name] ? [`box:${name}`] : [])
        : kind === 'hex' ? (map?.hexes?.[name] ? [`hex:${name}`] : [])
        : kind === 'listed' ? (box.hexes ?? []).filter((h) => map?.hexes?.[h]).map((h) => `hex:${h}`)
        : [];
      for (const end of ends) {
        link(end, { to: `box:${id}`, entry: { cost: entry.cost, pointer } });
        link(`box:${id}`, { to: end, entry: { cost: entry.cost, pointer } });
      }
    });
  }

  const placeLoc = new Map<string, LocKey>();
  const placesAt = new Map<LocKey, string[]>();
  for (const [id, place] of Object.entries(map?.places ?? {})) {
    const at = placeLocation(map, place);
    if (!at) continue;
    placeLoc.set(id, at);
    placesAt.set(at, [...(placesAt.get(at) ?? []), id]);
  }

  const countryPower = new Map<string, string>();
  for (const [id, power] of Object.entries(r.powers ?? {})) for (const c of power.countries ?? []) countryPower.set(c, id);
  for (const [id, country] of Object.entries(map?.countries ?? {})) if (country.power) countryPower.set(id, country.power);

  const features = new Map<string, string[]>();
  for (const side of map?.hexsides ?? []) {
    const key = [...side.between].sort().join('|');
    features.set(key, [...(features.get(key) ?? []), side.feature]);
  }

  return new Rules({ r, hash, scenarioId, scenario, grid, links, placeLoc, placesAt, slots: buildSlots(r, scenario), countryPowers: countryPower, features });
}

/**
 * The compiled rules: one class, its lookups methods of its own rather than closures made for each
 * compile. A second compile in the same process (another ruleset, or the same one afresh) then leaves
 * the engine's optimized code as it was, where closures would have thrown away every piece of it that
 * had been specialised on the first compile's.
 */
export class Rules {
  readonly r: ResolvedRuleset;
  readonly hash: string;
  /**
   * Values kept for the life of the compiled rules: computed from the ruleset alone, or from a state
   * together with what they were computed from, checked before each use (the units' whereabouts, the
   * views of the units hostile to a camp).
   */
  readonly memo = new Map<string, unknown>();
  readonly scenarioId: string;
  readonly scenario: Scenario;
  /** The victory conditions played: the scenario's own where it has some, else the ruleset's; and where they stand. */
  readonly victory: Victory | undefined;
  readonly victoryPointer: string;
  readonly clock: Clock;
  readonly grid?: HexGrid;
  readonly sides: string[];
  readonly powers: string[];
  readonly links: Map<LocKey, Link[]>;
  readonly placeLoc: Map<string, LocKey>;
  readonly placesAt: Map<LocKey, string[]>;
  /** Slots of a turn, the first turn's (whose side order may start elsewhere) and every other's. */
  readonly slots: { first: Slot[]; other: Slot[] };
  /** Procedures that some step of the sequence runs. */
  readonly procedures: Set<string>;
  private readonly countryPowers: Map<string, string>;
  private readonly features: Map<string, string[]>;
  private readonly cites = new Map<string, Cite>();
  private readonly pointers = new Map<string, string>();
  /** Labels are written into most events, so each location's is made once. */
  private readonly labels = new Map<LocKey, string>();
  /** A location's terrain, medium and country are asked for in every route and supply trace: each is looked up once. */
  private readonly located = new Map<LocKey, Located>();

  constructor(parts: Pick<Rules, 'r' | 'hash' | 'scenarioId' | 'scenario' | 'grid' | 'links' | 'placeLoc' | 'placesAt' | 'slots'> & { countryPowers: Map<string, string>; features: Map<string, string[]> }) {
    this.r = parts.r;
    this.hash = parts.hash;
    this.scenarioId = parts.scenarioId;
    this.scenario = parts.scenario;
    this.victory = parts.scenario.victory ?? parts.r.victory;
    this.victoryPointer = parts.scenario.victory ? joinPointer('/scenarios', parts.scenarioId, 'victory') : '/victory';
    this.clock = clock(parts.r, parts.scenario);
    this.grid = parts.grid;
    this.sides = Object.keys(parts.r.sides ?? {});
    this.powers = Object.keys(parts.r.powers ?? {});
    this.links = parts.links;
    this.placeLoc = parts.placeLoc;
    this.placesAt = parts.placesAt;
    this.slots = parts.slots;
    this.procedures = new Set(parts.slots.other.map((s) => s.procedure).filter((p): p is string => p !== undefined));
    this.countryPowers = parts.countryPowers;
    this.features = parts.features;
  }

  /** joinPointer, kept: the same few pointers are built over and over while listing moves. */
  pointer(base: string, ...segments: (string | number)[]): string {
    const key = base + '\u0000' + segments.join('\u0000');
    let p = this.pointers.get(key);
    if (p === undefined) this.pointers.set(key, (p = joinPointer(base, ...segments)));
    return p;
  }

  /** The citation of a pointer, shared by every event citing it (frozen). */
  cite(pointer: string): Cite {
    let c = this.cites.get(pointer);
    if (!c) this.cites.set(pointer, (c = Object.freeze(cite(this.r, pointer))));
    return c;
  }

  /**
   * Where a value came from: its own source; else the patch set that last wrote it or what holds it;
   * else the nearest record around it with a source (a table's).
   */
  sourceOf(pointer: string): ProvenanceKind | undefined {
    return sourceAt(this.r, pointer)?.kind;
  }

  terrainOf(at: LocKey) {
    return this.whatIs(at).terrain;
  }

  /** Land, sea or coastal: an area's type, or a hex's terrain's medium; undefined when the data says none. */
  mediumOf(at: LocKey) {
    return this.whatIs(at).medium;
  }

  countryOf(at: LocKey) {
    return this.whatIs(at).country;
  }

  countryPower(country: string) {
    return this.countryPowers.get(country);
  }

  /** Features on the side between two adjacent hexes. */
  sideFeatures(a: LocKey, b: LocKey): string[] {
    return a.startsWith('hex:') && b.startsWith('hex:') ? (this.features.get([a.slice(4), b.slice(4)].sort().join('|')) ?? []) : [];
  }

  /** The feature that makes the side between two hexes all land or all sea, with that medium; undefined for any other side. */
  sideMedium(a: LocKey, b: LocKey): { feature: string; medium: 'land' | 'sea' } | undefined {
    for (const feature of this.sideFeatures(a, b)) {
      const medium = this.r.map?.features?.[feature]?.medium;
      if (medium) return { feature, medium };
    }
    return undefined;
  }

  /** A location for people: the hex number with its place names, or the area's or box's name. */
  label(at: LocKey): string {
    let text = this.labels.get(at);
    if (text === undefined) this.labels.set(at, (text = this.labelOf(at)));
    return text;
  }

  /** A side or power for people (a power on no side, the camp `power:<id>`, as the power): its name in the ruleset, else its id. */
  party(id: string): string {
    const power = id.startsWith('power:') ? id.slice(6) : id;
    return this.r.sides?.[id]?.name ?? this.r.powers?.[power]?.name ?? power;
  }

  /** A political status, relation state, track or flag for people: its name in the ruleset, else its id. */
  nameIn(kind: 'statuses' | 'relationStates' | 'tracks' | 'flags', id: string): string {
    return this.r[kind]?.[id]?.name ?? id;
  }

  private whatIs(at: LocKey): Located {
    let facts = this.located.get(at);
    if (!facts) this.located.set(at, (facts = locate(this.r.map, at)));
    return facts;
  }

  private labelOf(at: LocKey): string {
    const map = this.r.map;
    const id = at.slice(at.indexOf(':') + 1);
    if (at.startsWith('hex:')) {
      const names = (this.placesAt.get(at) ?? []).map((p) => map?.places?.[p]?.name ?? p);
      return `hex ${id}${names.length ? ` (${names.join(', ')})` : ''}`;
    }
    if (at.startsWith('area:')) return map?.areas?.[id]?.name ?? id;
    if (at.startsWith('box:')) {
      // "box Reserve", but a name that says it is a box as it is: never "box Reserve box".
      const name = map?.boxes?.[id]?.name ?? id;
      return /\bbox\b/i.test(name) ? name : `box ${name}`;
    }
    // Aboard a carrier: the roster's name for it (a unit bought by type, its id).
    if (at.startsWith('carried:')) return `aboard ${this.r.roster?.[id]?.name ?? id}`;
    return at;
  }
}

/** The rule number behind a pointer: the nearest enclosing record's `rule` or `source.rule`. */
function cite(r: ResolvedRuleset, pointer: string): Cite {
  const path = parsePointer(pointer);
  for (let n = path.length; n >= 0; n--) {
    const node = getAt(r, toPointer(path.slice(0, n)));
    if (node === null || typeof node !== 'object' || Array.isArray(node)) continue;
    const rec = node as { rule?: unknown; source?: { rule?: unknown } };
    if (typeof rec.rule === 'string') return { pointer, rule: rec.rule };
    if (typeof rec.source?.rule === 'string') return { pointer, rule: rec.source.rule };
  }
  return { pointer };
}
