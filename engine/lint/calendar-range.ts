// The calendar's range, from its first turn (turn 1, when it names one) to its last (or its number of turns):
// the lint reports a scenario starting or ending outside it, and the "New scenario" form and the server refuse
// a new scenario's start there, so that creating one never leaves the ruleset with errors.
import { clock, type Clock } from '../game/calendar';
import { isRecord } from '../json/record';
import type { ResolvedRuleset, Scenario, TurnRef } from '../generated/schema-types';

/** A turn reference of the shape the schema gives one, or nothing (optional): a turn, or a year and a season. */
export const turnShaped = (v: unknown, optional = false) =>
  (optional && v === undefined) || (isRecord(v) && [v.turn, v.year].every((n) => n === undefined || Number.isInteger(n)) && (v.season === undefined || typeof v.season === 'string'));

/** A calendar that can be counted through: the checks past the schema read it whatever its shape, and one the schema refuses is reported there. */
export const calendarShaped = (cal: unknown) =>
  cal === undefined ||
  (isRecord(cal) && turnShaped(cal.first, true) && turnShaped(cal.last, true) && (cal.turns === undefined || Number.isInteger(cal.turns)) && (cal.seasons === undefined || (Array.isArray(cal.seasons) && cal.seasons.length > 0 && cal.seasons.every((x) => typeof x === 'string'))));

export interface CalendarRange {
  clock: Clock;
  first?: number;
  last?: number;
  /** "autumn 1939 (turn 1)", or "turn 3" on a numbered calendar. */
  named: (turn: number) => string;
  /** "autumn 1939 (turn 1) to spring 1945 (turn 23)"; undefined when the calendar names neither end. */
  text?: string;
  /** Whether a turn lies inside the range. */
  holds: (turn: number) => boolean;
}

/** The range as `scenario` counts turns, or undefined when the ruleset's calendar or the scenario's turns cannot be read. */
export function calendarRange(ruleset: Partial<ResolvedRuleset>, scenario: unknown): CalendarRange | undefined {
  const cal = ruleset.calendar;
  if (!isRecord(scenario) || !turnShaped(scenario.start) || !turnShaped(scenario.end, true) || !calendarShaped(cal)) return undefined;
  const c = clock(ruleset as ResolvedRuleset, scenario as unknown as Scenario);
  const first = cal?.first ? 1 : undefined;
  const last = cal?.last ? c.index(cal.last) : cal?.turns;
  const named = (turn: number) => (c.season(turn) ? `${c.label(turn)} (turn ${turn})` : c.label(turn));
  const text = first === undefined && last === undefined ? undefined : `${first !== undefined ? named(first) : 'its start'} to ${last !== undefined ? named(last) : 'no last turn'}`;
  const holds = (turn: number) => (first === undefined || turn >= first) && (last === undefined || turn <= last);
  return { clock: c, first, last, named, text, holds };
}

/**
 * Why a copy of `scenario` cannot start on `start`, naming the field: outside the calendar, or after the
 * scenario's end (which the copy keeps). Undefined when it can, or when the calendar cannot be read (the lint says why).
 */
export function newStartProblem(ruleset: Partial<ResolvedRuleset>, scenario: unknown, start: TurnRef): string | undefined {
  const range = calendarRange(ruleset, scenario);
  const turn = range?.clock.index(start);
  if (!range || turn === undefined) return undefined;
  if (!range.holds(turn)) return `Start: ${range.named(turn)} is outside the ruleset's calendar, ${range.text}.`;
  const end = isRecord(scenario) && isRecord(scenario.end) ? range.clock.index(scenario.end as TurnRef) : undefined;
  if (end !== undefined && turn > end) return `Start: ${range.named(turn)} is after the scenario's end, ${range.named(end)}.`;
  return undefined;
}
