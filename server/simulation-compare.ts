// Two balance runs side by side: each outcome's share in both, the difference with where it would lie
// over many more games (95%, Newcombe's hybrid score intervals from the Wilson intervals of the shares:
// game by game when both runs played the same seeds, as two samples otherwise), and the seeds both
// played that ended alike. A difference whose interval excludes zero is a real change.
import type { PlayedOutcome, SimulationRun } from './simulation-runs';
import { percentOf, wilsonShare } from './simulation';

export interface OutcomeChange {
  key: string;
  label: string;
  /** Games and share (percent) in each run. */
  before: { count: number; percent: number };
  after: { count: number; percent: number };
  /** The share after minus before, in percentage points, with its 95% interval. */
  difference: number;
  interval: [number, number];
  /** 'more' or 'less' when the interval excludes zero; 'unclear' when these games cannot tell. */
  verdict: 'more' | 'less' | 'unclear';
}

export interface RunComparison {
  before: SimulationRun;
  after: SimulationRun;
  /** Whether both played the same rules (by the resolved ruleset's hash). */
  sameRules: boolean;
  /** The settings the runs played with that differ: bots, patch sets applied, scenario. */
  otherSettings: SettingChange[];
  outcomes: OutcomeChange[];
  /** Of the seeds both runs played, how many ended the same way (the same rules and settings end all alike). */
  seeds: { both: number; alike: number };
  /** Whether both played the same seeds, so that each difference is measured game by game (a narrower interval where few games part). */
  paired: boolean;
  averageTurns: { before: number; after: number };
}

/** A setting two runs played with differently, as each had it ('' for no patch set). */
export interface SettingChange {
  setting: 'bots' | 'patch sets' | 'scenario';
  before: string;
  after: string;
}

type Reported = SimulationRun & { report: NonNullable<SimulationRun['report']> };

export function compareRuns(before: Reported, after: Reported, playedBefore: readonly PlayedOutcome[], playedAfter: readonly PlayedOutcome[]): RunComparison {
  const labels = new Map<string, string>();
  for (const o of [...before.report.outcomes, ...after.report.outcomes]) labels.set(o.key, o.label);
  const shareIn = (r: Reported, key: string) => {
    const count = r.report.outcomes.find((o) => o.key === key)?.count ?? 0;
    return { count, percent: percentOf(count / Math.max(1, r.report.games)) };
  };
  const ended = new Map(playedBefore.map((p) => [p.seed, p.outcome]));
  const both = playedAfter.filter((p) => ended.has(p.seed));
  const paired = both.length > 0 && both.length === playedBefore.length && both.length === playedAfter.length;
  const outcomes = [...labels].map(([key, label]): OutcomeChange => {
    const a = shareIn(before, key), b = shareIn(after, key);
    const [difference, interval] = paired ? pairedDifference(both.map((p) => [ended.get(p.seed) === key, p.outcome === key])) : shareDifference(a.count, before.report.games, b.count, after.report.games);
    return {
      key,
      label,
      before: a,
      after: b,
      difference: percentOf(difference),
      interval: [percentOf(interval[0]), percentOf(interval[1])],
      verdict: interval[0] > 0 ? 'more' : interval[1] < 0 ? 'less' : 'unclear',
    };
  });
  outcomes.sort((x, y) => Math.max(y.before.count, y.after.count) - Math.max(x.before.count, x.after.count) || x.key.localeCompare(y.key));
  return {
    before,
    after,
    sameRules: before.rulesetHash === after.rulesetHash,
    otherSettings: otherSettings(before, after),
    outcomes,
    seeds: { both: both.length, alike: both.filter((p) => ended.get(p.seed) === p.outcome).length },
    paired,
    averageTurns: { before: before.report.averageTurns, after: after.report.averageTurns },
  };
}

function otherSettings(before: SimulationRun, after: SimulationRun): SettingChange[] {
  const changes: SettingChange[] = [];
  if (before.bots !== after.bots) changes.push({ setting: 'bots', before: before.bots, after: after.bots });
  const patches = (r: SimulationRun) => [...r.optionalPatchSets].sort().join(', ');
  if (patches(before) !== patches(after)) changes.push({ setting: 'patch sets', before: patches(before), after: patches(after) });
  // A run kept before its scenario was recorded played the ruleset's first, which may be either's.
  if (before.scenario && after.scenario && before.scenario !== after.scenario) changes.push({ setting: 'scenario', before: before.scenario, after: after.scenario });
  return changes;
}

/**
 * The difference of two shares (k2/n2 − k1/n1) and its 95% interval, by Newcombe's hybrid score method
 * (method 10 of his 1998 paper): it combines the two Wilson intervals, and stays honest near 0 and 1.
 */
export function shareDifference(k1: number, n1: number, k2: number, n2: number): [number, [number, number]] {
  const p1 = n1 ? k1 / n1 : 0, p2 = n2 ? k2 / n2 : 0;
  const [l1, u1] = wilsonShare(k1, n1);
  const [l2, u2] = wilsonShare(k2, n2);
  const d = p2 - p1;
  return [d, [d - Math.hypot(p2 - l2, u1 - p1), d + Math.hypot(u2 - p2, p1 - l1)]];
}

/**
 * The difference of two shares measured on the same games (each game: whether the outcome came before,
 * and after) and its 95% interval, by Newcombe's method for paired data (1998, method 10): the two
 * Wilson intervals combined with the correlation of the pairs, so games that end alike narrow it.
 */
export function pairedDifference(pairs: readonly (readonly [before: boolean, after: boolean])[]): [number, [number, number]] {
  const n = pairs.length;
  if (n === 0) return [0, [-1, 1]];
  let a = 0, b = 0, c = 0;
  for (const [x, y] of pairs) {
    if (x && y) a++;
    else if (x) b++;
    else if (y) c++;
  }
  const d = n - a - b - c;
  const p1 = (a + b) / n, p2 = (a + c) / n;
  const [l1, u1] = wilsonShare(a + b, n);
  const [l2, u2] = wilsonShare(a + c, n);
  const spread = (a + b) * (c + d) * (a + c) * (b + d);
  const cross = a * d - b * c;
  const phi = spread === 0 ? 0 : (cross > n / 2 ? cross - n / 2 : cross < 0 ? cross : 0) / Math.sqrt(spread);
  // Newcombe's bounds are for before − after; the difference here is after − before.
  const low = p1 - p2 - Math.sqrt((p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2);
  const high = p1 - p2 + Math.sqrt((p2 - l2) ** 2 - 2 * phi * (p2 - l2) * (u1 - p1) + (u1 - p1) ** 2);
  return [p2 - p1, [-high, -low]];
}
