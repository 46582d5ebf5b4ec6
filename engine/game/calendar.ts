// Turns as numbers: the campaign's first turn is 1; seasonal turns count seasons from the calendar's
// first (or, lacking one, the scenario's start).
import type { ResolvedRuleset, Scenario, Season, TurnRef } from '../generated/schema-types';

const DEFAULT_SEASONS: Season[] = ['spring', 'summer', 'autumn', 'winter'];

export interface Clock {
  /** The turn number of a turn reference, or undefined when the calendar cannot place it. */
  index(ref: TurnRef): number | undefined;
  /** "turn 3", or the season and year on a seasonal calendar. */
  label(turn: number): string;
  /** "Turn 3", with the season and year when there are any. */
  title(turn: number): string;
  season(turn: number): Season | undefined;
  start: number;
  /** The last turn, when the scenario or the calendar gives one. */
  last?: number;
}

export function clock(ruleset: ResolvedRuleset, scenario: Scenario): Clock {
  const cal = ruleset.calendar;
  const seasons = cal?.seasons ?? DEFAULT_SEASONS;
  const origin = cal?.first?.year !== undefined ? cal.first : scenario.start;
  const seasonal = cal?.kind === 'seasonal' || (cal === undefined && origin.year !== undefined);
  const index = (ref: TurnRef): number | undefined => {
    if (ref.turn !== undefined) return ref.turn;
    if (!seasonal || ref.year === undefined || ref.season === undefined || origin.year === undefined || origin.season === undefined) return undefined;
    const s = seasons.indexOf(ref.season);
    const o = seasons.indexOf(origin.season);
    if (s < 0 || o < 0) return undefined;
    return (ref.year - origin.year) * seasons.length + (s - o) + 1;
  };
  const season = (turn: number): Season | undefined => {
    if (!seasonal || origin.season === undefined) return undefined;
    const o = seasons.indexOf(origin.season);
    return seasons[(((o + turn - 1) % seasons.length) + seasons.length) % seasons.length];
  };
  const label = (turn: number) => {
    const s = season(turn);
    if (!s || origin.year === undefined) return `turn ${turn}`;
    const o = seasons.indexOf(origin.season!);
    return `${s} ${origin.year + Math.floor((o + turn - 1) / seasons.length)}`;
  };
  const endRef = scenario.end ?? cal?.last;
  const last = endRef ? index(endRef) : cal?.turns;
  const title = (turn: number) => (season(turn) ? `Turn ${turn} (${label(turn)})` : `Turn ${turn}`);
  return { index, label, title, season, start: index(scenario.start) ?? 1, last };
}
