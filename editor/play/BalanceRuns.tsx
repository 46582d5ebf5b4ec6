'use client';
// A ruleset's balance runs, newest first, as the database keeps them: which rules each played (the
// drafts or the files, and their hash), its settings, how it ended and its leading outcome.
import type { SimulationRun } from '@/server/simulation-runs';

const STATE = { playing: 'playing', done: 'done', stopped: 'stopped', failed: 'failed', interrupted: 'interrupted by a restart' } as const;

/** A run in a few words: when it started, which rules, what was played. */
export function runLabel(r: SimulationRun): string {
  const patches = r.optionalPatchSets.length ? ` + ${r.optionalPatchSets.join(', ')}` : '';
  const scenario = r.report?.scenario ? `, ${r.report.scenario.name}` : '';
  return `${new Date(r.startedAt).toLocaleString()} (${r.source} ${r.rulesetHash.slice(0, 8)}${patches}, ${r.games} ${r.bots} games from seed ${r.seed}${scenario})`;
}

export function BalanceRuns({ runs, shown, onShow, onDelete }: { runs: SimulationRun[]; shown?: string; onShow(id: string): void; onDelete(run: SimulationRun): void }) {
  return (
    <table className="balance-runs" aria-label="Balance runs">
      <thead>
        <tr>
          <th>Started</th>
          <th>Rules</th>
          <th>Games</th>
          <th>Bots</th>
          <th>How it ended</th>
          <th>Leading outcome</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {runs.map((r) => {
          const lead = r.report?.outcomes[0];
          return (
            <tr key={r.id} className={r.id === shown ? 'balance-shown' : undefined}>
              <td>{new Date(r.startedAt).toLocaleString()}</td>
              <td title={`resolved ruleset ${r.rulesetHash}`}>
                {r.source === 'drafts' ? 'drafts' : 'files as published'} <code>{r.rulesetHash.slice(0, 8)}</code>
                {r.optionalPatchSets.map((p) => (
                  <code key={p}> +{p}</code>
                ))}
              </td>
              <td>
                {r.report && r.report.games !== r.games ? `${r.report.games} of ${r.games}` : r.games} from seed {r.seed}
              </td>
              <td>{r.bots}</td>
              <td>{STATE[r.state]}</td>
              <td>{lead ? `${lead.label} ${lead.percent.toFixed(1)}%` : ''}</td>
              <td>
                <button className="wb-link" onClick={() => onShow(r.id)} disabled={r.id === shown}>
                  show
                </button>{' '}
                {r.state !== 'playing' && (
                  <button className="wb-link" onClick={() => onDelete(r)}>
                    delete
                  </button>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
