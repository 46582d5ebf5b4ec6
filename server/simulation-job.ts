// One share of a simulation: plays its seeds headless and hands over each game as it ends. simulation.ts
// runs it from a bundle, in its own thread or (on the command line, with one worker) in the caller's.
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { ResolvedRuleset } from '../engine/generated/schema-types';
import { createGame } from '../engine/game';
import { playOut, type BotKind, type PlayedGame } from '../engine/game/bots';

export interface Job {
  ruleset: ResolvedRuleset;
  hash: string;
  scenario: string;
  kind: BotKind;
  maxActions: number;
  seeds: number[];
}

export function runJob(job: Job, each: (r: PlayedGame) => void) {
  for (const seed of job.seeds) {
    const created = createGame(job.ruleset, job.scenario, seed, { rulesetHash: job.hash });
    if (!created.ok) throw new Error(`game ${seed} cannot start: ${created.problems.map((p) => p.message).join('; ')}`);
    each(playOut(created.game, seed, job.kind, job.maxActions));
  }
}

const job = isMainThread ? undefined : (workerData as { sandtableSimulate?: Job } | null)?.sandtableSimulate;
if (job) {
  try {
    runJob(job, (result) => parentPort!.postMessage({ result }));
    parentPort!.postMessage({ end: true });
  } catch (e) {
    parentPort!.postMessage({ error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  }
}
