// A 2WW draft from before blockedAtSources was written (or with the line deleted) launches: the conflict
// supply-source-in-zone decides that setting, and its absence is the chosen reading's value.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serverForTests } from './server';

const caller = await serverForTests();
const manifest = fs.readFileSync('rulesets/2ww/ruleset.json', 'utf8');
const deleted = manifest.replace(/\n\s*"blockedAtSources": false,/, '');

describe('2WW without "blockedAtSources": false', () => {
  it('validates clean and launches a test game', async () => {
    const api = caller();
    expect(deleted).not.toBe(manifest);
    const documents = { 'ruleset.json': deleted };
    const validated = await api.rulesets.validate({ id: '2ww', documents });
    expect(validated.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    expect((await api.games.leftToTester({ rulesetId: '2ww', documents })).errors).toBe(0);
    const { gameId } = await api.games.create({ rulesetId: '2ww', documents, seed: 1 });
    expect((await api.games.ruleset({ gameId })).mechanics?.supply?.blockedAtSources).toBeUndefined();
  });
});
