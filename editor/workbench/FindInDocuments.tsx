'use client';
// A search over every document of the ruleset (unsaved edits included) and its unlisted drafts; a click on a match
// opens its document, or the unlisted draft's read-only view, with the match selected. While a query is typed, its
// matches stand in the place of the document tree.
import { useDeferredValue, useMemo } from 'react';
import { findInDocuments, type FindHit, type Searched } from './find';
import { counted } from '@/engine/words';

/** Matches listed at most: a query found everywhere says how many more there are. */
const LISTED = 300;

interface Props {
  docs: readonly Searched[];
  /** The unlisted drafts, searched after the documents. */
  unlisted: readonly { path: string; content: string }[];
  query: string;
  onQuery: (q: string) => void;
  onJump: (hit: FindHit) => void;
}

const textOf = (h: FindHit) => (h.unlisted ? `${h.path} (unlisted draft)` : h.path);

export function FindInDocuments({ docs, unlisted, query, onQuery, onJump }: Props) {
  const deferred = useDeferredValue(query);
  const searched = useMemo(() => [...docs, ...unlisted.map((d) => ({ path: d.path, text: d.content, unlisted: true }))], [docs, unlisted]);
  const found = useMemo(() => findInDocuments(searched, deferred.trim(), LISTED), [searched, deferred]);
  const documents = new Set(found.hits.map(textOf)).size;
  return (
    <div className="wb-find">
      <input type="search" aria-label="Find in all documents" placeholder="Find in all documents" value={query} onChange={(e) => onQuery(e.target.value)} onKeyDown={(e) => e.key === 'Escape' && onQuery('')} />
      {deferred.trim() && (
        <div className="wb-find-results" aria-label="Matches">
          <p className="meta" data-testid="find-count">
            {found.total === 0 ? 'No match' : `${counted(found.total, 'match', 'matches')} in ${found.total > found.hits.length ? 'at least ' : ''}${counted(documents, 'document')}`}
            {found.total > found.hits.length ? ` (the first ${found.hits.length} listed)` : ''}
          </p>
          <ul>
            {found.hits.map((h, i) => (
              <li key={`${textOf(h)}:${h.line}:${h.column}`}>
                {(i === 0 || textOf(found.hits[i - 1]) !== textOf(h)) && (
                  <h4>
                    {h.path}
                    {h.unlisted && (
                      <>
                        {' '}
                        <span className="wb-badge" title="A draft ruleset.json does not list: opens read-only">
                          unlisted draft
                        </span>
                      </>
                    )}
                  </h4>
                )}
                <button onClick={() => onJump(h)} title={`${textOf(h)}:${h.line}:${h.column}`}>
                  <span className="wb-find-line">{h.line}</span>
                  <span className="wb-find-text">
                    {h.before}
                    <mark>{h.match}</mark>
                    {h.after}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
