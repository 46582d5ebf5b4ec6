'use client';
// A document's draft revisions, newest first; any of them can be compared with the current text and restored.
import { useEffect, useState } from 'react';
import { DiffView } from '@/editor/monaco/DiffView';
import { api, messageOf } from './api';

interface Revision {
  revision: number;
  savedAt: string;
  bytes: number;
}

export function HistoryPanel({ rulesetId, path, current, latest, onRestore, onClose }: { rulesetId: string; path: string; current: string; latest: number; onRestore: (text: string) => void; onClose: () => void }) {
  const [revisions, setRevisions] = useState<Revision[]>();
  const [chosen, setChosen] = useState<{ revision: number; content: string }>();
  const [error, setError] = useState<string>();

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
      {revisions?.length === 0 && <p className="wb-note">No draft yet: the first save makes revision 1.</p>}
      <ul className="wb-revisions">
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
      {chosen && (
        <>
          {/* The button above the comparison, which may run past the panel's height. */}
          <p className="meta">
            Left: revision {chosen.revision}; right: the text now.{' '}
            <button onClick={() => onRestore(chosen.content)}>Restore revision {chosen.revision} (saved as a new revision)</button>
          </p>
          <DiffView original={chosen.content} modified={current} height={240} />
        </>
      )}
    </div>
  );
}
