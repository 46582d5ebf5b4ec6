'use client';
// Bots play many complete games of the ruleset, as the workbench shows it (its drafts) or as published,
// across the server's threads: who wins how often, with where each share would lie over many more games
// (95%), and how long games run. Runs are kept, so an edit's effect shows against a run from before it.
// The same run repeats exactly (game i plays seed S+i), as `npm run simulate`.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ResolvedRuleset } from '@/engine';
import { botBlockingGaps, type CompletenessReport } from '@/engine/report/completeness';
import { useTRPC } from '@/editor/TrpcProvider';
import { ConfirmDialog } from '@/editor/workbench/ConfirmDialog';
import { counted } from '@/engine/words';
import { api, messageOf } from '@/editor/workbench/api';
import type { RunSettings, SimulationRun } from '@/server/simulation-runs';
import { MAX_GAMES } from '@/server/limits';
import { BalanceCompare } from './BalanceCompare';
import { BalanceReport } from './BalanceReport';
import { BalanceRuns, runLabel } from './BalanceRuns';
import { PatchSetChecks } from './PatchSetChecks';
import { ScenarioSelect } from './ScenarioSelect';

export function BalanceLab({ rulesetId, ruleset, completeness }: { rulesetId: string; ruleset: ResolvedRuleset | undefined; completeness?: CompletenessReport }) {
  const trpc = useTRPC();
  const [games, setGames] = useState('50');
  const [seed, setSeed] = useState('1');
  const [bots, setBots] = useState<'random' | 'greedy'>('random');
  const [source, setSource] = useState<'drafts' | 'files'>('drafts');
  const [chosen, setChosen] = useState<string[]>([]);
  const [scenario, setScenario] = useState<string>();
  const scenarios = Object.entries(ruleset?.scenarios ?? {});
  // Gaps stop bots: said before a run is started, with the patch sets that may fill them (the drafts' gaps).
  const unfilled = completeness ? botBlockingGaps(completeness).length : 0;
  const optional = Object.entries(ruleset?.optionalPatchSets ?? {});
  const [picked, setPicked] = useState<string>();
  const [against, setAgainst] = useState<string>();
  const [error, setError] = useState<string>();
  const runs = useQuery({
    ...trpc.simulations.list.queryOptions({ rulesetId }),
    refetchOnWindowFocus: false,
    refetchInterval: (q) => (q.state.data?.some((r) => r.state === 'playing') ? 500 : false),
  });
  const list = runs.data ?? [];
  // The form starts from the newest run's settings, so a reload keeps what was last played.
  const [settled, setSettled] = useState(false);
  const newest = list[0];
  useEffect(() => {
    if (settled || !runs.isSuccess) return;
    setSettled(true);
    if (!newest) return;
    setGames(String(newest.games));
    setSeed(String(newest.seed));
    setBots(newest.bots);
    setSource(newest.source);
    setChosen(newest.optionalPatchSets);
    setScenario(newest.scenario);
  }, [settled, runs.isSuccess, newest]);
  // The run picked, else the newest.
  const shown = list.find((r) => r.id === picked) ?? list[0];
  const playing = list.some((r) => r.state === 'playing');
  const others = list.filter((r) => r.report && shown && r.id !== shown.id);

  /** Starts a run and shows it, to be compared with `compareWith` once it has played. */
  const play = async (settings: RunSettings, from: 'drafts' | 'files', compareWith?: string) => {
    setError(undefined);
    try {
      const { id } = await api.simulations.start.mutate({ rulesetId, ...settings, source: from });
      setPicked(id);
      setAgainst(compareWith);
    } catch (err) {
      setError(messageOf(err));
    }
    await runs.refetch();
  };
  const start = (e: React.FormEvent) => {
    e.preventDefault();
    // A scenario the drafts no longer have is left to the server's default, the first.
    void play({ games: Number(games), seed: Number(seed), bots, optionalPatchSets: chosen, scenario: scenarios.some(([id]) => id === scenario) ? scenario : undefined }, source);
  };
  // Asked first in a dialog naming the run and its report; a refusal stays in the dialog.
  const [deleting, setDeleting] = useState<SimulationRun>();
  const remove = async (run: SimulationRun) => {
    await api.simulations.delete.mutate({ id: run.id });
    setDeleting(undefined);
    if (against === run.id) setAgainst(undefined);
    await runs.refetch();
  };

  return (
    <section className="balance" aria-label="Balance">
      <h2>Balance: bots play many games</h2>
      <p className="meta">
        Complete games between bots on the drafts as they are now (or the files as published), across the server&rsquo;s threads. Game <i>i</i> plays seed <i>S</i>+
        <i>i</i>, so a run repeats exactly (as <code>npm run simulate</code>). Runs are kept: after an edit, compare a new run with one from before it. Bots need a ruleset
        without gaps a game reaches: choose a provisional fill where the ruleset has one.
      </p>
      <form className="balance-form" onSubmit={start}>
        <label>
          Rules{' '}
          <select aria-label="Rules" value={source} onChange={(e) => setSource(e.target.value as 'drafts' | 'files')}>
            <option value="drafts">the drafts</option>
            <option value="files">the files as published</option>
          </select>
        </label>
        <label>
          Games <input aria-label="Games" type="number" required min={1} max={MAX_GAMES} step={1} value={games} onChange={(e) => setGames(e.target.value)} />
        </label>
        <label>
          First seed <input aria-label="First seed" type="number" required step={1} value={seed} onChange={(e) => setSeed(e.target.value)} />
        </label>
        <label>
          Bots{' '}
          <select aria-label="Bots" value={bots} onChange={(e) => setBots(e.target.value as 'random' | 'greedy')}>
            <option value="random">random</option>
            <option value="greedy">greedy</option>
          </select>
        </label>
        {scenarios.length > 1 && <ScenarioSelect scenarios={ruleset?.scenarios ?? {}} value={scenario} onChange={setScenario} />}
        <PatchSetChecks patchSets={ruleset?.optionalPatchSets ?? {}} chosen={chosen} onChange={setChosen} />
        <button type="submit" disabled={playing}>
          {playing ? 'Playing…' : 'Play the games'}
        </button>
      </form>
      {unfilled > 0 && chosen.length === 0 && (
        <p className="wb-error" data-testid="balance-bot-gaps">
          Bots stop at {unfilled} of the ruleset’s {counted(completeness?.gaps.length ?? unfilled, 'gap')}, the values a game reaches missing from its tables, unit types and mechanics (<a href={`/rulesets/${rulesetId}?view=gaps`}>the workbench lists them all</a>)
          {optional.length ? `: choose ${optional.map(([, p]) => `“${p.title}”`).join(' or ')} above to fill them` : ': fill them, or add a patch set of provisional values'}.
        </p>
      )}
      {error && (
        <p className="wb-error balance-error" role="alert">
          {error}
        </p>
      )}
      {runs.error && <p className="wb-error">{runs.error.message}</p>}
      {shown && (
        <ShownRun
          run={shown}
          others={others}
          against={others.some((r) => r.id === against) ? against : undefined}
          onAgainst={setAgainst}
          onAgain={playing ? undefined : () => void play({ games: shown.games, seed: shown.seed, bots: shown.bots, optionalPatchSets: shown.optionalPatchSets, scenario: shown.scenario }, 'drafts', shown.id)}
          onError={setError}
        />
      )}
      {list.length > 0 && (
        <>
          <h3>Runs</h3>
          {deleting && <DeleteRunDialog run={deleting} onDelete={() => remove(deleting)} onClose={() => setDeleting(undefined)} />}
          <BalanceRuns runs={list} shown={shown?.id} onShow={(id) => (setPicked(id), setAgainst(undefined))} onDelete={setDeleting} />
        </>
      )}
    </section>
  );
}

/** Two runs as a comparison takes them: the one started first is "before", whichever was chosen. */
const inOrder = (a: SimulationRun, b: SimulationRun) => (a.startedAt <= b.startedAt ? { before: a.id, after: b.id } : { before: b.id, after: a.id });

/** The run shown: its progress while it plays, then its report, and the comparison with another run chosen; it may be played again on the drafts now. */
function ShownRun(props: { run: SimulationRun; others: SimulationRun[]; against?: string; onAgainst(id?: string): void; onAgain?: () => void; onError(message: string): void }) {
  const { run, others, against, onAgainst, onAgain, onError } = props;
  return (
    <div className="balance-report" data-testid="balance-report">
      <h3>The run of {runLabel(run)}</h3>
      {run.state !== 'playing' && onAgain && (
        <p className="meta">
          <button className="wb-link" onClick={onAgain}>
            play it again on the drafts as they are now
          </button>{' '}
          (the same games, seeds, bots and patch sets), compared with this run once played
        </p>
      )}
      {run.state === 'playing' && (
        <p className="balance-progress" role="status">
          <progress max={run.games} value={run.done} /> {run.done} of {run.games} games{' '}
          <button className="wb-link" onClick={() => void api.simulations.stop.mutate({ id: run.id }).catch((err) => onError(messageOf(err)))}>
            stop
          </button>
        </p>
      )}
      {run.state === 'stopped' && <p className="meta">Stopped on request: {run.error}. The report covers the games played.</p>}
      {run.state === 'failed' && <p className="wb-error">The run failed: {run.error}.</p>}
      {run.state === 'interrupted' && <p className="wb-error">{run.report ? `The server stopped while this run played: the report covers the ${run.report.games} games kept before it stopped.` : 'The server stopped while this run played, before it kept any game; it has no report.'}</p>}
      {run.report && <BalanceReport report={run.report} />}
      {run.report && others.length > 0 && (
        <label className="balance-against">
          Compare with{' '}
          <select aria-label="Compare with" value={against ?? ''} onChange={(e) => onAgainst(e.target.value || undefined)}>
            <option value="">another run…</option>
            {others.map((r) => (
              <option key={r.id} value={r.id}>
                {runLabel(r)}
              </option>
            ))}
          </select>
        </label>
      )}
      {run.report && against && <BalanceCompare {...inOrder(run, others.find((r) => r.id === against)!)} />}
    </div>
  );
}

function DeleteRunDialog({ run, onDelete, onClose }: { run: SimulationRun; onDelete: () => Promise<void>; onClose: () => void }) {
  return (
    <ConfirmDialog title="Delete balance run" confirm="Delete the run" onConfirm={onDelete} onClose={onClose}>
      <p>
        Delete the run of {runLabel(run)} for good? {run.report ? `Its report of ${counted(run.report.games, 'game')} is lost, and it can no longer be compared with another run` : 'It has no report'}: this cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
