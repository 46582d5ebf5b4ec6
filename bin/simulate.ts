// Headless simulation from the command line: complete bot games of a ruleset across worker threads, then
// the outcome distribution, average length and games per second (server/simulation.ts runs them).
//   npm run simulate -- rulesets/2ww --games 200 --seed 1 [--apply provisional-fill] [--scenario <id>] [--bots random|greedy] [--workers N] [--max-actions N]
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadRuleset } from '../engine';
import { BOT_KINDS, type BotKind } from '../engine/game/bots';
import { fsSource } from '../engine/load/fs-source';
import { playable, runSimulation, SimulationRefused, type RunOptions, type SimulationReport } from '../server/simulation';
import { clipped, counted } from '../engine/words';
import { checkApplied, CommandFailed, parseArgs, rulesetLocation, UsageError, wholeNumber } from './lib/args';

export { SimulationRefused, wilson, type SimulationReport } from '../server/simulation';

export interface SimulateOptions extends Omit<RunOptions, 'inProcess'> {
  /** A ruleset folder (rulesets/2ww) or id, as the other tools name one (bin/lib/args.ts). */
  ruleset: string;
  apply?: string[];
  /** The scenario to play, by id: the ruleset's first when absent. */
  scenario?: string;
}

/** Loads the ruleset from its folder and checks that bots can play it. */
export function prepare(opts: Pick<SimulateOptions, 'ruleset' | 'apply' | 'scenario'>) {
  const { root, id, display } = rulesetLocation(opts.ruleset);
  const loaded = loadRuleset(fsSource(root), id, { optionalPatchSets: opts.apply ?? [] });
  checkApplied(loaded, opts.apply ?? []);
  // The ruleset's own optional patch sets, a provisional fill among them, may fill the gaps.
  const unapplied = Object.keys(loaded.ruleset?.optionalPatchSets ?? {}).filter((name) => !opts.apply?.includes(name));
  const hint = unapplied.length ? `try ${unapplied.map((name) => `--apply ${name}`).join(' or ')}` : 'fill them, or give the ruleset an optional patch set of provisional values to apply';
  return playable(loaded, hint, opts.scenario, display);
}

/** With one worker the games run in this thread: a measure of one core. */
export async function simulate(opts: SimulateOptions): Promise<SimulationReport> {
  return runSimulation(prepare(opts), { ...opts, inProcess: opts.workers === 1 });
}

export function formatReport(r: SimulationReport): string {
  const lines = [`${counted(r.games, 'game')} of ${r.rulesetId}${r.scenario ? `, scenario ${r.scenario.name} (${r.scenario.id})` : ''}`, 'Outcomes (and where each share would lie over many more games, 95 times in 100):'];
  for (const o of r.outcomes) lines.push(`  ${o.label.padEnd(40)} ${String(o.count).padStart(6)}  ${o.percent.toFixed(1).padStart(5)}%  (${o.interval[0].toFixed(1)}–${o.interval[1].toFixed(1)}%)  turn ${o.averageTurns.toFixed(1)} on average`);
  if (r.stuck.length) {
    lines.push('Stuck on a manual step (a bot cannot settle it):');
    for (const s of r.stuck) lines.push(`  ${s.count} × ${clipped(s.reason, 160)}`);
  }
  if (r.capped) lines.push(`Capped at the action limit: ${r.capped}`);
  const { specialRules, manualParts } = r.leftToTester;
  if (specialRules + manualParts) lines.push(`Played without what the ruleset leaves to the tester: ${counted(specialRules, 'special rule')} and ${counted(manualParts, 'manual part')} of its models`);
  if (r.unlisted?.length) {
    lines.push("Left out of the bots' choices, for want of a value the data lacks:");
    for (const u of r.unlisted) lines.push(`  ${u.pointer}${u.rule ? ` (rule ${u.rule})` : ''}, in ${u.games} of ${r.games} games`);
  }
  lines.push(`Average length: ${r.averageTurns.toFixed(2)} turns, ${r.averageActions.toFixed(1)} actions`);
  lines.push(`Games per second: ${r.gamesPerSecond.toFixed(2)} (${r.seconds.toFixed(2)} s)`);
  return lines.join('\n');
}

const USAGE = 'usage: npm run simulate -- <ruleset> [--games N] [--seed S] [--apply <patch set>]... [--scenario <id>] [--bots random|greedy] [--workers N] [--max-actions N]';

function options(argv: string[]): SimulateOptions | undefined {
  const args = parseArgs(argv, { games: 'one', seed: 'one', apply: 'many', scenario: 'one', bots: 'one', workers: 'one', 'max-actions': 'one' });
  if (args.help) return undefined;
  if (args.positional.length !== 1) throw new UsageError(args.positional.length ? `name one ruleset, not ${args.positional.join(' ')}` : 'name a ruleset, e.g. rulesets/2ww');
  const number = (name: string, min?: number) => {
    const text = args.options.get(name)?.[0];
    return text === undefined ? undefined : wholeNumber(name, text, min);
  };
  const bots = args.options.get('bots')?.[0];
  if (bots !== undefined && !BOT_KINDS.includes(bots as BotKind)) throw new UsageError(`--bots ${bots}: expected one of ${BOT_KINDS.join(', ')}`);
  return {
    ruleset: args.positional[0],
    games: number('games', 1) ?? 100,
    seed: number('seed') ?? 1,
    apply: args.options.get('apply') ?? [],
    scenario: args.options.get('scenario')?.[0],
    bots: bots as BotKind | undefined,
    workers: number('workers', 1),
    maxActions: number('max-actions', 1),
  };
}

async function main(): Promise<number> {
  try {
    const opts = options(process.argv.slice(2));
    if (!opts) return console.log(USAGE), 0;
    // On a terminal the count is rewritten in place; in a log (CI, a pipe) it is a line every few seconds.
    const live = process.stderr.isTTY;
    let last = 0;
    opts.progress = (done, total) => {
      const now = Date.now();
      if (now - last > (live ? 500 : 5000) || done === total) {
        last = now;
        process.stderr.write(live ? `\r${done}/${total} games${done === total ? '\n' : ''}` : `${done}/${total} games\n`);
      }
    };
    const report = await simulate(opts);
    console.log(formatReport(report));
    return 0;
  } catch (e) {
    if (e instanceof UsageError) return console.error(`simulate: ${e.message}\n${USAGE}`), 2;
    if (e instanceof SimulationRefused || e instanceof CommandFailed) return console.error(`simulate: ${e.message}`), 1;
    throw e;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  void main().then((code) => (process.exitCode = code));
}
