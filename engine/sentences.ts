// Conditions, effects and triggers of the expression language as English sentences, using the ruleset's names.
// Works on whatever the document holds while it is being edited: unknown or half-written nodes read as such.
import type { ResolvedRuleset } from './generated/schema-types';
import { isRecord, type Rec } from './json/record';
import { capitalize, joinWords } from './words';

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown) => (typeof v === 'string' ? v : String(v ?? '?'));

export interface Names {
  actor(id: unknown): string;
  power(id: unknown): string;
  place(id: unknown): string;
  country(id: unknown): string;
  area(id: unknown): string;
  track(id: unknown): string;
  resource(id: unknown): string;
  flag(id: unknown): string;
  status(id: unknown): string;
  relation(id: unknown): string;
  unitType(id: unknown): string;
  unit(id: unknown): string;
  phase(id: unknown): string;
}

/** Display names from the resolved ruleset; an id the ruleset does not know reads as itself. */
export function namesOf(r: Partial<ResolvedRuleset> | null | undefined): Names {
  const named = (collection: unknown) => (id: unknown) => {
    const entry = isRecord(collection) && typeof id === 'string' && Object.hasOwn(collection, id) ? collection[id] : undefined;
    return isRecord(entry) && typeof entry.name === 'string' ? entry.name : str(id);
  };
  const phases: Rec = {};
  for (const phase of list(r?.sequence?.phases)) {
    if (!isRecord(phase)) continue;
    if (typeof phase.id === 'string') phases[phase.id] = phase;
    for (const step of list(phase.steps)) if (isRecord(step) && typeof step.id === 'string') phases[step.id] = step;
  }
  const side = named(r?.sides);
  const power = named(r?.powers);
  return {
    actor: (id) => (typeof id === 'string' && isRecord(r?.sides) && Object.hasOwn(r.sides, id) ? side(id) : power(id)),
    power,
    place: named(r?.map?.places),
    country: named(r?.map?.countries),
    area: named(r?.map?.areas),
    track: named(r?.tracks),
    resource: named(r?.resources),
    flag: named(r?.flags),
    status: named(r?.statuses),
    relation: named(r?.relationStates),
    unitType: named(r?.unitTypes),
    unit: named(r?.roster),
    phase: named(phases),
  };
}

export function turnLabel(t: unknown): string {
  if (!isRecord(t)) return 'an unnamed turn';
  if (typeof t.turn === 'number') return `turn ${t.turn}`;
  return `${capitalize(str(t.season))} ${str(t.year)}`;
}

/** Places, hexes, areas and countries named in a node, in that order. */
function locations(node: Rec, n: Names): string[] {
  return [
    ...list(node.places).map(n.place),
    ...list(node.hexes).map((h) => `hex ${str(h)}`),
    ...list(node.areas).map(n.area),
    ...list(node.countries).map(n.country),
  ];
}

const COMPARE: Record<string, string> = { '<': 'is less than', '<=': 'is at most', '==': 'is', '!=': 'is not', '>=': 'is at least', '>': 'is more than' };
const TURN: Record<string, (t: string) => string> = {
  '<': (t) => `before ${t}`,
  '<=': (t) => `${t} or earlier`,
  '==': (t) => t,
  '!=': (t) => `not ${t}`,
  '>=': (t) => `${t} or later`,
  '>': (t) => `after ${t}`,
};
const ROLL: Record<string, (v: string) => string> = {
  '<': (v) => `less than ${v}`,
  '<=': (v) => `${v} or less`,
  '==': (v) => v,
  '!=': (v) => `not ${v}`,
  '>=': (v) => `${v} or more`,
  '>': (v) => `more than ${v}`,
};

const isCompound = (c: unknown) => isRecord(c) && (c.op === 'all' || c.op === 'any') && list(c.of).length > 1;

/**
 * A sentence whose parts that stand for a condition or sub-condition carry its path in the document, so a
 * view can show what the reader points at.
 */
export type Phrase = string | { path: (string | number)[]; parts: Phrase[] };

export const phraseText = (p: Phrase): string => (typeof p === 'string' ? p : p.parts.map(phraseText).join(''));

export const conditionSentence = (c: unknown, n: Names): string => phraseText(conditionPhrase(c, n, []));

/** A condition at `path` as a phrase: compound conditions hold their parts' phrases. */
export function conditionPhrase(c: unknown, n: Names, path: (string | number)[]): Phrase {
  return { path, parts: conditionParts(c, n, path) };
}

function conditionParts(c: unknown, n: Names, path: (string | number)[]): Phrase[] {
  if (!isRecord(c)) return ['an unfinished condition'];
  const part = (x: unknown, ...rest: (string | number)[]) => conditionPhrase(x, n, [...path, ...rest]);
  switch (c.op) {
    case 'all':
    case 'any': {
      const parts = list(c.of);
      const atLeast = c.op === 'any' && typeof c.atLeast === 'number' ? c.atLeast : 1;
      if (parts.length === 0) return [c.op === 'all' ? 'always' : 'never'];
      // Two parts read as "A and B"; more, or a threshold, as a list, so nesting stays unambiguous.
      if (parts.length > 2 || atLeast > 1) {
        const head = atLeast > 1 ? `at least ${atLeast} of` : c.op === 'all' ? 'all of' : 'any of';
        return [`${head}: `, ...parts.flatMap((p, i) => (i ? ['; ', part(p, 'of', i)] : [part(p, 'of', i)]))];
      }
      const operands = parts.map((p, i) => (isCompound(p) ? ['(', part(p, 'of', i), ')'] : [part(p, 'of', i)]));
      return operands.length === 1 ? operands[0] : [...operands[0], ` ${c.op === 'all' ? 'and' : 'or'} `, ...operands[1]];
    }
    case 'not':
      return ['it is not the case that ', part(c.of, 'of')];
    default:
      return [simpleCondition(c, n)];
  }
}

/** A condition with no sub-conditions. */
function simpleCondition(c: Rec, n: Names): string {
  switch (c.op) {
    case 'controls': {
      // Said in the passive: a side's name may be plural ("Reds") or not ("the League"), which the verb cannot know.
      const targets = locations(c, n);
      const by = `controlled by ${n.actor(c.by)}`;
      if (targets.length === 0) return `(no locations listed) ${by}`;
      if (typeof c.atLeast === 'number') return `at least ${c.atLeast} of ${joinWords(targets)} ${verb(c.atLeast)} ${by}`;
      return targets.length > 1 ? `${joinWords(targets)} are all ${by}` : `${targets[0]} is ${by}`;
    }
    case 'compare':
      return controlCount(c, n) ?? `${numberPhrase(c.left, n)} ${COMPARE[str(c.cmp)] ?? str(c.cmp)} ${numberPhrase(c.right, n)}`;
    case 'turn':
      return `it is ${(TURN[str(c.cmp)] ?? ((t: string) => `${str(c.cmp)} ${t}`))(turnLabel(c.turn))}`;
    case 'season':
      return `it is ${joinWords(list(c.in).map(str), 'or')}`;
    case 'status':
      return `${n.power(c.power)}’s status is ${joinWords(list(c.in).map(n.status), 'or')}`;
    case 'relation': {
      const [a, b] = list(c.between);
      return `relations between ${n.actor(a)} and ${n.actor(b)} are ${joinWords(list(c.in).map(n.relation), 'or')}`;
    }
    case 'flag':
      return `“${n.flag(c.flag)}” is set`;
    case 'roll': {
      const rule = typeof c.rule === 'string' ? ` (rule ${c.rule})` : '';
      return `a roll of ${str(c.dice)}d${str(c.sides)} is ${(ROLL[str(c.cmp)] ?? ((v: string) => `${str(c.cmp)} ${v}`))(str(c.value))}${rule}`;
    }
    case 'present': {
      const targets = locations(c, n);
      const kind = typeof c.unitClass === 'string' ? `${c.unitClass} ` : '';
      return `${n.actor(c.of)} ${kind}units are in ${targets.length ? joinWords(targets, 'or') : '(no locations listed)'}`;
    }
    default:
      return `an unknown condition “${str(c.op)}”`;
  }
}

export const AT_LEAST: Record<string, string> = { '>=': 'at least', '>': 'more than', '<=': 'at most', '<': 'fewer than', '==': 'exactly', '!=': 'other than' };

/** "at least 12 of A, B and C are controlled by North": a count of controlled locations compared with a number. */
function controlCount(c: Rec, n: Names): string | undefined {
  const count = c.left;
  if (!isRecord(count) || count.op !== 'count' || count.units === true || typeof c.right !== 'number' || !AT_LEAST[str(c.cmp)]) return undefined;
  const what = typeof count.placeKind === 'string' ? `${count.placeKind} place${c.right === 1 ? '' : 's'}` : `of ${joinWords(locations(count, n)) || '(no locations listed)'}`;
  return `${AT_LEAST[str(c.cmp)]} ${c.right} ${what} ${verb(c.right)} controlled by ${n.actor(count.controlledBy)}`;
}

/** The verb agreeing with a count of locations: "1 of A and B is", "2 of them are". */
const verb = (count: unknown) => (count === 1 ? 'is' : 'are');

export function numberPhrase(x: unknown, n: Names): string {
  if (typeof x === 'number') return String(x);
  if (!isRecord(x)) return 'an unfinished number';
  switch (x.op) {
    case 'count': {
      const who = n.actor(x.controlledBy);
      if (x.units === true) return `the number of ${who} units on the map`;
      if (typeof x.placeKind === 'string') return `the number of ${x.placeKind} places controlled by ${who}`;
      const targets = locations(x, n);
      return `how many of ${targets.length ? joinWords(targets) : '(no locations listed)'} are controlled by ${who}`;
    }
    case 'track':
      return x.power === undefined ? `the ${n.track(x.track)} track` : `${n.power(x.power)}’s ${n.track(x.track)} track`;
    case 'resource':
      return `${n.power(x.power)}’s ${n.resource(x.resource)}`;
    case 'sum':
      return `the sum of ${joinWords(list(x.of).map((t) => numberPhrase(t, n)))}`;
    case 'turnNumber':
      return 'the turn number';
    default:
      return `an unknown number “${str(x.op)}”`;
  }
}

function unitsPhrase(units: unknown, n: Names): string {
  return joinWords(
    list(units).map((u) => {
      if (!isRecord(u)) return 'an unfinished unit';
      const name = u.unit !== undefined ? n.unit(u.unit) : `${typeof u.count === 'number' && u.count > 1 ? `${u.count} × ` : ''}${n.unitType(u.type)}`;
      return u.reduced === true ? `${name} (reduced)` : name;
    }),
  );
}

function locationPhrase(loc: unknown, n: Names): string {
  if (!isRecord(loc)) return 'an unfinished location';
  if (loc.place !== undefined) return n.place(loc.place);
  if (loc.hex !== undefined) return `hex ${str(loc.hex)}`;
  if (loc.area !== undefined) return n.area(loc.area);
  if (loc.box !== undefined) return `the ${str(loc.box)} box`;
  if (loc.carriedBy !== undefined) return `aboard ${n.unit(loc.carriedBy)}`;
  if (isRecord(loc.constraint)) return `a place chosen ${str(loc.constraint.text)}`;
  return 'an unfinished location';
}

export function effectSentence(e: unknown, n: Names): string {
  if (!isRecord(e)) return 'an unfinished effect';
  switch (e.op) {
    case 'addUnits':
      return e.to === 'force-pool'
        ? `add ${unitsPhrase(e.units, n)} to ${n.power(e.power)}’s force pool`
        : `place ${unitsPhrase(e.units, n)} of ${n.power(e.power)} at ${locationPhrase(e.to, n)}`;
    case 'removeUnits':
      return `remove ${joinWords(list(e.units).map(n.unit))} from play`;
    case 'setControl': {
      const targets = locations(e, n);
      return `give ${targets.length ? joinWords(targets) : '(no locations listed)'} to ${n.actor(e.to)}`;
    }
    case 'setStatus':
      return `${n.power(e.power)} becomes ${n.status(e.status)}`;
    case 'setRelation': {
      const [a, b] = list(e.between);
      return `relations between ${n.actor(a)} and ${n.actor(b)} become ${n.relation(e.state)}`;
    }
    case 'setSide':
      return e.side === null ? `${n.power(e.power)} leaves every side` : `${n.power(e.power)} joins ${n.actor(e.side)}`;
    case 'adjustTrack': {
      const track = e.power === undefined ? `the ${n.track(e.track)} track` : `${n.power(e.power)}’s ${n.track(e.track)} track`;
      if (e.set !== undefined) return `set ${track} to ${numberPhrase(e.set, n)}`;
      if (typeof e.by === 'number') return e.by < 0 ? `lower ${track} by ${-e.by}` : `raise ${track} by ${e.by}`;
      return `add ${numberPhrase(e.by, n)} to ${track}`;
    }
    case 'adjustResource': {
      const resource = n.resource(e.resource);
      if (typeof e.by === 'number') return e.by < 0 ? `take ${-e.by} ${resource} from ${n.power(e.power)}` : `give ${n.power(e.power)} ${e.by} ${resource}`;
      return `add ${numberPhrase(e.by, n)} to ${n.power(e.power)}’s ${resource}`;
    }
    case 'setFlag':
      return `${e.value === false ? 'clear' : 'set'} “${n.flag(e.flag)}”`;
    case 'manual':
      return `the tester adjudicates: “${str(e.instruction).replace(/\.$/, '')}”`;
    default:
      return `an unknown effect “${str(e.op)}”`;
  }
}

export function eventPhrase(ev: unknown, n: Names): string {
  if (!isRecord(ev)) return 'an unfinished event';
  const by = ev.by === undefined ? '' : ` by ${n.actor(ev.by)}`;
  const countries = list(ev.countries).map(n.country);
  const except = list(ev.notCountries).map(n.country);
  const statuses = list(ev.ofStatuses).map(n.status);
  const which = (countries.length ? joinWords(countries, 'or') : 'any country') + (except.length ? ` but ${joinWords(except, 'and')}` : '') + (statuses.length ? ` whose power is ${joinWords(statuses, 'or')}` : '');
  switch (ev.event) {
    case 'turn-start':
      return 'at the start of each turn';
    case 'turn-end':
      return 'at the end of each turn';
    // Quoted: a step's name often carries its number ("1. Rebellion roll").
    case 'phase-start':
      return `at the start of “${n.phase(ev.phase)}”`;
    case 'phase-end':
      return `at the end of “${n.phase(ev.phase)}”`;
    case 'control-change': {
      const places = list(ev.places).map(n.place);
      const taken = ev.by === undefined ? '' : `, taken${by}`;
      return places.length ? `when ${joinWords(places, 'or')} changes hands${taken}` : `when any place changes hands${taken}`;
    }
    case 'invasion':
      return `when ${which} is invaded${by}`;
    case 'units-attacked':
      return `when units of ${which} are attacked${by}`;
    case 'border-crossing':
      return `when a unit${ev.by === undefined ? '' : ` of ${n.actor(ev.by)}`} enters or leaves ${which}`;
    default:
      return `on an unknown event “${str(ev.event)}”`;
  }
}

/** "When Greyland is invaded by Red: Greyland joins Blue; Greyland becomes At war. Once per game." */
export const triggerSentence = (t: unknown, n: Names): string => triggerPhrase(t, n, []).map(phraseText).join('');

/** A trigger at `path` as phrases, its condition marked. */
export function triggerPhrase(t: unknown, n: Names, path: (string | number)[]): Phrase[] {
  if (!isRecord(t)) return ['An unfinished trigger.'];
  const when = joinWords(list(t.on).map((e) => eventPhrase(e, n)), 'or') || 'never (no events listed)';
  const condition = t.condition === undefined ? [] : [', if ', conditionPhrase(t.condition, n, [...path, 'condition'])];
  const effects = list(t.effects).map((e) => effectSentence(e, n)).join('; ') || 'nothing happens';
  return [capitalize(when), ...condition, `: ${effects}.${t.once === true ? ' Once per game.' : ''}`];
}

/**
 * When victory is checked: "At the end of every turn; a level reached ends the game." A check looking at some
 * levels only names them (`levelName` gives a level's name by id, from the levels beside the check).
 */
export function checkSentence(c: unknown, levelName: (id: unknown) => string = str): string {
  if (!isRecord(c)) return 'An unfinished check.';
  const at =
    c.when === 'after-turn'
      ? `Once, after ${turnLabel(c.turn)}`
      : c.when === 'end-of-turn'
        ? `At the end of every turn${c.turn === undefined ? '' : ` from ${turnLabel(c.turn)}`}`
        : c.when === 'immediately'
          ? 'Whenever the situation changes'
          : `At an unknown moment “${str(c.when)}”`;
  const only = Array.isArray(c.levels) ? `, for ${joinWords(c.levels.map(levelName), 'or')} only` : '';
  return `${at}${only}${c.endsGame === true ? '; a level reached ends the game' : ''}.`;
}
