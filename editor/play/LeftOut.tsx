'use client';
// The side's units near an attack's target that the attack leaves out, and why: each refusal the engine
// gives an attack with it, asked of the server only when the list is opened (it tries each on a copy).
import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useTRPC } from '@/editor/TrpcProvider';
import { capitalize } from '@/engine/words';
import type { AppRouter } from '@/server/router';

type Left = inferRouterOutputs<AppRouter>['games']['whyNotAttacking']['units'][number];

/**
 * A line for each reason, headed by the units refused for it in the same words (with where they stand); a refusal
 * that names its unit (most do) is its line, after where the unit stands, so the unit is said once.
 */
function lines(units: readonly Left[], unitName: (id: string) => string, unitPlace: (id: string) => string): { text: string; rule?: string; pointer: string }[] {
  const byReason = new Map<string, Left[]>();
  for (const u of units) {
    const reason = `${u.refusal.code} ${u.refusal.message}`;
    byReason.set(reason, [...(byReason.get(reason) ?? []), u]);
  }
  return [...byReason.values()].map((group) => {
    const [{ unit, named, refusal }] = group;
    const { message, cite } = refusal;
    const text = named && group.length === 1 ? `${capitalize(unitPlace(unit))}: ${message}` : `${group.map((u) => unitName(u.unit)).join(', ')}: ${message}`;
    return { text, rule: cite.rule, pointer: cite.pointer };
  });
}

export function LeftOut({ gameId, side, target, unitName, unitPlace }: { gameId: string; side: string; target: string; unitName: (id: string) => string; unitPlace: (id: string) => string }) {
  const trpc = useTRPC();
  const left = useQuery(trpc.games.whyNotAttacking.queryOptions({ gameId, side, target }, { refetchOnWindowFocus: false, staleTime: Infinity }));
  if (left.error) return <p className="wb-error play-odds">{left.error.message}</p>;
  if (!left.data) return <p className="play-note play-odds">Trying the units near it…</p>;
  // A finished game tries no unit: its answer says so.
  if ('refusal' in left.data) return <p className="play-note play-odds" data-testid="left-out">{capitalize(left.data.refusal.message)}.</p>;
  if (left.data.units.length === 0) return <p className="play-note play-odds" data-testid="left-out">No unit of the side near it is left out.</p>;
  return (
    <div className="play-note play-odds" data-testid="left-out">
      Left out of this attack:
      <ul className="play-left-out">
        {lines(left.data.units, unitName, unitPlace).map((l) => (
          <li key={l.text}>
            {l.text} <span className="meta">— {l.rule ? `rule ${l.rule}` : <code>{l.pointer}</code>}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
