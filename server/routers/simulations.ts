// Balance runs in the studio: complete bot games of a ruleset as the workbench shows it (each document's
// latest draft over its file), played across worker threads while the page asks how far they have got.
// Runs are kept in memory, the last few only: a report is read once, and `simulate` repeats it exactly.
import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { loadRuleset } from '../../engine';
import { BOT_KINDS, type BotKind } from '../../engine/game/bots';
import { playable, runSimulation, SimulationRefused, type SimulationReport } from '../simulation';
import { publicProcedure, router } from '../trpc';
import { checkedRuleset, draftedSource } from './authoring';

/** Games one run may ask for: 1,000 2WW games take about two minutes on two cores. */
export const MAX_GAMES = 1000;
const KEPT = 8;
const runId = z.string().min(1).max(100);

interface Run {
  id: string;
  rulesetId: string;
  games: number;
  seed: number;
  bots: BotKind;
  optionalPatchSets: string[];
  done: number;
  /** The outcome once every game has ended, without the games one by one. */
  report?: Omit<SimulationReport, 'results'>;
  /** Why it ended without a report: a failure, or stopped by the designer. */
  error?: string;
}

/** The runs, each with the controller that stops it. */
const runs = new Map<string, { run: Run; stop: AbortController }>();
const running = () => [...runs.values()].map((r) => r.run).find((r) => !r.report && !r.error);

function runOf(id: string) {
  const kept = runs.get(id);
  if (!kept) throw new TRPCError({ code: 'NOT_FOUND', message: `No simulation "${id}" (the server keeps the last ${KEPT})` });
  return kept;
}

export const simulationsRouter = router({
  /** Starts a run; refuses a ruleset with errors or with gaps a bot would meet, listing them, and a second run while one plays. */
  start: publicProcedure
    .input(
      z.object({
        rulesetId: z.string().min(1).max(100),
        games: z.number().int().min(1).max(MAX_GAMES),
        seed: z.number().int().min(-(2 ** 31)).max(2 ** 31 - 1),
        bots: z.enum(BOT_KINDS as [BotKind, ...BotKind[]]).default('random'),
        optionalPatchSets: z.array(z.string().min(1).max(100)).max(20).default([]),
      }),
    )
    .mutation(({ input }) => {
      const busy = running();
      if (busy) throw new TRPCError({ code: 'CONFLICT', message: `A simulation of ${busy.rulesetId} is playing (${busy.done} of ${busy.games} games); wait for it to end` });
      const id = checkedRuleset(input.rulesetId);
      let prepared;
      try {
        prepared = playable(loadRuleset(draftedSource(id), id, { optionalPatchSets: input.optionalPatchSets }), 'an optional patch set such as a provisional fill may fill them');
      } catch (e) {
        if (e instanceof SimulationRefused) throw new TRPCError({ code: 'BAD_REQUEST', message: e.message });
        throw e;
      }
      const run: Run = { id: randomUUID(), rulesetId: id, games: input.games, seed: input.seed, bots: input.bots, optionalPatchSets: input.optionalPatchSets, done: 0 };
      const stop = new AbortController();
      runs.set(run.id, { run, stop });
      for (const old of [...runs.keys()].slice(0, Math.max(0, runs.size - KEPT))) runs.delete(old);
      runSimulation(prepared, { games: input.games, seed: input.seed, bots: input.bots, progress: (done) => void (run.done = done), signal: stop.signal }).then(
        ({ results: _, ...report }) => void (run.report = report),
        (e: unknown) => void (run.error = e instanceof Error ? e.message : String(e)),
      );
      return { id: run.id };
    }),

  /** How far a run has got, and its report once every game has ended. */
  status: publicProcedure.input(z.object({ id: runId })).query(({ input }) => runOf(input.id).run),

  /** Stops a run that is playing: its threads end at once, and it reports how many games it had played. */
  stop: publicProcedure.input(z.object({ id: runId })).mutation(({ input }) => {
    const { run, stop } = runOf(input.id);
    if (run.report || run.error) throw new TRPCError({ code: 'BAD_REQUEST', message: `Simulation "${input.id}" has ended` });
    stop.abort();
    return { stopped: true };
  }),
});
