'use client';
// A document's history: its published file first, then its draft revisions, newest first; any of them can be
// compared with the current text and restored (as a new revision: no revision is ever lost).
import { useEffect, useMemo, useState } from 'react';
import { DiffView } from '@/editor/monaco/DiffView';
import { api, messageOf } from './api';

interface Revision {
  revision: number;
  savedAt: string;
  bytes: number;
}

/** What a restore would bring back: a draft revision, or the published file (revision 0 here). */
interface Chosen {
  revision: number;
  content: string;
}

const PUBLISHED = 0;
const nameOf = (c: Chosen) => (c.revision === PUBLISHED ? 'the published file' : `revision ${c.revision}`);

export function HistoryPanel({ rulesetId, path, current, file, latest, onRestore, onClose }: { rulesetId: string; path: string; current: string; file: string | null; latest: number; onRestore: (text: string) => void; onClose: () => void }) {
  const [revisions, setRevisions] = useState<Revision[]>();
  const [chosen, setChosen] = useState<Chosen>();
  const [error, setError] = useState<string>();
  const fileBytes = useMemo(() => (file === null ? 0 : new TextEncoder().encode(file).length), [file]);

  useEffect(() => {
    api.drafts.history.query({ rulesetId, path }).then(setRevisions, (e) => setError(messageOf(e)));
  }, [rulesetId, path, latest]);

  const open = (revision: number) =>
    api.drafts.get.query({ rulesetId, path, revision }).then((d) => d && setChosen({ revision, content: d.content }), (e) => setError(messageOf(e)));

  return (
    <div className="wb-history">
      <div className="wb-actions">
        <strong>Revisions of {path}</strong>
        <button className="wb-link" onClick={onClose}>
          close
        </button>
      </div>
      {error && <p className="wb-error">{error}</p>}
      <ul className="wb-revisions">
        <li>
          {file === null ? (
            <span className="meta">No published file yet: the document exists only as a draft until it is published.</span>
          ) : (
            <>
              <button className={chosen?.revision === PUBLISHED ? 'selected' : undefined} onClick={() => setChosen({ revision: PUBLISHED, content: file })}>
                published file
              </button>{' '}
              <span className="meta">
                {path} in the ruleset’s folder · {(fileBytes / 1024).toFixed(1)} KB{file === current ? ' · same as the text now' : ''}
              </span>
            </>
          )}
        </li>
        {revisions?.map((r) => (
          <li key={r.revision}>
            <button className={chosen?.revision === r.revision ? 'selected' : undefined} onClick={() => open(r.revision)}>
              revision {r.revision}
            </button>{' '}
            <span className="meta">
              {new Date(r.savedAt).toLocaleString()} · {(r.bytes / 1024).toFixed(1)} KB
            </span>
          </li>
        ))}
      </ul>
      {revisions?.length === 0 && <p className="wb-note">No draft yet: the first save makes revision 1.</p>}
      {chosen && (
        <>
          {/* The button above the comparison, which may run past the panel's height. */}
          <p className="meta">
            Left: {nameOf(chosen)}; right: the text now.{' '}
            <button onClick={() => onRestore(chosen.content)}>Restore {nameOf(chosen)} (saved as a new revision)</button>
          </p>
          <DiffView original={chosen.content} modified={current} height={240} />
        </>
      )}
    </div>
  );
}
