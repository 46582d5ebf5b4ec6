// drafts.saveAll: the map editors' save of an edit that writes several documents (a place's kinds in the map, its
// power's capital in the manifest): all stored, or none.
import { beforeAll, describe, expect, it } from 'vitest';
import { POST } from '@/app/api/trpc/[trpc]/route';
import { appRouter } from '@/server/router';
import { tempRulesets } from './tempRulesets';
import { failure } from './failure';

const root = tempRulesets({ alliance: { id: 'alliance', title: 'Alliance', documents: { units: 'units.json', map: 'map.json' } } });

beforeAll(() => {
  process.env.SANDTABLE_RULESETS = root;
  process.env.SANDTABLE_DB = ':memory:';
});

const caller = appRouter.createCaller({});
const key = (path: string) => ({ rulesetId: 'alliance', path });

describe('drafts.saveAll', () => {
  it('saves documents together, each as its next revision', async () => {
    const saved = await caller.drafts.saveAll({
      rulesetId: 'alliance',
      documents: [
        { path: 'map.json', baseRevision: 0, content: '{"map": 1}' },
        { path: 'ruleset.json', baseRevision: 0, content: '{"manifest": 1}' },
      ],
    });
    expect(saved.map(({ path, revision }) => [path, revision])).toEqual([
      ['map.json', 1],
      ['ruleset.json', 1],
    ]);
    expect(await caller.drafts.get(key('ruleset.json'))).toMatchObject({ revision: 1, content: '{"manifest": 1}' });
  });

  it('stores none when one was saved elsewhere since: a conflict naming that document', async () => {
    await caller.drafts.save({ ...key('ruleset.json'), baseRevision: 1, content: '{"manifest": "theirs"}' });
    const err = await failure(
      caller.drafts.saveAll({
        rulesetId: 'alliance',
        documents: [
          { path: 'map.json', baseRevision: 1, content: '{"map": "mine"}' },
          { path: 'ruleset.json', baseRevision: 1, content: '{"manifest": "mine"}' },
        ],
      }),
    );
    expect(err).toMatchObject({ code: 'CONFLICT', message: 'Draft alliance/ruleset.json is at revision 2, not 1: it was saved elsewhere since you loaded it' });
    // The map's draft, saved first in the transaction, is taken back with it.
    expect(await caller.drafts.get(key('map.json'))).toMatchObject({ revision: 1, content: '{"map": 1}' });
    expect(await caller.drafts.get(key('ruleset.json'))).toMatchObject({ revision: 2, content: '{"manifest": "theirs"}' });
  });

  it("tells a client over HTTP which document conflicts, with the stored version", async () => {
    const response = await POST(
      new Request('http://127.0.0.1/api/trpc/drafts.saveAll', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ rulesetId: 'alliance', documents: [{ path: 'ruleset.json', baseRevision: 0, content: 'mine' }] }),
      }),
    );
    expect(response.status).toBe(409);
    const { error } = (await response.json()) as { error: { data: { conflict: unknown } } };
    expect(error.data.conflict).toEqual({ revision: 2, content: '{"manifest": "theirs"}', path: 'ruleset.json' });
  });

  it('refuses a document given twice, or one the manifest does not list, storing nothing', async () => {
    const twice = await failure(
      caller.drafts.saveAll({
        rulesetId: 'alliance',
        documents: [
          { path: 'units.json', baseRevision: 0, content: 'a' },
          { path: './units.json', baseRevision: 0, content: 'b' },
        ],
      }),
    );
    expect(twice).toMatchObject({ code: 'BAD_REQUEST', message: 'units.json is given twice: save each document once' });
    const unlisted = await failure(
      caller.drafts.saveAll({
        rulesetId: 'alliance',
        documents: [
          { path: 'units.json', baseRevision: 0, content: 'a' },
          { path: 'notes.json', baseRevision: 0, content: 'b' },
        ],
      }),
    );
    expect(unlisted).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^No document "notes.json" in alliance: /) });
    expect(await caller.drafts.get(key('units.json'))).toBeNull();
  });
});
