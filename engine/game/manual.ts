// The tester's free-form adjudications: what no model automates is done by hand, and logged as such.
import { joinPointer } from '../json/pointer';
import { createUnits } from './arrivals';
import { hostileAt } from './board';
import { controlCite, takeControl } from './control';
import { roll } from './dice';
import { relationKey } from './expressions';
import { gameOver, resultWords } from './victory';
import type { LocKey } from './state';
import { carrierOf, onBoard, setUnit } from './state';
import { roomAboard } from './transport';
import { readResource, writeResource, writeTrack } from './stocks';
import type { Tx } from './tx';
import { classOf, stepsOf, unitLabels, unitLabel } from './units';
import { standingBarrier } from './movement';
import { counted, possessive } from '../words';

export type ManualOp =
  | { op: 'moveUnit'; unit: string; to: LocKey }
  | { op: 'setSteps'; unit: string; lost: number }
  | { op: 'addUnit'; power: string; type?: string; unit?: string; to: LocKey }
  | { op: 'setControl'; location: LocKey; to: string }
  | { op: 'adjustResource'; power: string; resource: string; by: number }
  | { op: 'setTrack'; track: string; power?: string; value: number }
  | { op: 'setFlag'; flag: string; value: boolean }
  | { op: 'setStatus'; power: string; status: string }
  | { op: 'setSide'; power: string; side: string | null }
  | { op: 'setRelation'; between: [string, string]; state: string }
  | { op: 'roll'; dice: number; sides: number; purpose: string }
  /** `sides`: the die's, where the rules leave the tester another die than the ruleset's. */
  | { op: 'dieResult'; value: number; purpose: string; sides?: number }
  | { op: 'resolveTask'; task: string }
  | { op: 'clearLosses'; loss: string }
  /** Ends a battle's pending retreat and advance: the tester moves the units by hand instead. */
  | { op: 'clearAftermath' }
  /** Keeps a ruling for the rest of the game: the answer to a question (by its key, with its words) given for an action then refused. */
  | { op: 'keepRuling'; key: string; value: number | string; question: string }
  /** Withdraws a ruling kept for the rest of the game (by its question's key): the engine asks again when it next needs it. */
  | { op: 'forgetRuling'; key: string }
  | { op: 'endGame'; text: string; side?: string };

const OFF_BOARD = new Set(['pool', 'eliminated', 'removed']);

/**
 * The most a stock is adjusted by by hand, either way: far past any wargame's economy (the bundled rulesets' powers count production
 * points in hundreds), yet a whole number every total stays exact in and the log shows as written.
 */
export const MAX_ADJUSTMENT = 1_000_000;

export function adjudicate(tx: Tx, op: ManualOp, note?: string) {
  const s = tx.s;
  const r = tx.rules.r;
  const known = (collection: object | undefined, id: string, what: string, pointer: string) => {
    if (typeof id !== 'string' || !id) tx.refuse('unknown-id', `name a ${what}`, pointer);
    if (!collection || !Object.hasOwn(collection, id)) tx.refuse('unknown-id', `no ${what} "${id}"`, pointer);
  };
  const location = (at: LocKey, pointer = '/map') => {
    // The op may come from the network: a location is a non-empty string.
    if (typeof at !== 'string' || !at) tx.refuse('unknown-location', 'name a location: a hex, area or box, or pool, eliminated or removed', pointer);
    if (OFF_BOARD.has(at)) return;
    if (!onBoard(at)) tx.refuse('unknown-location', `${at} is not a location`, pointer);
    const id = at.slice(at.indexOf(':') + 1);
    const group = at.startsWith('hex:') ? r.map?.hexes : at.startsWith('area:') ? r.map?.areas : r.map?.boxes;
    known(group, id, 'location', pointer);
  };
  const party = (id: string) => {
    if (!tx.rules.sides.includes(id) && !tx.rules.powers.includes(id)) tx.refuse('unknown-id', `"${id}" is neither a side nor a power`, '/sides');
  };
  const unit = (id: string) => {
    known(s.units, id, 'unit in play', '/roster');
    return s.units[id];
  };
  // A roll logged by hand says what it decides: the log reads "for: —" otherwise.
  const said = (purpose: string) => {
    if (typeof purpose !== 'string' || !purpose.trim()) tx.refuse('no-purpose', 'say what the roll is for', '/dice');
  };
  let text: string;
  let pointer = '';
  switch (op.op) {
    case 'moveUnit': {
      const u = unit(op.unit);
      // Aboard a carrier (`carried:<unit>`), any unit whose type carries some, or a location.
      const aboard = typeof op.to === 'string' ? carrierOf(op.to) : undefined;
      const carrier = aboard !== undefined ? unit(aboard) : undefined;
      if (carrier === u) tx.refuse('not-carrier', `${unitLabel(tx.rules, u)} does not carry itself`, '/roster');
      const room = carrier && tx.probe(() => roomAboard(tx, carrier));
      if (carrier && room === undefined) tx.refuse('not-carrier', `${unitLabel(tx.rules, carrier)} carries no units`, joinPointer('/unitTypes', carrier.type, 'capacity'));
      if (!carrier) location(op.to);
      if (u.at === op.to) tx.refuse('already-there', `${unitLabel(tx.rules, u)} is already at ${tx.rules.label(op.to)}`, '/map');
      if (op.to.startsWith('hex:') && hostileAt(tx, op.to, u.power).length) tx.refuse('hostile-units', `${tx.rules.label(op.to)} holds units hostile to ${tx.rules.party(u.power)}; remove them first`, '/map');
      // Anywhere is allowed, the tester adjudicating; where the rules would bar the unit, the log says so.
      const barred = onBoard(op.to) ? tx.probe(() => standingBarrier(tx, u.power, classOf(tx.rules, u), op.to))?.message : room !== undefined && room <= 0 ? `${unitLabel(tx.rules, carrier!)} is full` : undefined;
      text = `${unitLabel(tx.rules, u)} is moved from ${tx.rules.label(u.at)} to ${tx.rules.label(op.to)}${barred ? ` (where the rules would not let it go: ${barred})` : ''}`;
      tx.relocate(u, op.to);
      u.zone = undefined;
      u.due = undefined;
      break;
    }
    case 'setSteps': {
      const u = unit(op.unit);
      const steps = stepsOf(tx.rules, u);
      if (!Number.isInteger(op.lost) || op.lost < 0 || op.lost > steps) tx.refuse('bad-steps', `steps lost are a whole number from 0 to ${steps}: ${unitLabel(tx.rules, u)} has ${counted(steps, 'step')}`, joinPointer('/unitTypes', u.type, 'steps'));
      tx.setSteps(u, op.lost);
      if (op.lost === steps) tx.relocate(u, 'eliminated');
      text = `${unitLabel(tx.rules, u)} has ${steps - op.lost} of ${counted(steps, 'step')} left`;
      break;
    }
    case 'addUnit': {
      known(r.powers, op.power, 'power', '/powers');
      location(op.to);
      const made = createUnits(tx.rules, s, { unit: op.unit, type: op.type }, op.power);
      if ('error' in made) return tx.refuse('cannot-add', made.error, '/roster');
      for (const u of made) {
        setUnit(s, u);
        tx.relocate(u, op.to);
      }
      text = `${unitLabels(tx, made.map((u) => u.id))} added at ${tx.rules.label(op.to)}`;
      break;
    }
    case 'setControl':
      location(op.location);
      party(op.to);
      takeControl(tx, op.location, op.to, controlCite(tx, op.location, '/map'));
      text = `control of ${tx.rules.label(op.location)} set to ${tx.rules.party(op.to)}`;
      break;
    case 'adjustResource': {
      known(r.powers, op.power, 'power', '/powers');
      known(r.resources, op.resource, 'resource', '/resources');
      const now = readResource(tx, op.power, op.resource) ?? 0;
      if (!Number.isInteger(op.by) || Math.abs(op.by) > MAX_ADJUSTMENT) tx.refuse('bad-number', `adjust by a whole number from -${MAX_ADJUSTMENT.toLocaleString('en')} to ${MAX_ADJUSTMENT.toLocaleString('en')}, not ${op.by}`, '/resources');
      if (now + op.by < 0) tx.refuse('bad-number', `${possessive(tx.rules.party(op.power))} ${op.resource} would be ${now + op.by}: a stock is never below 0 (it has ${now})`, joinPointer('/resources', op.resource));
      writeResource(tx, op.power, op.resource, now + op.by);
      text = `${possessive(tx.rules.party(op.power))} ${op.resource}: ${now} → ${now + op.by}`;
      pointer = joinPointer('/resources', op.resource);
      break;
    }
    case 'setTrack': {
      known(r.tracks, op.track, 'track', '/tracks');
      if (op.power !== undefined) known(r.powers, op.power, 'power', '/powers');
      const { min = -Infinity, max = Infinity } = r.tracks![op.track];
      const range = [Number.isFinite(min) && `from ${min}`, Number.isFinite(max) && `to ${max}`].filter(Boolean).join(' ');
      if (!Number.isFinite(op.value) || op.value < min || op.value > max) tx.refuse('bad-number', range ? `track ${tx.rules.nameIn('tracks', op.track)} runs ${range}` : 'set a finite number', joinPointer('/tracks', op.track));
      text = `track ${tx.rules.nameIn('tracks', op.track)}${op.power ? ` (${tx.rules.party(op.power)})` : ''} set to ${writeTrack(tx, op.track, op.power, op.value)}`;
      pointer = joinPointer('/tracks', op.track);
      break;
    }
    case 'setFlag':
      known(r.flags, op.flag, 'flag', '/flags');
      if (typeof op.value !== 'boolean') tx.refuse('bad-value', 'a flag is set (true) or cleared (false)', '/flags');
      s.flags[op.flag] = op.value;
      text = `flag ${tx.rules.nameIn('flags', op.flag)} ${op.value ? 'set' : 'cleared'}`;
      pointer = joinPointer('/flags', op.flag);
      break;
    case 'setStatus':
      known(r.powers, op.power, 'power', '/powers');
      known(r.statuses, op.status, 'status', '/statuses');
      tx.setPower(op.power, { status: op.status });
      text = `${possessive(tx.rules.party(op.power))} status is now ${tx.rules.nameIn('statuses', op.status).toLowerCase()}`;
      break;
    case 'setSide':
      known(r.powers, op.power, 'power', '/powers');
      if (op.side !== null) known(r.sides, op.side, 'side', '/sides');
      tx.setPower(op.power, { side: op.side });
      text = op.side ? `${tx.rules.party(op.power)} joins ${tx.rules.party(op.side)}` : `${tx.rules.party(op.power)} leaves every side`;
      break;
    case 'setRelation':
      if (!Array.isArray(op.between) || op.between.length !== 2) tx.refuse('bad-value', 'name the two sides or powers the relation is between', '/relationStates');
      party(op.between[0]);
      party(op.between[1]);
      known(r.relationStates, op.state, 'relation state', '/relationStates');
      s.relations[relationKey(op.between[0], op.between[1])] = op.state;
      text = `${tx.rules.party(op.between[0])} and ${tx.rules.party(op.between[1])}: ${tx.rules.nameIn('relationStates', op.state).toLowerCase()}`;
      break;
    case 'roll':
      said(op.purpose);
      if (!Number.isInteger(op.dice) || op.dice < 1 || op.dice > 10 || !Number.isInteger(op.sides) || op.sides < 2 || op.sides > 100) tx.refuse('bad-dice', 'roll 1 to 10 dice of 2 to 100 sides', '/dice');
      text = `dice rolled for: ${op.purpose}`;
      roll(tx, op.purpose, '/dice', { dice: op.dice, sides: op.sides });
      break;
    case 'dieResult': {
      said(op.purpose);
      // One die: the one named, else the ruleset's; a ruleset that declares none leaves its faces to the tester.
      if (op.sides !== undefined && (!Number.isInteger(op.sides) || op.sides < 2 || op.sides > 100)) tx.refuse('bad-dice', 'a die has 2 to 100 sides', '/dice');
      const sides = op.sides ?? r.dice?.sides;
      if (!Number.isInteger(op.value) || op.value < 1 || (sides !== undefined && op.value > sides)) tx.refuse('bad-number', sides === undefined ? 'a die shows a whole number, 1 or more' : `a die of ${sides} sides shows 1 to ${sides}`, '/dice');
      tx.emit(() => ({ kind: 'roll', purpose: op.purpose, dice: 1, sides: sides ?? 0, values: [op.value], total: op.value, byTester: true, manual: true, cite: tx.rules.cite('/dice'), text: `${op.purpose}: the tester rolled ${op.value}` }));
      text = `die result entered for: ${op.purpose}`;
      break;
    }
    case 'resolveTask': {
      const task = s.tasks.find((t) => t.id === op.task);
      if (!task) return tx.refuse('unknown-task', `no open task "${op.task}"`, '/');
      // Marked done with its unit still waiting, the task would only come back: said why instead.
      if (task.places && s.units[task.places]?.at === 'unplaced') tx.refuse('task-not-done', `${unitLabel(tx.rules, s.units[task.places])} still waits to be placed: put it where it goes with the manual adjudication "move a unit", then mark the task done`, task.cite.pointer);
      s.tasks = s.tasks.filter((t) => t !== task);
      tx.emit(() => ({ kind: 'task', task: task.id, done: true, manual: true, cite: task.cite, text: `Adjudicated: ${task.text}` }));
      text = 'marks the task done';
      pointer = task.cite.pointer;
      break;
    }
    case 'clearLosses': {
      const loss = s.losses.find((l) => l.id === op.loss);
      if (!loss) return tx.refuse('no-such-loss', `no losses "${op.loss}" await allocation`, '/mechanics/combat');
      s.losses = s.losses.filter((l) => l !== loss);
      text = `losses ${loss.id} (${counted(loss.points, 'point')} for ${tx.rules.party(loss.side)}) settled by hand`;
      pointer = loss.cite.pointer;
      break;
    }
    case 'clearAftermath': {
      const after = s.aftermath;
      if (!after) return tx.refuse('no-aftermath', 'no battle awaits its retreat or advance', '/mechanics/combat');
      s.aftermath = undefined;
      text = `the retreat and advance after the ${after.combat} battle settled by hand`;
      pointer = after.cite.pointer;
      break;
    }
    case 'keepRuling': {
      if (typeof op.key !== 'string' || !op.key) return tx.refuse('bad-value', 'name the question the ruling answers (its key)', '/');
      if ((typeof op.value !== 'number' || !Number.isFinite(op.value)) && typeof op.value !== 'string') return tx.refuse('bad-value', `the ruling on "${op.key}" is a number or a text`, '/');
      if (typeof op.question !== 'string') return tx.refuse('bad-value', `give the words of the question "${op.key}" answers`, '/');
      s.rulings = { ...s.rulings, [op.key]: op.value };
      text = `keeps the ruling ${op.key} = ${op.value} for the rest of the game (${op.question})`;
      pointer = op.key.startsWith('/') ? op.key : '/';
      break;
    }
    case 'forgetRuling': {
      if (typeof op.key !== 'string' || !Object.hasOwn(s.rulings, op.key)) return tx.refuse('unknown-ruling', `no ruling is kept for "${op.key}"`, '/');
      const { [op.key]: value, ...rest } = s.rulings;
      s.rulings = rest;
      text = `withdraws the ruling ${op.key} = ${value}: the engine asks again when it next needs it`;
      pointer = op.key.startsWith('/') ? op.key : '/';
      break;
    }
    case 'endGame':
      if (typeof op.text !== 'string' || !op.text.trim()) tx.refuse('bad-value', 'say how the game ends', '/victory');
      if (op.side !== undefined) known(r.sides, op.side, 'side', '/sides');
      gameOver(tx, { text: op.text, turn: s.turn, cite: tx.rules.cite('/victory'), level: op.side ? { id: 'tester', name: op.text, side: op.side } : undefined });
      text = `the tester ends the game: ${resultWords(tx.rules, tx.s.over!)}`;
      pointer = '/victory';
      break;
    default:
      return tx.refuse('unknown-op', `unknown adjudication "${(op as { op: string }).op}": nothing was changed`, '/');
  }
  tx.emit(() => ({ kind: 'adjudication', op: op.op, manual: true, cite: tx.rules.cite(pointer), text: `Tester: ${text}${note ? ` — ${note}` : ''}` }));
}
