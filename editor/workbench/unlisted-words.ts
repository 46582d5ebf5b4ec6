// What the workbench says of an unlisted draft's listing: where in ruleset.json it goes (its place in an ordered
// list matters: the order errata apply in, which scenario is first), and how it is taken back.
import type { Between } from '@/server/routers/list-place';

/** Where listing it puts it: "under patchSets, after errata/a.json, before errata/b.json" (an optional patch set's entry has no order). */
export function placeWords(listAt: string, between: Between | null): string {
  if (!between) return `under ${listAt}`;
  const { after, before } = between;
  if (after && before) return `under ${listAt}, after ${after}, before ${before}`;
  if (after) return `under ${listAt}, last, after ${after}`;
  if (before) return `under ${listAt}, first, before ${before}`;
  return `under ${listAt}, its only entry`;
}

/** How a listing is taken back: undo holds it only while the page is open; after, the manifest is edited by hand. */
export const takenBack = (listAt: string) => `Ctrl+Z in ruleset.json takes it back while this page is open; after a reload, take it out of ${listAt} by hand`;

/** The notice once a draft is listed again. */
export function relistedNotice(path: string, listed: { listAt: string; between: Between | null; manifest: { revision: number } }): string {
  return `Listed ${path} in ruleset.json again, ${placeWords(listed.listAt, listed.between)} (ruleset.json's draft revision ${listed.manifest.revision}). ${takenBack(listed.listAt)}.`;
}

/** The notice once an edit of the manifest (typed, or undone) leaves drafts it listed unlisted. */
export function unlistedByEditNotice(paths: readonly string[]): string {
  const one = paths.length === 1;
  return `ruleset.json, as saved, no longer lists ${paths.join(', ')}: ${one ? 'its draft is' : 'their drafts are'} under “Unlisted drafts”, to list again or delete.`;
}
