// A game of a variant names the errata of the ruleset it extends as errata, and the variant's own patch sets
// (its differences from that ruleset) apart, by the ruleset they change; on a copy of the fixture rulesets.
import { describe, expect, it } from 'vitest';
import { patchSetsPlayed } from '@/server/played-patch-sets';
import { appRouter } from '@/server/router';
import { saveErrata } from '../authoring/save-errata';
import { fixtureCopy } from '../authoring/tempCopy';

fixtureCopy();
const caller = appRouter.createCaller({});
const SECOND_PRINTING = { path: 'skirmish-errata/errata/second-printing.json', title: 'Second printing errata' };

describe('errata and a variant’s patch sets, apart', () => {
  it('the base’s erratum is an erratum; the variant’s own patch set is named over the base', async () => {
    const saved = await saveErrata(caller, 'skirmish', 'Slower infantry', (r) => (r.unitTypes!.infantry.movement = 2));
    const erratum = { path: `skirmish/${saved}`, title: 'Slower infantry' };

    const variant = await caller.games.state({ gameId: (await caller.games.create({ rulesetId: 'skirmish-errata', seed: 1 })).gameId });
    expect(variant.errata).toEqual([erratum]);
    expect(variant.variantPatchSets).toEqual([{ ...SECOND_PRINTING, over: 'skirmish' }]);
    const base = await caller.games.state({ gameId: (await caller.games.create({ rulesetId: 'skirmish', seed: 1 })).gameId });
    expect([base.errata, base.variantPatchSets]).toEqual([[erratum], []]);
  });

  it('a game recorded before they were told apart: its snapshot says whether its own ruleset is a variant', () => {
    const ruleset = { id: 'skirmish-errata', extends: 'skirmish', patchSets: ['errata/second-printing.json'] } as never;
    const summary = { provisional: { count: 0, examples: [] }, gaps: 0 };
    expect(patchSetsPlayed({ ruleset, summary: { ...summary, errata: [{ path: 'skirmish/errata/a.json', title: 'A' }, SECOND_PRINTING] } })).toEqual({
      errata: [{ path: 'skirmish/errata/a.json', title: 'A' }],
      variantPatchSets: [{ ...SECOND_PRINTING, over: 'skirmish' }],
    });
    // Before errata were recorded at all: the snapshot's own, by path.
    expect(patchSetsPlayed({ ruleset, summary })).toEqual({ errata: [], variantPatchSets: [{ path: SECOND_PRINTING.path, title: 'errata/second-printing.json', over: 'skirmish' }] });
  });
});
