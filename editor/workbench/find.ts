// Finding text in every document of the ruleset as the designer has it now (unsaved edits included), and in its
// unlisted drafts.

/** A text searched: a document's, or an unlisted draft's (a draft the manifest does not list, read-only). */
export interface Searched {
  path: string;
  text: string;
  unlisted?: boolean;
}

export interface FindHit {
  path: string;
  /** In an unlisted draft, not in the document of that path. */
  unlisted: boolean;
  /** 1-based, as the editor counts. */
  line: number;
  column: number;
  /** The line around the match, cut to a few words either side. */
  before: string;
  match: string;
  after: string;
}

/** Characters of the line kept either side of a match. */
const CONTEXT = 30;

/**
 * Every place a query stands in the documents, case aside, in document and then line order: at most
 * `limit` of them, with how many there are in all.
 */
export function findInDocuments(docs: readonly Searched[], query: string, limit: number): { hits: FindHit[]; total: number } {
  const needle = query.toLowerCase();
  const hits: FindHit[] = [];
  let total = 0;
  if (!needle) return { hits, total };
  for (const { path, text, unlisted = false } of docs) {
    text.split('\n').forEach((lineText, i) => {
      const lower = lineText.toLowerCase();
      for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + needle.length)) {
        total++;
        if (hits.length >= limit) continue;
        const from = Math.max(0, at - CONTEXT);
        const to = Math.min(lineText.length, at + needle.length + CONTEXT);
        hits.push({
          path,
          unlisted,
          line: i + 1,
          column: at + 1,
          before: (from > 0 ? '…' : '') + lineText.slice(from, at).trimStart(),
          match: lineText.slice(at, at + needle.length),
          after: lineText.slice(at + needle.length, to) + (to < lineText.length ? '…' : ''),
        });
      }
    });
  }
  return { hits, total };
}
