'use client';
// "Publish" asks first: which documents' files will be written, from which draft, and what errors go with them.
// A file changed on disk since its draft was started (by hand, or another tool) is named, and nothing is published
// until its change is taken into the draft or the designer ticks publishing over it.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { counted } from '@/engine/words';
import type { ChangedOnDisk } from '@/server/on-disk';
import { api, messageOf } from './api';
import { ConfirmDialog } from './ConfirmDialog';
import { toBePublished, unpublishable, unresolvedOnDisk } from './publishing';
import { isDirty, type DocState } from './workspace';

interface Props {
  rulesetId: string;
  docs: readonly DocState[];
  /** The ruleset's errors as drafted, by document. */
  errors: { count: number; documents: string[] };
  /** Publishes the documents listed (by path), as far as they still can be; `over`: the files changed on disk to publish over, by path, as authoring.changedOnDisk hashes them. */
  onPublish: (listed: string[], over: Record<string, string>) => Promise<void>;
  /** Takes the file's change on disk into the document's draft; returns the draft's revision then. */
  onTakeChanges: (path: string) => Promise<number>;
  onClose: () => void;
}

export function PublishDialog({ rulesetId, docs, errors, onPublish, onTakeChanges, onClose }: Props) {
  const writes = toBePublished(docs);
  const unreadable = useMemo(() => unpublishable(toBePublished(docs)), [docs]);
  const [changed, setChanged] = useState<ChangedOnDisk[]>();
  const [checkError, setCheckError] = useState<string>();
  const [over, setOver] = useState<Record<string, string>>({});
  const [taking, setTaking] = useState<string>();
  const [said, setSaid] = useState<Record<string, { text: string; error?: boolean }>>({});
  const check = useCallback(
    () =>
      api.authoring.changedOnDisk.query({ id: rulesetId }).then(
        (found) => (setChanged(found), setCheckError(undefined)),
        (err: unknown) => setCheckError(messageOf(err)),
      ),
    [rulesetId],
  );
  useEffect(() => void check(), [check]);

  const onDisk = (changed ?? []).filter((c) => writes.some((d) => d.path === c.path));
  const unresolved = unresolvedOnDisk(onDisk, over);
  const blocked = unreadable ?? (checkError ? `Whether the files changed on disk since their drafts were started could not be checked (${checkError}): nothing is published until it is. Close this and publish again.` : unresolved);
  const take = async (path: string) => {
    setTaking(path);
    try {
      const revision = await onTakeChanges(path);
      setSaid((s) => ({ ...s, [path]: { text: `The file’s changes are in the draft (revision ${revision}).` } }));
    } catch (err) {
      setSaid((s) => ({ ...s, [path]: { text: messageOf(err), error: true } }));
    }
    await check();
    setTaking(undefined);
  };
  const publish = async () => {
    try {
      await onPublish(writes.map((d) => d.path), Object.fromEntries(onDisk.filter((c) => over[c.path] === c.hash).map((c) => [c.path, c.hash])));
    } catch (err) {
      await check(); // a file changed on disk since the dialog looked: shown with the refusal
      throw err;
    }
  };

  return (
    <ConfirmDialog title="Publish drafts" confirm={`Publish ${counted(writes.length, 'draft')}`} blocked={blocked} waiting={!changed || taking !== undefined} onConfirm={publish} onClose={onClose}>
      <p>
        Write {counted(writes.length, 'draft')} to the files of <code>{rulesetId}</code>? Each file’s present text is replaced by its draft:
      </p>
      <ul className="wb-confirm-list">
        {writes.map((d) => {
          const c = onDisk.find((o) => o.path === d.path);
          const note = said[d.path];
          return (
            <li key={d.path}>
              <code>{d.path}</code> <span className="meta">{what(d)}</span>
              {c && (
                <div className="wb-on-disk">
                  <p className="wb-error">Its file changed on disk since the draft was started: {c.changes}.</p>
                  <button type="button" onClick={() => void take(d.path)} disabled={taking !== undefined}>
                    {taking === d.path ? 'Merging…' : 'Take the file’s changes into the draft'}
                  </button>
                  <label>
                    <input type="checkbox" checked={over[d.path] === c.hash} onChange={(e) => setOver((o) => ({ ...o, [d.path]: e.target.checked ? c.hash : '' }))} /> Publish over it: the file loses that change (its text stays in the history as “file before publishing”)
                  </label>
                </div>
              )}
              {note && <p className={note.error ? 'wb-error' : 'meta'}>{note.text}</p>}
            </li>
          );
        })}
      </ul>
      {!changed && !checkError && <p className="meta">Checking whether the files changed on disk since their drafts were started…</p>}
      {errors.count > 0 && !blocked && (
        <p className="wb-error">
          The ruleset as drafted has {counted(errors.count, 'error')} (in {errors.documents.join(', ')}): they are published with it.
        </p>
      )}
      <p className="meta">The drafts stay in each document’s history.</p>
    </ConfirmDialog>
  );
}

function what(d: DocState): string {
  const from = d.revision > 0 ? `draft revision ${d.revision}${isDirty(d) ? ' and the edits since, saved first' : ''}` : 'the edits not saved yet, saved first';
  return d.file === null ? `${from}; a new file` : from;
}
