// Command-line arguments: positionals, `--flag value` options, and ruleset paths.
import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

export interface Args {
  positional: string[];
  options: Map<string, string[]>;
}

/** Options that take no value. */
const SWITCHES = new Set(['json', 'help', 'gaps']);

export function parseArgs(argv: string[]): Args {
  const positional: string[] = [];
  const options = new Map<string, string[]>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) {
      positional.push(a);
      continue;
    }
    const [name, inline] = a.slice(2).split('=', 2);
    const value = inline ?? (SWITCHES.has(name) ? 'true' : argv[++i]);
    if (value === undefined) throw new UsageError(`--${name} needs a value`);
    options.set(name, [...(options.get(name) ?? []), value]);
  }
  return { positional, options };
}

export class UsageError extends Error {}

/** A ruleset named by its folder (rulesets/2ww, tests/fixtures/rulesets/x) or by its id in ./rulesets. */
export function rulesetLocation(arg: string | undefined): { root: string; id: string; display: string } {
  if (!arg) throw new UsageError('name a ruleset folder, e.g. rulesets/2ww');
  const folder = arg.includes('/') || existsSync(arg) ? resolve(arg.replace(/\/+$/, '')) : resolve('rulesets', arg);
  if (!existsSync(join(folder, 'ruleset.json'))) throw new UsageError(`${arg}: no ruleset.json in ${folder}`);
  const root = dirname(folder);
  return { root, id: basename(folder), display: relativeRoot(root) };
}

function relativeRoot(root: string): string {
  const cwd = process.cwd();
  return root === cwd ? '' : root.startsWith(cwd + '/') ? root.slice(cwd.length + 1) + '/' : root + '/';
}
