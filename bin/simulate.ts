// Headless simulation from the command line: complete bot games of a ruleset across worker threads, then
// the outcome distribution, average length and games per second (server/simulation.ts runs them).
//   npm run simulate -- rulesets/2ww --games 200 --seed 1 [--apply provisional-fill] [--bots random|greedy] [--workers N] [--max-actions N]
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadRuleset } from '../engine';
import { BOT_KINDS, type BotKind } from '../engine/game/bots';
import { fsSource } from '../engine/load/fs-source';
import { playable, runSimulation, SimulationRefused, type RunOptions, type SimulationReport } from '../server/simulation';
import { counted } from '../engine/words';

export { SimulationRefused, wilson, type SimulationReport } from '../server/simulation';

export interface SimulateOptions extends Omit<RunOptions, 'inProcess'> {
  /** A ruleset folder (rulesets/2ww) or id under SANDTABLE_RULESETS / rulesets. */
  ruleset: string;
  apply?: string[];
}

/** Loads the ruleset from its folder and checks that bots can play it. */
export function prepare(opts: Pick<SimulateOptions, 'ruleset' | 'apply'>) {
  const folder = path.resolve(opts.ruleset.includes('/') ? opts.ruleset : path.join(process.env.SANDTABLE_RULESETS ?? 'rulesets', opts.ruleset));
  return playable(loadRuleset(fsSource(path.dirname(folder)), path.basename(folder), { optionalPatchSets: opts.apply ?? [] }), 'try --apply provisional-fill');
}

/** With one worker the games run in this thread: a measure of one core. */
export async function simulate(opts: SimulateOptions): Promise<SimulationReport> {
  return runSimulation(prepare(opts), { ...opts, inProcess: opts.workers === 1 });
}

export function formatReport(r: SimulationReport): string {
  const lines = [`${r.games} games of ${r.rulesetId}`, 'Outcomes (and where each share would lie over many more games, 95 times in 100):'];
  for (const o of r.outcomes) lines.push(`  ${o.label.padEnd(40)} ${String(o.count).padStart(6)}  ${o.percent.toFixed(1).padStart(5)}%  (${o.interval[0].toFixed(1)}–${o.interval[1].toFixed(1)}%)  turn ${o.averageTurns.toFixed(1)} on average`);
  if (r.stuck.length) {
    lines.push('Stuck on a manual step (a bot cannot settle it):');
    for (const s of r.stuck) lines.push(`  ${s.count} × ${s.reason.length > 160 ? s.reason.slice(0, 157) + '…' : s.reason}`);
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

function parseArgs(argv: string[]): SimulateOptions {
  const opts: SimulateOptions = { ruleset: '', games: 100, seed: 1, apply: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new SimulationRefused(`${a} needs a value`);
      return v;
    };
    const int = () => {
      const v = Number(value());
      if (!Number.isSafeInteger(v)) throw new SimulationRefused(`${a} needs an integer`);
      return v;
    };
    if (a === '--games') opts.games = int();
    else if (a === '--seed') opts.seed = int();
    else if (a === '--apply') opts.apply!.push(value());
    else if (a === '--workers') opts.workers = int();
    else if (a === '--max-actions') opts.maxActions = int();
    else if (a === '--bots') {
      const v = value();
      if (!BOT_KINDS.includes(v as BotKind)) throw new SimulateUsage(`--bots is one of ${BOT_KINDS.join(', ')}`);
      opts.bots = v as BotKind;
    } else if (a.startsWith('--')) throw new SimulateUsage(`unknown option ${a}`);
    else opts.ruleset = a;
  }
  if (!opts.ruleset) throw new SimulateUsage('name a ruleset folder, e.g. rulesets/2ww');
  if (opts.games < 1) throw new SimulateUsage('--games must be at least 1');
  return opts;
}

class SimulateUsage extends SimulationRefused {}

async function main() {
  try {
    const opts = parseArgs(process.argv.slice(2));
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
  } catch (e) {
    if (e instanceof SimulationRefused) {
      console.error(`simulate: ${e.message}`);
      console.error('usage: npm run simulate -- rulesets/<id> --games N --seed S [--apply <patch set>] [--bots random|greedy] [--workers N] [--max-actions N]');
      process.exit(1);
    }
    throw e;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  void main();
}
