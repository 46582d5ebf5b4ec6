// What "Publish" writes: the documents its dialog listed, as far as they can still be published once their
// unsaved text is saved. A save may meet a newer revision, fail, or leave a draft that is its file again:
// such a document is named with the reason rather than silently left out.
import { whyUnreadable } from '@/engine/json/document';
import { isDirty, isUnpublished, type DocState } from './workspace';

/** What publishing would write: every document whose draft, or unsaved text (saved first), differs from its file. */
export const toBePublished = (docs: readonly DocState[]) => docs.filter((d) => isUnpublished(d) || (isDirty(d) && d.text !== d.file));

export interface NotPublished {
  path: string;
  why: string;
}

/** Why a document listed for publishing cannot be written now that the unsaved texts are saved; undefined when it can. */
function whyNot(d: DocState | undefined): string | undefined {
  if (!d) return 'the ruleset no longer lists it';
  if (d.conflict) return 'its save met a newer revision: choose a version first';
  if (d.error) return `it could not be saved: ${d.error}`;
  if (isDirty(d)) return 'it was edited again while being saved: publish again';
  if (!isUnpublished(d)) return 'its text is its file’s again: there is nothing to write';
  return undefined;
}

/** Of the documents listed (by path), those to publish now, each with the revision the workbench holds (the one written), and each other one with why it is not. */
export function publishable(listed: readonly string[], docs: readonly DocState[]): { documents: { path: string; revision: number }[]; notPublished: NotPublished[] } {
  const documents: { path: string; revision: number }[] = [];
  const notPublished: NotPublished[] = [];
  for (const path of listed) {
    const doc = docs.find((d) => d.path === path);
    const why = whyNot(doc);
    if (why) notPublished.push({ path, why });
    else documents.push({ path, revision: doc!.revision });
  }
  return { documents, notPublished };
}

/** What publishing did, in a sentence or two: the files written, and those listed but not written, with why. */
export function publishedNotice(published: readonly string[], notPublished: readonly NotPublished[]): string {
  const wrote = published.length ? `Published ${published.join(', ')} to the ruleset’s files.` : 'Nothing was published.';
  return notPublished.length ? `${wrote} Not published: ${notPublished.map((n) => `${n.path} (${n.why})`).join('; ')}.` : wrote;
}

/**
 * Why the documents listed cannot be published at all, or undefined: a text no tool could read (not JSON, over
 * the size limit) is never written to a file. Each such document is named with why, with the line and column.
 */
export function unpublishable(docs: readonly DocState[]): string | undefined {
  const refused = docs.flatMap((d) => {
    const why = whyUnreadable(d.text);
    return why ? [`${d.path} cannot be published: ${why}`] : [];
  });
  return refused.length ? `${refused.join('. ')}. Fix ${refused.length > 1 ? 'them' : 'it'} first: nothing is published until then.` : undefined;
}

/**
 * Why the documents cannot be published while files changed on disk since their drafts were started, each neither
 * taken into its draft nor ticked to publish over (`over`: the hash ticked, by path); undefined when none is left.
 */
export function unresolvedOnDisk(changed: readonly { path: string; hash: string }[], over: Readonly<Record<string, string>>): string | undefined {
  const left = changed.filter((c) => over[c.path] !== c.hash).map((c) => c.path);
  if (!left.length) return undefined;
  return `${left.join(', ')} changed on disk since ${left.length > 1 ? 'their drafts were' : 'its draft was'} started: take the file’s changes into the draft, or tick “Publish over it”, first.`;
}
