import { describe, expect, it } from 'vitest';
import { serverForTests } from './server';

// Balance runs through the router, on a temp database and the real rulesets folder (read only).
const api = (await serverForTests())();
const { simulate } = await import('@/bin/simulate');

async function finished(id: string) {
  for (;;) {
    const run = await api.simulations.status({ id });
    if (run.report || run.error) return run;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('simulations in the studio', () => {
  it('plays a run across threads while its progress is read, with the report the command line gives; one run at a time', async () => {
    const { id } = await api.simulations.start({ rulesetId: '2ww', games: 4, seed: 5, optionalPatchSets: ['provisional-fill'] });
    await expect(api.simulations.start({ rulesetId: '2ww', games: 1, seed: 1, optionalPatchSets: ['provisional-fill'] })).rejects.toThrow(/A simulation of 2ww is playing/);
    const run = await finished(id);
    expect(run.error).toBeUndefined();
    expect(run.done).toBe(4);
    const cli = await simulate({ ruleset: 'rulesets/2ww', games: 4, seed: 5, apply: ['provisional-fill'], workers: 1 });
    expect(run.report!.outcomes).toEqual(cli.outcomes);
    expect(run.report!.averageActions).toBe(cli.averageActions);
    expect(run.report).not.toHaveProperty('results');
  }, 180_000);

  it('stops a run on request, saying how far it got, and lets another start', async () => {
    const { id } = await api.simulations.start({ rulesetId: '2ww', games: 200, seed: 1, optionalPatchSets: ['provisional-fill'] });
    // Stopped while its threads play: once a game has ended.
    while ((await api.simulations.status({ id })).done === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    await api.simulations.stop({ id });
    const run = await finished(id);
    expect(run.report).toBeUndefined();
    const [, played] = run.error!.match(/^stopped after (\d+) of 200 games$/)!;
    expect(Number(played)).toBeGreaterThan(0);
    expect(Number(played)).toBeLessThan(200);
    await expect(api.simulations.stop({ id })).rejects.toThrow(/has ended/);
    const next = await api.simulations.start({ rulesetId: '2ww', games: 1, seed: 1, optionalPatchSets: ['provisional-fill'] });
    expect((await finished(next.id)).report?.games).toBe(1);
  }, 120_000);

  it('refuses a ruleset whose gaps a bot would meet, listing them, and an unknown run', async () => {
    await expect(api.simulations.start({ rulesetId: '2ww', games: 1, seed: 1 })).rejects.toThrow(/gap\(s\) a game reaches; a bot cannot adjudicate them[\s\S]*\/unitTypes\/armor/);
    await expect(api.simulations.status({ id: 'nope' })).rejects.toThrow(/No simulation "nope"/);
    await expect(api.simulations.start({ rulesetId: '../etc', games: 1, seed: 1 })).rejects.toThrow();
  }, 60_000);
});
