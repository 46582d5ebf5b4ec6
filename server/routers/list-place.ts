// Where a document listed again goes in a list whose order matters (patchSets: the order errata apply in, a
// later one winning a value; documents.setup: which scenario comes first): back among the entries around it in
// the list that last held it, not at the end.

/** A document's place in a list of the manifest: the entries it goes after and before (null: none, it is first or last). */
export interface Between {
  after: string | null;
  before: string | null;
}

/**
 * The index in `list` (the entries as listed now, by normalized path) at which `docPath` goes: after the nearest
 * entry before it in `former` (the list that last held it) still listed, else before the nearest one after it
 * still listed, else at the end (also when `former` did not hold it).
 */
export function placeIn(list: readonly (string | undefined)[], former: readonly string[] | undefined, docPath: string): number {
  const at = former?.indexOf(docPath) ?? -1;
  if (!former || at < 0) return list.length;
  for (let j = at - 1; j >= 0; j--) {
    const k = list.indexOf(former[j]);
    if (k >= 0) return k + 1;
  }
  for (let j = at + 1; j < former.length; j++) {
    const k = list.indexOf(former[j]);
    if (k >= 0) return k;
  }
  return list.length;
}

/** The entries around index `at` of `list`, where a document placed there goes between. */
export const betweenAt = (list: readonly (string | undefined)[], at: number): Between => ({ after: list[at - 1] ?? null, before: list[at] ?? null });
