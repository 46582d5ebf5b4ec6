// The log: every committed action with the events it caused. Events explain themselves in `text`
// (the play-by-play) and carry the data behind it and the rule they follow.
import type { Action } from './actions';
import type { Answer, GameResult, LocKey } from './state';

/** The ruleset element behind an event or refusal: a JSON Pointer into the resolved ruleset, and its rule number. */
export interface Cite {
  pointer: string;
  rule?: string;
}

export interface Refusal {
  code: string;
  message: string;
  cite: Cite;
}

export interface AppliedShift {
  reason: string;
  columns: number;
  cite: Cite;
}

/** One side of a battle: its total strength (support included as counted), its roll, the loss points it took and those counted toward the winner. */
export interface BattleSide {
  party: string;
  strength: number;
  /** Strength of its support units, and how much of it counted (when the model caps it). */
  support?: number;
  supportCounted?: number;
  roll?: number;
  /** Loss points taken, and those counted toward the winner (a fire-table battle's). */
  lossPoints?: number;
  counted?: number;
}

interface EventBase {
  text: string;
  cite?: Cite;
  /** Made by the tester's hand, not by a model. */
  manual?: boolean;
}

export type GameEvent = EventBase &
  (
    | { kind: 'turn'; turn: number; edge: 'start' | 'end' }
    | { kind: 'sequence'; what: 'enter' | 'skip' | 'end'; id: string; actor?: string }
    | { kind: 'roll'; purpose: string; dice: number; sides: number; values: number[]; total: number; byTester?: boolean }
    /** `ruling`: the tester gave the value; `provisional`: a designer filled it in, from no source. */
    | { kind: 'lookup'; table: string; row: string; column: string; shifts: AppliedShift[]; roll?: number; result: number | string; ruling?: boolean; provisional?: boolean }
    /** `provisional`: a cost it paid read a value a designer filled in, from no source. */
    | { kind: 'move'; unit: string; from: LocKey; to: LocKey; path: LocKey[]; cost: number; provisional?: boolean }
    | { kind: 'place'; unit: string; to: LocKey }
    | { kind: 'control'; location: LocKey; from?: string; to: string }
    /** `result`: the code an odds table gave. */
    /** `provisional`: a strength read a factor a designer filled in, from no source. */
    | { kind: 'battle'; combat: string; target: LocKey; attacker: BattleSide; defender: BattleSide; winner?: string; result?: string; provisional?: boolean }
    | { kind: 'support-battle'; combat: string; target: LocKey; winner?: string; /** Loss points each side took in it, by party. */ lossPoints?: Record<string, number> }
    /** An attack declared: the units that attack (and support it), before the defender chooses its support. */
    | { kind: 'attack'; combat: string; target: LocKey; side: string; units: string[] }
    | { kind: 'defense'; combat: string; target: LocKey; side: string; units: string[]; chosen: boolean }
    /** A move paused for a transit attack (`units` may attack), then the side's choice. */
    | { kind: 'transit'; unit: string; at: LocKey; side: string; units: string[]; choice?: 'attack' | 'pass' }
    | { kind: 'loss'; unit: string; steps: number; eliminated: boolean }
    | { kind: 'allocation'; side: string; points: number }
    | { kind: 'stacking'; at: LocKey; camp: string; count: number; max: number }
    | { kind: 'arrive'; unit: string; to: LocKey }
    | { kind: 'income'; power: string; resource: string; amount: number; stock: number }
    | { kind: 'buy'; unit: string; power: string; cost: Record<string, number>; to: LocKey }
    | { kind: 'upgrade'; unit: string; power: string; cost: Record<string, number> }
    | { kind: 'supply'; units: string[]; supplied: boolean }
    | { kind: 'exhausted'; units: string[]; exhausted: boolean }
    | { kind: 'victory'; level?: string; side?: string; endsGame: boolean; /** The level's condition (or, reaching none, each side's nearest level's) with what the check counted. */ why?: string }
    | { kind: 'trigger'; trigger: string }
    | { kind: 'effect'; op: string }
    | { kind: 'reminder' }
    | { kind: 'task'; task: string; done: boolean }
    | { kind: 'adjudication'; op: string }
    | { kind: 'game-over'; result: GameResult }
  );

export type EventKind = GameEvent['kind'];

export interface LogEntry {
  /** Position in the log, from 0 (the `start` action). */
  seq: number;
  action: Action;
  /** The tester's answers the action needed, replayed with it. */
  answers?: Record<string, Answer>;
  /** A free-form adjudication by the tester. */
  manual: boolean;
  /** Why a bot chose the action, in words (a greedy bot says what it weighed); none for a person's. */
  why?: string;
  turn: number;
  events: GameEvent[];
}

/** The log as a play-by-play: one line per event, each action's events under it, after a bot's reason for it. */
export function playByPlay(log: readonly LogEntry[]): string[] {
  return log.flatMap((entry) => [...(entry.why ? [`[bot] ${entry.why}`] : []), ...entry.events.map(eventLine)]);
}

/** An event as one line of text, with the rule it cites. */
export const eventLine = (e: GameEvent): string => (e.manual ? '[manual] ' : '') + e.text + (e.cite?.rule ? ` (rule ${e.cite.rule})` : '');
