// A draft's file changed on disk since the draft stood on it (edited by hand, or by another tool): publishing
// would write over that change unseen. What changed, in words, and the file's text now as a hash, which
// "publish over it" names so that the confirmation never covers a later change.
import { createHash } from 'node:crypto';
import { createPatch } from 'rfc6902';
import { jsonValue } from '../engine/json/document';
import type { Draft, DraftKey, DraftStore } from './db';

export interface ChangedOnDisk {
  path: string;
  /** The draft's revision checked. */
  revision: number;
  /** What changed, in words: "/title changed", "it was deleted". */
  changes: string;
  /** The file's text now, hashed. */
  hash: string;
}

/** The first three of the places named, and how many more: "/a, /b, /c and 2 more". */
export const firstFew = (items: readonly string[]) => items.slice(0, 3).join(', ') + (items.length > 3 ? ` and ${items.length - 3} more` : '');

export const fileHash = (file: string | null) => createHash('sha256').update(JSON.stringify(file)).digest('hex');

/**
 * The document's change on disk, `file` being its text now; undefined when its file is still the text its draft
 * stands on, or the draft's own (publishing loses nothing then).
 */
export function changedOnDisk(store: DraftStore, key: DraftKey, draft: Draft, file: string | null): ChangedOnDisk | undefined {
  const base = store.baseOf(key);
  if (!base || base.file === file || draft.content === file) return undefined;
  return { path: key.path, revision: draft.revision, changes: whatChanged(base.file, file), hash: fileHash(file) };
}

function whatChanged(before: string | null, after: string | null): string {
  if (before === null) return 'it was created';
  if (after === null) return 'it was deleted';
  const [a, b] = [jsonValue(before), jsonValue(after)];
  if (!a.ok || !b.ok) return 'its text changed (it is not JSON)';
  const pointers = [...new Set(createPatch(a.value, b.value).map((op) => op.path || '/'))];
  if (!pointers.length) return 'its layout changed, not its values';
  return `${firstFew(pointers)} changed`;
}
