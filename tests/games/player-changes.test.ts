import { describe, expect, it } from 'vitest';
import type { PlayerChange } from '@/server/games';
import { playerChangesAfterUndo } from '@/server/player-changes';
import { serverForTests } from './server';

// Changes of player follow undo, and a game file's are read: none names an entry the log does not have.
const caller = await serverForTests();
const { closeGames } = await import('@/server/games');

const at = '2025-01-01T00:00:00.000Z';
const change = (side: string, from: PlayerChange['from'], to: PlayerChange['to'], logLength: number): PlayerChange => ({ side, from, to, logLength, at });

describe('changes of player after an undo', () => {
  it('keep those made before the cut, and make a side\u2019s later ones one change at the cut, or none', () => {
    const changes = [change('axis', 'random', 'person', 3), change('allies', 'person', 'random', 5), change('allies', 'random', 'greedy', 8), change('axis', 'person', 'greedy', 9), change('axis', 'greedy', 'random', 9)];
    expect(playerChangesAfterUndo(changes, 10)).toEqual(changes);
    expect(playerChangesAfterUndo(changes, 4)).toEqual([change('axis', 'random', 'person', 3), change('allies', 'person', 'greedy', 4), change('axis', 'person', 'random', 4)]);
    expect(playerChangesAfterUndo(changes, 2)).toEqual([change('allies', 'person', 'greedy', 2)]);
  });

  it('are stored so by games.undo, the seats staying as they are', async () => {
    const api = caller();
    const { gameId } = await api.games.create({ rulesetId: '2ww', optionalPatchSets: ['provisional-fill'], seed: 5 });
    const manual = { type: 'manual', op: { op: 'adjustResource', power: 'germany', resource: 'pp', by: 1 } };
    const first = (await api.games.act({ gameId, action: manual })).logLength!;
    await api.games.setPlayer({ gameId, side: 'axis', player: 'random' });
    const second = (await api.games.act({ gameId, action: manual })).logLength!;
    expect(second).toBeGreaterThan(first);
    await api.games.setPlayer({ gameId, side: 'allies', player: 'greedy' });
    await api.games.undo({ gameId, toLogLength: second - 1 });
    closeGames();
    const undone = await api.games.state({ gameId });
    expect(undone.bots).toEqual({ axis: 'random', allies: 'greedy' });
    expect(undone.playerChanges.map((c) => [c.side, c.from, c.to, c.logLength])).toEqual([
      ['axis', 'person', 'random', first],
      ['allies', 'person', 'greedy', second - 1],
    ]);
    // Back before the first change too: each side's changes are one, at the cut.
    await api.games.undo({ gameId, toLogLength: first - 1 });
    expect((await api.games.state({ gameId })).playerChanges.map((c) => [c.side, c.from, c.to, c.logLength])).toEqual([
      ['axis', 'person', 'random', first - 1],
      ['allies', 'person', 'greedy', first - 1],
    ]);
  }, 120_000);
});

describe('changes of player in a game file', () => {
  it('are refused when past the end of its log, naming the change and the log length, nothing stored', async () => {
    const api = caller();
    const { gameId } = await api.games.create({ rulesetId: '2ww', optionalPatchSets: ['provisional-fill'], seed: 6 });
    const manual = { type: 'manual', op: { op: 'adjustResource', power: 'germany', resource: 'pp', by: 1 } };
    const length = (await api.games.act({ gameId, action: manual })).logLength!;
    // Made as the log stands: a change from the entry to come is no change past it.
    await api.games.setPlayer({ gameId, side: 'allies', player: 'random' });
    const file = await api.games.export({ gameId });
    expect(file.options.playerChanges?.map((c) => c.logLength)).toEqual([length]);
    expect((await api.games.import({ file: JSON.stringify(file) })).logLength).toBe(length);
    const before = (await api.games.list({})).games.length;
    const late = { ...file, options: { ...file.options, playerChanges: [{ ...file.options.playerChanges![0], logLength: length + 3 }] } };
    await expect(api.games.import({ file: JSON.stringify(late) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: `Cannot import this game file: a change of player (allies: a person → a random bot) is from entry #${length + 3}, past the log's ${length} entries`,
    });
    // Nor may a change name a side the ruleset does not have.
    const stranger = { ...file, options: { ...file.options, playerChanges: [{ ...file.options.playerChanges![0], side: 'martians' }] } };
    await expect(api.games.import({ file: JSON.stringify(stranger) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Cannot import this game file: a change of player names side "martians", which the ruleset does not have (sides: axis, allies)',
    });
    expect((await api.games.list({})).games.length).toBe(before);
  }, 120_000);
});
