// The game state: plain, serialisable data. A game is its ruleset hash, seed and action log; this is
// what replaying that log produces. Nothing here refers to the ruleset except by id.
import type { PlacementConstraint } from '../generated/schema-types';
import type { Action } from './actions';
import type { Cite, GameEvent, LogEntry } from './log';

/**
 * Where a unit is, as a string so it can key maps: `hex:<number>`, `area:<id>`, `box:<id>` on the board;
 * `pool` (force pool), `due` (arrives later), `unplaced` (awaiting its owner's placement),
 * `carried:<unit>`, `eliminated`, `removed` (taken out of play by an effect).
 */
export type LocKey = string;

export interface UnitState {
  id: string;
  type: string;
  power: string;
  /** Steps lost: 0 at full strength; a unit with steps lost uses its reduced factors. */
  stepsLost: number;
  at: LocKey;
  /** When `at` is `due`: the turn it arrives and where to. */
  due?: { turn: number; to: LocKey | 'placement'; zone?: PlacementZone };
  /** When `at` is `unplaced`: where its owner may put it. */
  zone?: PlacementZone;
  /** Result of the last supply check, when traced. */
  supplied?: boolean;
  /** Exhausted by a battle (its model's `exhausts`): it neither attacks nor fires until readied. */
  exhausted?: boolean;
}

/** Where an unplaced unit may go: within a constraint, at production places, or anywhere it may enter. */
export interface PlacementZone {
  constraint?: PlacementConstraint;
  production?: boolean;
  /** The ruleset data that put the unit here, for citations. */
  pointer: string;
}

export interface Cursor {
  /** Index into the turn's slots (see sequence.ts); equal to their count at the end of the turn. */
  slot: number;
  entered: boolean;
  /** Sides that have ended their part of the current slot. */
  ended: string[];
  /** Alternating steps: whose go it is, and how many passed in succession. */
  turnOf: number;
  passes: number;
}

/** What stopped a unit for the rest of a step, with the rule. */
export interface StopReason {
  text: string;
  pointer: string;
}

/** What happened during the current step (reset when a step begins). */
export interface StepMemory {
  spent: Record<string, number>;
  stopped: string[];
  /** What stopped each unit in `stopped`, said when a later move is refused (absent for a zone of control, the usual reason, in games begun before it was kept). */
  stoppedBy?: Record<string, StopReason>;
  /** Units that began to move this step out of supply, at half their allowance (absent while none has). */
  unsupplied?: string[];
  /** Passengers landed this step where they may move on (the transport model's movesOnAt; absent while none has). */
  landed?: string[];
  attackers: string[];
  targets: string[];
  /** Per-unit-dice battles fought this step, by location: the combat, the rounds fought, and whether the attacker withdrew (absent while none has been). */
  battles?: Record<LocKey, { combat: string; rounds: number; withdrawn?: true }>;
}

/** An attack whose battle waits for the defending side to choose which of its units support the defence (combat/index.ts). */
export interface PendingDefense {
  combat: string;
  /** The attacking side. */
  side: string;
  target: LocKey;
  attackers: string[];
  /** The side that chooses, and the units it may choose from. */
  by: string;
  candidates: string[];
  cite: Cite;
  /** The units chosen intercept the attackers rather than support the defence. */
  intercept?: true;
}

/** Loss points a side must allocate among its units after a battle. */
export interface PendingLoss {
  id: string;
  side: string;
  points: number;
  units: string[];
  perStep: boolean;
  cite: Cite;
}

/** Loss points a battle's attacker must share out among the production points it may strike (combat/strikes.ts). */
export interface PendingStrike {
  /** The attacking side, which chooses. */
  side: string;
  points: number;
  /** What each bonus (by id) or transfer to a recipient (`<transfer>:<recipient>`) may still lose, in the model's order. */
  room: Record<string, number>;
  /** The same, named for people. */
  names: Record<string, string>;
  cite: Cite;
}

/** Units landed among the enemy and not yet done with (combat/assault.ts): the location stays contested until its battle is over. */
export interface PendingAssault {
  at: LocKey;
  /** An amphibious assault, or an airdrop among hostile units. */
  by: 'sea' | 'air';
  /** The assaulting side, and the combat in which it must attack there. */
  side: string;
  combat: string;
  /** The units that landed there. */
  units: string[];
  /** How its battle went for the assaulting side, once fought (its retreats may still be under way). */
  outcome?: 'won' | 'lost';
  cite: Cite;
}

/** A unit displaced to the first of several locations as near, whose side may choose another of them (displacement.ts). */
export interface PendingDisplacement {
  unit: string;
  /** The side that chooses. */
  side: string;
  /** Where the unit was put, and the locations as near (that one among them). */
  at: LocKey;
  options: LocKey[];
  /** The displacement rule, by index. */
  rule: number;
  cite: Cite;
}

/** A unit's move paused where a hostile side may attack it in transit (combat/transit.ts). */
export interface PendingTransit {
  /** The side that may attack, and the side moving. */
  side: string;
  mover: string;
  unit: string;
  at: LocKey;
  /** The rest of the unit's route, after `at`, to where its move was going. */
  rest: LocKey[];
  /** The hostile units offered the attack so far on this move: a unit let pass is offered again only by others. */
  offered: string[];
  cite: Cite;
}

/**
 * A battle's aftermath still to play out (combat/aftermath.ts): the loser's units fall back, then
 * the winner's may advance.
 */
export interface PendingAftermath {
  combat: string;
  /** The winning camp. */
  winner: string;
  stage: 'retreat' | 'advance';
  /** The loser's units yet to fall back, each from where it stands (in the battle, or its retreat so far), with the locations it has left to go when more than one. */
  retreating: { unit: string; from: LocKey; left?: number }[];
  /** The battle's location, which a retreat of several locations goes farther from with each. */
  away?: LocKey;
  /** Where the loser's units stood: those it leaves empty are open to the advance. */
  left: LocKey[];
  /** The winner's units that may advance, each from where it stood in the battle. */
  advancing: { unit: string; from: LocKey }[];
  cite: Cite;
}

/**
 * A fire-table battle paused between its parts (combat/index.ts): an interception or a support battle
 * has inflicted losses whose owners choose the units that take them, and the rest of the battle is
 * fought with what they leave.
 */
export interface PendingBattle {
  combat: string;
  /** The attacking side, and the defending camp. */
  side: string;
  defending: string;
  target: LocKey;
  /** The part still to fight: the support battle, or the battle itself. */
  stage: 'support' | 'main';
  /** Where each attacking and defending unit stood as the battle began: locations its losses empty are open to the advance. */
  attackers: { unit: string; from: LocKey }[];
  defenders: { unit: string; from: LocKey }[];
  /** The units the battle exhausts, once fought (those of the classes it exhausts, not exhausted before it). */
  exhausting: string[];
  /** Whether each side's support counts in the battle, once the support battle is fought: the attacker's, then the defender's. */
  supports?: [boolean, boolean];
  cite: Cite;
}

/** A question only the tester can answer (a gap in the data, a die to be rolled by hand). */
export interface Question {
  key: string;
  text: string;
  cite: Cite;
  /** Numbers only, unless the answer is a code or label. */
  expects: 'number' | 'text';
  /** A count or a distance: a whole number. */
  whole?: boolean;
  /** The least answer taken (0 for a count, a factor, a cost). */
  min?: number;
  choices?: (number | string)[];
  /** Whether the answer may be kept for the rest of the game (a ruling on a gap). */
  rememberable: boolean;
  /** An answer that changes nothing (no modifier), which an estimate of an attack's odds may assume. */
  neutral?: number;
}

export interface Answer {
  value: number | string;
  remember?: boolean;
  /** The question's words, kept with a ruling (an answer remembered): the rulings in force read as they were asked. */
  question?: string;
}

/** An action put on hold until the tester answers a question; re-run from the same state when answered. */
export interface Suspended {
  action: Action;
  answers: Record<string, Answer>;
  question: Question;
  /** What the attempt explained before it stopped (the dice already rolled, the table already read). */
  events: GameEvent[];
}

/** Something the tester must adjudicate by hand before the game moves on. */
export interface Task {
  id: string;
  text: string;
  cite: Cite;
  /** A unit the task is to place by hand: it is not done while the unit still waits to be placed. */
  places?: string;
}

export interface GameResult {
  level?: { id: string; name: string; side?: string };
  text: string;
  turn: number;
  cite: Cite;
}

export interface GameState {
  rulesetHash: string;
  scenario: string;
  seed: number;
  manualDice: boolean;
  /** Campaign turn number (the calendar's first turn is 1). */
  turn: number;
  cursor: Cursor;
  step: StepMemory;
  units: Record<string, UnitState>;
  /** Next serial number per unit type, for generic units (ids `<type>#<n>`). */
  serials: Record<string, number>;
  /** Controlling power or side of each hex or area (`hex:..`, `area:..`). */
  control: Record<LocKey, string>;
  /** Each power's side and status, and the side that conquered it while it stays conquered (the conquest model's). */
  powers: Record<string, { side: string | null; status?: string; conqueredBy?: string }>;
  /** Relation states keyed by the two ids sorted and joined with '|'. */
  relations: Record<string, string>;
  /** Stock by power, then resource; absent while the starting value is a gap nobody has answered. */
  resources: Record<string, Record<string, number>>;
  /** Track values by track id, or `<track>@<power>` for per-power tracks; absent likewise. */
  tracks: Record<string, number>;
  flags: Record<string, boolean>;
  /** Once-only triggers that have fired. */
  fired: string[];
  /** Powers that have collected their income this turn (a turn may have several production steps). */
  earned: string[];
  /** Units moved by rail this turn. */
  railed?: string[];
  /** Units that made an attack this turn in each phase or step a step's attackAgain looks back on, by its id (absent while none has). */
  attackedIn?: Record<string, string[]>;
  /** Locations whose production a battle struck this turn (a combat model's `strikes`): their places produce nothing. */
  struck?: LocKey[];
  /** Points of production bonuses or transfers a battle struck this turn (a combat model's `strikes: bonuses`), by bonus id, or `<transfer>:<recipient>`. */
  struckBonuses?: Record<string, number>;
  /** Points the production model's transfers send this turn, by transfer id, then recipient. */
  transferred?: Record<string, Record<string, number>>;
  /** Tester's rulings on gaps, kept for the rest of the game, by question key. */
  rulings: Record<string, number | string>;
  tasks: Task[];
  losses: PendingLoss[];
  /** An attack declared, waiting for the defender to choose its support. */
  defense?: PendingDefense;
  aftermath?: PendingAftermath;
  /** A battle paused until losses of its interception or support battle are allocated. */
  battle?: PendingBattle;
  /** Loss points of a battle waiting for its attacker to choose which production points they strike. */
  strike?: PendingStrike;
  /** Amphibious assaults landed and not yet resolved (absent while none is). */
  assaults?: PendingAssault[];
  /** A move paused for a transit attack. */
  transit?: PendingTransit;
  /** Displaced units whose side may choose where among the nearest locations they go, first first (absent while none is). */
  displaced?: PendingDisplacement[];
  suspended?: Suspended;
  over?: GameResult;
  /** xoroshiro128+ state. */
  rng: number[];
  log: LogEntry[];
}

export const onBoard = (at: LocKey) => at.startsWith('hex:') || at.startsWith('area:') || at.startsWith('box:');

/** Units in the same camp fight together: a power's side, or, for a power on none, the power alone (hostile to every other camp). */
export const camp = (s: Pick<GameState, 'powers'>, power: string) => s.powers[power]?.side ?? `power:${power}`;
export const locId = (at: LocKey) => at.slice(at.indexOf(':') + 1);
/** The carrier a unit rides, by id, or undefined. */
export const carrierOf = (at: LocKey) => (at.startsWith('carried:') ? at.slice(8) : undefined);
// Points spent are recorded unit by unit under their ids: a record without a prototype, which the
// script engine keeps as a dictionary from the start rather than reshaping it at every new unit.
export const emptyStep = (): StepMemory => ({ spent: Object.create(null) as Record<string, number>, stopped: [], attackers: [], targets: [] });
export const emptyCursor = (): Cursor => ({ slot: 0, entered: false, ended: [], turnOf: 0, passes: 0 });

const listed = new WeakMap<GameState['units'], UnitState[]>();

/**
 * Every unit of a state, listed once per units record (a large record is slow to list each time).
 * The list holds the units themselves, so it stays true while they move; a record gains or replaces
 * a unit only through `setUnit`, which drops the list.
 */
export function unitList(s: Pick<GameState, 'units'>): readonly UnitState[] {
  let list = listed.get(s.units);
  if (!list) listed.set(s.units, (list = Object.values(s.units)));
  return list;
}

/**
 * A copy of a state's units, listed already (so the copy is never enumerated). Each unit is copied;
 * what it holds (its arrival, its placement zone) is only ever replaced whole, so it is shared.
 */
export function copyUnits(s: Pick<GameState, 'units'>): GameState['units'] {
  const list = unitList(s).map(unitRecord);
  const units: GameState['units'] = {};
  for (const u of list) units[u.id] = u;
  listed.set(units, list);
  return units;
}

/** Puts a unit into a state's record under its id. */
export function setUnit(s: Pick<GameState, 'units'>, u: UnitState) {
  s.units[u.id] = u;
  listed.delete(s.units);
}

/**
 * A unit as a new record with every field in place, absent ones undefined. Units made this way share
 * one shape, which keeps reading them fast in the loops over every unit; a field is cleared by setting
 * it undefined, never deleted, for the same reason. Undefined fields are neither stored nor hashed.
 */
export function unitRecord(u: UnitState): UnitState {
  return { id: u.id, type: u.type, power: u.power, stepsLost: u.stepsLost, at: u.at, due: u.due, zone: u.zone, supplied: u.supplied, exhausted: u.exhausted };
}

/** A deep copy of plain data (faster than structuredClone for the state's many small objects). */
export function copyPlain<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copyPlain) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[key] = copyPlain((value as Record<string, unknown>)[key]);
  return out as T;
}
