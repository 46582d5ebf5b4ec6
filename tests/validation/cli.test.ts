// The command line prints compiler-style diagnostics and exits non-zero on errors.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES } from './helpers';

const ROOT = join(import.meta.dirname, '..', '..');
const st = (...args: string[]) =>
  spawnSync(join(ROOT, 'node_modules', '.bin', 'tsx'), [join(ROOT, 'bin', 'st.ts'), ...args], { cwd: ROOT, encoding: 'utf8' });

describe('command line', () => {
  it('validate exits 0 on the fixture and says so', () => {
    const r = st('validate', 'tests/fixtures/rulesets/skirmish');
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
    const r = st('export', 'setup', 'tests/fixtures/rulesets/skirmish', '--format', 'csv');
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('power,unit,type,location,state,provenance,rule');
  });

  it('refuses an unknown format and an unknown ruleset with a usage message', () => {
    expect(st('export', 'setup', 'tests/fixtures/rulesets/skirmish', '--format', 'xlsx').stderr).toContain('--format xlsx: only csv is supported');
    const r = st('validate', 'rulesets/no-such-game');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('no ruleset.json');
  });
});
