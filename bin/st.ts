// Sandtable's command line: validate, report, resolve, facts and export rulesets.
import { completeness, CATEGORIES, checkFacts, formatDiagnostic, hasErrors, loadRuleset, setupCsv, tableCsv, type LoadedRuleset, type Tally } from '../engine';
import { fsSource } from '../engine/load/fs-source';
import { checkApplied, CommandFailed, parseArgs, rulesetLocation, UsageError, type Args, type OptionSpec } from './lib/args';
import { closest } from '../engine/schema/errors';
import { counted } from '../engine/words';

const USAGE = `usage: npm run st -- <command> ...
  validate <ruleset>... [--apply <patch-set>] [--json]   diagnostics as path:line:col severity code message; exit 1 on errors
                                                          (--json: one JSON array, an entry per ruleset)
  report <ruleset> [--apply <patch-set>]                  values by provenance and every gap, by category
  resolve <ruleset> [--apply <patch-set>]                 the resolved ruleset as JSON
  facts <ruleset> [--apply <patch-set>]                   run the ruleset's fact checks; exit 1 on a failure
  export setup <ruleset> [--scenario <id>] --format csv   a scenario's order of battle
  export table <ruleset> <table-id> --format csv          a table as a grid
<ruleset> is a folder holding ruleset.json (rulesets/2ww) or an id in rulesets/ ($SANDTABLE_RULESETS when set).
--apply names an optional patch set of the manifest (e.g. provisional-fill) and may be repeated.`;

function load(arg: string, args: Args): { loaded: LoadedRuleset; display: string } {
  const { root, id, display } = rulesetLocation(arg);
  const applied = args.options.get('apply') ?? [];
  const loaded = loadRuleset(fsSource(root), id, { optionalPatchSets: applied });
  checkApplied(loaded, applied);
  return { loaded, display };
}

/** Loads a ruleset that must be free of errors for the command to mean anything. */
function loadClean(arg: string, args: Args): LoadedRuleset & { ruleset: NonNullable<LoadedRuleset['ruleset']> } {
  const { loaded, display } = load(arg, args);
  if (!loaded.ruleset || hasErrors(loaded.diagnostics)) {
    for (const d of loaded.diagnostics.filter((x) => x.severity === 'error')) console.error(formatDiagnostic(d, display));
    throw new CommandFailed(`${arg} has errors: run validate`);
  }
  return loaded as LoadedRuleset & { ruleset: NonNullable<LoadedRuleset['ruleset']> };
}

/** The one ruleset a command takes. */
function theRuleset(command: string, positional: string[]): string {
  if (positional.length !== 1) throw new UsageError(positional.length ? `${command} takes one ruleset, not ${positional.length}: ${positional.join(' ')}` : `${command} needs a ruleset, e.g. rulesets/2ww`);
  return positional[0];
}

/** Every ruleset named is checked, even after one that cannot be found. */
function validate(args: Args): number {
  if (!args.positional.length) throw new UsageError('validate needs at least one ruleset, e.g. rulesets/2ww');
  const json: unknown[] = [];
  let failed = false;
  for (const arg of args.positional) {
    let found: ReturnType<typeof load>;
    try {
      found = load(arg, args);
    } catch (e) {
      if (!(e instanceof CommandFailed)) throw e;
      console.error(e.message);
      failed = true;
      continue;
    }
    const { loaded, display } = found;
    if (args.options.has('json')) json.push({ id: loaded.id, hash: loaded.hash, diagnostics: loaded.diagnostics });
    else {
      for (const d of loaded.diagnostics) console.log(formatDiagnostic(d, display));
      const count = (s: string) => loaded.diagnostics.filter((d) => d.severity === s).length;
      const gaps = loaded.ruleset ? completeness(loaded.ruleset).total.gap : 0;
      const applied = loaded.patchSets.map((p) => p.title).join(', ');
      console.log(`${loaded.id}: ${counted(count('error'), 'error')}, ${counted(count('warning'), 'warning')}; ${counted(gaps, 'declared gap')} (npm run report)${applied ? `; patch sets: ${applied}` : ''}`);
    }
    failed ||= hasErrors(loaded.diagnostics);
  }
  if (args.options.has('json')) console.log(JSON.stringify(json, null, 2));
  return failed ? 1 : 0;
}

function report(args: Args): number {
  const loaded = loadClean(theRuleset('report', args.positional), args);
  const r = completeness(loaded.ruleset);
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
  const loaded = loadClean(theRuleset('facts', args.positional), args);
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
  const [what, ...rest] = args.positional;
  if (what !== 'setup' && what !== 'table') throw new UsageError(what ? `export setup or export table, not export ${what}` : 'export what? setup or table');
  const format = args.options.get('format')?.[0] ?? 'csv';
  if (format !== 'csv') throw new UsageError(`--format ${format}: only csv is supported`);
  if (what === 'setup') {
    const { ruleset } = loadClean(theRuleset('export setup', rest), args);
    const scenarios = Object.keys(ruleset.scenarios ?? {});
    const id = args.options.get('scenario')?.[0] ?? scenarios[0];
    const scenario = id ? ruleset.scenarios?.[id] : undefined;
    if (!scenario) throw new CommandFailed(`no scenario "${id ?? ''}" (known: ${scenarios.join(', ') || 'none'})`);
    process.stdout.write(setupCsv(ruleset, scenario));
    return 0;
  }
  if (args.options.has('scenario')) throw new UsageError('--scenario is for export setup');
  const [rulesetArg, tableId, ...extra] = rest;
  if (!rulesetArg || extra.length) throw new UsageError(`export table takes a ruleset and a table id, e.g. export table rulesets/2ww land-vs-land`);
  const { ruleset } = loadClean(rulesetArg, args);
  const known = `known: ${Object.keys(ruleset.tables ?? {}).join(', ') || 'none'}`;
  if (!tableId) throw new UsageError(`export table ${rulesetArg} needs a table id (${known})`);
  const table = ruleset.tables?.[tableId];
  if (!table) throw new CommandFailed(`no table "${tableId}" (${known})`);
  process.stdout.write(tableCsv(table));
  return 0;
}

const APPLY = { apply: 'many' } as const;

/** Each command with the options it knows. */
const COMMANDS: Record<string, { run: (args: Args) => number; options: OptionSpec }> = {
  validate: { run: validate, options: { ...APPLY, json: 'switch' } },
  report: { run: report, options: APPLY },
  resolve: { run: (args) => (console.log(JSON.stringify(loadClean(theRuleset('resolve', args.positional), args).ruleset, null, 2)), 0), options: APPLY },
  facts: { run: facts, options: APPLY },
  export: { run: exportCommand, options: { ...APPLY, format: 'one', scenario: 'one' } },
};

function main(argv: string[]): number {
  const [command, ...rest] = argv;
  try {
    if (command === undefined) throw new UsageError('name a command');
    if (command === 'help' || command === '-h' || command === '--help') return console.log(USAGE), 0;
    const known = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
    if (!known) {
      const near = closest(command, Object.keys(COMMANDS));
      throw new UsageError(`unknown command ${command}${near ? ` (did you mean ${near}?)` : ''}`);
    }
    const args = parseArgs(rest, known.options);
    if (args.help) return console.log(USAGE), 0;
    return known.run(args);
  } catch (e) {
    if (e instanceof UsageError) return console.error(`${e.message}\n\n${USAGE}`), 2;
    if (e instanceof CommandFailed) return console.error(e.message), 1;
    throw e;
  }
}

// Output piped into `head` may be cut short; that is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => (e.code === 'EPIPE' ? process.exit(process.exitCode ?? 0) : Promise.reject(e)));
process.exitCode = main(process.argv.slice(2));
