// Headless simulation: complete bot games of a playable ruleset across worker threads, summed up as the
// outcome distribution (each share with its 95% interval), average length and games per second. Game i
// uses seed S+i, so runs repeat exactly. The command line (bin/simulate.ts) and the studio run it.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { botBlockingGaps, completeness, formatDiagnostic, type LoadedRuleset, type ResolvedRuleset } from '../engine';
import type { BotKind, PlayedGame, Unlisted } from '../engine/game/bots';
import { projectRoot } from './paths';
import type { Job, runJob } from './simulation-job';
import { counted } from '../engine/words';

export interface Outcome {
  key: string;
  label: string;
  count: number;
  percent: number;
  /** The 95% interval of its share over many more games (Wilson), in percent. */
  interval: [number, number];
  /** How many turns the games ending so lasted, on average. */
  averageTurns: number;
}

export interface SimulationReport {
  rulesetId: string;
  /** The scenario played, and its name (absent from runs kept before it was said). */
  scenario?: { id: string; name: string };
  games: number;
  /** What the ruleset leaves to the tester, which bots play without: special rules and manual parts of models. */
  leftToTester: { specialRules: number; manualParts: number };
  outcomes: Outcome[];
  /** Games that stopped on something only a person can settle, by reason. */
  stuck: { reason: string; count: number }[];
  /** The values the data lacks for want of which the bots were offered fewer actions, with how many games met each: what the outcomes were played without (absent from runs kept before it was counted). */
  unlisted?: (Unlisted & { games: number })[];
  capped: number;
  averageTurns: number;
  averageActions: number;
  /** Turn by turn, in how many games each victory level (or none) would be reached by a check as the turn began; a game over counts with its outcome after it ended. */
  byTurn: { turn: number; counts: Record<string, number> }[];
  /** The victory levels in the ruleset's order, for reading `byTurn`. */
  levels: { key: string; label: string; side?: string }[];
  seconds: number;
  gamesPerSecond: number;
  results: PlayedGame[];
}

export class SimulationRefused extends Error {
  override name = 'SimulationRefused';
}

/** A run stopped on request, with the games it had played. */
export class SimulationStopped extends Error {
  override name = 'SimulationStopped';
  constructor(
    readonly played: PlayedGame[],
    readonly seconds: number,
    total: number,
  ) {
    super(`stopped after ${played.length} of ${total} games`);
  }
}

/** A ruleset bots can play to the end: loaded without errors, no gap a game reaches, a scenario. */
export interface Playable {
  id: string;
  ruleset: ResolvedRuleset;
  hash: string;
  scenario: string;
}

/** Refuses a ruleset with errors or with gaps a bot would meet, listing them (`fill` says how gaps may be filled). */
/** The first lines of a long list, indented, and how many more there are. */
function firstLines<T>(items: readonly T[], line: (item: T) => string, most = 20): string {
  return items.slice(0, most).map((x) => `  ${line(x)}`).join('\n') + (items.length > most ? `\n  … and ${items.length - most} more` : '');
}

/** `scenario`: the one to play, by id; the ruleset's first when none is named. `where`: what its errors' paths start with (the folder a tool was given). */
export function playable(loaded: LoadedRuleset, fill: string, scenario?: string, where = ''): Playable {
  const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
  if (!loaded.ruleset || errors.length) throw new SimulationRefused(`${loaded.id} has ${counted(errors.length, 'error')}:\n${firstLines(errors, (d) => formatDiagnostic(d, where))}`);
  const gaps = botBlockingGaps(completeness(loaded.ruleset));
  if (gaps.length) {
    throw new SimulationRefused(`${loaded.id} has ${counted(gaps.length, 'gap')} a game reaches; a bot cannot adjudicate them (${fill}):\n${firstLines(gaps, (g) => `${g.pointer}: ${g.gap}`)}`);
  }
  const scenarios = Object.keys(loaded.ruleset.scenarios ?? {});
  const chosen = scenario ?? scenarios[0];
  if (!chosen) throw new SimulationRefused(`${loaded.id} has no scenario`);
  if (!scenarios.includes(chosen)) throw new SimulationRefused(`${loaded.id} has no scenario "${chosen}" (scenarios: ${scenarios.join(', ')})`);
  return { id: loaded.id, ruleset: loaded.ruleset, hash: loaded.hash ?? '', scenario: chosen };
}

export interface RunOptions {
  games: number;
  seed: number;
  bots?: BotKind;
  /** Threads to share the games (as many as the machine has when absent). */
  workers?: number;
  /** With one worker, play in this thread instead (the command line's single-core measure). */
  inProcess?: boolean;
  maxActions?: number;
  /** Called as games finish (done, total). */
  progress?: (done: number, total: number) => void;
  /** Called with the report of the games played so far, at most once per `every` milliseconds while the run plays. */
  checkpoint?: { every: number; save: (report: SimulationReport) => void };
  /** Stops a run played in threads: they end at once, and the run fails with SimulationStopped (holding the games played). */
  signal?: AbortSignal;
}

/** Special rules and manual parts of models: reminders for a tester, not applied when bots play alone. */
function leftToTester(r: ResolvedRuleset): SimulationReport['leftToTester'] {
  const manualParts = (m: unknown): number =>
    Array.isArray(m) ? m.reduce((n: number, x) => n + manualParts(x), 0)
    : m && typeof m === 'object' ? Object.entries(m).reduce((n, [k, v]) => n + (k === 'manual' && Array.isArray(v) ? v.length : manualParts(v)), 0)
    : 0;
  return { specialRules: Object.values(r.specialRules ?? {}).filter((x) => !x.automated).length, manualParts: manualParts(r.mechanics) };
}

/**
 * The games' runner (simulation-job.ts with the engine) as one bundled file, named by its content so that
 * runs at the same time share it: bundled, games run 6-9% faster than with the engine's modules loaded
 * one by one through tsx.
 */
async function bundledJob(): Promise<string> {
  const built = await build({ entryPoints: [path.join(projectRoot(), 'server', 'simulation-job.ts')], bundle: true, platform: 'node', format: 'esm', packages: 'external', write: false, logLevel: 'silent' });
  const code = built.outputFiles[0].contents;
  // Beside the project's packages, which the bundle imports.
  const dir = path.join(projectRoot(), 'node_modules', '.cache', 'sandtable');
  const file = path.join(dir, `simulate-job-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, code);
    renameSync(partial, file);
  } else {
    const now = new Date();
    utimesSync(file, now, now);
  }
  dropStaleBundles(dir, file);
  return file;
}

/**
 * Removes bundles of earlier versions of the engine, unused for an hour: a run imports its bundle as
 * its workers start, so an hour leaves any run still starting alone.
 */
function dropStaleBundles(dir: string, keep: string) {
  const cutoff = Date.now() - 3_600_000;
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (!/^simulate-job-[0-9a-f]{16}\.mjs$/.test(name) || file === keep) continue;
    try {
      if (statSync(file).mtimeMs < cutoff) rmSync(file);
    } catch {
      // Another run removed it first.
    }
  }
}

export async function runSimulation(prepared: Playable, opts: RunOptions): Promise<SimulationReport> {
  const kind = opts.bots ?? 'random';
  const maxActions = opts.maxActions ?? 20_000;
  const total = opts.games;
  const workers = Math.max(1, Math.min(opts.workers ?? os.availableParallelism(), total));
  const seeds = Array.from({ length: total }, (_, i) => opts.seed + i);
  const job = pathToFileURL(await bundledJob());
  const results: PlayedGame[] = [];
  const started = performance.now();
  let saved = started;
  const done = (r: PlayedGame) => {
    results.push(r);
    opts.progress?.(results.length, total);
    const now = performance.now();
    if (opts.checkpoint && results.length < total && now - saved >= opts.checkpoint.every) {
      saved = now;
      opts.checkpoint.save(summarize(prepared, results.toSorted((a, b) => a.seed - b.seed), (now - started) / 1000));
    }
  };
  if (workers === 1 && opts.inProcess) {
    const { runJob: run } = (await import(/*turbopackIgnore: true*/ job.href)) as { runJob: typeof runJob };
    run({ ruleset: prepared.ruleset, hash: prepared.hash, scenario: prepared.scenario, kind, maxActions, seeds }, done);
  } else {
    // Every thread ends with the run: when all are done, when one fails, or when the run is stopped.
    const threads: Worker[] = [];
    try {
      await Promise.all(
        Array.from({ length: workers }, (_, w) => {
          const share: Job = { ruleset: prepared.ruleset, hash: prepared.hash, scenario: prepared.scenario, kind, maxActions, seeds: seeds.filter((_, i) => i % workers === w) };
          return new Promise<void>((resolve, reject) => {
            const stopped = () => reject(new SimulationStopped(results.toSorted((a, b) => a.seed - b.seed), (performance.now() - started) / 1000, total));
            if (opts.signal?.aborted) return stopped();
            const worker = new Worker(job, { workerData: { sandtableSimulate: share } });
            threads.push(worker);
            opts.signal?.addEventListener('abort', stopped, { once: true });
            worker.on('message', (m: { result?: PlayedGame; error?: string; end?: true }) => {
              if (m.result) done(m.result);
              if (m.error) reject(new Error(m.error));
              if (m.end) resolve();
            });
            worker.on('error', reject);
            worker.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`worker ${w} exited with ${code}`))));
          });
        }),
      );
    } finally {
      for (const thread of threads) void thread.terminate();
    }
  }
  const seconds = (performance.now() - started) / 1000;
  results.sort((a, b) => a.seed - b.seed);
  return summarize(prepared, results, seconds);
}

/** The report of the games of a run (all of them, or those played before it stopped). */
export function summarize({ id: rulesetId, ruleset, scenario }: Pick<Playable, 'id' | 'ruleset' | 'scenario'>, results: PlayedGame[], seconds: number): SimulationReport {
  const n = results.length;
  const victory = ruleset.scenarios?.[scenario]?.victory ?? ruleset.victory;
  const outcomes = new Map<string, { label: string; count: number; turns: number }>();
  const stuck = new Map<string, number>();
  const unlisted = new Map<string, Unlisted & { games: number }>();
  for (const r of results) {
    for (const u of r.unlisted) {
      const known = unlisted.get(u.pointer);
      if (known) known.games++;
      else unlisted.set(u.pointer, { ...u, games: 1 });
    }
    const [key, label] = outcomeOf(r);
    const o = outcomes.get(key) ?? { label, count: 0, turns: 0 };
    o.count++;
    o.turns += r.turns;
    outcomes.set(key, o);
    if (r.end === 'stuck') stuck.set(r.reason ?? '?', (stuck.get(r.reason ?? '?') ?? 0) + 1);
  }
  return {
    rulesetId,
    scenario: { id: scenario, name: ruleset.scenarios?.[scenario]?.name ?? scenario },
    games: n,
    leftToTester: leftToTester(ruleset),
    outcomes: [...outcomes]
      .map(([key, o]) => ({ key, label: o.label, count: o.count, percent: percentOf(o.count / Math.max(1, n)), interval: wilson(o.count, n), averageTurns: o.turns / o.count }))
      .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key)),
    stuck: [...stuck].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count),
    unlisted: [...unlisted.values()].sort((a, b) => b.games - a.games || a.pointer.localeCompare(b.pointer)),
    capped: results.filter((r) => r.end === 'capped').length,
    averageTurns: n ? results.reduce((s, r) => s + r.turns, 0) / n : 0,
    averageActions: n ? results.reduce((s, r) => s + r.actions, 0) / n : 0,
    byTurn: turnByTurn(results),
    levels: [...(victory?.levels ?? []).map((l) => ({ key: l.id, label: l.name, side: l.side })), { key: 'none', label: victory?.otherwise ?? 'no victory level reached' }],
    seconds,
    gamesPerSecond: seconds > 0 ? n / seconds : 0,
    results,
  };
}

function turnByTurn(results: PlayedGame[]): SimulationReport['byTurn'] {
  const last = Math.max(0, ...results.map((r) => r.byTurn.length));
  return Array.from({ length: last }, (_, t) => {
    const counts: Record<string, number> = {};
    for (const r of results) {
      // A game stopped short (stuck or capped) counts no further.
      const key = t < r.byTurn.length ? r.byTurn[t] : r.end === 'over' ? outcomeOf(r)[0] : undefined;
      if (key !== undefined) counts[key] = (counts[key] ?? 0) + 1;
    }
    return { turn: t + 1, counts };
  });
}

/** A game's outcome: its key (the level reached, 'none', 'stuck' or 'capped') and how a report names it. */
export function outcomeOf(r: PlayedGame): [key: string, label: string] {
  return r.end === 'over' ? [r.level ?? 'none', r.levelName ?? 'no level reached'] : r.end === 'stuck' ? ['stuck', 'stuck (manual step)'] : ['capped', 'capped (action limit)'];
}

/**
 * Where an outcome's share over many more games would lie, 95 times in 100: the Wilson score interval
 * of `k` in `n` games, in percent (it stays inside 0-100 and is honest for rare outcomes, unlike ±2σ).
 */
export function wilson(k: number, n: number): [number, number] {
  const [low, high] = wilsonShare(k, n);
  return [percentOf(low), percentOf(high)];
}

/** A share as a percentage with one decimal, as reports give it. */
export const percentOf = (share: number) => Math.round(1000 * share) / 10;

/** The Wilson score interval (95%) of `k` in `n`, as shares. */
export function wilsonShare(k: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.96;
  const p = k / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z / (1 + (z * z) / n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
