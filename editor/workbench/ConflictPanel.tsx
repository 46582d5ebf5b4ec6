'use client';
// A save refused because someone else saved first. Where my changes since the revision both started from
// touch nothing theirs changed, "Merge both" keeps both (the result shown); where they meet, the pointers are
// named and the designer chooses one version.
import { useMemo } from 'react';
import { DiffView } from '@/editor/monaco/DiffView';
import { counted } from '@/engine/words';
import { mergeDrafts, type Merge } from '@/engine/json/merge';
import type { DocState } from './workspace';

export type ConflictChoice = 'mine' | 'theirs' | { merged: string };

const WHICH = { base: `the revision both started from`, mine: 'your text', theirs: 'the stored revision' };

export function ConflictPanel({ doc, onChoose }: { doc: DocState; onChoose: (choice: ConflictChoice) => void }) {
  const theirs = doc.conflict ? (doc.conflict.content ?? doc.file ?? '') : '';
  // doc.saved is the revision my edit started from: the common base.
  const merge = useMemo(() => (doc.conflict ? mergeDrafts(doc.saved, doc.text, theirs) : undefined), [doc.conflict, doc.saved, doc.text, theirs]);
  if (!doc.conflict || !merge) return null;
  const next = doc.conflict.revision + 1;
  return (
    <div className="wb-conflict" role="alert">
      <p>
        <strong>{doc.path} was saved elsewhere</strong> (revision {doc.conflict.revision}) after you opened it. Nothing was overwritten, and
        nothing more is saved until you choose.
      </p>
      <MergeNote merge={merge} since={doc.revision} />
      <div className="wb-actions">
        {merge.kind === 'merged' && <button onClick={() => onChoose({ merged: merge.text })}>Merge both (saved as revision {next})</button>}
        <button onClick={() => onChoose('mine')}>{merge.kind === 'merged' ? `Keep mine only (undoes theirs; saved as revision ${next})` : `Keep mine (saved as revision ${next})`}</button>
        <button onClick={() => onChoose('theirs')}>Take theirs (drop my edit)</button>
      </div>
      <DiffView original={theirs} modified={merge.kind === 'merged' ? merge.text : doc.text} names={['Theirs (saved elsewhere)', merge.kind === 'merged' ? 'Both merged' : 'Mine']} height={240} />
    </div>
  );
}

function MergeNote({ merge, since: revision }: { merge: Merge; since: number }) {
  const since = revision ? `revision ${revision}` : 'the published file';
  if (merge.kind === 'merged') {
    return (
      <p data-testid="merge-note">
        {merge.changes
          ? `Your ${counted(merge.changes, 'change')} since ${since} ${merge.changes === 1 ? 'touches' : 'touch'} nothing theirs changed, and ${merge.changes === 1 ? 'applies' : 'apply'} over it.`
          : `Theirs already has every change of yours since ${since}.`}{' '}
        Left: the stored revision; right: both merged.
      </p>
    );
  }
  if (merge.kind === 'unreadable') return <p data-testid="merge-note">Not merged: {WHICH[merge.which]} is not valid JSON. Left: the stored revision; right: yours.</p>;
  return (
    <div data-testid="merge-note">
      <p>Not merged: your changes since {since} meet theirs at</p>
      <ul className="wb-overlaps">
        {merge.overlaps.map((o) => (
          <li key={`${o.mine} ${o.theirs}`}>
            <code>{o.mine || '/'}</code>
            {o.theirs !== o.mine && (
              <>
                {' '}
                (theirs changed <code>{o.theirs || '/'}</code>)
              </>
            )}
          </li>
        ))}
      </ul>
      <p>Choose a version. Left: the stored revision; right: yours.</p>
    </div>
  );
}
