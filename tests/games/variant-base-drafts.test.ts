// A test game of a variant reads the ruleset it extends as published, as the variant's workbench does, whatever
// the base's drafts are: its header says so, and how many of the base's drafts it did not play. On a copy of the
// fixture rulesets.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { playedFromWords } from '@/editor/play/source-words';
import { draftStore } from '@/server/db';
import { appRouter } from '@/server/router';
import { fixtureCopy } from '../authoring/tempCopy';

const root = fixtureCopy();
const caller = appRouter.createCaller({});

describe("a variant's test game and its base's drafts", () => {
  it("plays the base as published, and records that the base's drafts were not played", async () => {
    const units = JSON.parse(fs.readFileSync(path.join(root, 'skirmish', 'units.json'), 'utf8'));
    units.unitTypes.infantry.movement = 2;
    await caller.drafts.save({ rulesetId: 'skirmish', path: 'units.json', baseRevision: 0, content: JSON.stringify(units, null, 2) });
    // A draft the base's manifest does not list (an unlisted draft) is played by no game, drafted or not: not counted.
    draftStore().saveDraft({ rulesetId: 'skirmish', path: 'more/rules.json', baseRevision: 0, content: '{ "triggers": {} }\n' });

    const manifest = fs.readFileSync(path.join(root, 'skirmish-errata', 'ruleset.json'), 'utf8');
    const fromWorkbench = await caller.games.create({ rulesetId: 'skirmish-errata', seed: 1, documents: { 'ruleset.json': manifest.replace('second printing"', 'second printing, drafted"') } });
    const game = await caller.games.state({ gameId: fromWorkbench.gameId });
    expect(game).toMatchObject({ fromDraft: true, bases: [{ id: 'skirmish', draftsNotPlayed: 1 }] });
    expect((await caller.games.ruleset({ gameId: fromWorkbench.gameId })).unitTypes?.infantry.movement).toBe(3);
    expect(playedFromWords(game.fromDraft, game.bases)).toBe('from its drafts, over skirmish as published (1 draft of skirmish not played)');

    const published = await caller.games.state({ gameId: (await caller.games.create({ rulesetId: 'skirmish-errata', seed: 1 })).gameId });
    expect(playedFromWords(published.fromDraft, published.bases)).toBe('from the published files, over skirmish as published (1 draft of skirmish not played)');
    // The base's own game: its drafts are what the workbench sends.
    const base = await caller.games.state({ gameId: (await caller.games.create({ rulesetId: 'skirmish', seed: 1, documents: { 'units.json': JSON.stringify(units) } })).gameId });
    expect(base.bases).toEqual([]);
    expect(playedFromWords(base.fromDraft, base.bases)).toBe('from the drafts, not the published files');
  });

  it('says nothing of drafts where none was played or left out', () => {
    expect(playedFromWords(false, [])).toBe('');
    expect(playedFromWords(false, [{ id: '2ww', draftsNotPlayed: 0 }])).toBe('');
    expect(playedFromWords(true, [{ id: '2ww', draftsNotPlayed: 0 }])).toBe('from its drafts, over 2ww as published');
  });
});
