// Sandtable's command line: validate, report, resolve, facts and export rulesets.
import { completeness, CATEGORIES, checkFacts, formatDiagnostic, hasErrors, loadRuleset, setupCsv, tableCsv, type LoadedRuleset, type Tally } from '../engine';
import { fsSource } from '../engine/load/fs-source';
import { parseArgs, rulesetLocation, UsageError, type Args } from './lib/args';
import { counted } from '../engine/words';

const USAGE = `usage: npm run st -- <command> ...
  validate <ruleset>... [--apply <patch-set>] [--json]   diagnostics as path:line:col severity code message; exit 1 on errors
  report <ruleset> [--apply <patch-set>]                  values by provenance and every gap, by category
  resolve <ruleset> [--apply <patch-set>]                 the resolved ruleset as JSON
  facts <ruleset> [--apply <patch-set>]                   run the ruleset's fact checks; exit 1 on a failure
  export setup <ruleset> [--scenario <id>] --format csv   a scenario's order of battle
  export table <ruleset> <table-id> --format csv          a table as a grid
<ruleset> is a folder holding ruleset.json (rulesets/2ww) or an id in ./rulesets. --apply names an optional
patch set of the manifest (e.g. provisional-fill) and may be repeated.`;

function load(arg: string | undefined, args: Args): { loaded: LoadedRuleset; display: string } {
  const { root, id, display } = rulesetLocation(arg);
  const loaded = loadRuleset(fsSource(root), id, { optionalPatchSets: args.options.get('apply') ?? [] });
  return { loaded, display };
}

/** Loads a ruleset that must be free of errors for the command to mean anything. */
function loadClean(arg: string | undefined, args: Args): LoadedRuleset & { ruleset: NonNullable<LoadedRuleset['ruleset']> } {
  const { loaded, display } = load(arg, args);
  if (!loaded.ruleset || hasErrors(loaded.diagnostics)) {
    for (const d of loaded.diagnostics.filter((x) => x.severity === 'error')) console.error(formatDiagnostic(d, display));
    throw new CommandFailed(`${arg} has errors: run validate`);
  }
  return loaded as LoadedRuleset & { ruleset: NonNullable<LoadedRuleset['ruleset']> };
}

class CommandFailed extends Error {}

function validate(args: Args): number {
  if (!args.positional.length) throw new UsageError('validate needs at least one ruleset');
  let failed = false;
  for (const arg of args.positional) {
    const { loaded, display } = load(arg, args);
    if (args.options.has('json')) {
      console.log(JSON.stringify({ id: loaded.id, hash: loaded.hash, diagnostics: loaded.diagnostics }, null, 2));
    } else {
      for (const d of loaded.diagnostics) console.log(formatDiagnostic(d, display));
      const count = (s: string) => loaded.diagnostics.filter((d) => d.severity === s).length;
      const gaps = loaded.ruleset ? completeness(loaded.ruleset, loaded.patched).total.gap : 0;
      const applied = loaded.patchSets.map((p) => p.title).join(', ');
      console.log(`${loaded.id}: ${counted(count('error'), 'error')}, ${counted(count('warning'), 'warning')}; ${counted(gaps, 'declared gap')} (npm run report)${applied ? `; patch sets: ${applied}` : ''}`);
    }
    failed ||= hasErrors(loaded.diagnostics);
  }
  return failed ? 1 : 0;
}

function report(args: Args): number {
  const loaded = loadClean(args.positional[0], args);
  const r = completeness(loaded.ruleset, loaded.patched);
  const kinds: (keyof Tally)[] = ['rulebook', 'example', 'inference', 'provisional', 'bootstrap', 'unmarked', 'gap'];
  const width = 14;
  const row = (label: string, cells: (string | number)[]) => label.padEnd(width) + cells.map((c) => String(c).padStart(12)).join('');
  console.log(`${loaded.ruleset.title}${loaded.ruleset.edition ? ` (${loaded.ruleset.edition})` : ''} — ${loaded.ruleset.source.title}${loaded.ruleset.source.version ? ` ${loaded.ruleset.source.version}` : ''}`);
  for (const p of loaded.patchSets) console.log(`patch set: ${p.title} (${p.kind}${p.optional ? ', optional' : ''}), ${counted(p.operations, 'operation')}`);
  console.log('');
  console.log(row('category', kinds));
  for (const c of CATEGORIES) {
    const t = r.byCategory[c];
    if (kinds.some((k) => t[k])) console.log(row(c, kinds.map((k) => t[k])));
  }
  console.log(row('total', kinds.map((k) => r.total[k])));
  if (r.gaps.length) {
    console.log(`\ngaps (${r.gaps.length}):`);
    for (const c of CATEGORIES) {
      const gaps = r.gaps.filter((g) => g.category === c);
      if (!gaps.length) continue;
      console.log(`  ${c} (${gaps.length})`);
      for (const g of gaps) console.log(`    ${g.pointer}${g.rule ? ` [${g.rule}]` : ''}: ${g.gap}`);
    }
  }
  return 0;
}

function facts(args: Args): number {
  const loaded = loadClean(args.positional[0], args);
  const results = checkFacts(loaded.ruleset);
  for (const f of results) {
    console.log(`${f.failures.length ? 'FAIL' : 'ok  '} ${f.id} [${f.fact.rule}] ${f.fact.question}`);
    for (const msg of f.failures) console.log(`       ${msg}`);
  }
  const failed = results.filter((f) => f.failures.length).length;
  console.log(`${results.length - failed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

function exportCommand(args: Args): number {
  const [what, rulesetArg, tableId] = args.positional;
  const format = args.options.get('format')?.[0] ?? 'csv';
  if (format !== 'csv') throw new UsageError(`--format ${format}: only csv is supported`);
  const loaded = loadClean(rulesetArg, args);
  const { ruleset } = loaded;
  if (what === 'setup') {
    const scenarios = Object.keys(ruleset.scenarios ?? {});
    const id = args.options.get('scenario')?.[0] ?? scenarios[0];
    const scenario = id ? ruleset.scenarios?.[id] : undefined;
    if (!scenario) throw new CommandFailed(`no scenario "${id ?? ''}" (known: ${scenarios.join(', ') || 'none'})`);
    process.stdout.write(setupCsv(ruleset, scenario));
    return 0;
  }
  if (what === 'table') {
    const table = tableId ? ruleset.tables?.[tableId] : undefined;
    if (!table) throw new CommandFailed(`no table "${tableId ?? ''}" (known: ${Object.keys(ruleset.tables ?? {}).join(', ') || 'none'})`);
    process.stdout.write(tableCsv(table));
    return 0;
  }
  throw new UsageError('export what? setup or table');
}

const COMMANDS: Record<string, (args: Args) => number> = {
  validate,
  report,
  resolve: (args) => (console.log(JSON.stringify(loadClean(args.positional[0], args).ruleset, null, 2)), 0),
  facts,
  export: exportCommand,
};

function main(argv: string[]): number {
  const [command, ...rest] = argv;
  try {
    const args = parseArgs(rest);
    const run = command && COMMANDS[command];
    if (!run || args.options.has('help')) {
      console.log(USAGE);
      return run || command === undefined || command === 'help' ? 0 : 2;
    }
    return run(args);
  } catch (e) {
    if (e instanceof UsageError) return console.error(`${e.message}\n\n${USAGE}`), 2;
    if (e instanceof CommandFailed) return console.error(e.message), 1;
    throw e;
  }
}

// Output piped into `head` may be cut short; that is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => (e.code === 'EPIPE' ? process.exit(process.exitCode ?? 0) : Promise.reject(e)));
process.exitCode = main(process.argv.slice(2));
