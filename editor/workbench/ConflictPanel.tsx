'use client';
// A save refused because someone else saved first: both versions side by side, and the designer chooses.
import { DiffView } from '@/editor/monaco/DiffView';
import type { DocState } from './workspace';

export function ConflictPanel({ doc, onChoose }: { doc: DocState; onChoose: (choice: 'mine' | 'theirs') => void }) {
  if (!doc.conflict) return null;
  return (
    <div className="wb-conflict" role="alert">
      <p>
        <strong>{doc.path} was saved elsewhere</strong> (revision {doc.conflict.revision}) after you opened it. Nothing was overwritten, and
        nothing more is saved until you choose. Left: the stored revision; right: yours.
      </p>
      <div className="wb-actions">
        <button onClick={() => onChoose('mine')}>Keep mine (saved as revision {doc.conflict.revision + 1})</button>
        <button onClick={() => onChoose('theirs')}>Take theirs (drop my edit)</button>
      </div>
      <DiffView original={doc.conflict.content ?? doc.file ?? ''} modified={doc.text} height={240} />
    </div>
  );
}
