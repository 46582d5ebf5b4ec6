// Cross-references between the parts of a ruleset: every id used must be declared.
import { joinPointer } from '../json/pointer';
import { noun, possessive } from '../words';
import { buildColumn } from '../tables/costs';
import { checkHexes, entries, items, strings, suggest, type LintContext } from './context';
import { isRecord, type Rec } from '../json/record';
import { lintCondition, lintConstraint, lintEffect, lintLocation, lintNumber, lintUnitSpec } from './expressions';
import { terrainBar } from '../game/terrain-bar';
import { AUTOMATED_COMBAT } from '../game/combat/models';
import { locate, placeLocation, type Located } from '../game/located';
import { clock } from '../game/calendar';
import { calendarRange, calendarShaped, turnShaped } from './calendar-range';
import { rollsDice } from '../game/expressions';
import type { Place, ResolvedRuleset, Scenario, TurnRef } from '../generated/schema-types';

const SETUP_UNIT = 'setup-unit-unknown';
const ACTORS = new Set(['both', 'each-side', 'each-power']);
const PROCEDURES_FROM_MECHANICS = new Set(['movement', 'zoc', 'stacking', 'income', 'production', 'supply']);

export function lintManifest(ctx: LintContext) {
  const { r } = ctx;
  for (const [id, status] of entries(r.statuses)) {
    if (isRecord(status.frozen)) ctx.refs(`/statuses/${id}/frozen/powers`, status.frozen.powers, ctx.powers, 'power');
  }
  for (const [id, power] of entries(r.powers)) {
    const p = `/powers/${id}`;
    if (power.side !== null) ctx.ref(`${p}/side`, power.side, ctx.sides, 'side');
    if (power.controlledBy !== undefined) ctx.ref(`${p}/controlledBy`, power.controlledBy, ctx.sides, 'side');
    if (power.status !== undefined) ctx.ref(`${p}/status`, power.status, ctx.statuses, 'status');
    ctx.refs(`${p}/countries`, power.countries, ctx.countries, 'country');
    if (typeof power.capital === 'string') ctx.ref(`${p}/capital`, power.capital, ctx.places, 'place');
    else if (power.capital !== undefined) ctx.refs(`${p}/capital`, power.capital, ctx.places, 'place');
  }
  items(r.relations).forEach((rel, i) => {
    (Array.isArray(rel.between) ? rel.between : []).forEach((x, j) => ctx.party(`/relations/${i}/between/${j}`, x));
    ctx.ref(`/relations/${i}/state`, rel.state, ctx.relationStates, 'relation state');
  });
}

export function lintUnits(ctx: LintContext) {
  for (const [id, type] of entries(ctx.r.unitTypes)) {
    for (const key of ['cost', 'upgradeCost']) {
      for (const resource of Object.keys(isRecord(type[key]) ? (type[key] as Rec) : {})) {
        ctx.ref(`/unitTypes/${id}/${key}/${resource}`, resource, ctx.resources, 'resource');
      }
    }
    lintPrinted(ctx, `/unitTypes/${id}`, type);
    lintReducedFactors(ctx, id, type);
  }
  for (const [id, unit] of entries(ctx.r.roster)) {
    ctx.ref(`/roster/${id}/power`, unit.power, ctx.powers, 'power');
    ctx.ref(`/roster/${id}/type`, unit.type, ctx.unitTypes, 'unit type');
    if (unit.placeRestriction !== undefined) ctx.ref(`/roster/${id}/placeRestriction`, unit.placeRestriction, ctx.places, 'place');
    lintPrinted(ctx, `/roster/${id}`, unit);
  }
}

/**
 * A unit type of several steps whose factors have no reduced value (nor a gap for one), unless every unit of it on
 * the roster gives its own: a test game asks for them once such a unit is reduced, and bots stop there.
 */
function lintReducedFactors(ctx: LintContext, id: string, type: Rec) {
  if (typeof type.steps !== 'number' || type.steps < 2 || !isRecord(type.factors)) return;
  const reduced = isRecord(type.reducedFactors) ? type.reducedFactors : {};
  const own = entries(ctx.r.roster).filter(([, u]) => u.type === id);
  const missing = Object.keys(type.factors).filter((f) => reduced[f] === undefined && !(own.length && own.every(([, u]) => isRecord(u.reducedFactors) && u.reducedFactors[f] !== undefined)));
  if (!missing.length) return;
  const name = typeof type.name === 'string' ? type.name : id;
  ctx.add(`/unitTypes/${id}`, 'warning', 'no-reduced-factors', `${name} has ${type.steps} steps but no reduced ${missing.join(', ')} ${noun(missing.length, 'factor')} (reducedFactors): a test game asks for ${missing.length > 1 ? 'them' : 'it'} once one of its units is reduced, and bots stop there; give ${missing.length > 1 ? 'them' : 'it'}, or a gap`);
}

/** What a counter prints counts something (a factor, an allowance, a cost), so it is never below zero. */
function lintPrinted(ctx: LintContext, pointer: string, unit: Rec) {
  const below = (at: string, what: string, v: unknown) => {
    const n = isRecord(v) ? v.value : v;
    if (typeof n === 'number' && n < 0) ctx.add(at, 'error', 'bad-value', `${what} ${n} is below zero`);
  };
  for (const key of ['movement', 'range', 'capacity']) below(`${pointer}/${key}`, key, unit[key]);
  const named: Record<string, (name: string) => string> = { factors: (f) => f, reducedFactors: (f) => `reduced ${f}`, cost: (r) => `cost in ${r}`, upgradeCost: (r) => `upgrade cost in ${r}` };
  for (const [key, what] of Object.entries(named)) {
    for (const [name, v] of Object.entries(isRecord(unit[key]) ? unit[key] : {})) below(joinPointer(pointer, key, name), what(name), v);
  }
}

/** A unit set up where its class may not stand by terrain (a land unit at sea, a fleet on land): play would keep it there, unable to be placed or move there. */
function lintStanding(ctx: LintContext, pointer: string, pl: Rec) {
  const type = typeof pl.unit === 'string' && isRecord(ctx.r.roster) && isRecord(ctx.r.roster[pl.unit]) ? (ctx.r.roster[pl.unit] as Rec).type : pl.type;
  const unitType = typeof type === 'string' && isRecord(ctx.r.unitTypes) ? ctx.r.unitTypes[type] : undefined;
  const cls = isRecord(unitType) ? unitType.class : undefined;
  const spot = isRecord(pl.location) ? spotOf(ctx, pl.location) : undefined;
  // Terrain the data does not give is a gap, reported as one; terrain of the wrong shape, the schema reports.
  if (typeof cls !== 'string' || !spot || (spot.terrain === undefined && spot.medium === undefined) || (spot.terrain !== undefined && typeof spot.terrain !== 'string')) return;
  const movement = isRecord(ctx.r.mechanics) && isRecord(ctx.r.mechanics.movement) ? ctx.r.mechanics.movement : {};
  const classes = isRecord(movement.classes) && isRecord(movement.classes[cls]) ? (movement.classes[cls] as Rec) : {};
  const bar = terrainBar(cls, spot.terrain, spot.medium, Array.isArray(classes.entersTerrain) ? strings(classes.entersTerrain) : undefined);
  if (!bar) return;
  const why = bar === 'not-entered' ? `${spot.terrain ?? 'unmarked'} terrain, which ${cls} units do not enter (mechanics.movement.classes.${cls}.entersTerrain)` : `${spot.terrain ?? 'unmarked'} terrain, which is ${bar}`;
  ctx.add(pointer, 'error', 'bad-location', `a ${cls} unit (${String(pl.unit ?? type)}) may not stand at ${spot.label}: ${why}`);
}

/**
 * A unit set up where units of another camp (another side, or a power on none) are set up: a game would
 * begin with hostile units sharing a location, a battle no step fights. `camps` holds, by location, the
 * first placement's camp and power.
 */
function lintHostileStack(ctx: LintContext, pointer: string, pl: Rec, camps: Map<string, { camp: string; power: string }>) {
  const spot = isRecord(pl.location) ? spotOf(ctx, pl.location) : undefined;
  if (!spot || typeof pl.power !== 'string' || !isRecord(ctx.r.powers) || !isRecord(ctx.r.powers[pl.power])) return;
  const side = (ctx.r.powers[pl.power] as Rec).side;
  const camp = typeof side === 'string' ? side : `power:${pl.power}`;
  const first = camps.get(spot.at);
  if (!first) return void camps.set(spot.at, { camp, power: pl.power });
  if (first.camp !== camp) ctx.add(pointer, 'warning', 'hostile-setup', `a ${powerName(ctx, pl.power)} unit (${String(pl.unit ?? pl.type)}) is set up at ${spot.label} with ${possessive(powerName(ctx, first.power))} units, which are hostile to it: the game would begin with hostile units sharing a location`);
}

/** A power by its name, as people read it (its id where it has none). */
function powerName(ctx: LintContext, power: string): string {
  const n = isRecord(ctx.r.powers) && isRecord(ctx.r.powers[power]) ? (ctx.r.powers[power] as Rec).name : undefined;
  return typeof n === 'string' ? n : power;
}

/** A set-up location on the board, named for people, with what the map says is there, as play reads it; undefined off the board. */
function spotOf(ctx: LintContext, loc: Rec): ({ label: string; at: string } & Located) | undefined {
  const map = ctx.r.map as ResolvedRuleset['map'];
  const place = typeof loc.place === 'string' && isRecord(ctx.map.places) && isRecord(ctx.map.places[loc.place]) ? (ctx.map.places[loc.place] as Pick<Place, 'hex' | 'area'>) : undefined;
  const at = typeof loc.hex === 'string' ? `hex:${loc.hex}` : typeof loc.area === 'string' ? `area:${loc.area}` : place && placeLocation(map, place);
  if (!at) return undefined;
  const where = at.replace(':', ' ');
  return { label: place ? `${String(loc.place)} (${where})` : where, at, ...locate(map, at) };
}

export function lintScenarios(ctx: LintContext) {
  const roster = isRecord(ctx.r.roster) ? ctx.r.roster : {};
  for (const [id, s] of entries(ctx.r.scenarios)) {
    const p = `/scenarios/${id}`;
    if (turnShaped(s.start) && turnShaped(s.end, true) && calendarShaped(ctx.r.calendar) && clock(ctx.r as unknown as ResolvedRuleset, s as unknown as Scenario).last === undefined) {
      ctx.add(p, 'warning', 'no-last-turn', `scenario "${id}" has no last turn (its end, or the calendar's last turn or number of turns): a game ends only when a victory level is reached, and bot games that reach none stop at their action limit`);
    }
    lintScenarioTurns(ctx, id, s);
    if (s.firstSide !== undefined) ctx.ref(`${p}/firstSide`, s.firstSide, ctx.sides, 'side');
    ctx.refs(`${p}/setupOrder`, s.setupOrder, ctx.powers, 'power');
    const placed = new Map<string, string>();
    const camps = new Map<string, { camp: string; power: string }>();
    items(s.placements).forEach((pl, i) => {
      const pp = `${p}/placements/${i}`;
      ctx.ref(`${pp}/power`, pl.power, ctx.powers, 'power');
      lintUnitSpec(ctx, pp, pl, SETUP_UNIT);
      lintLocation(ctx, `${pp}/location`, pl.location);
      lintStanding(ctx, `${pp}/location`, pl);
      lintHostileStack(ctx, `${pp}/location`, pl, camps);
      if (typeof pl.unit === 'string') {
        const unit = roster[pl.unit];
        if (isRecord(unit) && typeof unit.power === 'string' && typeof pl.power === 'string' && unit.power !== pl.power) {
          ctx.add(`${pp}/power`, 'error', 'setup-power-mismatch', `unit "${pl.unit}" belongs to "${unit.power}", not "${pl.power}"`);
        }
        const first = placed.get(pl.unit);
        if (first) ctx.add(`${pp}/unit`, 'error', 'duplicate-id', `unit "${pl.unit}" is already placed at ${first}`);
        else placed.set(pl.unit, pp);
      }
    });
    for (const [power, pool] of Object.entries(isRecord(s.forcePools) ? s.forcePools : {})) {
      ctx.ref(`${p}/forcePools/${power}`, power, ctx.powers, 'power');
      items(pool).forEach((e, i) => {
        lintUnitSpec(ctx, `${p}/forcePools/${power}/${i}`, e, SETUP_UNIT);
        if (typeof e.unit === 'string' && placed.has(e.unit)) ctx.add(`${p}/forcePools/${power}/${i}/unit`, 'error', 'duplicate-id', `unit "${e.unit}" is both placed (${placed.get(e.unit)}) and in the force pool`);
      });
    }
    items(s.reinforcements).forEach((rf, i) => {
      const rp = `${p}/reinforcements/${i}`;
      if (isRecord(rf.turn)) lintTurnInPlay(ctx, `${rp}/turn`, rf.turn, 'the units never arrive', id);
      ctx.ref(`${rp}/power`, rf.power, ctx.powers, 'power');
      items(rf.units).forEach((u, j) => lintUnitSpec(ctx, `${rp}/units/${j}`, u, SETUP_UNIT));
      if (rf.to !== 'force-pool') lintLocation(ctx, `${rp}/to`, rf.to);
    });
    for (const [power, stock] of Object.entries(isRecord(s.economy) ? s.economy : {})) {
      ctx.ref(`${p}/economy/${power}`, power, ctx.powers, 'power');
      for (const [resource, v] of Object.entries(isRecord(stock) ? stock : {})) {
        ctx.ref(`${p}/economy/${power}/${resource}`, resource, ctx.resources, 'resource');
        const n = isRecord(v) ? v.value : v;
        if (typeof n === 'number' && n < 0) ctx.add(`${p}/economy/${power}/${resource}`, 'error', 'bad-value', `${possessive(powerName(ctx, power))} starting ${resource} ${n} is below zero`);
      }
    }
    for (const [power, status] of Object.entries(isRecord(s.statuses) ? s.statuses : {})) {
      ctx.ref(`${p}/statuses/${power}`, power, ctx.powers, 'power');
      ctx.ref(`${p}/statuses/${power}`, status, ctx.statuses, 'status');
    }
    for (const track of Object.keys(isRecord(s.tracks) ? s.tracks : {})) ctx.ref(`${p}/tracks/${track}`, track, ctx.tracks, 'track');
    items(s.control).forEach((c, i) => {
      const cp = `${p}/control/${i}`;
      ctx.party(`${cp}/by`, c.by);
      ctx.refs(`${cp}/countries`, c.countries, ctx.countries, 'country');
      ctx.refs(`${cp}/places`, c.places, ctx.places, 'place');
      ctx.refs(`${cp}/areas`, c.areas, ctx.areas, 'area');
    });
    items(s.relations).forEach((rel, i) => ctx.ref(`${p}/relations/${i}/state`, rel.state, ctx.relationStates, 'relation state'));
  }
}

function actor(ctx: LintContext, pointer: string, value: unknown) {
  if (typeof value === 'string' && !ACTORS.has(value)) ctx.party(pointer, value);
}

export function lintSequence(ctx: LintContext) {
  const seq = isRecord(ctx.r.sequence) ? ctx.r.sequence : {};
  const mechanics = isRecord(ctx.r.mechanics) ? ctx.r.mechanics : {};
  const seen = new Map<string, string>();
  const unique = (pointer: string, id: unknown) => {
    if (typeof id !== 'string') return;
    const first = seen.get(id);
    if (first) ctx.add(pointer, 'error', 'duplicate-id', `id "${id}" is already used at ${first}`);
    else seen.set(id, pointer);
  };
  items(seq.phases).forEach((phase, i) => {
    const pp = `/sequence/phases/${i}`;
    unique(`${pp}/id`, phase.id);
    actor(ctx, `${pp}/actor`, phase.actor);
    strings(phase.order).forEach((o, k) => ctx.party(`${pp}/order/${k}`, o));
    lintCondition(ctx, `${pp}/skip`, phase.skip);
    items(phase.steps).forEach((step, j) => {
      const sp = `${pp}/steps/${j}`;
      unique(`${sp}/id`, step.id);
      actor(ctx, `${sp}/actor`, step.actor);
      strings(step.order).forEach((o, k) => ctx.party(`${sp}/order/${k}`, o));
      lintCondition(ctx, `${sp}/skip`, step.skip);
      const proc = step.procedure;
      strings(step.combats).forEach((c, k) => ctx.ref(`${sp}/combats/${k}`, c, ctx.combats, 'combat'));
      if (isRecord(step.attackAgain)) ctx.refs(`${sp}/attackAgain/after`, step.attackAgain.after, ctx.steps, 'phase or step');
      if (typeof proc === 'string' && proc.startsWith('combat.')) ctx.ref(`${sp}/procedure`, proc.slice(7), ctx.combats, 'combat procedure');
      else if (typeof proc === 'string' && PROCEDURES_FROM_MECHANICS.has(proc) && mechanics[proc === 'income' ? 'production' : proc] === undefined) {
        ctx.add(`${sp}/procedure`, 'error', 'dangling-ref', `procedure "${proc}" has no model in the manifest's mechanics${proc === 'income' ? ' (income is counted by the production model)' : ''}`);
      }
    });
  });
}

export function lintVictory(ctx: LintContext) {
  const own = entries(ctx.r.scenarios).filter(([, sc]) => isRecord(sc.victory));
  const shared = isRecord(ctx.r.victory) ? ctx.r.victory : {};
  // A scenario without conditions of its own plays the ruleset's.
  const playing = entries(ctx.r.scenarios).length > own.length;
  if (!items(shared.levels).length && isRecord(ctx.r.sequence) && (playing || !own.length)) {
    ctx.add(isRecord(ctx.r.victory) ? '/victory' : '/documents', 'warning', 'no-victory', `the ruleset names no victory level${own.length ? ' for the scenarios without their own' : ''}: a test game never ends with a winner, and the balance lab has no outcome to count`);
  }
  lintVictoryAt(ctx, shared, '/victory');
  for (const [id, sc] of own) lintVictoryAt(ctx, sc.victory as Rec, `/scenarios/${id}/victory`, id);
}

/** One set of victory conditions: the ruleset's, or a scenario's own (`only`: the scenario whose turns its checks must fall in). */
function lintVictoryAt(ctx: LintContext, v: Rec, base: string, only?: string) {
  // Each level's id, with the first level using it.
  const seen = new Map<string, number>();
  items(v.levels).forEach((level, i) => {
    const lp = `${base}/levels/${i}`;
    if (typeof level.id === 'string') {
      const first = seen.get(level.id);
      if (first !== undefined) ctx.add(`${lp}/id`, 'error', 'duplicate-id', `level id "${level.id}" is used twice: the level at ${base}/levels/${first} has it too`);
      else seen.set(level.id, i);
    }
    if (level.side !== undefined) ctx.ref(`${lp}/side`, level.side, ctx.sides, 'side');
    lintCondition(ctx, `${lp}/condition`, level.condition);
  });
  const levels = new Set(seen.keys());
  items(v.checks).forEach((check, i) => {
    if (isRecord(check.turn)) lintTurnInPlay(ctx, `${base}/checks/${i}/turn`, check.turn, 'the check never comes', only);
    ctx.refs(`${base}/checks/${i}/levels`, check.levels, levels, 'victory level');
  });
}

/**
 * A scenario's start after its end, or its start or end outside the calendar: a game would begin past its
 * last turn ("Turn 44 of 23"), or on a turn the calendar does not have.
 */
function lintScenarioTurns(ctx: LintContext, id: string, s: Rec) {
  const range = calendarRange(ctx.r as Partial<ResolvedRuleset>, s);
  if (!range) return;
  const { clock: c, named } = range;
  const start = c.index(s.start as TurnRef);
  const end = isRecord(s.end) ? c.index(s.end as TurnRef) : undefined;
  if (start !== undefined && end !== undefined && start > end) {
    ctx.add(`/scenarios/${id}/start`, 'error', 'scenario-turns', `scenario "${id}" starts ${named(start)}, after its end, ${named(end)}`);
  }
  if (range.text === undefined) return;
  for (const [key, turn] of [['start', start], ['end', end]] as const) {
    if (turn === undefined || range.holds(turn)) continue;
    ctx.add(`/scenarios/${id}/${key}`, 'error', 'scenario-turns', `scenario "${id}" ${key === 'start' ? 'starts' : 'ends'} ${named(turn)}, outside the ruleset's calendar (${range.text})`);
  }
}

/** A turn named for something to happen that no scenario plays (past its end, or before its start): a warning, as a scenario may be longer than another. */
function lintTurnInPlay(ctx: LintContext, pointer: string, turn: Rec, consequence: string, only?: string) {
  const ruleset = ctx.r as unknown as ResolvedRuleset;
  if (!turnShaped(turn) || !calendarShaped(ctx.r.calendar)) return;
  const played: string[] = [];
  for (const [id, scenario] of entries(ctx.r.scenarios)) {
    if ((only !== undefined && id !== only) || !turnShaped(scenario.start) || !turnShaped(scenario.end, true)) continue;
    const c = clock(ruleset, scenario as unknown as Scenario);
    const at = c.index(turn as TurnRef);
    if (at === undefined) return;
    if (at >= c.start && (c.last === undefined || at <= c.last)) return;
    played.push(`${id} plays ${c.label(c.start)}${c.last !== undefined ? ` to ${c.label(c.last)}` : ' on'}`);
  }
  if (played.length) ctx.add(pointer, 'warning', 'turn-not-played', `no scenario plays this turn, so ${consequence} (${played.join('; ')})`);
}

export function lintRules(ctx: LintContext) {
  const { r } = ctx;
  for (const [id, t] of entries(r.triggers)) {
    const tp = `/triggers/${id}`;
    items(t.on).forEach((ev, i) => {
      const ep = `${tp}/on/${i}`;
      if (ev.phase !== undefined) ctx.ref(`${ep}/phase`, ev.phase, ctx.steps, 'phase or step', 'expression-unknown');
      ctx.refs(`${ep}/places`, ev.places, ctx.places, 'place', 'expression-unknown');
      ctx.refs(`${ep}/countries`, ev.countries, ctx.countries, 'country', 'expression-unknown');
      ctx.refs(`${ep}/notCountries`, ev.notCountries, ctx.countries, 'country', 'expression-unknown');
      ctx.refs(`${ep}/ofStatuses`, ev.ofStatuses, ctx.statuses, 'status', 'expression-unknown');
      if (ev.by !== undefined) ctx.party(`${ep}/by`, ev.by, 'expression-unknown');
    });
    lintCondition(ctx, `${tp}/condition`, t.condition);
    items(t.effects).forEach((e, i) => lintEffect(ctx, `${tp}/effects/${i}`, e));
  }
  for (const [id, rule] of entries(r.specialRules)) {
    ctx.refs(`/specialRules/${id}/appliesIn`, rule.appliesIn, ctx.steps, 'phase or step');
    lintCondition(ctx, `/specialRules/${id}/while`, rule.while);
  }
}

/** A unit type of a moving class that prints nothing of what its class moves by: every move would ask for it. */
function lintAllowances(ctx: LintContext, movement: Rec) {
  const classes = isRecord(movement.classes) ? movement.classes : undefined;
  for (const [id, type] of entries(ctx.r.unitTypes)) {
    const cls = type.class;
    if (typeof cls !== 'string' || cls === 'fortification' || (classes && !isRecord(classes[cls]))) continue;
    const moving = classes?.[cls];
    const field = isRecord(moving) && typeof moving.allowance === 'string' ? moving.allowance : 'movement';
    if (type[field] !== undefined) continue;
    ctx.add(`/unitTypes/${id}`, 'warning', 'no-allowance', `${typeof type.name === 'string' ? type.name : id} prints no "${field}", which its class (${cls}) moves by: a test game asks for it at every move; give it, or a gap`);
  }
}

export function lintMechanics(ctx: LintContext) {
  const m = isRecord(ctx.r.mechanics) ? ctx.r.mechanics : {};
  const tableRef = (pointer: string, value: unknown) => {
    if (value !== undefined) ctx.ref(pointer, value, ctx.tables, 'table');
  };
  if (isRecord(m.movement)) {
    tableRef('/mechanics/movement/terrainCosts', m.movement.terrainCosts);
    tableRef('/mechanics/movement/hexsideCosts', m.movement.hexsideCosts);
    for (const [cls, moving] of entries(m.movement.classes)) ctx.refs(`/mechanics/movement/classes/${cls}/steps`, moving.steps, ctx.steps, 'phase or step');
    lintAllowances(ctx, m.movement);
    if (isRecord(m.movement.rail)) {
      ctx.refs('/mechanics/movement/rail/steps', m.movement.rail.steps, ctx.steps, 'phase or step');
      const excludes = isRecord(m.movement.rail.excludes) ? m.movement.rail.excludes : {};
      ctx.refs('/mechanics/movement/rail/excludes/countries', excludes.countries, ctx.countries, 'country');
      ctx.refs('/mechanics/movement/rail/excludes/ofStatuses', excludes.ofStatuses, ctx.statuses, 'status');
      checkHexes(ctx, '/mechanics/movement/rail/excludes/hexes', excludes.hexes);
    }
    items(m.movement.restrictions).forEach((x, i) => {
      const p = `/mechanics/movement/restrictions/${i}`;
      ctx.refs(`${p}/powers`, x.powers, ctx.powers, 'power');
      ctx.refs(`${p}/sides`, x.sides, ctx.sides, 'side');
      ctx.refs(`${p}/countries`, x.countries, ctx.countries, 'country');
      ctx.refs(`${p}/ofStatuses`, x.ofStatuses, ctx.statuses, 'status');
      checkHexes(ctx, `${p}/hexes`, x.hexes);
      if (x.unless !== undefined) lintCondition(ctx, `${p}/unless`, x.unless);
      // Read at every move and listing: a roll there would roll anew each time.
      if (rollsDice(x.unless)) ctx.add(`${p}/unless`, 'error', 'bad-value', "a restriction's condition is read at every move, so it may not roll dice");
      if (isRecord(x.while)) {
        ctx.ref(`${p}/while/power`, x.while.power, ctx.powers, 'power');
        ctx.refs(`${p}/while/statuses`, x.while.statuses, ctx.statuses, 'status');
      }
    });
    for (const [unitClass, movement] of entries(m.movement.classes)) {
      ctx.refs(`/mechanics/movement/classes/${unitClass}/entersTerrain`, movement.entersTerrain, ctx.terrain, 'terrain');
    }
    const assault = isRecord(m.movement.transport) && isRecord(m.movement.transport.assault) ? m.movement.transport.assault : undefined;
    if (assault) ctx.ref('/mechanics/movement/transport/assault/combat', assault.combat, ctx.combats, 'combat');
    if (isRecord(m.movement.airdrop)) ctx.ref('/mechanics/movement/airdrop/combat', m.movement.airdrop.combat, ctx.combats, 'combat');
    if (isRecord(m.movement.transit)) ctx.refs('/mechanics/movement/transit/combats', m.movement.transit.combats, ctx.combats, 'combat');
  }
  for (const [unitClass, zoc] of entries(isRecord(m.zoc) ? m.zoc.classes : undefined)) {
    ctx.refs(`/mechanics/zoc/classes/${unitClass}/intoTerrain`, zoc.intoTerrain, ctx.terrain, 'terrain');
  }
  if (isRecord(m.stacking) && isRecord(m.stacking.apart)) ctx.refs('/mechanics/stacking/apart/powers', m.stacking.apart.powers, ctx.powers, 'power');
  if (isRecord(m.zoc) && isRecord(m.zoc.outside)) {
    ctx.refs('/mechanics/zoc/outside/statuses', m.zoc.outside.statuses, ctx.statuses, 'status');
    items(m.zoc.outside.powers).forEach((o, i) => {
      ctx.refs(`/mechanics/zoc/outside/powers/${i}/powers`, o.powers, ctx.powers, 'power');
      ctx.refs(`/mechanics/zoc/outside/powers/${i}/statuses`, o.statuses, ctx.statuses, 'status');
      ctx.refs(`/mechanics/zoc/outside/powers/${i}/places`, o.places, ctx.places, 'place');
    });
  }
  for (const [id, combat] of entries(m.combat)) {
    // Said before play rather than found in a step's reminders: the designer learns what a test game leaves to the tester.
    if (typeof combat.model === 'string' && !AUTOMATED_COMBAT.includes(combat.model)) ctx.add(`/mechanics/combat/${id}/model`, 'info', 'not-automated', `combat model "${combat.model}" is not automated: a test game leaves its battles to the tester (roll dice and set losses by hand), and bots fight none`);
    for (const key of ['table', 'defenderTable', 'terrainShifts', 'dieModifiers']) tableRef(`/mechanics/combat/${id}/${key}`, combat[key]);
    if (isRecord(combat.apart)) ctx.refs(`/mechanics/combat/${id}/apart/powers`, combat.apart.powers, ctx.powers, 'power');
    const battle = isRecord(combat.support) && isRecord(combat.support.battle) ? combat.support.battle : undefined;
    const afar = isRecord(combat.support) && isRecord(combat.support.fromAfar) ? combat.support.fromAfar : undefined;
    if (afar) {
      const p = `/mechanics/combat/${id}/support/fromAfar`;
      ctx.refs(`${p}/sides`, afar.sides, ctx.sides, 'side');
      ctx.refs(`${p}/countries`, afar.countries, ctx.countries, 'country');
      ctx.refs(`${p}/boxes`, afar.boxes, ctx.boxes, 'box');
    }
    items(battle?.lines).forEach((line, i) => tableRef(`/mechanics/combat/${id}/support/battle/lines/${i}/table`, line.table));
    if (isRecord(combat.interception)) tableRef(`/mechanics/combat/${id}/interception/table`, combat.interception.table);
    items(combat.versus).forEach((v, i) => tableRef(`/mechanics/combat/${id}/versus/${i}/table`, v.table));
    for (const key of ['factor', 'attackFactor', 'defenseFactor']) factorRef(ctx, `/mechanics/combat/${id}/${key}`, combat[key]);
    items(combat.versus).forEach((v, i) => factorRef(ctx, `/mechanics/combat/${id}/versus/${i}/factor`, v.factor));
    items(combat.rounds).forEach((round, i) => factorRef(ctx, `/mechanics/combat/${id}/rounds/${i}/factor`, round.factor));
    for (const key of ['targetsBoxes', 'withinBoxes']) ctx.refs(`/mechanics/combat/${id}/${key}`, combat[key], ctx.boxes, 'box');
    ctx.refs(`/mechanics/combat/${id}/attackingSides`, combat.attackingSides, ctx.sides, 'side');
    const strikable = new Set(['bonuses', 'transfers'].flatMap((k) => items(isRecord(m.production) ? m.production[k] : undefined).map((b) => String(b.id))));
    ctx.refs(`/mechanics/combat/${id}/struckBonuses`, combat.struckBonuses, strikable, 'production bonus or transfer');
  }
  if (isRecord(m.stacking)) ctx.refs('/mechanics/stacking/checkedAt', m.stacking.checkedAt, ctx.steps, 'phase or step');
  if (isRecord(m.production)) {
    const p = m.production;
    ctx.ref('/mechanics/production/resource', p.resource, ctx.resources, 'resource');
    ctx.refs('/mechanics/production/order', p.order, ctx.powers, 'power');
    if (isRecord(p.rebuild)) ctx.refs('/mechanics/production/rebuild/exceptStatuses', p.rebuild.exceptStatuses, ctx.statuses, 'status');
    items(isRecord(p.upgrade) ? p.upgrade.paidBy : undefined).forEach((payer, i) => {
      const at = `/mechanics/production/upgrade/paidBy/${i}`;
      ctx.ref(`${at}/power`, payer.power, ctx.powers, 'power');
      ctx.ref(`${at}/by`, payer.by, ctx.powers, 'power');
      ctx.refs(`${at}/exceptInBoxes`, payer.exceptInBoxes, ctx.boxes, 'box');
    });
    tableRef('/mechanics/production/costs', p.costs);
    // The columns named for building and upgrading must be the costs table's.
    const costs = typeof p.costs === 'string' && isRecord(ctx.r.tables) ? ctx.r.tables[p.costs] : undefined;
    if (isRecord(costs) && isRecord(costs.columns)) {
      const keys = strings(costs.columns.keys);
      const columns = new Set(keys);
      if (p.buildColumn !== undefined) ctx.ref('/mechanics/production/buildColumn', p.buildColumn, columns, `column of table ${p.costs}`);
      else if (buildColumn(keys, String(p.resource), undefined) === undefined) {
        // A warning: play still runs, and refuses to buy until the column is named.
        ctx.add('/mechanics/production/costs', 'warning', 'table-key-unknown', `table ${p.costs} has no column named for ${String(p.resource)}, no single column and no "cost" column: the engine cannot read a cost to build until buildColumn names the column`);
      }
      if (isRecord(p.upgrade) && p.upgrade.column !== undefined) ctx.ref('/mechanics/production/upgrade/column', p.upgrade.column, columns, `column of table ${p.costs}`);
    }
    if (isRecord(p.placement) && isRecord(p.placement.byPower)) {
      for (const [power, c] of Object.entries(p.placement.byPower)) {
        const at = joinPointer('/mechanics/production/placement/byPower', power);
        ctx.ref(at, power, ctx.powers, 'power');
        lintConstraint(ctx, at, c);
      }
    }
    for (const [power, home] of Object.entries(isRecord(p.placement) && isRecord(p.placement.homeCountries) ? p.placement.homeCountries : {})) {
      const at = joinPointer('/mechanics/production/placement/homeCountries', power);
      ctx.ref(at, power, ctx.powers, 'power');
      if (isRecord(home)) ctx.refs(joinPointer(at, 'countries'), home.countries, ctx.countries, 'country');
    }
    for (const [power, when] of Object.entries(isRecord(p.placesWhen) ? p.placesWhen : {})) {
      const at = joinPointer('/mechanics/production/placesWhen', power);
      ctx.ref(at, power, ctx.powers, 'power');
      lintCondition(ctx, at, when);
    }
    items(p.transfers).forEach((t, i) => {
      const tp = `/mechanics/production/transfers/${i}`;
      ctx.ref(`${tp}/from`, t.from, ctx.powers, 'power');
      ctx.refs(`${tp}/to`, t.to, ctx.powers, 'power');
      lintNumber(ctx, `${tp}/max`, t.max);
      items(t.limits).forEach((l, j) => {
        ctx.ref(`${tp}/limits/${j}/to`, l.to, ctx.powers, 'power');
        lintNumber(ctx, `${tp}/limits/${j}/max`, l.max);
        if (l.when !== undefined) lintCondition(ctx, `${tp}/limits/${j}/when`, l.when);
      });
    });
    items(p.bonuses).forEach((b, i) => {
      const bp = `/mechanics/production/bonuses/${i}`;
      ctx.ref(`${bp}/power`, b.power, ctx.powers, 'power');
      if (b.resource !== undefined) ctx.ref(`${bp}/resource`, b.resource, ctx.resources, 'resource');
      lintCondition(ctx, `${bp}/when`, b.when);
    });
  }
  if (isRecord(m.conquest)) {
    for (const key of ['conquered', 'liberated']) ctx.ref(`/mechanics/conquest/${key}`, m.conquest[key], ctx.statuses, 'status');
    ctx.refs('/mechanics/conquest/exceptPowers', m.conquest.exceptPowers, ctx.powers, 'power');
  }
  if (isRecord(m.supply) && m.supply.changeMediumAt !== undefined && typeof m.supply.changeMediumAt !== 'string') {
    ctx.add('/mechanics/supply/changeMediumAt', 'error', 'bad-value', 'must be a place kind');
  }
  if (isRecord(m.supply)) {
    if (isRecord(m.supply.checked)) ctx.refs('/mechanics/supply/checked/exceptStatuses', m.supply.checked.exceptStatuses, ctx.statuses, 'status');
    items(m.supply.inBoxes).forEach((b, k) => {
      const p = `/mechanics/supply/inBoxes/${k}`;
      ctx.refs(`${p}/sides`, b.sides, ctx.sides, 'side');
      if (b.while !== undefined) lintCondition(ctx, `${p}/while`, b.while);
      // Read whenever a unit's supply is: a roll there would roll anew each time.
      if (rollsDice(b.while)) ctx.add(`${p}/while`, 'error', 'bad-value', "a box's supply condition is read whenever a unit's supply is, so it may not roll dice");
    });
  }
}

/**
 * A factor a combat fires with that no unit prints: every battle is fought without it (a misspelling, or
 * units not written yet, so a warning: a draft plays on).
 */
function factorRef(ctx: LintContext, pointer: string, name: unknown) {
  if (typeof name !== 'string' || ctx.factors.has(name)) return;
  ctx.add(pointer, 'warning', 'unknown-factor', `no unit type or unit prints a "${name}" factor: this combat's battles are fought without it${suggest(name, ctx.factors)}`);
}
