'use client';
// One balance run's report: each outcome's share on a 0-100% scale with where it would lie over many
// more games (95%), when the games ending so ended on average, and what the bots played without.
import type { SimulationRun } from '@/server/simulation-runs';
import { BalanceTurns } from './BalanceTurns';

type Report = NonNullable<SimulationRun['report']>;

export function BalanceReport({ report }: { report: Report }) {
  if (report.games === 0) return <p className="meta">No game had ended.</p>;
  return (
    <>
      <table>
        <thead>
          <tr>
            <th>Outcome</th>
            <th>Games</th>
            <th>Share</th>
            <th>Over many more games (95%)</th>
            <th>Ends on turn (average)</th>
          </tr>
        </thead>
        <tbody>
          {report.outcomes.map((o) => (
            <tr key={o.key}>
              <td>{o.label}</td>
              <td>{o.count}</td>
              <td>{o.percent.toFixed(1)}%</td>
              <td>
                <ShareBar value={o.percent} interval={o.interval} /> {o.interval[0].toFixed(1)}–{o.interval[1].toFixed(1)}%
              </td>
              <td>{o.averageTurns.toFixed(1)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="meta">
        {report.games} games · {report.averageTurns.toFixed(1)} turns and {report.averageActions.toFixed(0)} actions on average · {report.seconds.toFixed(1)} s ({report.gamesPerSecond.toFixed(1)} games/s)
        {report.capped > 0 && ` · ${report.capped} capped at the action limit`}
        {report.leftToTester.specialRules + report.leftToTester.manualParts > 0 &&
          ` · played without what the ruleset leaves to the tester: ${report.leftToTester.specialRules} special rules and ${report.leftToTester.manualParts} manual parts of its models`}
      </p>
      <BalanceTurns report={report} />
      {(report.unlisted?.length ?? 0) > 0 && (
        <div className="meta" data-testid="balance-unlisted">
          Left out of the bots' choices, for want of a value the data lacks:
          <ul>
            {report.unlisted!.map((u) => (
              <li key={u.pointer}>
                <code>{u.pointer}</code>
                {u.rule ? ` (rule ${u.rule})` : ''}, in {u.games} of {report.games} games: {u.text}
              </li>
            ))}
          </ul>
        </div>
      )}
      {report.stuck.length > 0 && (
        <ul className="meta">
          {report.stuck.map((s) => (
            <li key={s.reason}>
              {s.count} stopped on something only a person can settle: {s.reason}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** A value on a 0-100 scale (percent or percentage points from `min`), with its interval as a band. */
export function ShareBar({ value, interval, min = 0, max = 100 }: { value: number; interval: [number, number]; min?: number; max?: number }) {
  const at = (x: number) => `${((Math.min(max, Math.max(min, x)) - min) / (max - min)) * 100}%`;
  return (
    <span className="balance-bar" title={`${interval[0].toFixed(1)} to ${interval[1].toFixed(1)}`}>
      {min < 0 && <b style={{ left: at(0) }} />}
      <span style={{ left: at(interval[0]), width: `calc(${at(interval[1])} - ${at(interval[0])})` }} />
      <i style={{ left: at(value) }} />
    </span>
  );
}
