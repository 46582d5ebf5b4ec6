// A tables document's cell that an erratum of the same ruleset writes over: the grid names the erratum and shows
// the value games play, read from the patch sets and the resolved ruleset as the workbench asks for them.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { overrideOf, playedCell } from '@/editor/tables/overrides';
import { appRouter } from '@/server/router';
import { fixtureCopy } from './tempCopy';

const root = fixtureCopy();
const caller = appRouter.createCaller({});
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'skirmish', 'ruleset.json'), 'utf8'));
const erratum = {
  title: 'Fire table erratum',
  date: '2027-02',
  source: { kind: 'rulebook', rule: 'errata' },
  citation: 'Errata sheet',
  reason: 'A misprint',
  operations: [{ op: 'replace', path: '/tables/fire/cells/2/3-5', value: 3 }],
};
const documents = {
  'ruleset.json': JSON.stringify({ ...manifest, patchSets: ['errata/fire.json'] }, null, 2),
  'errata/fire.json': JSON.stringify(erratum, null, 2),
};

describe('table cells an erratum overrides', () => {
  it('names the erratum over a cell it replaces, with the value games play, and no other cell', async () => {
    const { sets } = await caller.authoring.patchSets({ id: 'skirmish', documents });
    const resolved = await caller.rulesets.resolved({ id: 'skirmish', documents });
    expect(overrideOf(sets, 'fire', '2', '3-5')).toEqual({ patchSet: 'errata/fire.json', title: 'Fire table erratum' });
    expect(playedCell(resolved, 'fire', '2', '3-5')).toBe(3);
    expect(overrideOf(sets, 'fire', '2', '1-2')).toBeUndefined();
    expect(overrideOf(sets, 'fire', '1', '3-5')).toBeUndefined();
  });

  it('counts an operation on the row or table holding the cell, or inside the cell, and leaves optional sets out', () => {
    const set = (p: string, optional = false) => ({ path: 'e.json', title: 'E', optional, operations: [{ path: p }] });
    expect(overrideOf([set('/tables/fire/cells/2')], 'fire', '2', '3-5')).toBeDefined();
    expect(overrideOf([set('/tables/fire')], 'fire', '6', '6+')).toBeDefined();
    expect(overrideOf([set('/tables/fire/cells/4/3-5/value')], 'fire', '4', '3-5')).toBeDefined();
    expect(overrideOf([set('/tables/fire/cells/2/3-5', true)], 'fire', '2', '3-5')).toBeUndefined();
    expect(overrideOf([set('/tables/fire/cells/2/3-50')], 'fire', '2', '3-5')).toBeUndefined();
  });
});
