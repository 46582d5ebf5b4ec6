import { describe, expect, it } from 'vitest';
import { serverForTests } from './server';

// A playtester's notes on log entries: kept with the game across a restart and in its file, gone
// with their entry on undo, and never on an entry the log does not have.
const caller = await serverForTests();
const { closeGames, games } = await import('@/server/games');

describe('playtest notes', () => {
  it('are kept with their entries, listed, counted, carried in the game file, and go with an undone entry', async () => {
    const api = caller();
    const { gameId } = await api.games.create({ rulesetId: '2ww', optionalPatchSets: ['provisional-fill'], seed: 4, bots: { axis: 'random' } });
    await api.games.placeRest({ gameId, side: 'allies' });
    const { logLength } = await api.games.state({ gameId });
    const first = await api.games.addNote({ gameId, seq: 0, text: '  The start asks nothing: good.  ' });
    expect(first).toMatchObject({ seq: 0, text: 'The start asks nothing: good.' });
    const late = await api.games.addNote({ gameId, seq: logLength - 1, text: 'Why is this unit placed here?\nCheck rule 2.6.' });
    await expect(api.games.addNote({ gameId, seq: logLength, text: 'past the end' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: `The log has ${logLength} entries: no entry #${logLength} to note` });
    await expect(api.games.addNote({ gameId, seq: 1, text: '   ' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    // Kept across a restart, in log order, and counted in the list of test games.
    closeGames();
    expect((await api.games.notes({ gameId })).map((n) => n.seq)).toEqual([0, logLength - 1]);
    const listed = (await api.games.list({ rulesetId: '2ww' })).games.find((g) => g.gameId === gameId);
    expect(listed?.notes).toBe(2);
    // Its scenario by the name the game was played with, beside its id.
    expect(listed).toMatchObject({ scenarioId: 'campaign', scenarioName: 'Campaign: Autumn 1939 to Spring 1945' });
    // Gathered for the designer from every game of the ruleset, newest first.
    expect((await api.games.notesOf({ rulesetId: '2ww' })).map((n) => [n.gameId, n.seq])).toEqual([[gameId, logLength - 1], [gameId, 0]]);
    expect(await api.games.notesOf({ rulesetId: 'the-big-one' })).toEqual([]);

    // Carried in the game file; a note past the file's log is refused.
    const file = await api.games.export({ gameId });
    expect(file.notes.map((n) => n.text)).toEqual([first.text, late.text]);
    const { gameId: copy } = await api.games.import({ file: JSON.stringify(file) });
    expect((await api.games.notes({ gameId: copy })).map((n) => [n.seq, n.text, n.createdAt])).toEqual(file.notes.map((n) => [n.seq, n.text, n.createdAt]));
    await expect(api.games.import({ file: JSON.stringify({ ...file, notes: [{ seq: logLength + 5, text: 'x', createdAt: first.createdAt }] }) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: `Cannot import this game file: a note is on entry #${logLength + 5}, past the log's ${logLength} entries`,
    });

    // An undone entry takes its notes with it; the others stay.
    await api.games.undo({ gameId, toLogLength: logLength - 1 });
    expect((await api.games.notes({ gameId })).map((n) => n.id)).toEqual([first.id]);
    await api.games.removeNote({ gameId, noteId: first.id });
    expect(await api.games.notes({ gameId })).toEqual([]);
    await expect(api.games.removeNote({ gameId, noteId: first.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // A deleted game leaves no notes behind.
    await api.games.delete({ gameId: copy });
    expect(games().store.notes(copy)).toEqual([]);
    for (const asked of [api.games.notes({ gameId: copy }), api.games.addNote({ gameId: copy, seq: 0, text: 'x' }), api.games.removeNote({ gameId: copy, noteId: 1 })]) {
      await expect(asked).rejects.toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining(copy) });
    }
  });
});
