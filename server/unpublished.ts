// The library shows each ruleset as its published files have it, the workbench as its drafts do: which
// documents' drafts differ from their files, so that the library can say its figures are not the workbench's,
// and which of those the manifest (as drafted) does not list: unlisted drafts, which publishing never writes.
import { counted } from '../engine/words';
import type { Draft, DraftStore } from './db';
import { readText } from './files';
import { resolveRulesetPath, rulesetsRoot } from './paths';
import { listedIn } from './routers/authoring';
import { MANIFEST } from '../engine/schema/kinds';

/** The ruleset's documents whose latest draft is not their file's text (or that have no file yet), each saying whether the manifest as drafted lists it. */
export function unpublishedDrafts(store: DraftStore, rulesetId: string, root = rulesetsRoot()): { path: string; unlisted: boolean }[] {
  return differingDrafts(store, rulesetId, root).map(({ draft, unlisted }) => ({ path: draft.path, unlisted }));
}

/** The same, each with its latest draft and its file's text (null: none yet), read once: the unlisted drafts' router lists them with both. */
export function differingDrafts(store: DraftStore, rulesetId: string, root = rulesetsRoot()): { draft: Draft; file: string | null; unlisted: boolean }[] {
  const fileOf = (p: string) => readText(resolveRulesetPath(rulesetId, p, root));
  const manifest = store.getDraft({ rulesetId, path: MANIFEST })?.content ?? fileOf(MANIFEST) ?? '';
  // A manifest that cannot be read (a syntax error) lists what it listed: none is called unlisted for it.
  const listed = listedIn(manifest);
  return store.latestDrafts(rulesetId).flatMap((draft) => {
    const file = fileOf(draft.path);
    return draft.content === file ? [] : [{ draft, file, unlisted: listed !== undefined && !listed.has(draft.path) }];
  });
}

/** What the library says of them: those listed differ from the files its figures come from; the unlisted are counted apart. */
export function unpublishedNote(drafts: readonly { unlisted: boolean }[]): string {
  const unlisted = drafts.filter((d) => d.unlisted).length;
  const listed = drafts.length - unlisted;
  const them = unlisted > 1 ? 'them' : 'it';
  const apart = unlisted ? `${counted(unlisted, 'unlisted draft')} (ruleset.json does not list ${them}: publishing does not write ${them})` : '';
  if (!listed) return apart;
  return `${listed === 1 ? '1 draft differs' : `${listed} drafts differ`} from these files${apart && `; ${apart}`}`;
}
