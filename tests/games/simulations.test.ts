import { describe, expect, it } from 'vitest';
import { serverForTests } from './server';

// Balance runs through the router, on a temp database and the real rulesets folder (read only).
const api = (await serverForTests())();
const { prepare, simulate } = await import('@/bin/simulate');
const { runSimulation } = await import('@/server/simulation');
type SimulationReport = Awaited<ReturnType<typeof runSimulation>>;
const { closeSimulationRuns, createRunStore } = await import('@/server/simulation-runs');
const { openDatabase } = await import('@/server/db');
const { compareRuns, pairedDifference, shareDifference } = await import('@/server/simulation-compare');

async function finished(id: string) {
  for (;;) {
    const run = await api.simulations.status({ id });
    if (run.state !== 'playing') return run;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('simulations in the studio', () => {
  it('plays a run across threads while its progress is read, with the report the command line gives; one run at a time', async () => {
    const { id } = await api.simulations.start({ rulesetId: '2ww', games: 4, seed: 5, optionalPatchSets: ['provisional-fill'] });
    await expect(api.simulations.start({ rulesetId: '2ww', games: 1, seed: 1, optionalPatchSets: ['provisional-fill'] })).rejects.toThrow(/A simulation of 2ww is playing/);
    expect((await api.simulations.list({ rulesetId: '2ww' }))[0]).toMatchObject({ id, state: 'playing', source: 'drafts', games: 4, seed: 5, scenario: 'campaign' });
    const run = await finished(id);
    expect(run).toMatchObject({ state: 'done', done: 4 });
    expect(run.error).toBeUndefined();
    const cli = await simulate({ ruleset: 'rulesets/2ww', games: 4, seed: 5, apply: ['provisional-fill'], workers: 1 });
    expect(run.report!.outcomes).toEqual(cli.outcomes);
    expect(run.report!.averageActions).toBe(cli.averageActions);
    expect(run.report).not.toHaveProperty('results');
  }, 180_000);

  it('keeps runs across a restart, and compares two: the files as published play the same rules as drafts that change nothing', async () => {
    const [before] = await api.simulations.list({ rulesetId: '2ww' });
    const { id } = await api.simulations.start({ rulesetId: '2ww', games: 4, seed: 5, optionalPatchSets: ['provisional-fill'], source: 'files' });
    await finished(id);
    closeSimulationRuns();
    const runs = await api.simulations.list({ rulesetId: '2ww' });
    expect(runs.map((r) => r.id).slice(0, 2)).toEqual([id, before.id]);
    expect(runs[0]).toMatchObject({ state: 'done', source: 'files', rulesetHash: before.rulesetHash });
    const c = await api.simulations.compare({ before: before.id, after: id });
    expect(c).toMatchObject({ sameRules: true, otherSettings: [], seeds: { both: 4, alike: 4 } });
    for (const o of c.outcomes) expect(o).toMatchObject({ difference: 0, verdict: 'unclear' });
    expect(c.outcomes.reduce((n, o) => n + o.after.count, 0)).toBe(4);
    await api.simulations.delete({ id });
    await expect(api.simulations.status({ id })).rejects.toThrow(/No simulation/);
    await expect(api.simulations.compare({ before: before.id, after: id })).rejects.toThrow(/No simulation/);
  }, 180_000);

  it('stops a run on request, keeping the report of the games it had played, and lets another start', async () => {
    const { id } = await api.simulations.start({ rulesetId: '2ww', games: 200, seed: 1, optionalPatchSets: ['provisional-fill'] });
    // Stopped while its threads play: once a game has ended.
    while ((await api.simulations.status({ id })).done === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    await api.simulations.stop({ id });
    const run = await finished(id);
    expect(run.state).toBe('stopped');
    const [, played] = run.error!.match(/^stopped after (\d+) of 200 games$/)!;
    expect(Number(played)).toBeGreaterThan(0);
    expect(Number(played)).toBeLessThan(200);
    expect(run.report!.games).toBe(Number(played));
    await expect(api.simulations.stop({ id })).rejects.toThrow(/has ended/);
    const next = await api.simulations.start({ rulesetId: '2ww', games: 1, seed: 1, optionalPatchSets: ['provisional-fill'] });
    expect((await finished(next.id)).report?.games).toBe(1);
  }, 120_000);

  it('refuses a ruleset whose gaps a bot would meet, listing them, and an unknown run', async () => {
    await expect(api.simulations.start({ rulesetId: '2ww', games: 1, seed: 1 })).rejects.toThrow(/gaps a game reaches; a bot cannot adjudicate them[\s\S]*\/unitTypes\/armor/);
    await expect(api.simulations.start({ rulesetId: '2ww', games: 1, seed: 1, source: 'files' })).rejects.toThrow(/gaps a game reaches/);
    await expect(api.simulations.status({ id: 'nope' })).rejects.toThrow(/No simulation "nope"/);
    await expect(api.simulations.start({ rulesetId: '../etc', games: 1, seed: 1 })).rejects.toThrow();
  });
});

describe('kept runs', () => {
  it('marks a run that was playing when the server stopped as interrupted', () => {
    const db = openDatabase(':memory:');
    createRunStore(db).start({ id: 'r1', rulesetId: 'x', source: 'drafts', rulesetHash: 'h', games: 10, seed: 1, bots: 'random', optionalPatchSets: [] });
    expect(createRunStore(db).get('r1')).toMatchObject({ state: 'interrupted', done: 0, report: undefined });
    db.close();
  });

  it('keeps the games a run has played now and then, which it still reports when the server stopped before it ended', async () => {
    const prepared = prepare({ ruleset: 'rulesets/2ww', apply: ['provisional-fill'] });
    const kept: SimulationReport[] = [];
    const report = await runSimulation(prepared, { games: 3, seed: 1, workers: 1, inProcess: true, checkpoint: { every: 0, save: (r) => kept.push(r) } });
    // After each game but the last: the last is the run's own report.
    expect(kept.map((r) => r.results.map((g) => g.seed))).toEqual([[1], [1, 2]]);
    const db = openDatabase(':memory:');
    const store = createRunStore(db);
    store.start({ id: 'r2', rulesetId: '2ww', source: 'files', rulesetHash: prepared.hash, games: 3, seed: 1, bots: 'random', optionalPatchSets: ['provisional-fill'] });
    store.checkpoint('r2', kept[1]);
    const after = createRunStore(db);
    expect(after.get('r2')).toMatchObject({ state: 'interrupted', done: 2, report: { games: 2 } });
    expect(after.played('r2').map((g) => g.seed)).toEqual([1, 2]);
    // A run that ended keeps its own report; a late checkpoint changes nothing.
    after.start({ id: 'r3', rulesetId: '2ww', source: 'files', rulesetHash: prepared.hash, games: 3, seed: 1, bots: 'random', optionalPatchSets: ['provisional-fill'] });
    after.finish('r3', 'done', report);
    after.checkpoint('r3', kept[0]);
    expect(after.get('r3')).toMatchObject({ state: 'done', done: 3 });
    db.close();
  });
});

describe('comparing runs', () => {
  it('gives the difference of two shares with its 95% interval (Newcombe 1998, method 10)', () => {
    const [d, [low, high]] = shareDifference(48, 80, 56, 70);
    expect(d).toBeCloseTo(0.2, 6);
    expect(low).toBeCloseTo(0.0524, 4);
    expect(high).toBeCloseTo(0.3339, 4);
    const [, none] = shareDifference(0, 20, 0, 10);
    expect(none[0]).toBeCloseTo(-0.1611, 4);
    expect(none[1]).toBeCloseTo(0.2775, 4);
  });

  it('calls a difference whose interval excludes zero a change, and counts the seeds both played that ended alike', () => {
    const run = (id: string, counts: Record<string, number>, bots: 'random' | 'greedy' = 'random') => {
      const games = Object.values(counts).reduce((a, b) => a + b, 0);
      const outcomes = Object.entries(counts).map(([key, count]) => ({ key, label: key, count, percent: 0, interval: [0, 0] as [number, number], averageTurns: 10 }));
      const report = { rulesetId: 'x', games, leftToTester: { specialRules: 0, manualParts: 0 }, outcomes, stuck: [], capped: 0, averageTurns: 10, averageActions: 100, byTurn: [], levels: [], seconds: 1, gamesPerSecond: games };
      return { id, rulesetId: 'x', source: 'drafts' as const, rulesetHash: id, state: 'done' as const, done: games, games, seed: 1, bots, optionalPatchSets: [], startedAt: '', report };
    };
    const played = (outcomes: string[]) => outcomes.map((outcome, i) => ({ seed: 1 + i, outcome, turns: 10 }));
    const c = compareRuns(run('a', { axis: 60, allies: 40 }), run('b', { axis: 30, allies: 60, draw: 10 }, 'greedy'), played(['axis', 'allies', 'axis']), played(['axis', 'axis']));
    expect(c).toMatchObject({ sameRules: false, otherSettings: [{ setting: 'bots', before: 'random', after: 'greedy' }], seeds: { both: 2, alike: 1 } });
    expect(c.outcomes.map((o) => [o.key, o.before.percent, o.after.percent, o.difference, o.verdict])).toEqual([
      ['allies', 40, 60, 20, 'more'],
      ['axis', 60, 30, -30, 'less'],
      ['draw', 0, 10, 10, 'more'],
    ]);
    const close = compareRuns(run('a', { axis: 10, allies: 10 }), run('b', { axis: 12, allies: 8 }), [], []);
    expect(close.outcomes.every((o) => o.verdict === 'unclear')).toBe(true);
    expect(c.paired || close.paired).toBe(false);
    // Other patch sets and another scenario are named, each with what the earlier run played.
    const fill = { ...run('c', { axis: 1 }), optionalPatchSets: ['provisional-fill', 'errata-2'], scenario: '1939' };
    expect(compareRuns(fill, { ...run('d', { axis: 1 }), scenario: '1941' }, [], []).otherSettings).toEqual([
      { setting: 'patch sets', before: 'errata-2, provisional-fill', after: '' },
      { setting: 'scenario', before: '1939', after: '1941' },
    ]);
  });

  it('measures the difference game by game when both runs played the same seeds: games that end alike narrow it', () => {
    const pairs = (alike: number, gained: number, lost: number, neither: number) => [
      ...Array<[boolean, boolean]>(alike).fill([true, true]), ...Array<[boolean, boolean]>(gained).fill([false, true]),
      ...Array<[boolean, boolean]>(lost).fill([true, false]), ...Array<[boolean, boolean]>(neither).fill([false, false]),
    ];
    // 60 of 100 games end so, before and after alike: within about 2 points (as two samples, about 13).
    const [same, narrow] = pairedDifference(pairs(60, 0, 0, 40));
    expect(same).toBe(0);
    expect(narrow[1] - narrow[0]).toBeLessThan(0.05);
    expect(shareDifference(60, 100, 60, 100)[1][1]).toBeGreaterThan(0.13);
    // Five games gained and none lost of 41 is a change; the other way round, its mirror.
    const [up, [low, high]] = pairedDifference(pairs(14, 5, 0, 22));
    expect(up).toBeCloseTo(5 / 41, 6);
    expect(low).toBeGreaterThan(0);
    expect(pairedDifference(pairs(14, 0, 5, 22))[1].map((x) => -x).reverse()).toEqual([low, high]);

    const run = (id: string, axis: number, games: number) => ({ id, rulesetId: 'x', source: 'drafts' as const, rulesetHash: id, state: 'done' as const, done: games, games, seed: 1, bots: 'random' as const, optionalPatchSets: [], startedAt: '', report: {
      rulesetId: 'x', games, leftToTester: { specialRules: 0, manualParts: 0 }, outcomes: [{ key: 'axis', label: 'Axis', count: axis, percent: 0, interval: [0, 0] as [number, number], averageTurns: 10 }, { key: 'none', label: 'None', count: games - axis, percent: 0, interval: [0, 0] as [number, number], averageTurns: 10 }],
      stuck: [], capped: 0, averageTurns: 10, averageActions: 100, byTurn: [], levels: [], seconds: 1, gamesPerSecond: 1 } });
    const played = (outcomes: string[]) => outcomes.map((outcome, i) => ({ seed: 1 + i, outcome, turns: 10 }));
    const before = played([...Array(20).fill('axis'), ...Array(20).fill('none')]);
    // Six games of 40 now end with the Axis, none the other way: a change when paired, unclear as two samples.
    const after = played([...Array(26).fill('axis'), ...Array(14).fill('none')]);
    const c = compareRuns(run('a', 20, 40), run('b', 26, 40), before, after);
    expect(c).toMatchObject({ paired: true, seeds: { both: 40, alike: 34 } });
    expect(c.outcomes.find((o) => o.key === 'axis')).toMatchObject({ difference: 15, verdict: 'more' });
    expect(compareRuns(run('a', 20, 40), run('b', 26, 40), before, after.slice(0, 39)).outcomes.find((o) => o.key === 'axis')).toMatchObject({ verdict: 'unclear' });
  });
});
