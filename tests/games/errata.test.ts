import { describe, expect, it } from 'vitest';
import { serverForTests } from './server';

// The patch sets a test game was played with, as its page names them: errata, and apart from them a variant's own
// patch sets (its differences from the ruleset it extends, The Big One's from 2WW). Recorded when the game is
// created, carried in its file (an imported one names only its snapshot's own patch sets); a game recorded
// before names them by path.
const caller = await serverForTests();

describe('a game names its errata and its variant’s patch sets', () => {
  const api = caller();
  const BIG_ONE = [
    ['patches/01-map-and-setup.json', 'The Big One: its map numbering and set-up'],
    ['patches/02-rules.json', 'The Big One: rules that differ from 2WW'],
    ['patches/03-missing-text.json', 'The Big One: rules its text does not give'],
    ['patches/04-citations.json', 'The Big One: citations of the rules shared with 2WW'],
  ].map(([path, title]) => ({ path: `the-big-one/${path}`, title, over: '2ww' }));
  /** The Big One's patch sets as a game names them: its own, over 2WW, and no errata (2WW has none). */
  const named = (sets: { path: string; title: string }[]) => ({ errata: [], variantPatchSets: sets.map((s) => ({ ...s, over: '2ww' })) });
  const patchSets = ({ errata, variantPatchSets }: { errata: unknown; variantPatchSets: unknown }) => ({ errata, variantPatchSets });

  it('by title, in order, a variant’s own apart from errata, and none for a ruleset without; not the optional patch sets', async () => {
    const { gameId } = await api.games.create({ rulesetId: 'the-big-one', optionalPatchSets: ['provisional-fill'], seed: 3 });
    const game = await api.games.state({ gameId });
    expect(patchSets(game)).toEqual(named(BIG_ONE));
    expect(game.optionalPatchSets).toEqual(['provisional-fill']);
    const plain = await api.games.create({ rulesetId: '2ww', optionalPatchSets: ['provisional-fill'], seed: 3 });
    expect(patchSets(await api.games.state({ gameId: plain.gameId }))).toEqual({ errata: [], variantPatchSets: [] });
  });

  it('carried in its file; a file without them names the snapshot’s own patch sets by path', async () => {
    const { gameId } = await api.games.create({ rulesetId: 'the-big-one', seed: 4 });
    const file = await api.games.export({ gameId });
    expect(file.summary.errata).toEqual(BIG_ONE);
    const imported = await api.games.import({ file: JSON.stringify(file) });
    expect(patchSets(await api.games.state({ gameId: imported.gameId }))).toEqual(named(BIG_ONE));
    const { errata: _, ...older } = file.summary;
    const old = await api.games.import({ file: JSON.stringify({ ...file, summary: older }) });
    expect(patchSets(await api.games.state({ gameId: old.gameId }))).toEqual(named(BIG_ONE.map(({ path }) => ({ path, title: path.slice('the-big-one/'.length) }))));
  });

  it('from a file, only its snapshot’s own patch sets, by the titles the file gives: nothing else it claims', async () => {
    const { gameId } = await api.games.create({ rulesetId: 'the-big-one', seed: 5 });
    const file = await api.games.export({ gameId });
    const [first, second, ...rest] = BIG_ONE;
    const claimed = [{ path: '2ww/errata/never.json', title: 'Errata never applied' }, { ...first, title: 'Renamed by the file' }, ...rest, { path: 'the-big-one/patches/99-extra.json', title: 'Not in the snapshot' }];
    const imported = await api.games.import({ file: JSON.stringify({ ...file, summary: { ...file.summary, errata: claimed } }) });
    expect(patchSets(await api.games.state({ gameId: imported.gameId }))).toEqual(
      named([{ ...first, title: 'Renamed by the file' }, { path: second.path, title: second.path.slice('the-big-one/'.length) }, ...rest]),
    );
  });
});
