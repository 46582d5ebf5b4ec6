// The command line prints compiler-style diagnostics and exits non-zero on errors.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES } from './helpers';

const ROOT = join(import.meta.dirname, '..', '..');
const tool = (script: string) => (...args: string[]) =>
  spawnSync(join(ROOT, 'node_modules', '.bin', 'tsx'), [join(ROOT, 'bin', script), ...args], { cwd: ROOT, encoding: 'utf8' });
const st = tool('st.ts');
const simulate = tool('simulate.ts');
const bootstrapMap = tool('bootstrap-map.ts');
const SKIRMISH = 'tests/fixtures/rulesets/skirmish';

describe('command line', () => {
  it('validate exits 0 on the fixture and says so', () => {
    const r = st('validate', SKIRMISH);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('skirmish: 0 errors, 0 warnings; 4 declared gaps');
  });

  it('validate prints path:line:col severity code message and exits 1 on errors', () => {
    const dir = mkdtempSync(join(tmpdir(), 'st-cli-'));
    cpSync(FIXTURES, dir, { recursive: true });
    writeFileSync(join(dir, 'skirmish', 'victory.json'), '{\n  "victory": {\n    "checks": [ { "when": "never" } ],\n    "levels": []\n  }\n}\n');
    const r = st('validate', join(dir, 'skirmish'));
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(`${dir}/skirmish/victory.json:3:27 error bad-value "never" must be one of "end-of-turn", "after-turn", "immediately"`);
    expect(r.stdout).toMatch(/victory\.json:4:15 error bad-value must have at least 1 item$/m);
  });

  it('export setup writes the order of battle as CSV', () => {
    const r = st('export', 'setup', SKIRMISH, '--format', 'csv');
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('power,unit,type,location,state,provenance,rule');
  });

  it('refuses an unknown format, option or command with the usage, and exits 2', () => {
    expect(st('export', 'setup', SKIRMISH, '--format', 'xlsx').stderr).toContain('--format xlsx: only csv is supported');
    const typo = st('validate', SKIRMISH, '--aply', 'fill');
    expect(typo.status).toBe(2);
    expect(typo.stdout).toBe('');
    expect(typo.stderr).toMatch(/^unknown option --aply \(did you mean --apply\?\)\n\nusage: /);
    expect(st('validate', SKIRMISH, '--json=false').stderr).toMatch(/^--json takes no value/);
    expect(st('frob').stderr).toMatch(/^unknown command frob\n\nusage: /);
    // No command at all is a usage error too; asking for help is not.
    expect(st()).toMatchObject({ status: 2, stderr: expect.stringMatching(/^name a command\n\nusage: /) });
    expect(st('--help')).toMatchObject({ status: 0, stdout: expect.stringMatching(/^usage: /) });
    // A patch set the ruleset does not have is a mistake on the command line, not in the manifest.
    const unknownSet = st('validate', 'rulesets/2ww', '--apply', 'provisional-fil');
    expect(unknownSet.status).toBe(2);
    expect(unknownSet.stderr).toMatch(/^--apply provisional-fil: 2ww has no optional patch set "provisional-fil"; did you mean provisional-fill\? \(it has: provisional-fill\)\n\nusage: /);
    const help = st('validate', SKIRMISH, '-h');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: /);
  });

  it('says which folder it searched for a ruleset it cannot find, goes on with the others, and exits 1', () => {
    const r = st('validate', 'no-such-game', SKIRMISH);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^no ruleset "no-such-game" in rulesets\/ \(known: .*\); name a ruleset id or folder\n$/);
    expect(r.stdout).toContain('skirmish: 0 errors');
  });

  it('validate --json prints one JSON array, an entry per ruleset', () => {
    const r = st('validate', SKIRMISH, 'tests/fixtures/rulesets/skirmish-errata', '--json');
    expect(JSON.parse(r.stdout).map((x: { id: string }) => x.id)).toEqual(['skirmish', 'skirmish-errata']);
  });

  it('export asks for what it lacks', () => {
    expect(st('export', SKIRMISH).stderr).toMatch(/^export setup or export table, not export tests\/fixtures\/rulesets\/skirmish\n/);
    expect(st('export', 'table', SKIRMISH).stderr).toMatch(/^export table tests\/fixtures\/rulesets\/skirmish needs a table id \(known: fire, terrain-effects\)\n/);
  });

  it('simulate refuses numbers that are not plain whole numbers in range, exits 2, and names a missing folder once', () => {
    for (const [option, value, min] of [['--games', '1e3', 1], ['--workers', '0', 1], ['--max-actions', '-5', 1]]) {
      const r = simulate(SKIRMISH, String(option), String(value));
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`^simulate: ${option} ${value}: expected a whole number, ${min} or more\n`));
    }
    const r = simulate('nope/x');
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('simulate: nope/x: no such folder\n');
  });

  it('bootstrap-map reports a bad option in one line with the usage, not a stack trace', () => {
    const r = bootstrapMap('tests/map/fixtures/rulesets/ww2-mini', '--margin', '-1');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^bootstrap-map: --margin -1: expected a whole number, 0 or more\n\nusage: /);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(bootstrapMap('tests/map/fixtures/rulesets/ww2-mini', '--output').stderr).toMatch(/^bootstrap-map: --output needs a value\n/);
  });

  it('bootstrap-map stops at a map document that does not parse, names where, and writes nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'st-cli-'));
    cpSync(join(ROOT, 'tests/map/fixtures/rulesets/ww2-mini'), join(dir, 'ww2-mini'), { recursive: true });
    writeFileSync(join(dir, 'ww2-mini', 'map.json'), '{\n  "map": {\n    "kind" "hex"\n  }\n}\n');
    const r = bootstrapMap(join(dir, 'ww2-mini'));
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`${dir}/ww2-mini/map.json:3:12 error json-syntax`);
    expect(r.stderr).toMatch(/bootstrap-map: ww2-mini cannot be read in full: fix (this|these) first \(npm run validate -- /);
    expect(readdirSync(join(dir, 'ww2-mini')).sort()).toEqual(['map.json', 'ruleset.json']);
  });

  it('bootstrap-map writes the grid its manifest lists before it exists, in one step, leaving no other file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'st-cli-'));
    cpSync(join(ROOT, 'tests/map/fixtures/rulesets/ww2-mini'), join(dir, 'ww2-mini'), { recursive: true });
    const manifestFile = join(dir, 'ww2-mini', 'ruleset.json');
    writeFileSync(manifestFile, readFileSync(manifestFile, 'utf8').replace('"map": "map.json"', '"map": ["map.json", "map-grid.json"]'));
    const r = bootstrapMap(join(dir, 'ww2-mini'));
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`wrote ${dir}/ww2-mini/map-grid.json`);
    expect(r.stdout).not.toContain('does not list');
    expect(readdirSync(join(dir, 'ww2-mini')).sort()).toEqual(['map-grid.json', 'map.json', 'ruleset.json']);
  });
});
