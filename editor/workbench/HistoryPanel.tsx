'use client';
// A document's history: its published file first, then its draft revisions and the files publishing replaced,
// newest first; any of them can be compared with the current text and restored (as a new revision: no
// revision is ever lost).
import { capitalize } from '@/engine/words';
import { useEffect, useMemo, useState } from 'react';
import { DiffView } from '@/editor/monaco/DiffView';
import { api, messageOf } from './api';

/** An entry of the list after the published file: a draft revision, or a file as it was before publishing. */
type Entry = { kind: 'revision'; revision: number; at: string; bytes: number } | { kind: 'replaced'; id: number; at: string; bytes: number };

/** What a restore would bring back, by the name the panel gives it. */
interface Chosen {
  key: string;
  name: string;
  content: string;
}

const PUBLISHED = 'published';
const keyOf = (e: Entry) => (e.kind === 'revision' ? `revision ${e.revision}` : `replaced ${e.id}`);
const labelOf = (e: Entry) => (e.kind === 'revision' ? `revision ${e.revision}` : 'file before publishing');
const nameOf = (e: Entry) => (e.kind === 'revision' ? `revision ${e.revision}` : `the file before publishing on ${new Date(e.at).toLocaleString()}`);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function HistoryPanel({ rulesetId, path, current, file, latest, onRestore, onClose }: { rulesetId: string; path: string; current: string; file: string | null; latest: number; onRestore: (text: string) => void; onClose: () => void }) {
  const [entries, setEntries] = useState<Entry[]>();
  const [chosen, setChosen] = useState<Chosen>();
  const [error, setError] = useState<string>();
  const fileBytes = useMemo(() => (file === null ? 0 : new TextEncoder().encode(file).length), [file]);

  // Read again when the draft or the file changes: a publish adds a replaced file without a new revision.
  useEffect(() => {
    Promise.all([api.drafts.history.query({ rulesetId, path }), api.drafts.replacedFiles.query({ rulesetId, path })]).then(
      ([revisions, replaced]) =>
        setEntries(
          [...revisions.map((r): Entry => ({ kind: 'revision', revision: r.revision, at: r.savedAt, bytes: r.bytes })), ...replaced.map((r): Entry => ({ kind: 'replaced', id: r.id, at: r.replacedAt, bytes: r.bytes }))].sort((a, b) =>
            b.at.localeCompare(a.at),
          ),
        ),
      (e) => setError(messageOf(e)),
    );
  }, [rulesetId, path, latest, file]);

  const open = (e: Entry) => {
    const content = e.kind === 'revision' ? api.drafts.get.query({ rulesetId, path, revision: e.revision }).then((d) => d?.content) : api.drafts.replacedFile.query({ rulesetId, path, id: e.id }).then((r) => r.content);
    content.then((c) => c !== undefined && setChosen({ key: keyOf(e), name: nameOf(e), content: c }), (err) => setError(messageOf(err)));
  };

  return (
    // Escape closes it from anywhere inside (a diff's editor too), as its "close" does.
    <div className="wb-history" onKeyDown={(e) => e.key === 'Escape' && !e.defaultPrevented && onClose()}>
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
              <button className={chosen?.key === PUBLISHED ? 'selected' : undefined} onClick={() => setChosen({ key: PUBLISHED, name: 'the published file', content: file })}>
                published file
              </button>{' '}
              <span className="meta">
                {path} in the ruleset’s folder · {kb(fileBytes)}
                {file === current ? ' · same as the text now' : ''}
              </span>
            </>
          )}
        </li>
        {entries?.map((e) => (
          <li key={keyOf(e)} data-entry={e.kind}>
            <button className={chosen?.key === keyOf(e) ? 'selected' : undefined} onClick={() => open(e)}>
              {labelOf(e)}
            </button>{' '}
            <span className="meta">
              {new Date(e.at).toLocaleString()} · {kb(e.bytes)}
              {e.kind === 'replaced' && ' · the published file until then'}
            </span>
          </li>
        ))}
      </ul>
      {entries?.every((e) => e.kind !== 'revision') && <p className="wb-note">No draft yet: the first save makes revision 1.</p>}
      {chosen && (
        <>
          {/* The button above the comparison, which may run past the panel's height. */}
          <p className="meta">
            <button onClick={() => onRestore(chosen.content)}>Restore {chosen.name} (saved as a new revision)</button>
          </p>
          <DiffView original={chosen.content} modified={current} names={[capitalize(chosen.name), 'The text now']} height={240} />
        </>
      )}
    </div>
  );
}
