'use client';
// A stored test game replayed on its ruleset's drafts as they are now (games.rerun): the same way
// throughout, or the first entry the drafts refuse or send another way, with what happens there now.
import type { inferRouterOutputs } from '@trpc/server';
import type { GameEvent } from '@/engine/game';
import type { AppRouter } from '@/server/router';
import { describe } from './words';

export type RerunReport = inferRouterOutputs<AppRouter>['games']['rerun'];

/** One game's report in a line; `href` opens the game, where `?at=` shows a position of its history. */
export function RerunSummary({ report, href }: { report: RerunReport; href: string }) {
  const { result } = report;
  if (!report.changed) return <span className="meta">unchanged since the game began</span>;
  if (result.kind === 'same') return <span className="rerun-same">the same through all {result.entries} entries</span>;
  // The entry as it was played, in the game's history.
  const entry = (
    <a href={`${href}?at=${result.at + 1}`}>
      #{result.at} ({describe(result.entry.action, (id) => id)})
    </a>
  );
  if (result.kind === 'differs') return <span className="rerun-parted">goes another way at {entry}</span>;
  return (
    <span className="rerun-parted">
      refused at {entry}: {result.refusal.message}
      <span className="meta"> — {result.refusal.cite.rule ? `rule ${result.refusal.cite.rule}` : 'no rule number'} ({result.refusal.code})</span>
    </span>
  );
}

const Events = ({ events }: { events: GameEvent[] }) => (
  <ul>
    {events.map((e, i) => (
      <li key={i}>{e.text}</li>
    ))}
  </ul>
);

/** Where a game goes another way: the entry's events as played beside its events on the drafts now. */
export function RerunDetail({ report }: { report: RerunReport }) {
  const { result } = report;
  if (result.kind !== 'differs') return null;
  return (
    <details className="rerun-detail">
      <summary>entry #{result.at} as played and on the drafts now</summary>
      <p>After it, the game differs:</p>
      <ul className="rerun-changes">
        {result.changes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="rerun-sides">
        <section>
          <h3>As played</h3>
          <Events events={result.entry.events} />
        </section>
        <section>
          <h3>On the drafts now</h3>
          <Events events={result.events} />
        </section>
      </div>
    </details>
  );
}
