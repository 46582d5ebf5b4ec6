// What the command-line tools share: options parsed against each tool's known list, whole numbers,
// ruleset names and the two ways a tool stops (a usage error, a failure).
import { existsSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { LoadedRuleset } from '../../engine';
import { listRulesetIds } from '../../engine/load/fs-source';
import { closest } from '../../engine/schema/errors';
import { displayPath, rulesetsRoot } from '../../server/paths';

/** A mistake in how a tool was called: the message, then the tool's usage; exit 2. */
export class UsageError extends Error {}

/** The tool cannot do what it was asked (a ruleset not found, or with errors): the message alone; exit 1. */
export class CommandFailed extends Error {}

/** How each option takes values: a switch none, `one` a single value, `many` a value each time it is given. */
export type OptionSpec = Record<string, 'switch' | 'one' | 'many'>;

export interface Args {
  positional: string[];
  /** The options given: a switch with no value, a `many` option with each distinct value once, in order. */
  options: Map<string, string[]>;
  help: boolean;
}

/**
 * Reads `--name value`, `--name=value` and switches, refusing any option `known` does not list (naming the
 * nearest) rather than ignoring it: a misspelt `--apply` would otherwise validate without its patch set.
 * `-h` and `--help` are known everywhere.
 */
export function parseArgs(argv: readonly string[], known: OptionSpec): Args {
  const args: Args = { positional: [], options: new Map(), help: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-h' || a === '--help') {
      args.help = true;
      continue;
    }
    if (!a.startsWith('-') || a === '-') {
      args.positional.push(a);
      continue;
    }
    const [name, inline] = a.startsWith('--') ? splitOnce(a.slice(2), '=') : [a, undefined];
    const kind = Object.hasOwn(known, name) ? known[name] : undefined;
    if (!kind) {
      const near = closest(name, Object.keys(known));
      throw new UsageError(`unknown option ${a.startsWith('--') ? `--${name}` : a}${near ? ` (did you mean --${near}?)` : ''}`);
    }
    const given = args.options.get(name);
    if (kind === 'switch') {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value: leave out "=${inline}"`);
      args.options.set(name, []);
      continue;
    }
    // A value may start with one dash (--margin -1 is then refused as a number), not with two: `--apply --json` lacks its value.
    const value = inline ?? (argv[i + 1]?.startsWith('--') ? undefined : argv[++i]);
    if (value === undefined || value === '') throw new UsageError(`--${name} needs a value`);
    if (kind === 'one' && given) throw new UsageError(`--${name} is given twice (${given[0]}, ${value}): give it once`);
    // A repeated name counts once: applying a patch set twice fails on every test operation.
    if (!given?.includes(value)) args.options.set(name, [...(given ?? []), value]);
  }
  return args;
}

const splitOnce = (s: string, separator: string): [string, string | undefined] => {
  const at = s.indexOf(separator);
  return at < 0 ? [s, undefined] : [s.slice(0, at), s.slice(at + 1)];
};

/** An option's value as a whole number of at least `min`, written in plain digits: 1e3, 0x10 and 2.5 are refused, not read as numbers. */
export function wholeNumber(option: string, text: string, min = Number.MIN_SAFE_INTEGER): number {
  const n = Number(text);
  if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(n) || n < min) {
    throw new UsageError(`--${option} ${text}: expected a whole number${min > Number.MIN_SAFE_INTEGER ? `, ${min} or more` : ''}`);
  }
  return n;
}

/**
 * A ruleset named by its folder (rulesets/2ww, tests/fixtures/rulesets/x), or by its id in the rulesets folder the
 * studio serves (rulesets/, or $SANDTABLE_RULESETS when set), so that an id means the same ruleset to every tool.
 */
export function rulesetLocation(arg: string): { root: string; id: string; display: string } {
  const byPath = arg.includes('/') || existsSync(arg);
  const folder = byPath ? resolve(arg.replace(/\/+$/, '')) : join(rulesetsRoot(), arg);
  if (!existsSync(join(folder, 'ruleset.json'))) throw new CommandFailed(notFound(arg, folder, byPath));
  const root = dirname(folder);
  return { root, id: basename(folder), display: relativeRoot(root) };
}

function notFound(arg: string, folder: string, byPath: boolean): string {
  if (!byPath) {
    const root = rulesetsRoot();
    const known = existsSync(root) ? listRulesetIds(root) : [];
    return `no ruleset "${arg}" in ${displayPath(root)}/ (${known.length ? `known: ${known.join(', ')}` : 'it holds none'}); name a ruleset id or folder`;
  }
  if (!existsSync(folder)) return `${arg}: no such folder`;
  if (!statSync(folder).isDirectory()) return `${arg} is a file: name the ruleset's folder, the one holding ruleset.json`;
  return `${arg}: no ruleset.json in ${displayPath(folder)}`;
}

function relativeRoot(root: string): string {
  const cwd = process.cwd();
  return root === cwd ? '' : root.startsWith(cwd + '/') ? root.slice(cwd.length + 1) + '/' : root + '/';
}

/** Refuses, as a mistake on the command line, an --apply naming no optional patch set of the ruleset (which loading reports in its manifest). */
export function checkApplied(loaded: LoadedRuleset, names: readonly string[]): void {
  if (!loaded.ruleset) return;
  const known = Object.keys(loaded.ruleset.optionalPatchSets ?? {});
  for (const name of names) {
    if (known.includes(name)) continue;
    const near = closest(name, known);
    throw new UsageError(`--apply ${name}: ${loaded.id} has no optional patch set "${name}"${near ? `; did you mean ${near}?` : ''} (${known.length ? `it has: ${known.join(', ')}` : 'it has none'})`);
  }
}
