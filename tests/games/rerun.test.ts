import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverForTests } from './server';

// Replaying a stored game on its ruleset's drafts, through the router, on a temp database and the real
// rulesets folder (read only: the changes are drafts).
const api = (await serverForTests())();
const MANIFEST = fs.readFileSync(path.resolve('rulesets/2ww/ruleset.json'), 'utf8');

describe('games.rerun on 2WW with the provisional fill', () => {
  it('replays a game the same way until the drafts change, then names where it parts; a broken draft is refused', async () => {
    const { gameId } = await api.games.create({ rulesetId: '2ww', optionalPatchSets: ['provisional-fill'], seed: 11, bots: { axis: 'random', allies: 'random' } });
    const { entries } = await api.games.log({ gameId });
    expect(entries.length).toBeGreaterThan(100);
    expect(await api.games.rerun({ gameId })).toEqual({ changed: false, result: { kind: 'same', entries: entries.length } });

    // A draft of the manifest with eight-sided dice: the game parts at a roll (the first, or a later one
    // where the first rolls happened to give the same results; a total past the table's rows is a question the log cannot answer).
    const eightSided = MANIFEST.replace(/"dice": \{\s*"count": 2,\s*"sides": 6/, '"dice": {"count": 2, "sides": 8');
    expect(eightSided).not.toBe(MANIFEST);
    let draft = await api.drafts.save({ rulesetId: '2ww', path: 'ruleset.json', baseRevision: 0, content: eightSided });
    const firstRoll = entries.findIndex((e) => e.events.some((ev) => ev.kind === 'roll'));
    const parted = await api.games.rerun({ gameId });
    expect(parted.changed).toBe(true);
    if (parted.result.kind === 'same') throw new Error('eight-sided dice changed nothing');
    expect(parted.result.at).toBeGreaterThanOrEqual(firstRoll);
    expect(entries[parted.result.at].events.some((ev) => ev.kind === 'roll')).toBe(true);

    // A draft that does not parse is named, and nothing is replayed.
    draft = await api.drafts.save({ rulesetId: '2ww', path: 'ruleset.json', baseRevision: draft.revision, content: '{ "id": ' });
    await expect(api.games.rerun({ gameId })).rejects.toThrow(/has \d+ errors?; fix them before replaying a game on it/);

    // Back to the file's text: the same ruleset again.
    await api.drafts.save({ rulesetId: '2ww', path: 'ruleset.json', baseRevision: draft.revision, content: MANIFEST });
    expect((await api.games.rerun({ gameId })).changed).toBe(false);
  }, 120_000);
});
