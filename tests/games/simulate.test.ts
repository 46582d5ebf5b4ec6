import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SimulationRefused, formatReport, simulate, wilson } from '@/bin/simulate';

describe('simulate', () => {
  it('plays 2WW with the provisional fill to its victory check, the same with 1 and 2 workers', async () => {
    const opts = { ruleset: 'rulesets/2ww', games: 3, seed: 5, apply: ['provisional-fill'], bots: 'random' as const };
    const one = await simulate({ ...opts, workers: 1 });
    const two = await simulate({ ...opts, workers: 2 });
    expect(one.games).toBe(3);
    expect(two.results).toEqual(one.results);
    expect(two.outcomes).toEqual(one.outcomes);
    expect(one.results.map((r) => r.seed)).toEqual([5, 6, 7]);
    // Spring 1945 is the last turn; a game ends there or sooner with a level reached.
    for (const r of one.results) expect(r).toMatchObject({ end: 'over', turns: expect.any(Number) });
    expect(one.results.every((r) => r.turns <= 23 && (r.turns === 23 || r.level))).toBe(true);
    expect(one.leftToTester.specialRules).toBeGreaterThan(0);
    // Turn by turn, every game counts at each turn's start, by the level a check would reach then.
    expect(one.byTurn).toHaveLength(23);
    for (const { counts } of one.byTurn) expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(3);
    expect(one.levels.map((l) => l.key)).toEqual(['axis-total', 'axis-major', 'axis-minor', 'allied-total', 'allied-major', 'allied-minor', 'none']);
    expect(formatReport(one)).toMatch(/Played without what the ruleset leaves to the tester: \d+ special rules?/);
    // The fill gives every value these games need: no action was left out of the bots' choices for want of one.
    expect(one.unlisted).toEqual([]);
  }, 180_000);

  it("names the values the data lacks that left actions out of the bots' choices: The Big One's rail distance, whose rule its text lacks", async () => {
    const r = await simulate({ ruleset: 'rulesets/the-big-one', games: 2, seed: 3, apply: ['provisional-fill'], workers: 1 });
    expect(r.unlisted).toContainEqual(expect.objectContaining({ pointer: '/mechanics/movement/rail/distance', rule: 'VI.A.2', games: 2 }));
    expect(formatReport(r)).toContain("Left out of the bots' choices, for want of a value the data lacks:\n");
    expect(formatReport(r)).toContain('\n  /mechanics/movement/rail/distance (rule VI.A.2), in 2 of 2 games\n');
  }, 180_000);

  it('gives each outcome the 95% interval of its share (Wilson), honest for outcomes never or always seen', () => {
    expect(wilson(5, 10)).toEqual([23.7, 76.3]);
    expect(wilson(0, 10)).toEqual([0, 27.8]);
    expect(wilson(10, 10)).toEqual([72.2, 100]);
    expect(wilson(94, 200)).toEqual([40.2, 53.9]);
  });

  it('refuses a ruleset with gaps a game reaches, listing them', async () => {
    await expect(simulate({ ruleset: 'rulesets/2ww', games: 1, seed: 1, workers: 1 })).rejects.toThrow(SimulationRefused);
    await expect(simulate({ ruleset: 'rulesets/2ww', games: 1, seed: 1, workers: 1 })).rejects.toThrow(/\/unitTypes\/armor/);
    // The fill it suggests is the ruleset's own; a ruleset without one is told to fill its gaps.
    await expect(simulate({ ruleset: 'rulesets/2ww', games: 1, seed: 1, workers: 1 })).rejects.toThrow(/\(try --apply provisional-fill\)/);
    const dir = mkdtempSync(path.join(tmpdir(), 'sandtable-sim-'));
    try {
      cpSync('tests/fixtures/rulesets/skirmish', path.join(dir, 'skirmish'), { recursive: true });
      const manifest = JSON.parse(readFileSync(path.join(dir, 'skirmish', 'ruleset.json'), 'utf8'));
      delete manifest.optionalPatchSets;
      writeFileSync(path.join(dir, 'skirmish', 'ruleset.json'), JSON.stringify(manifest));
      await expect(simulate({ ruleset: path.join(dir, 'skirmish'), games: 1, seed: 1, workers: 1 })).rejects.toThrow(/\(fill them, or give the ruleset an optional patch set of provisional values to apply\)/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("names a broken file by the path it was given, not the rulesets root's", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sandtable-sim-'));
    try {
      cpSync('tests/fixtures/rulesets/skirmish', path.join(dir, 'skirmish'), { recursive: true });
      writeFileSync(path.join(dir, 'skirmish', 'units.json'), '{ "unitTypes": ');
      await expect(simulate({ ruleset: path.join(dir, 'skirmish'), games: 1, seed: 1, workers: 1 })).rejects.toThrow(`${path.join(dir, 'skirmish', 'units.json')}:1:`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('caps a game at the action limit', async () => {
    const r = await simulate({ ruleset: 'rulesets/2ww', games: 1, seed: 1, apply: ['provisional-fill'], workers: 1, maxActions: 5 });
    expect(r.capped).toBe(1);
    expect(r.results[0].actions).toBe(5);
  });

  it('plays the scenario named, says which, and refuses one the ruleset lacks, listing those it has', async () => {
    const r = await simulate({ ruleset: 'rulesets/2ww', games: 1, seed: 1, apply: ['provisional-fill'], workers: 1, maxActions: 5, scenario: 'campaign' });
    expect(r.scenario).toEqual({ id: 'campaign', name: 'Campaign: Autumn 1939 to Spring 1945' });
    expect(formatReport(r)).toMatch(/^1 game of 2ww, scenario Campaign: Autumn 1939 to Spring 1945 \(campaign\)\n/);
    await expect(simulate({ ruleset: 'rulesets/2ww', games: 1, seed: 1, apply: ['provisional-fill'], workers: 1, scenario: 'barbarossa' })).rejects.toThrow('2ww has no scenario "barbarossa" (scenarios: campaign)');
  });

  it('drops the bundles of earlier engines once unused for an hour, and keeps newer ones', async () => {
    const dir = path.resolve('node_modules/.cache/sandtable');
    mkdirSync(dir, { recursive: true });
    const stale = path.join(dir, 'simulate-job-0000000000000000.mjs');
    const recent = path.join(dir, 'simulate-job-1111111111111111.mjs');
    writeFileSync(stale, '');
    writeFileSync(recent, '');
    const twoHoursAgo = new Date(Date.now() - 7_200_000);
    utimesSync(stale, twoHoursAgo, twoHoursAgo);
    try {
      await simulate({ ruleset: 'rulesets/2ww', games: 1, seed: 1, apply: ['provisional-fill'], workers: 1, maxActions: 1 });
      expect(existsSync(stale)).toBe(false);
      expect(existsSync(recent)).toBe(true);
    } finally {
      rmSync(stale, { force: true });
      rmSync(recent, { force: true });
    }
  });
});
