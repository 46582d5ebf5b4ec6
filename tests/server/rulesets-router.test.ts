// rulesets.get (as published or drafted), rulesets.validate and rulesets.resolved over the tRPC caller, on the fixture rulesets.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TRPCError } from '@trpc/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '@/server/router';

beforeAll(() => {
  process.env.SANDTABLE_RULESETS = join(import.meta.dirname, '..', 'fixtures', 'rulesets');
  process.env.SANDTABLE_DB = ':memory:';
});

const caller = appRouter.createCaller({});

describe('rulesets.get', () => {
  it('returns the resolved ruleset with its hash, patch sets and completeness', async () => {
    const r = await caller.rulesets.get({ id: 'skirmish-errata' });
    expect(r.diagnostics).toEqual([]);
    expect(r.ruleset?.unitTypes?.armor.movement).toBe(4);
    expect(r.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(r.patchSets.map((p) => p.title)).toEqual(['Second printing errata']);
    expect(r.completeness?.total.gap).toBe(4);
  });

  it('applies optional patch sets on request', async () => {
    const r = await caller.rulesets.get({ id: 'skirmish', optionalPatchSets: ['provisional-fill'] });
    expect(r.ruleset?.tables?.fire.cells['5']['6+']).toBe(1);
  });

  it('reads the saved drafts when asked, as the balance lab plays them', async () => {
    const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'rulesets', 'skirmish', 'ruleset.json'), 'utf8'));
    manifest.title = 'Skirmish, drafted';
    await caller.drafts.save({ rulesetId: 'skirmish', path: 'ruleset.json', baseRevision: 0, content: JSON.stringify(manifest) });
    expect((await caller.rulesets.get({ id: 'skirmish', drafts: true })).ruleset?.title).toBe('Skirmish, drafted');
    expect((await caller.rulesets.get({ id: 'skirmish' })).ruleset?.title).not.toBe('Skirmish, drafted');
    await caller.drafts.discard({ rulesetId: 'skirmish', path: 'ruleset.json', baseRevision: 1 });
  });

  it('refuses unknown ids and path tricks with clear errors', async () => {
    await expect(caller.rulesets.get({ id: 'pacific' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'No ruleset "pacific" in the library' });
    await expect(caller.rulesets.get({ id: '../skirmish' })).rejects.toBeInstanceOf(TRPCError);
    await expect(caller.rulesets.get({ id: '../skirmish' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('rulesets.validate', () => {
  it('lints unsaved documents in place of the files, storing nothing', async () => {
    const units = JSON.stringify({ unitTypes: { infantry: { name: 'Infantry', class: 'tank' } }, roster: {} }, null, 2);
    const r = await caller.rulesets.validate({ id: 'skirmish', documents: { 'units.json': units } });
    expect(r.diagnostics).toContainEqual(expect.objectContaining({ document: 'skirmish/units.json', pointer: '/unitTypes/infantry/class', line: 5, code: 'bad-value' }));
    expect((await caller.rulesets.validate({ id: 'skirmish' })).diagnostics).toEqual([]);
  });

  it('refuses a document path outside the ruleset', async () => {
    await expect(caller.rulesets.validate({ id: 'skirmish', documents: { '../skirmish-errata/ruleset.json': '{}' } })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('rulesets.resolved', () => {
  it('resolves the ruleset with unsaved documents in place of the files: what the workbench names things by', async () => {
    const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'rulesets', 'skirmish', 'ruleset.json'), 'utf8'));
    manifest.powers.redland.name = 'Crimsonia';
    const drafted = await caller.rulesets.resolved({ id: 'skirmish', documents: { 'ruleset.json': JSON.stringify(manifest) } });
    expect(drafted?.powers?.redland.name).toBe('Crimsonia');
    expect((await caller.rulesets.resolved({ id: 'skirmish' }))?.powers?.redland.name).toBe('Redland');
  });

  it('is null for a ruleset that does not resolve', async () => {
    expect(await caller.rulesets.resolved({ id: 'skirmish', documents: { 'ruleset.json': '[]' } })).toBeNull();
  });
});

describe('rulesets.whereIs', () => {
  it('gives the document, line and column writing each pointer; for an absent value its enclosing one’s; another ruleset’s by its id; null for none', async () => {
    const supply = { document: 'skirmish/ruleset.json', line: 59, column: 15 };
    expect(await caller.rulesets.whereIs({ id: 'skirmish', pointers: ['/mechanics/supply', '/mechanics/supply/blockedAtSources', '/nothing'] })).toEqual([supply, supply, null]);
    // What the ruleset extended writes is that ruleset's, with the unsaved text's lines.
    const manifest = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'rulesets', 'skirmish', 'ruleset.json'), 'utf8');
    expect(await caller.rulesets.whereIs({ id: 'skirmish-errata', pointers: ['/mechanics/supply'] })).toEqual([supply]);
    expect(await caller.rulesets.whereIs({ id: 'skirmish', documents: { 'ruleset.json': `\n\n${manifest}` }, pointers: ['/mechanics/supply'] })).toEqual([{ ...supply, line: 61 }]);
  });
});
