// Supply: a unit is in supply when a path of at most `maxLength` steps leads from it to a friendly
// source, through no location holding hostile units (of the classes named, when some are) or in a
// hostile zone of the blocking classes (the unit's own location excepted, and the source unless the model
// blocks sources too; where the model says, not a zone a friendly unit of its class stands in), changing
// between land and sea only at a place of the named kind its side holds (a friendly port).
import type { SupplyModel } from '../generated/schema-types';
import { joinPointer } from '../json/pointer';
import { capitalsOf, controls, placeIdsOfKind, placesOfKind, sideOf } from './board';
import { graphOf, LAND_SIDE, marks, SEA_SIDE, type Graph } from './graph';
import { kept, newMap, type Rules } from './rules';
import { keptWhileControlStands, keptWhileUnitsStand } from './whereabouts';
import type { LocKey, UnitState } from './state';
import { camp, unitList } from './state';
import { openTask } from './tasks';
import type { Tx } from './tx';
import { classOf, needsSupply, unitLabels, unitLabel, unitType } from './units';
import { test } from './expressions';
import { cited, missing } from './values';
import { hostileHeld, hostileView, neutralGround, zonesNotOpened } from './zoc';
import { hit } from './combat/losses';
import { counted, possessive } from '../words';

type Medium = 'land' | 'sea';
const SUPPLY = '/mechanics/supply';

/** Where supply is traced to, by location index of the board's graph, over land and over sea. */
export interface SupplyNet {
  graph: Graph;
  land: Uint8Array;
  sea: Uint8Array;
}

/**
 * For each medium, the links a path over it may take from each location: to a location it may enter
 * (coastal ones both), never into a box, nor across a hexside wholly of the other medium.
 */
interface Steps {
  /** 1 where a path over the medium may stand, by location index. */
  fits: Uint8Array;
  /** The links from location i are to[first[i]] … to[first[i + 1] - 1]. */
  first: Int32Array;
  to: Int32Array;
}

/** The steps of supply paths over a medium (kept for the game). Kept apart, not as one object made once a compile: see Graph. */
function stepsOver(rules: Rules, medium: Medium): Steps {
  return kept(rules, `supply-steps-${medium}`, () => {
    const g = graphOf(rules);
    const fits = Uint8Array.from(g.keys, (at) => {
      const m = rules.mediumOf(at) ?? 'land';
      return m === 'coastal' || m === medium ? 1 : 0;
    });
    const first = new Int32Array(g.keys.length + 1);
    const to: number[] = [];
    const barred = medium === 'land' ? SEA_SIDE : LAND_SIDE;
    for (let i = 0; i < g.keys.length; i++) {
      first[i] = to.length;
      for (let e = g.first[i]; e < g.first[i + 1]; e++) if (!g.entry[e] && g.side[e] !== barred && fits[g.to[e]]) to.push(g.to[e]);
    }
    first[g.keys.length] = to.length;
    return { fits, first, to: Int32Array.from(to) };
  });
}

/**
 * Locations (with the medium reached) from which a power's units can trace supply: the net traced
 * from the power's sources its camp holds, kept in the view of the units hostile to it while they
 * stand and it holds the same sources (and friendly units open the same hostile zones). The latest
 * net of each camp and sources is also kept until a unit changes: units fighting or moving read it
 * one by one while an action is applied. Read only.
 */
export function supplyNet(tx: Tx, power: string): SupplyNet | undefined {
  const model = tx.rules.r.mechanics?.supply;
  if (!model) return undefined;
  const held = heldSources(tx, model, power);
  return keptWhileUnitsStand(tx, `supply-net:${camp(tx.s, power)}|${held}|${heldPorts(tx, model, power)}`, () => netOpenedOrNot(tx, power, model, held, model.openedByFriendly === true));
}

/** The sources a power's units trace to that its camp holds, as a key (kept while control stands). */
const heldSources = (tx: Tx, model: SupplyModel, power: string) =>
  keptWhileControlStands(tx, `supply-held:${power}`, () => {
    const party = sideOf(tx.s, power) ?? power;
    return sourcesOf(tx, model, power).filter((at) => controls(tx.s, at, party)).join(' ');
  });

/** The ports (the model's changeMediumAt places) a power's camp holds, as a key: a line changes medium only at a friendly one (kept while control stands). */
const heldPorts = (tx: Tx, model: SupplyModel, power: string) => {
  if (!model.changeMediumAt) return '';
  return keptWhileControlStands(tx, `supply-ports:${power}`, () => {
    const party = sideOf(tx.s, power) ?? power;
    return placesOfKind(tx.rules, [model.changeMediumAt!]).filter((at) => controls(tx.s, at, party)).join(' ');
  });
};

/** Where a power's units trace supply to, held or not: the kinds the model names for it, its own capitals, or the model's sources (kept for the game). */
const sourcesOf = (tx: Tx, model: SupplyModel, power: string): readonly LocKey[] =>
  kept(tx.rules, `supply-sources:${power}`, (rules) => {
    const kinds = model.sourcesByPower?.[power];
    if (kinds) return placesOfKind(rules, kinds);
    const capitals = model.ownCapital ? capitalsOf(rules, power).map(({ at }) => at) : [];
    return capitals.length ? capitals : placesOfKind(rules, model.sources ?? []);
  });

/**
 * The places that would be a power's sources but that the data puts nowhere (their hex a gap): the
 * kinds the model names for it, or its own capitals and the model's kinds (kept for the game). A unit
 * that traces to no located source might trace to one of these, which only the tester can say.
 */
const unlocatedSources = (tx: Tx, model: SupplyModel, power: string): readonly string[] =>
  kept(tx.rules, `supply-unlocated:${power}`, (rules) => {
    const kinds = model.sourcesByPower?.[power];
    const capital = rules.r.powers?.[power]?.capital;
    const capitals = model.ownCapital && !kinds ? (typeof capital === 'string' ? [capital] : (capital ?? [])) : [];
    const ids = [...capitals, ...placeIdsOfKind(rules, kinds ?? model.sources ?? [])];
    return [...new Set(ids)].filter((id) => !rules.placeLoc.has(id));
  });

/** The net from the sources held, through the hostile zones as friendly units open them, or as if none did. */
function netOpenedOrNot(tx: Tx, power: string, model: SupplyModel, held: string, opening: boolean): SupplyNet {
  const { zone, opened } = zonesNotOpened(tx, power, model.blockedByZocOf ?? [], opening);
  const ports = heldPorts(tx, model, power);
  const neutral = neutralsBarring(tx, model, power);
  return hostileView(tx, power).kept(tx, `supply-net:${held}|${ports}|${opened}|${neutral?.key ?? ''}`, () => {
    const blocked = hostileHeld(tx, power, zone.slice(), model.blockedByUnitsOf);
    // A hostile unit moving where lines were blocked already (within their zones) leaves them as they were: the
    // latest net from the same sources, ports and neutrals holds while the same locations block.
    const latest = kept(tx.rules, 'supply-trace-latest', newMap<string, { blocked: Uint8Array; net: SupplyNet }>);
    const key = `${held}|${ports}|${neutral?.key ?? ''}`;
    const known = latest.get(key);
    if (known && sameMarks(known.blocked, blocked)) return known.net;
    return tx.keeping(
      () => trace(tx, model, held ? held.split(' ') : [], ports, blocked, neutral?.mask),
      (net) => latest.set(key, { blocked, net }),
    );
  });
}

const sameMarks = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The neutral countries a power's lines may not enter, where the model bars them (see neutralGround). */
const neutralsBarring = (tx: Tx, model: SupplyModel, power: string) => (model.blockedByNeutrals ? neutralGround(tx, power) : undefined);

/**
 * A breadth-first trace from the sources, through no location `blocked` (hostile units, and hostile zones
 * that count) but the last, nor over land through one `landBlocked` (the neutrals barred: a line by sea
 * passes their coasts), changing medium at the friendly ports (`ports`, a heldPorts key).
 * A line ends at a blocked source only where the model does not block sources (blockedAtSources); a unit
 * standing on one traces to it either way.
 */
function trace(tx: Tx, model: SupplyModel, held: readonly LocKey[], ports: string, blocked: Uint8Array, landBlocked?: Uint8Array): SupplyNet {
  const g = graphOf(tx.rules);
  const sources = marks(g, held);
  const max = model.maxLength === 'unlimited' ? Infinity : model.maxLength === undefined ? missing(tx, joinPointer(SUPPLY, 'maxLength'), 'longest supply path', 'count') : cited(tx, model.maxLength, joinPointer(SUPPLY, 'maxLength'), 'longest supply path', 'count');
  const atPort = kept(tx.rules, `supply-ports:${ports}`, () => marks(g, ports ? ports.split(' ') : []));
  const n = g.keys.length;
  const land = new Uint8Array(n);
  const sea = new Uint8Array(n);
  // One queue of (location, medium) entries, 2i for land and 2i + 1 for sea, taken a ring (a step) at a time; traces never nest, so one serves them all.
  const queue = kept(tx.rules, 'supply-queue', () => new Int32Array(2 * n));
  const landward = stepsOver(tx.rules, 'land');
  const seaward = stepsOver(tx.rules, 'sea');
  // A line ends at a source its side holds whatever blocks it there, unless the model blocks sources too.
  const sourcesOpen = model.blockedAtSources !== true;
  let tail = 0;
  for (let i = 0; i < n; i++) {
    if (!sources[i]) continue;
    if (landward.fits[i]) (land[i] = 1), (queue[tail++] = 2 * i);
    if (seaward.fits[i]) (sea[i] = 1), (queue[tail++] = 2 * i + 1);
  }
  for (let head = 0, d = 0; d < (max ?? Infinity) && head < tail; d++) {
    for (const ring = tail; head < ring; head++) {
      const at = queue[head] >> 1;
      const onSea = (queue[head] & 1) === 1;
      // A line changes medium at a port: reached over one, the port is reached over the other too (a unit in
      // an island port), even where the line may only leave it (a fleet in a port in a hostile zone).
      if (atPort[at]) {
        if (landward.fits[at]) land[at] = 1;
        if (seaward.fits[at]) sea[at] = 1;
      }
      if ((blocked[at] || (!onSea && landBlocked?.[at])) && !(sourcesOpen && sources[at])) continue;
      if (onSea || atPort[at]) {
        const { first, to } = seaward;
        for (let e = first[at], end = first[at + 1]; e < end; e++) if (!sea[to[e]]) (sea[to[e]] = 1), (queue[tail++] = 2 * to[e] + 1);
      }
      if (!onSea || atPort[at]) {
        const { first, to } = landward;
        for (let e = first[at], end = first[at + 1]; e < end; e++) if (!land[to[e]]) (land[to[e]] = 1), (queue[tail++] = 2 * to[e]);
      }
    }
  }
  return { graph: g, land, sea };
}

/** Supply nets by power, traced once per camp and sources (a net depends on the power only through them); for a moment when the state does not change. */
export function supplyNets(tx: Tx): (power: string) => SupplyNet | undefined {
  const nets = new Map<string, SupplyNet | undefined>();
  const model = tx.rules.r.mechanics?.supply;
  return (power) => {
    const key = `${camp(tx.s, power)}|${model ? `${heldSources(tx, model, power)}|${heldPorts(tx, model, power)}` : ''}`;
    if (!nets.has(key)) nets.set(key, supplyNet(tx, power));
    return nets.get(key);
  };
}

/**
 * Whether a party's powers (a side's, or a power on none) trace supply over land from a location, but for the
 * power `except` (a conquered power, whose own capital is no source of its liberation): each power's net traced
 * once (always, without a supply model).
 */
export function tracedByParty(tx: Tx, party: string, except?: string): (at: LocKey) => boolean {
  if (!tx.rules.r.mechanics?.supply) return () => true;
  const nets = tx.rules.powers.filter((p) => p !== except && (sideOf(tx.s, p) ?? p) === party).map((p) => supplyNet(tx, p)!);
  return (at) => nets.some((net) => tracesSupply(net, at, 'land'));
}

export function tracesSupply(net: SupplyNet, at: LocKey, medium: Medium = 'land'): boolean {
  const i = net.graph.index.get(at);
  return i !== undefined && (medium === 'sea' ? net.sea : net.land)[i] === 1;
}

/**
 * Whether a unit traces supply to some locations its camp holds instead of to its own sources, through
 * what blocks any supply line (true without a supply model).
 */
export function tracesTo(tx: Tx, u: UnitState, sources: readonly LocKey[]): boolean {
  const model = tx.rules.r.mechanics?.supply;
  if (!model) return true;
  const party = sideOf(tx.s, u.power) ?? u.power;
  const held = sources.filter((at) => controls(tx.s, at, party));
  // A unit on a source traces to it, whatever medium it traces over.
  return held.includes(u.at) || tracesSupply(netOpenedOrNot(tx, u.power, model, held.join(' '), model.openedByFriendly === true), u.at, mediumOf(tx.rules, u));
}

/** Whether the supply procedure traces a unit: one that needs supply, on the board's hexes or areas, or in a box where the model makes its supply depend on a condition. */
export const traced = (tx: Tx, u: UnitState) => needsSupply(tx.rules, u) && (u.at.startsWith('hex:') || u.at.startsWith('area:') || boxRule(tx, u) !== undefined);

/** The model's rule on a unit's supply in the off-map box where it stands (the first naming it), with where the rule's condition stands. */
function boxRule(tx: Tx, u: UnitState) {
  if (!u.at.startsWith('box:')) return undefined;
  const rules = tx.rules.r.mechanics?.supply?.inBoxes ?? [];
  const k = rules.findIndex((b) => (!b.sides || b.sides.includes(sideOf(tx.s, u.power) ?? '')) && (!b.kinds || b.kinds.includes(unitType(tx.rules, u)?.kind ?? '')));
  return k < 0 ? undefined : { rule: rules[k], pointer: joinPointer(SUPPLY, 'inBoxes', k, 'while') };
}

/** Whether a unit in a box the model has a rule on is in supply by that rule's condition; undefined for any other unit. */
function boxSupplied(tx: Tx, u: UnitState): boolean | undefined {
  const box = boxRule(tx, u);
  return box && test(tx, box.rule.while, box.pointer);
}

/** The medium a unit traces supply over: fleets by sea, others by land. */
const mediumOf = (rules: Rules, u: UnitState): Medium => (classOf(rules, u) === 'naval' ? 'sea' : 'land');

/**
 * Whether a unit traces supply now (true without a supply model); its camp's net is found once per
 * transaction that does not change the state. A unit that reaches no located source, while some of its
 * sources are located nowhere, is in supply as the tester rules for its power (undefined while probing
 * before a ruling).
 */
export function inSupply(tx: Tx, u: UnitState): boolean | undefined {
  const model = tx.rules.r.mechanics?.supply;
  if (!model) return true;
  const boxed = boxSupplied(tx, u);
  if (boxed !== undefined) return boxed;
  const held = heldSources(tx, model, u.power);
  const key = `${camp(tx.s, u.power)}|${held}|${heldPorts(tx, model, u.power)}`;
  const medium = mediumOf(tx.rules, u);
  // Friendly units only ever open zones: a unit that traces supply as if none did traces it (a net kept while the hostile units stand).
  if (model.openedByFriendly && tracesSupply(tx.derived(`supply-net-unopened:${key}`, () => netOpenedOrNot(tx, u.power, model, held, false)), u.at, medium)) return true;
  const net = tx.derived(`supply-net:${key}`, () => supplyNet(tx, u.power));
  if (!net || tracesSupply(net, u.at, medium)) return true;
  return unlocatedSources(tx, model, u.power).length ? ruledSupplied(tx, model, u.power) : false;
}

/**
 * Whether a power's units that reach no located source are in supply, as the tester rules: they might
 * trace to a source the data puts nowhere. One question for the power, which a ruling answers for the
 * rest of the game; undefined while probing before it is answered.
 */
function ruledSupplied(tx: Tx, model: SupplyModel, power: string): boolean | undefined {
  const nowhere = unlocatedSources(tx, model, power);
  const party = tx.rules.party(power);
  const noCapital = namesNoCapital(tx, model, power);
  const why = noCapital ? `Their own capital is their source, and the data names none for ${party}` : `They might trace to ${placeNames(tx, nowhere).join(' or ')}, which the data locates nowhere`;
  const answer = tx.ask({
    key: `supply-unlocated:${power}`,
    text: `Are ${possessive(party)} units that reach no source on the map in supply? ${why} ("yes" or "no")`,
    pointer: noCapital ? joinPointer(SUPPLY, 'ownCapital') : joinPointer('/map/places', nowhere[0]),
    expects: 'text',
    choices: ['yes', 'no'],
    rememberable: true,
  });
  return answer === undefined ? undefined : answer === 'yes';
}

/**
 * Whether the model traces a power's units to its own capital and the data names none: any place of the
 * model's kinds then serves, but the capital missing is what the tester rules on, not the other powers'
 * capitals the data puts nowhere.
 */
function namesNoCapital(tx: Tx, model: SupplyModel, power: string): boolean {
  const capital = tx.rules.r.powers?.[power]?.capital;
  return model.ownCapital === true && !model.sourcesByPower?.[power] && (capital == null || (Array.isArray(capital) && !capital.length));
}

/** Places by their names (their ids where they have none). */
const placeNames = (tx: Tx, ids: readonly string[]) => ids.map((id) => tx.rules.r.map?.places?.[id]?.name ?? id);

const OUT_OF_SUPPLY = joinPointer(SUPPLY, 'outOfSupply');

/** Whether a unit fights, or begins to move, at half its factors now: of a class the model halves out of supply, and out of it (undefined while probing before the tester rules on its supply). */
export function halvedNow(tx: Tx, u: UnitState): boolean | undefined {
  const classes = tx.rules.r.mechanics?.supply?.outOfSupply?.halved;
  if (!classes?.includes(classOf(tx.rules, u)) || !traced(tx, u)) return false;
  const supplied = inSupply(tx, u);
  return supplied === undefined ? undefined : !supplied;
}

/** A factor as a unit out of supply has it, when the model halves its class: half, dropping fractions. */
export const halvedIf = (halved: boolean | undefined, n: number) => (halved ? Math.floor(n / 2) : n);

/** Says which of the units fighting are out of supply and fight at half their factors, and why they trace none (those with the same reason together). */
export function emitHalved(tx: Tx, units: readonly UnitState[]) {
  const halved = units.filter((u) => halvedNow(tx, u));
  if (!halved.length) return;
  tx.emit(() => {
    const byWhy = new Map<string, string[]>();
    for (const u of halved) {
      const why = whyOut(tx, tx.rules.r.mechanics!.supply!, u);
      byWhy.set(why, [...(byWhy.get(why) ?? []), u.id]);
    }
    const told = [...byWhy].map(([why, ids]) => `${unitLabels(tx, ids)} ${ids.length === 1 ? 'fights at half its' : 'fight at half their'} factors: ${why}`);
    return { kind: 'supply', units: halved.map((u) => u.id), supplied: false, cite: tx.rules.cite(OUT_OF_SUPPLY), text: `Out of supply, ${told.join('; ')}` };
  });
}

/** Whether the supply procedure checks a unit: one it traces, of a class the model's `checked` names, of a power in none of the statuses it excepts. */
function checkedNow(tx: Tx, model: SupplyModel, u: UnitState): boolean {
  const { classes, exceptStatuses } = model.checked ?? {};
  if (classes && !classes.includes(classOf(tx.rules, u))) return false;
  return !exceptStatuses?.includes(tx.s.powers[u.power]?.status ?? '') && traced(tx, u);
}

/**
 * Why a unit traces no supply, for its event (worked out only when explaining): its box's rule does not
 * hold, its side holds none of its sources, or hostile zones of control bar every line that hostile units
 * alone would leave open, or no line leads there at all.
 */
function whyOut(tx: Tx, model: SupplyModel, u: UnitState): string {
  const box = boxRule(tx, u);
  if (box) return `in an off-map box it is in supply only while the condition of rule ${box.rule.source.rule ?? `at ${box.pointer}`} holds, which it does not`;
  const nowhere = unlocatedSources(tx, model, u.power);
  if (nowhere.length) return `it reaches no source on the map, and the tester ruled ${possessive(tx.rules.party(u.power))} units that reach none out of supply (${namesNoCapital(tx, model, u.power) ? `the data names no capital for ${tx.rules.party(u.power)}` : `the data locates ${placeNames(tx, nowhere).join(' and ')} nowhere`})`;
  const held = heldSources(tx, model, u.power);
  const named = (keys: readonly LocKey[]) => keys.map((at) => tx.rules.label(at)).join(', ') || 'none named';
  if (!held) return `${tx.rules.party(sideOf(tx.s, u.power) ?? u.power)} holds none of its sources (${named(sourcesOf(tx, model, u.power))})`;
  const sources = held.split(' ');
  // Traced once for the units of a camp and sources, as the nets are: many units may be out of supply at once.
  const ports = heldPorts(tx, model, u.power);
  const neutral = neutralsBarring(tx, model, u.power);
  const unzoned = hostileView(tx, u.power).kept(tx, `supply-net-unzoned:${held}|${ports}|${neutral?.key ?? ''}`, () => trace(tx, model, sources, ports, hostileHeld(tx, u.power, undefined, model.blockedByUnitsOf), neutral?.mask));
  if (tracesSupply(unzoned, u.at, mediumOf(tx.rules, u))) return `hostile zones of control bar every line to ${named(sources)}`;
  const limited = model.maxLength !== undefined && model.maxLength !== 'unlimited';
  return `no line${limited ? ' within the longest path' : ''} leads to ${named(sources)} through locations free of hostile units${neutral ? ' and outside neutral countries' : ''}${model.changeMediumAt ? `, changing between land and sea only at a friendly ${model.changeMediumAt}` : ''}`;
}

/** The supply procedure: marks each unit of the given powers it checks in or out of supply; those of the classes the model reduces out of supply lose a step. */
export function checkSupply(tx: Tx, which: (power: string) => boolean) {
  const model = tx.rules.r.mechanics?.supply;
  if (!model) return;
  if (!model.sources?.length) return void openTask(tx, 'the supply model names no sources: trace supply by hand', joinPointer(SUPPLY, 'sources'));
  const netOf = supplyNets(tx);
  const good: string[] = [];
  const out: UnitState[] = [];
  for (const u of unitList(tx.s)) {
    if (!which(u.power) || !checkedNow(tx, model, u)) continue;
    const boxed = boxSupplied(tx, u);
    let supplied = boxed ?? tracesSupply(netOf(u.power)!, u.at, mediumOf(tx.rules, u));
    // Reaching no located source while some are located nowhere: as the tester rules for the power (asked once).
    if (!supplied && boxed === undefined && unlocatedSources(tx, model, u.power).length) supplied = ruledSupplied(tx, model, u.power) === true;
    u.supplied = supplied;
    if (supplied) good.push(u.id);
    else out.push(u);
  }
  for (const u of out) tx.emit(() => ({ kind: 'supply', units: [u.id], supplied: false, cite: tx.rules.cite(SUPPLY), text: `${unitLabel(tx.rules, u)} at ${tx.rules.label(u.at)} is out of supply: ${whyOut(tx, model, u)}` }));
  tx.emit(() => ({ kind: 'supply', units: good, supplied: true, cite: tx.rules.cite(SUPPLY), text: `Supply traced: ${counted(good.length, 'unit')} in supply, ${out.length} out` }));
  const reduced = model.outOfSupply?.reduced;
  if (reduced) for (const u of out) if (reduced.includes(classOf(tx.rules, u))) hit(tx, u, true, tx.rules.cite(OUT_OF_SUPPLY));
}
