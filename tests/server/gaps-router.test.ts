// authoring.gapList over the tRPC caller, on the fixture rulesets: the Gaps view's list.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '@/server/router';

beforeAll(() => {
  process.env.SANDTABLE_RULESETS = join(import.meta.dirname, '..', 'fixtures', 'rulesets');
  process.env.SANDTABLE_DB = ':memory:';
});

const caller = appRouter.createCaller({});
const read = (p: string) => readFileSync(join(import.meta.dirname, '..', 'fixtures', 'rulesets', p), 'utf8');

describe('authoring.gapList', () => {
  it('lists every gap with its rule, where it is written and whether bots stop at it, and the provisional values', async () => {
    const list = await caller.authoring.gapList({ id: 'skirmish' });
    expect(list.gaps.map((g) => [g.category, g.pointer, g.rule, g.bots, g.at && `${g.at.document}:${g.at.line}`])).toEqual([
      ['units', '/unitTypes/armor/factors/defense', '2.1', true, 'skirmish/units.json:5'],
      ['tables', '/tables/fire/cells/5/6+', '4.1', true, 'skirmish/tables/combat.json:16'],
      ['tables', '/tables/fire/cells/6/6+', '4.1', true, 'skirmish/tables/combat.json:17'],
      ['map', '/map/places/grey-town/value', '5.1', false, 'skirmish/map.json:36'],
    ]);
    expect(list.gaps[3]).toMatchObject({ gap: 'not printed', at: { pointer: '/map/places/grey-town/value', column: 123 } });
    expect(list.provisional.map((p) => [p.pointer, p.note, p.at?.document])).toEqual([
      ['/unitTypes/armor/cost/pp', 'chosen for testing', 'skirmish/units.json'],
      ['/map/hexes/0103', 'edge of the printed map', 'skirmish/map.json'],
    ]);
    expect(list.provisionalCount).toBe(2);
  });

  it('lists the gaps of the unsaved texts, as the header counts them, and those a variant inherits where its base writes them', async () => {
    const units = read('skirmish/units.json').replace('"gap": "printed on the counter, not in the text"', '"gap": "not on the counter either"');
    const list = await caller.authoring.gapList({ id: 'skirmish', documents: { 'units.json': units } });
    expect(list.gaps[0]).toMatchObject({ pointer: '/unitTypes/armor/factors/defense', gap: 'not on the counter either' });
    const variant = await caller.authoring.gapList({ id: 'skirmish-errata' });
    expect(variant.gaps.map((g) => g.at?.document)).toEqual(['skirmish/units.json', 'skirmish/tables/combat.json', 'skirmish/tables/combat.json', 'skirmish/map.json']);
  });

  it('refuses a ruleset that does not resolve, saying so', async () => {
    await expect(caller.authoring.gapList({ id: 'skirmish', documents: { 'ruleset.json': '{' } })).rejects.toThrow('skirmish does not resolve: fix its manifest first');
  });
});
