'use client';
// A search over every document of the ruleset (unsaved edits included); a click on a match opens its
// document with the match selected. While a query is typed, its matches stand in the place of the document tree.
import { useDeferredValue, useMemo } from 'react';
import { findInDocuments } from './find';
import { counted } from '@/engine/words';

/** Matches listed at most: a query found everywhere says how many more there are. */
const LISTED = 300;

export function FindInDocuments({ docs, query, onQuery, onJump }: { docs: readonly { path: string; text: string }[]; query: string; onQuery: (q: string) => void; onJump: (path: string, line: number, column: number, length: number) => void }) {
  const deferred = useDeferredValue(query);
  const found = useMemo(() => findInDocuments(docs, deferred.trim(), LISTED), [docs, deferred]);
  const documents = new Set(found.hits.map((h) => h.path)).size;
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
              <li key={`${h.path}:${h.line}:${h.column}`}>
                {(i === 0 || found.hits[i - 1].path !== h.path) && <h4>{h.path}</h4>}
                <button onClick={() => onJump(h.path, h.line, h.column, h.match.length)} title={`${h.path}:${h.line}:${h.column}`}>
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
