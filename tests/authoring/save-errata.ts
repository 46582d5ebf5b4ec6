// An erratum saved as the workbench saves one (the ruleset's resolved copy, edited, saved as errata: drafts),
// then published with the manifest, as a designer does; drafts published as the workbench publishes them.
import type { ResolvedRuleset } from '@/engine';
import type { appRouter } from '@/server/router';

type Caller = ReturnType<typeof appRouter.createCaller>;

/** Saves an edit of the ruleset's resolved copy as an erratum (provisional, its title and a test reason) and publishes it; returns its path. */
export async function saveErrata(caller: Caller, id: string, title: string, edit: (resolved: ResolvedRuleset) => void): Promise<string> {
  const { text, hash } = await caller.authoring.errataCopy({ id });
  const edited = JSON.parse(text);
  edit(edited);
  const { path } = await caller.authoring.saveAsErrata({ id, baseHash: hash, edited: JSON.stringify(edited), title, reason: 'Test.', source: { kind: 'provisional' } });
  await publishDrafts(caller, id, ['ruleset.json', path]);
  return path;
}

/** Publishes the latest draft of each document, as the workbench does once it holds them. */
export async function publishDrafts(caller: Caller, id: string, paths: string[]) {
  const documents = await Promise.all(paths.map(async (path) => ({ path, revision: (await caller.drafts.get({ rulesetId: id, path }))?.revision ?? 1 })));
  return caller.authoring.publish({ id, documents });
}
