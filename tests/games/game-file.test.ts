import { beforeAll, describe, expect, it } from 'vitest';
import { serverForTests } from './server';

// A test game carried to another studio as a file: exported, imported as a new game at the same
// position; a damaged or foreign file refused with what is wrong, nothing stored.
const caller = await serverForTests();
const { closeGames } = await import('@/server/games');

describe('game files', () => {
  const api = caller();
  let gameId: string;
  let text: string;
  beforeAll(async () => {
    ({ gameId } = await api.games.create({ rulesetId: '2ww', optionalPatchSets: ['provisional-fill'], seed: 21, bots: { axis: 'random' } }));
    // The Allies set up (the bot places the Axis), so the log holds both sides' actions.
    await api.games.placeRest({ gameId, side: 'allies' });
    text = JSON.stringify(await api.games.export({ gameId }));
  });

  it('carry a game to another studio at the same position, as a new game with its options', async () => {
    const original = await api.games.state({ gameId });
    expect(original.logLength).toBeGreaterThan(40);
    const file = JSON.parse(text);
    expect(file).toMatchObject({ sandtable: 'game', version: 1, rulesetId: '2ww', scenario: 'campaign', seed: 21, options: { optionalPatchSets: ['provisional-fill'], bots: { axis: 'random' } } });
    expect(file.log).toHaveLength(original.logLength);
    // Another studio: a fresh start of the server on its own database would do the same.
    closeGames();
    const imported = await api.games.import({ file: text });
    expect(imported).toMatchObject({ rulesetId: '2ww', logLength: original.logLength });
    expect(imported.gameId).not.toBe(gameId);
    const copy = await api.games.state({ gameId: imported.gameId });
    expect(copy).toMatchObject({ hash: original.hash, seed: 21, bots: { axis: 'random' }, optionalPatchSets: ['provisional-fill'] });
    // Played on, it goes as the original does.
    const side = copy.status.sides[0];
    const { actions } = await api.games.legalActions({ gameId: imported.gameId, side });
    for (const id of [gameId, imported.gameId]) expect((await api.games.act({ gameId: id, action: actions[0].action })).ok).toBe(true);
    expect((await api.games.state({ gameId: imported.gameId })).hash).toBe((await api.games.state({ gameId })).hash);
    expect((await api.games.list({ rulesetId: '2ww' })).games.map((g) => g.gameId)).toContain(imported.gameId);
  });

  it("import a game of a ruleset this studio does not have, listed apart from the library's", async () => {
    const { contentHash } = await import('@/engine/load/hash');
    const { games, gamesElsewhere } = await import('@/server/games');
    // Another studio's own ruleset: the same rules under another id, its hash made anew.
    const file = JSON.parse(text);
    file.ruleset.id = file.rulesetId = 'my-2ww';
    file.rulesetHash = contentHash(file.ruleset);
    const imported = await api.games.import({ file: JSON.stringify(file) });
    expect(imported.rulesetId).toBe('my-2ww');
    // The same position as the game under its own id (the state records the hash of the rules it plays).
    const same = await api.games.state({ gameId: (await api.games.import({ file: text })).gameId });
    const there = await api.games.state({ gameId: imported.gameId });
    expect(there.state.units).toEqual(same.state.units);
    expect(there.status).toEqual(same.status);
    expect([there.inLibrary, same.inLibrary]).toEqual([false, true]);
    expect(gamesElsewhere(new Set(['2ww', 'the-big-one']), games().store.list())).toEqual([{ rulesetId: 'my-2ww', rulesetTitle: file.ruleset.title, games: 1 }]);
  });

  it('refuse a file that is not a game, is newer, or was changed, saying what is wrong and storing nothing', async () => {
    const before = (await api.games.list({})).games.length;
    const file = () => JSON.parse(text);
    const refused = async (f: unknown, message: string | RegExp) =>
      expect(api.games.import({ file: typeof f === 'string' ? f : JSON.stringify(f) })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: typeof message === 'string' ? message : expect.stringMatching(message) });
    await refused('{"sandtable": "game", ', /^Cannot import this game file: not JSON: /);
    await refused({ units: {} }, 'Cannot import this game file: not a Sandtable game file (no "sandtable": "game")');
    await refused({ ...file(), version: 2 }, 'Cannot import this game file: written by a newer Sandtable (game file version 2; this studio reads version 1)');
    await refused({ ...file(), seed: 'x' }, /^Cannot import this game file: \/seed: /);
    await refused({ sandtable: 'game', version: 1, rulesetId: '2ww' }, 'Cannot import this game file: /rulesetHash: is missing (a string)');
    await refused({ ...file(), rulesetId: '../etc' }, /^Cannot import this game file: \/rulesetId: a ruleset id/);
    await refused({ ...file(), rulesetId: 'the-big-one' }, 'Cannot import this game file: /rulesetId: "the-big-one", but the snapshot is of ruleset "2ww"');
    // A value of the rules changed by hand: the snapshot no longer matches its hash.
    const edited = file();
    edited.ruleset.unitTypes.armor.steps = 3;
    await refused(edited, 'Cannot import this game file: the ruleset snapshot does not match its hash: the file was edited or damaged');
    // A snapshot of a ruleset written in a newer format (its hash made anew): that, not its unknown parts, is the reason.
    const { contentHash } = await import('@/engine/load/hash');
    const newer = file();
    Object.assign(newer.ruleset, { format: 2, foresight: true });
    newer.rulesetHash = contentHash(newer.ruleset);
    await refused(newer, 'Cannot import this game file: its ruleset is written in ruleset format 2, newer than the format 1 this Sandtable reads');
    // A log entry changed: a unit placed where it may not go, or an action missing what it needs.
    const moved = file();
    const k = moved.log.findIndex((e: { action: { type: string } }) => e.action.type === 'place');
    moved.log[k].action.at = 'hex:9999';
    await refused(moved, new RegExp(`^Cannot import this game file: the log does not replay on its ruleset at entry ${k}: `));
    const broken = file();
    delete broken.log[k].action.unit;
    await refused(broken, new RegExp(`^Cannot import this game file: log entry ${k}: `));
    expect((await api.games.list({})).games.length).toBe(before);
  });
});
