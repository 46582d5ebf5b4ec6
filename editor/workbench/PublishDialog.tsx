'use client';
// "Publish" asks first: which documents' files will be written, from which draft, and what errors go with them.
import { useMemo } from 'react';
import { counted } from '@/engine/words';
import { ConfirmDialog } from './ConfirmDialog';
import { toBePublished, unpublishable } from './publishing';
import { isDirty, type DocState } from './workspace';

interface Props {
  rulesetId: string;
  docs: readonly DocState[];
  /** The ruleset's errors as drafted, by document. */
  errors: { count: number; documents: string[] };
  /** Publishes the documents listed (by path), as far as they still can be. */
  onPublish: (listed: string[]) => Promise<void>;
  onClose: () => void;
}

export function PublishDialog({ rulesetId, docs, errors, onPublish, onClose }: Props) {
  const writes = toBePublished(docs);
  const blocked = useMemo(() => unpublishable(toBePublished(docs)), [docs]);
  return (
    <ConfirmDialog title="Publish drafts" confirm={`Publish ${counted(writes.length, 'draft')}`} blocked={blocked} onConfirm={() => onPublish(writes.map((d) => d.path))} onClose={onClose}>
      <p>
        Write {counted(writes.length, 'draft')} to the files of <code>{rulesetId}</code>? Each file’s present text is replaced by its draft:
      </p>
      <ul className="wb-confirm-list">
        {writes.map((d) => (
          <li key={d.path}>
            <code>{d.path}</code> <span className="meta">{what(d)}</span>
          </li>
        ))}
      </ul>
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
