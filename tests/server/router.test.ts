import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET, POST } from '@/app/api/trpc/[trpc]/route';
import { appRouter } from '@/server/router';
import { tempRulesets } from './tempRulesets';
import { failure } from './failure';

const root = tempRulesets({
  europa: { id: 'europa', title: 'Europa Aflame', documents: { units: 'units.json', sequence: 'sequence.json' } },
  'europa-1805': { id: 'europa-1805', title: 'Europa 1805', extends: 'europa', documents: { map: 'map.json' } },
  broken: '{ nope',
});

beforeAll(() => {
  process.env.SANDTABLE_RULESETS = root;
  process.env.SANDTABLE_DB = ':memory:';
});

const caller = appRouter.createCaller({});

describe('rulesets.list', () => {
  it('lists the catalog, broken manifests included', async () => {
    const list = await caller.rulesets.list();
    expect(list.map((r) => r.id)).toEqual(['broken', 'europa', 'europa-1805']);
    expect(list[0].error).toMatch(/broken[/\\]ruleset\.json:1:3: /);
  });
});

describe('drafts', () => {
  it('saves, reads back and lists revisions, one key per document however its path is spelt', async () => {
    expect(await caller.drafts.get({ rulesetId: 'europa', path: 'units.json' })).toBeNull();
    const first = await caller.drafts.save({
      rulesetId: 'europa',
      path: './units.json',
      baseRevision: 0,
      content: '[1]',
    });
    expect(first).toMatchObject({ rulesetId: 'europa', path: 'units.json', revision: 1 });
    expect(first).not.toHaveProperty('content');
    await caller.drafts.save({ rulesetId: 'europa', path: 'units.json', baseRevision: 1, content: '[1, 2]' });

    expect(await caller.drafts.get({ rulesetId: 'europa', path: 'units.json' })).toMatchObject({
      revision: 2,
      content: '[1, 2]',
    });
    expect(await caller.drafts.get({ rulesetId: 'europa', path: 'units.json', revision: 1 })).toMatchObject({
      content: '[1]',
    });
    expect((await caller.drafts.history({ rulesetId: 'europa', path: 'units.json' })).map((r) => r.revision)).toEqual([
      2, 1,
    ]);
  });

  it('allows drafts for a ruleset whose manifest is broken, since a draft is how it gets fixed', async () => {
    const saved = await caller.drafts.save({
      rulesetId: 'broken',
      path: 'ruleset.json',
      baseRevision: 0,
      content: '{}',
    });
    expect(saved.revision).toBe(1);
  });

  it('answers CONFLICT with the stored revision and content on a stale save', async () => {
    await caller.drafts.save({ rulesetId: 'europa-1805', path: 'map.json', baseRevision: 0, content: 'theirs' });
    const err = await failure(
      caller.drafts.save({ rulesetId: 'europa-1805', path: 'map.json', baseRevision: 0, content: 'mine' }),
    );
    expect(err.code).toBe('CONFLICT');
    expect(err.cause).toMatchObject({ current: { revision: 1, content: 'theirs' } });
    expect(await caller.drafts.get({ rulesetId: 'europa-1805', path: 'map.json' })).toMatchObject({
      content: 'theirs',
    });
  });

  it('discards a draft by storing the published file as its next revision, the draft kept in the history', async () => {
    const file = fs.readFileSync(path.join(root, 'europa', 'ruleset.json'), 'utf8');
    const key = { rulesetId: 'europa', path: 'ruleset.json' };
    await caller.drafts.save({ ...key, baseRevision: 0, content: '{ "id": "europa", "title": "Drafted" }' });
    // A discard against a revision someone else has moved past is a conflict, and writes nothing.
    await caller.drafts.save({ ...key, baseRevision: 1, content: '{ "id": "europa", "title": "Drafted again" }' });
    expect(await failure(caller.drafts.discard({ ...key, baseRevision: 1 }))).toMatchObject({ code: 'CONFLICT' });

    const discarded = await caller.drafts.discard({ ...key, baseRevision: 2 });
    expect(discarded).toMatchObject({ revision: 3, content: file });
    expect(await caller.drafts.get(key)).toMatchObject({ revision: 3, content: file });
    expect((await caller.drafts.get({ ...key, revision: 2 }))?.content).toContain('Drafted again');
    // Discarding again writes no revision that says nothing new.
    expect(await caller.drafts.discard({ ...key, baseRevision: 3 })).toMatchObject({ revision: 3 });
    expect((await caller.drafts.history(key)).map((r) => r.revision)).toEqual([3, 2, 1]);
  });

  it('refuses to discard where there is no draft, or no file to go back to', async () => {
    expect(await failure(caller.drafts.discard({ rulesetId: 'europa', path: 'never.json', baseRevision: 1 }))).toMatchObject({ code: 'NOT_FOUND', message: 'europa/never.json has no draft to discard' });
    // A document the drafted manifest lists, not written yet.
    const manifest = (await caller.drafts.get({ rulesetId: 'europa', path: 'ruleset.json' }))!;
    await caller.drafts.save({ rulesetId: 'europa', path: 'ruleset.json', baseRevision: manifest.revision, content: manifest.content.replace('"sequence.json"', '"sequence.json", "victory": "new.json"') });
    await caller.drafts.save({ rulesetId: 'europa', path: 'new.json', baseRevision: 0, content: '{}' });
    expect(await failure(caller.drafts.discard({ rulesetId: 'europa', path: 'new.json', baseRevision: 1 }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'europa/new.json has no published file to go back to: it exists only as a draft',
    });
  });

  it("refuses a document the ruleset's manifest does not list, drafted or published, and stores nothing", async () => {
    const cases = [
      ['nothere.json', 'No document "nothere.json" in europa-1805: ruleset.json (as drafted or published) lists no such document or patch set: list it there first'],
      ['notes/evil.sh', `No document "notes/evil.sh" in europa-1805: a ruleset's documents are .json files its manifest lists`],
    ];
    for (const [docPath, message] of cases) {
      expect(await failure(caller.drafts.save({ rulesetId: 'europa-1805', path: docPath, baseRevision: 0, content: 'rm -rf /' }))).toMatchObject({ code: 'BAD_REQUEST', message });
      expect(await caller.drafts.get({ rulesetId: 'europa-1805', path: docPath })).toBeNull();
    }
    // Listed in a draft of the manifest, it is the ruleset's: drafted, and published.
    const key = { rulesetId: 'europa-1805', path: 'ruleset.json' };
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'europa-1805', 'ruleset.json'), 'utf8'));
    await caller.drafts.save({ ...key, baseRevision: 0, content: JSON.stringify({ ...manifest, patchSets: ['errata/later.json'] }) });
    await caller.drafts.save({ rulesetId: 'europa-1805', path: 'errata/later.json', baseRevision: 0, content: '{}' });
    expect(await caller.authoring.publish({ id: 'europa-1805', documents: [{ path: 'errata/later.json', revision: 1 }] })).toMatchObject({ published: [{ path: 'errata/later.json' }] });
    expect(fs.existsSync(path.join(root, 'europa-1805', 'errata', 'later.json'))).toBe(true);
  });

  it('publishes no document the manifest does not list, writing nothing', async () => {
    const err = await failure(caller.authoring.publish({ id: 'europa', documents: [{ path: 'units.json', revision: 1 }, { path: 'nothere.json', revision: 1 }] }));
    expect(err).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^No document "nothere.json" in europa: /) });
    expect(fs.existsSync(path.join(root, 'europa', 'nothere.json'))).toBe(false);
    expect(fs.existsSync(path.join(root, 'europa', 'units.json'))).toBe(false);
  });

  it('answers NOT_FOUND for an unknown ruleset or revision', async () => {
    const unknown = await failure(caller.drafts.get({ rulesetId: 'pacific', path: 'units.json' }));
    expect(unknown).toMatchObject({ code: 'NOT_FOUND', message: 'No ruleset "pacific" in the library' });
    const revision = await failure(caller.drafts.get({ rulesetId: 'europa', path: 'nothing.json', revision: 3 }));
    expect(revision).toMatchObject({ code: 'NOT_FOUND', message: 'Draft europa/nothing.json has no revision 3' });
  });

  it.each([
    [{ rulesetId: '../europa', path: 'units.json' }, /Invalid ruleset id/],
    [{ rulesetId: 'europa', path: '../europa-1805/units.json' }, /must not contain "\.\."/],
    [{ rulesetId: 'europa', path: '/etc/passwd' }, /must be relative/],
  ])('answers BAD_REQUEST for the path trick %j', async (input, message) => {
    const err = await failure(caller.drafts.save({ ...input, baseRevision: 0, content: 'x' }));
    expect(err.code).toBe('BAD_REQUEST');
    expect(err.message).toMatch(message);
  });
});

describe('the /api/trpc route', () => {
  const url = (procedure: string, input?: unknown) =>
    `http://127.0.0.1/api/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;
  const save = (input: object) =>
    POST(
      new Request(url('drafts.save'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(input),
      }),
    );

  it('answers a GET of rulesets.list with JSON', async () => {
    const response = await GET(new Request(url('rulesets.list')));
    expect(response.status).toBe(200);
    expect(((await response.json()) as { result: { data: { id: string }[] } }).result.data).toHaveLength(3);
  });

  it('puts the stored version in error.data.conflict so a client can show both', async () => {
    await save({ rulesetId: 'europa', path: 'sequence.json', baseRevision: 0, content: 'stored' });
    const response = await save({ rulesetId: 'europa', path: 'sequence.json', baseRevision: 0, content: 'mine' });
    expect(response.status).toBe(409);
    const { error } = (await response.json()) as {
      error: { message: string; data: { code: string; conflict: unknown } };
    };
    expect(error.data).toMatchObject({ code: 'CONFLICT', conflict: { revision: 1, content: 'stored' } });
    expect(error.message).toBe(
      'Draft europa/sequence.json is at revision 1, not 0: it was saved elsewhere since you loaded it',
    );
  });

  it('turns invalid input into a readable message rather than a JSON dump', async () => {
    const response = await GET(new Request(url('drafts.get', { rulesetId: 5 })));
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { message: string } };
    expect(error.message).toBe(
      'rulesetId: must be a string, not 5; path: is missing (a string)',
    );
    // And by field, for a form to say each beside its own.
    expect((error as { data?: { fields?: unknown } }).data?.fields).toEqual({ rulesetId: 'must be a string, not 5', path: 'is missing (a string)' });
  });

  it('names a key the input does not take', async () => {
    const response = await GET(new Request(url('drafts.get', { rulesetId: 'europa', path: 'units.json', revison: 2 })));
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { message: string; data?: { fields?: unknown } } };
    expect(error.message).toBe('unknown field "revison" in the input');
    expect(error.data?.fields).toEqual({ revison: 'unknown field "revison" in the input' });
  });
});
