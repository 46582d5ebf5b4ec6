// Undo and redo for the map editors. An edit there is saved as drafts at once, so taking one back is
// another save: each document's text as it was before the edit (undo) or after it (redo), saved as a
// new draft revision, so the documents' history keeps both.
import { useCallback, useEffect } from 'react';

/** One edit as undo and redo take it: what it did, in words, and the documents' texts before and after it, by path. */
export interface MapEdit<V = undefined> {
  what: string;
  texts: Record<string, { before: string; after: string }>;
  /** What the editor showed before and after, where it keeps that itself rather than reading it again. */
  view?: { before: V; after: V };
}

/** How many edits are kept to undo. */
const KEPT = 100;

export interface History<V> {
  done: MapEdit<V>[];
  undone: MapEdit<V>[];
}

export const noHistory = <V>(): History<V> => ({ done: [], undone: [] });

/** A new edit: undone ones can no longer be redone. */
export const recorded = <V>(h: History<V>, edit: MapEdit<V>): History<V> => ({ done: [...h.done.slice(1 - KEPT), edit], undone: [] });

/** The last edit, taken back. */
export const afterUndo = <V>(h: History<V>): History<V> => ({ done: h.done.slice(0, -1), undone: [...h.undone, h.done.at(-1)!] });

/** The last edit taken back, made again. */
export const afterRedo = <V>(h: History<V>): History<V> => ({ done: [...h.done, h.undone.at(-1)!], undone: h.undone.slice(0, -1) });

/**
 * The texts to save to take an edit back (`undo`) or make it again: each document's text on the other
 * side of the edit. A document whose text is not the one the edit left (saved elsewhere since, say)
 * is named instead: nothing is saved then.
 */
export function textsFor<V>(edit: MapEdit<V>, undo: boolean, current: (path: string) => string | undefined): { texts: [string, string][] } | { changed: string } {
  const texts: [string, string][] = [];
  for (const [path, { before, after }] of Object.entries(edit.texts)) {
    if (current(path) !== (undo ? after : before)) return { changed: path };
    texts.push([path, undo ? before : after]);
  }
  return { texts };
}

/** Why an undo (or redo) of an edit saved nothing: a document it would write changed since. */
export const changedSince = <V>(edit: MapEdit<V>, undo: boolean, path: string) =>
  `${path} changed since "${edit.what}": ${undo ? 'undo' : 'redo'} would lose that change, so nothing was ${undo ? 'undone' : 'redone'}`;

/** What an undo (or redo) did, in words. */
export const stepped = <V>(edit: MapEdit<V>, undo: boolean) => `${undo ? 'undid' : 'redid'} "${edit.what}"`;

/** The edits of `before` to `after` as an edit's texts, the documents whose text is the same left out. */
export function changedTexts(before: (path: string) => string, after: Iterable<[string, string]>): MapEdit['texts'] {
  const texts: MapEdit['texts'] = {};
  for (const [path, text] of after) if (before(path) !== text) texts[path] = { before: before(path), after: text };
  return texts;
}

/**
 * Ctrl+Z (⌘Z) to undo, Ctrl+Y or Ctrl+Shift+Z to redo, anywhere on the page but in a field that has
 * its own undo (a text box).
 */
export function useUndoKeys(undo: () => void, redo: () => void) {
  const onKey = useCallback(
    (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest('input[type=text], input:not([type]), textarea, [contenteditable=true]')) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) undo();
      else if (key === 'y' || (key === 'z' && e.shiftKey)) redo();
      else return;
      e.preventDefault();
    },
    [undo, redo],
  );
  useEffect(() => {
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onKey]);
}
