'use client';
// Bots play many complete games of the ruleset as the workbench shows it (its drafts), across the
// server's threads: who wins how often, with where each share would lie over many more games (95%),
// and how long games run. The same run repeats exactly (game i plays seed S+i), as `npm run simulate`.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ResolvedRuleset } from '@/engine';
import { useTRPC } from '@/editor/TrpcProvider';
import { api, messageOf } from '@/editor/workbench/api';
import { PatchSetChecks } from './PatchSetChecks';

export function BalanceLab({ rulesetId, ruleset }: { rulesetId: string; ruleset: ResolvedRuleset | undefined }) {
  const trpc = useTRPC();
  const [games, setGames] = useState('50');
  const [seed, setSeed] = useState('1');
  const [bots, setBots] = useState<'random' | 'greedy'>('random');
  const [chosen, setChosen] = useState<string[]>([]);
  const [runId, setRunId] = useState<string>();
  const [error, setError] = useState<string>();
  const run = useQuery({
    ...trpc.simulations.status.queryOptions({ id: runId ?? '' }),
    enabled: !!runId,
    refetchInterval: (q) => (q.state.data?.report || q.state.data?.error || q.state.error ? false : 500),
  });
  const playing = !!runId && !run.data?.report && !run.data?.error && !run.error;

  const start = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(undefined);
    try {
      const { id } = await api.simulations.start.mutate({ rulesetId, games: Number(games), seed: Number(seed), bots, optionalPatchSets: chosen });
      setRunId(id);
    } catch (err) {
      setError(messageOf(err));
    }
  };

  const report = run.data?.report;
  return (
    <section className="balance" aria-label="Balance">
      <h2>Balance: bots play many games</h2>
      <p className="meta">
        Complete games between bots on the drafts as they are now, across the server&rsquo;s threads. Game <i>i</i> plays seed <i>S</i>+<i>i</i>, so a run repeats exactly (as{' '}
        <code>npm run simulate</code>). Bots need a ruleset without gaps a game reaches: choose a provisional fill where the ruleset has one.
      </p>
      <form className="balance-form" onSubmit={(e) => void start(e)}>
        <label>
          Games <input aria-label="Games" type="number" min={1} max={1000} step={1} value={games} onChange={(e) => setGames(e.target.value)} />
        </label>
        <label>
          First seed <input aria-label="First seed" type="number" step={1} value={seed} onChange={(e) => setSeed(e.target.value)} />
        </label>
        <label>
          Bots{' '}
          <select aria-label="Bots" value={bots} onChange={(e) => setBots(e.target.value as 'random' | 'greedy')}>
            <option value="random">random</option>
            <option value="greedy">greedy</option>
          </select>
        </label>
        <PatchSetChecks patchSets={ruleset?.optionalPatchSets ?? {}} chosen={chosen} onChange={setChosen} />
        <button type="submit" disabled={playing}>
          {playing ? 'Playing…' : 'Play the games'}
        </button>
      </form>
      {error && (
        <p className="wb-error balance-error" role="alert">
          {error}
        </p>
      )}
      {run.error && <p className="wb-error">{run.error.message}</p>}
      {run.data?.error && <p className="wb-error">The run ended without a report: {run.data.error}.</p>}
      {playing && run.data && (
        <p className="balance-progress" role="status">
          <progress max={run.data.games} value={run.data.done} /> {run.data.done} of {run.data.games} games{' '}
          <button className="wb-link" onClick={() => void api.simulations.stop.mutate({ id: run.data.id }).catch((err) => setError(messageOf(err)))}>
            stop
          </button>
        </p>
      )}
      {report && (
        <div className="balance-report" data-testid="balance-report">
          <table>
            <thead>
              <tr>
                <th>Outcome</th>
                <th>Games</th>
                <th>Share</th>
                <th>Over many more games (95%)</th>
              </tr>
            </thead>
            <tbody>
              {report.outcomes.map((o) => (
                <tr key={o.key}>
                  <td>{o.label}</td>
                  <td>{o.count}</td>
                  <td>{o.percent.toFixed(1)}%</td>
                  <td>
                    <span className="balance-bar" title={`${o.interval[0].toFixed(1)}–${o.interval[1].toFixed(1)}%`}>
                      <span style={{ left: `${o.interval[0]}%`, width: `${o.interval[1] - o.interval[0]}%` }} />
                      <i style={{ left: `${o.percent}%` }} />
                    </span>{' '}
                    {o.interval[0].toFixed(1)}–{o.interval[1].toFixed(1)}%
                  </td>
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
          {report.stuck.length > 0 && (
            <ul className="meta">
              {report.stuck.map((s) => (
                <li key={s.reason}>
                  {s.count} stopped on something only a person can settle: {s.reason}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
