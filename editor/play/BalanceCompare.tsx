'use client';
// Two balance runs of a ruleset side by side: how often each outcome came in the earlier run and in this
// one, the difference with where it would lie over many more games (95%; game by game when both played
// the same seeds), and whether these games show a real change. It says when the two runs played the
// same rules, and names the bots, patch sets or scenario that differ.
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/editor/TrpcProvider';
import { ShareBar } from './BalanceReport';
import { BalanceTurns } from './BalanceTurns';
import { runLabel } from './BalanceRuns';
import type { SettingChange } from '@/server/simulation-compare';

const VERDICT = { more: 'more often', less: 'less often', unclear: 'no clear change' } as const;

export function BalanceCompare({ before, after }: { before: string; after: string }) {
  const trpc = useTRPC();
  const compared = useQuery(trpc.simulations.compare.queryOptions({ before, after }, { refetchOnWindowFocus: false }));
  if (compared.error) return <p className="wb-error">{compared.error.message}</p>;
  const c = compared.data;
  if (!c) return <p className="meta">Comparing…</p>;
  // A common scale for the differences, so small ones stay visible.
  const reach = Math.max(10, ...c.outcomes.flatMap((o) => o.interval.map(Math.abs)));
  return (
    <div className="balance-compare" data-testid="balance-compare">
      <p className="meta">
        This run against the run of {runLabel(c.before)}:{' '}
        {c.sameRules ? 'the same rules (the resolved ruleset has the same hash)' : 'other rules (the resolved ruleset differs)'}
        {c.otherSettings.length > 0 && `, ${c.otherSettings.map(settingWords).join('; ')}`}.
        {c.seeds.both > 0 && ` Of the ${c.seeds.both} seeds both played, ${c.seeds.alike} ended the same way.`}
        {c.paired && ' Both played the same seeds, so each difference is measured game by game.'}
      </p>
      <table>
        <thead>
          <tr>
            <th>Outcome</th>
            <th>Before</th>
            <th>This run</th>
            <th>Difference (95%)</th>
            <th>Change</th>
          </tr>
        </thead>
        <tbody>
          {c.outcomes.map((o) => (
            <tr key={o.key} className={`balance-${o.verdict}`}>
              <td>{o.label}</td>
              <td>
                {o.before.percent.toFixed(1)}% ({o.before.count})
              </td>
              <td>
                {o.after.percent.toFixed(1)}% ({o.after.count})
              </td>
              <td>
                <ShareBar value={o.difference} interval={o.interval} min={-reach} max={reach} /> {signed(o.difference)} points ({signed(o.interval[0])} to {signed(o.interval[1])})
              </td>
              <td>{VERDICT[o.verdict]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="balance-turns-pair">
        <BalanceTurns report={c.before.report!} width={420} caption="Before, turn by turn" />
        <BalanceTurns report={c.after.report!} width={420} caption="This run, turn by turn" />
      </div>
      <p className="meta">
        Average length {c.averageTurns.before.toFixed(1)} turns before, {c.averageTurns.after.toFixed(1)} now. A change is called when its interval leaves out zero; with
        few games most differences are unclear.
      </p>
    </div>
  );
}

/** A setting the runs played with differently: "greedy bots, random before". */
function settingWords({ setting, before, after }: SettingChange): string {
  if (setting === 'bots') return `${after} bots, ${before} before`;
  if (setting === 'scenario') return `scenario ${after}, ${before} before`;
  return `${after ? `patch sets ${after}` : 'no patch set'}, ${before ? before : 'none'} before`;
}

const signed = (x: number) => (x > 0 ? `+${x.toFixed(1)}` : x.toFixed(1));
