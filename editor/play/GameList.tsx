'use client';
// The test games of one ruleset, newest first, each a link back into play, and a way to delete one.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '@/editor/TrpcProvider';
import { api, messageOf } from '@/editor/workbench/api';
import './play.css';

export function GameList({ rulesetId }: { rulesetId: string }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.games.list.queryOptions({ rulesetId }, { refetchOnWindowFocus: false }));
  const [error, setError] = useState<string>();
  const remove = async (gameId: string, entries: number) => {
    if (!window.confirm(`Delete test game ${gameId.slice(0, 8)} and its ${entries} log entries? This cannot be undone.`)) return;
    try {
      await api.games.delete.mutate({ gameId });
      setError(undefined);
    } catch (err) {
      setError(messageOf(err));
    }
    await list.refetch();
  };
  return (
    <section className="play-list">
      <h1>Test games of {rulesetId}</h1>
      <p className="meta">
        Start one from the <a href={`/rulesets/${rulesetId}`}>workbench</a> with “Launch test game”.
      </p>
      {list.error && <p className="error">{list.error.message}</p>}
      {error && <p className="error">{error}</p>}
      {list.data && list.data.games.length === 0 && <p className="play-note">No test games yet.</p>}
      {list.data && list.data.games.length > 0 && (
        <table>
          <thead>
            <tr>
              <th>Game</th>
              <th>Scenario</th>
              <th>Seed</th>
              <th>Patch sets</th>
              <th>Bots</th>
              <th>Log</th>
              <th>Last played</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.data.games.map((g) => (
              <tr key={g.gameId}>
                <td>
                  <a href={`/rulesets/${rulesetId}/play/${g.gameId}`}>{g.gameId.slice(0, 8)}</a>
                  {g.fromDraft && <span className="meta"> · draft</span>}
                </td>
                <td>{g.scenarioId}</td>
                <td>{g.seed}</td>
                <td>{g.optionalPatchSets.join(', ') || '—'}</td>
                <td>{Object.entries(g.bots).map(([s, k]) => `${s}: ${k}`).join(', ') || '—'}</td>
                <td>{g.logLength}</td>
                <td>{new Date(g.updatedAt).toLocaleString()}</td>
                <td>
                  <button className="wb-link" onClick={() => void remove(g.gameId, g.logLength)}>
                    delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
