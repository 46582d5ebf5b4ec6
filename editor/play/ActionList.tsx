'use client';
// The legal actions of a side, grouped by kind and filterable; pointing at one marks its hexes on the
// map, and an attack can show its odds.
import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import { useTRPC } from '@/editor/TrpcProvider';
import type { Action } from '@/engine/game';
import type { AppRouter } from '@/server/router';

export type Listed = inferRouterOutputs<AppRouter>['games']['legalActions']['actions'][number];

export function ActionList({ gameId, actions, busy, sideName, onAct, onPoint }: { gameId: string; actions: Listed[]; busy: boolean; sideName: (id: string) => string; onAct: (a: Listed) => void; onPoint: (a: Listed | undefined) => void }) {
  const [filter, setFilter] = useState('');
  // Attacks whose odds are shown, by label (the list is for one position: a new one starts with none).
  const [withOdds, setWithOdds] = useState<ReadonlySet<string>>(new Set());
  const toggleOdds = (label: string) => setWithOdds((open) => (open.has(label) ? new Set([...open].filter((l) => l !== label)) : new Set([...open, label])));
  const shown = filter ? actions.filter((a) => a.label.toLowerCase().includes(filter.toLowerCase())) : actions;
  const groups = new Map<string, Listed[]>();
  for (const a of shown) groups.set(a.action.type, [...(groups.get(a.action.type) ?? []), a]);
  if (actions.length === 0) return <p className="play-note">No legal action for this side now.</p>;
  return (
    <div data-testid="legal-actions">
      {actions.length > 8 && <input className="play-filter" aria-label="Filter actions" placeholder={`filter ${actions.length} actions`} value={filter} onChange={(e) => setFilter(e.target.value)} />}
      {[...groups].map(([kind, list]) => (
        <details key={kind} open className="play-group">
          <summary>
            {kind} ({list.length})
          </summary>
          <ul>
            {list.slice(0, 200).map((a, i) => (
              <li key={i} className="play-action-row">
                <button className="play-action" disabled={busy} data-kind={kind} onClick={() => onAct(a)} onMouseEnter={() => onPoint(a)} onMouseLeave={() => onPoint(undefined)} onFocus={() => onPoint(a)} onBlur={() => onPoint(undefined)}>
                  {a.label}
                </button>
                {kind === 'attack' && (
                  <button className="wb-link" aria-expanded={withOdds.has(a.label)} onClick={() => toggleOdds(a.label)} title="Fight this attack 1,000 times on fresh dice from here, without making it">
                    odds
                  </button>
                )}
                {withOdds.has(a.label) && <OddsLine gameId={gameId} action={a.action as Action} sideName={sideName} />}
              </li>
            ))}
            {list.length > 200 && <li className="meta">and {list.length - 200} more: filter to find them</li>}
          </ul>
        </details>
      ))}
      {shown.length === 0 && <p className="play-note">No action matches.</p>}
    </div>
  );
}

const RUNS = 1000;
const percent = (n: number, of: number) => `${Math.round((100 * n) / of)}%`;

/** An attack's odds, as the server works them out: who wins how often, and the loss points each side takes on average. */
function OddsLine({ gameId, action, sideName }: { gameId: string; action: Action; sideName: (id: string) => string }) {
  const trpc = useTRPC();
  const odds = useQuery(trpc.games.odds.queryOptions({ gameId, action, runs: RUNS }, { refetchOnWindowFocus: false, staleTime: Infinity }));
  if (odds.error) return <p className="wb-error play-odds">{odds.error.message}</p>;
  if (!odds.data) return <p className="play-note play-odds">Fighting it {RUNS.toLocaleString('en')} times…</p>;
  if (!odds.data.ok) return <p className="play-note play-odds" data-testid="odds">No odds: {odds.data.reason}.</p>;
  const { runs, wins, lossPoints, support } = odds.data.odds;
  const sides = Object.keys(lossPoints);
  const undecided = runs - Object.values(wins).reduce((a, b) => a + b, 0);
  return (
    <p className="play-note play-odds" data-testid="odds">
      Of {runs.toLocaleString('en')} battles on fresh dice: {sides.map((side) => `${sideName(side)} wins ${percent(wins[side] ?? 0, runs)}`).join(', ')}
      {undecided > 0 ? `, neither ${percent(undecided, runs)}` : ''}; loss points taken on average: {sides.map((side) => `${sideName(side)} ${lossPoints[side].toFixed(1)}`).join(', ')}
      {support ? ` (the defender supporting with all it may: ${support.length} unit${support.length === 1 ? '' : 's'})` : ''}.
    </p>
  );
}
