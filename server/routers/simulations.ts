// Balance runs in the studio: complete bot games of a ruleset, as the workbench shows it (each document's
// latest draft over its file) or as published, played across worker threads while the page asks how far
// they have got. Runs are kept in the database with their reports, and two runs can be compared.
import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { loadRuleset } from '../../engine';
import { fsSource } from '../../engine/load/fs-source';
import { BOT_KINDS, type BotKind } from '../../engine/game/bots';
import { rulesetsRoot } from '../paths';
import { playable, runSimulation, SimulationRefused, SimulationStopped, summarize } from '../simulation';
import { compareRuns } from '../simulation-compare';
import { simulationRuns, type SimulationRun } from '../simulation-runs';
import { publicProcedure, router } from '../trpc';
import { checkedRuleset, draftedSource } from './authoring';
import { MAX_GAMES } from '../limits';

/** Runs a list shows, newest first. */
const LISTED = 30;
/** How often a run playing keeps the games played so far (a restart loses at most this much play). */
const CHECKPOINT_MS = 5_000;
const runId = z.string().min(1).max(100);

/** The run playing now (one at a time), with how many games have ended and the controller that stops it. */
let playing: { run: SimulationRun; stop: AbortController } | undefined;

function runOf(id: string): SimulationRun {
  if (playing?.run.id === id) return playing.run;
  const run = simulationRuns().get(id);
  if (!run) throw new TRPCError({ code: 'NOT_FOUND', message: `No simulation "${id}"` });
  return run;
}

export const simulationsRouter = router({
  /** Starts a run; refuses a ruleset with errors or with gaps a bot would meet, listing them, and a second run while one plays. */
  start: publicProcedure
    .input(
      z.strictObject({
        rulesetId: z.string().min(1).max(100),
        games: z.number().int().min(1).max(MAX_GAMES),
        seed: z.number().int().min(-(2 ** 31)).max(2 ** 31 - 1),
        bots: z.enum(BOT_KINDS as [BotKind, ...BotKind[]]).default('random'),
        optionalPatchSets: z.array(z.string().min(1).max(100)).max(20).default([]),
        /** The scenario to play: the ruleset's first when absent. */
        scenario: z.string().min(1).max(100).optional(),
        /** The drafts as the workbench shows them, or the files as published. */
        source: z.enum(['drafts', 'files']).default('drafts'),
      }),
    )
    .mutation(({ input }) => {
      if (playing) throw new TRPCError({ code: 'CONFLICT', message: `A simulation of ${playing.run.rulesetId} is playing (${playing.run.done} of ${playing.run.games} games); wait for it to end` });
      const id = checkedRuleset(input.rulesetId);
      const source = input.source === 'drafts' ? draftedSource(id) : fsSource(rulesetsRoot());
      let prepared;
      try {
        prepared = playable(loadRuleset(source, id, { optionalPatchSets: input.optionalPatchSets }), 'an optional patch set such as a provisional fill may fill them', input.scenario);
      } catch (e) {
        if (e instanceof SimulationRefused) throw new TRPCError({ code: 'BAD_REQUEST', message: e.message });
        throw e;
      }
      const { games, seed, bots, optionalPatchSets } = input;
      const store = simulationRuns();
      const started = { id: randomUUID(), rulesetId: id, source: input.source, rulesetHash: prepared.hash, games, seed, bots, optionalPatchSets, scenario: prepared.scenario };
      store.start(started);
      const run = store.get(started.id)!;
      const stop = new AbortController();
      playing = { run, stop };
      const ended = (state: 'done' | 'stopped' | 'failed', report?: Parameters<typeof store.finish>[2], error?: string) => {
        store.finish(run.id, state, report, error);
        playing = undefined;
      };
      const checkpoint = { every: CHECKPOINT_MS, save: (report: Parameters<typeof store.checkpoint>[1]) => store.checkpoint(run.id, report) };
      runSimulation(prepared, { games, seed, bots, progress: (done) => void (run.done = done), checkpoint, signal: stop.signal }).then(
        (report) => ended('done', report),
        (e: unknown) =>
          e instanceof SimulationStopped
            ? ended('stopped', summarize(prepared, e.played, e.seconds), e.message)
            : ended('failed', undefined, e instanceof Error ? e.message : String(e)),
      );
      return { id: run.id };
    }),

  /** How far a run has got, and its report once it has ended. */
  status: publicProcedure.input(z.strictObject({ id: runId })).query(({ input }) => runOf(input.id)),

  /** A ruleset's runs, newest first (the one playing with its progress). */
  list: publicProcedure.input(z.strictObject({ rulesetId: z.string().min(1).max(100) })).query(({ input }) =>
    simulationRuns()
      .list(checkedRuleset(input.rulesetId), LISTED)
      .map((run) => (playing?.run.id === run.id ? playing.run : run)),
  ),

  /** Stops a run that is playing: its threads end at once, and it reports the games it had played. */
  stop: publicProcedure.input(z.strictObject({ id: runId })).mutation(({ input }) => {
    const run = runOf(input.id);
    if (playing?.run !== run) throw new TRPCError({ code: 'BAD_REQUEST', message: `Simulation "${input.id}" has ended` });
    playing.stop.abort();
    return { stopped: true };
  }),

  /** Deletes a run that has ended. */
  delete: publicProcedure.input(z.strictObject({ id: runId })).mutation(({ input }) => {
    if (playing?.run.id === input.id) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Stop the run before deleting it' });
    if (!simulationRuns().remove(input.id)) throw new TRPCError({ code: 'NOT_FOUND', message: `No simulation "${input.id}"` });
    return { deleted: input.id };
  }),

  /** Two runs that reported, outcome by outcome: `after`'s shares against `before`'s, each difference with its 95% interval. */
  compare: publicProcedure.input(z.strictObject({ before: runId, after: runId })).query(({ input }) => {
    const reported = (id: string) => {
      const run = runOf(id);
      if (!run.report) throw new TRPCError({ code: 'BAD_REQUEST', message: `Simulation "${id}" has no report (${run.state}${run.error ? `: ${run.error}` : ''})` });
      return { ...run, report: run.report };
    };
    const before = reported(input.before), after = reported(input.after);
    if (before.rulesetId !== after.rulesetId) throw new TRPCError({ code: 'BAD_REQUEST', message: `The runs are of two rulesets (${before.rulesetId}, ${after.rulesetId})` });
    const store = simulationRuns();
    return compareRuns(before, after, store.played(before.id), store.played(after.id));
  }),
});
