// The options every command-line tool reads: refused when unknown or malformed, never ignored.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CommandFailed, parseArgs, rulesetLocation, UsageError, wholeNumber, type OptionSpec } from '@/bin/lib/args';
import { FIXTURES } from './helpers';

const KNOWN: OptionSpec = { apply: 'many', json: 'switch', format: 'one' };

describe('parseArgs', () => {
  it('reads positionals, switches, --name value and --name=value', () => {
    const args = parseArgs(['rulesets/2ww', '--apply', 'a', '--json', '--format=csv', 'other'], KNOWN);
    expect(args.positional).toEqual(['rulesets/2ww', 'other']);
    expect([...args.options]).toEqual([['apply', ['a']], ['json', []], ['format', ['csv']]]);
    expect(args.help).toBe(false);
  });

  it('counts a repeated value once', () => {
    expect(parseArgs(['--apply', 'fill', '--apply', 'other', '--apply', 'fill'], KNOWN).options.get('apply')).toEqual(['fill', 'other']);
  });

  it('refuses an unknown option, naming the nearest known one', () => {
    expect(() => parseArgs(['--aply', 'fill'], KNOWN)).toThrow(new UsageError('unknown option --aply (did you mean --apply?)'));
    expect(() => parseArgs(['--frob'], KNOWN)).toThrow(new UsageError('unknown option --frob'));
    expect(() => parseArgs(['-x'], KNOWN)).toThrow(new UsageError('unknown option -x'));
  });

  it('refuses a value given to a switch, a missing value and an option given twice', () => {
    expect(() => parseArgs(['--json=false'], KNOWN)).toThrow(new UsageError('--json takes no value: leave out "=false"'));
    expect(() => parseArgs(['--apply'], KNOWN)).toThrow(new UsageError('--apply needs a value'));
    expect(() => parseArgs(['--apply', '--json'], KNOWN)).toThrow(new UsageError('--apply needs a value'));
    expect(() => parseArgs(['--format='], KNOWN)).toThrow(new UsageError('--format needs a value'));
    expect(() => parseArgs(['--format', 'csv', '--format', 'json'], KNOWN)).toThrow(new UsageError('--format is given twice (csv, json): give it once'));
  });

  it('takes -h and --help anywhere as a request for the usage', () => {
    expect(parseArgs(['rulesets/2ww', '-h'], KNOWN)).toMatchObject({ help: true, positional: ['rulesets/2ww'] });
    expect(parseArgs(['--help'], {}).help).toBe(true);
  });
});

describe('wholeNumber', () => {
  it('reads plain digits only, at least the minimum', () => {
    expect(wholeNumber('games', '20', 1)).toBe(20);
    expect(wholeNumber('seed', '-3')).toBe(-3);
    for (const text of ['1e3', '0x10', '2.5', '', ' 4', 'abc']) expect(() => wholeNumber('games', text, 1)).toThrow(UsageError);
    expect(() => wholeNumber('workers', '0', 1)).toThrow(new UsageError('--workers 0: expected a whole number, 1 or more'));
    expect(() => wholeNumber('margin', '-1', 0)).toThrow(new UsageError('--margin -1: expected a whole number, 0 or more'));
  });
});

describe('rulesetLocation', () => {
  const saved = process.env.SANDTABLE_RULESETS;
  afterEach(() => (saved === undefined ? delete process.env.SANDTABLE_RULESETS : (process.env.SANDTABLE_RULESETS = saved)));

  it('finds an id in the folder the studio serves, $SANDTABLE_RULESETS when set', () => {
    process.env.SANDTABLE_RULESETS = FIXTURES;
    expect(rulesetLocation('skirmish')).toMatchObject({ root: FIXTURES, id: 'skirmish' });
    expect(() => rulesetLocation('skirmsh')).toThrow(new CommandFailed('no ruleset "skirmsh" in tests/fixtures/rulesets/ (known: skirmish, skirmish-errata); name a ruleset id or folder'));
  });

  it('says what a path names when it is no ruleset folder', () => {
    const empty = mkdtempSync(join(tmpdir(), 'st-args-'));
    expect(() => rulesetLocation(join(empty, 'nope'))).toThrow(`${join(empty, 'nope')}: no such folder`);
    expect(() => rulesetLocation(`${FIXTURES}/skirmish/units.json`)).toThrow("is a file: name the ruleset's folder, the one holding ruleset.json");
    expect(() => rulesetLocation(empty)).toThrow(`${empty}: no ruleset.json in ${empty}`);
  });
});
