'use client';
// "Discard draft": a document back to its published file as it is now, asked first, naming the revision that keeps
// its edits not saved yet. A document with a draft and no file (a new erratum or scenario saved only as a draft) has
// no file to go back to: the dialog says so, and for an erratum offers its removal, the one way to do without it. The manifest's dialog names the documents its
// draft lists and its file does not, and what becomes of each: their drafts are kept, as unlisted drafts.
import { useState } from 'react';
import { RemoveDialog } from '@/editor/errata/ErrataView';
import type { PatchSetWords } from '@/editor/errata/wording';
import { counted } from '@/engine/words';
import { ConfirmDialog } from './ConfirmDialog';
import { DialogActions, Modal } from './Modal';
import { isDirty, keptIfUnlisted, savedFirst, type DocState } from './workspace';

interface Props {
  rulesetId: string;
  doc: DocState;
  /** Every document in the tree: those the manifest's file does not list leave it when the manifest is discarded. */
  docs: readonly DocState[];
  /** Where the document's file is, as the studio names it ("rulesets/2ww/victory.json"). */
  filePath: string;
  words: PatchSetWords;
  onDiscard: () => Promise<void>;
  onRemovePatchSet: (path: string) => Promise<void>;
  onClose: () => void;
}

export function DiscardDialog({ rulesetId, doc, docs, filePath, words, onDiscard, onRemovePatchSet, onClose }: Props) {
  const [removing, setRemoving] = useState(false);
  if (doc.file !== null) {
    // Edits not saved yet are saved first, as a revision of their own (Workspace.discard).
    const first = savedFirst(doc) ? doc.revision + 1 : undefined;
    const kept = first
      ? `Its edits not saved yet are saved first, as revision ${first}, to stay in the history${doc.revision > 0 ? ` with its draft (revision ${doc.revision})` : ''}; the file then becomes revision ${first + 1}.`
      : `Its draft (revision ${doc.revision}) stays in the history, and the file becomes revision ${doc.revision + 1}.`;
    return (
      <ConfirmDialog title="Discard draft" confirm={`Discard the draft of ${doc.path}`} onConfirm={onDiscard} onClose={onClose}>
        <p>
          Take <code>{doc.path}</code> back to its published file, <code>{filePath}</code>, as it is now? {kept}
        </p>
        {doc.kind === 'manifest' && <Unlisting docs={docs.filter((d) => d.kind !== 'manifest' && !d.listedByFile)} />}
      </ConfirmDialog>
    );
  }
  const erratum = doc.kind === 'patchset' && !doc.optional;
  if (removing) return <RemoveDialog rulesetId={rulesetId} set={patchSetOf(doc)} words={words} onRemove={() => onRemovePatchSet(doc.path)} onClose={onClose} />;
  return (
    <Modal title="Discard draft" className="wb-confirm" onSubmit={(e) => (e.preventDefault(), setRemoving(true))} onClose={onClose}>
      <p>
        <code>{doc.path}</code> has no published file (<code>{filePath}</code> does not exist): there is no file to go back to, so its draft cannot be discarded.
      </p>
      <p>
        {erratum
          ? `It is ${words.one === 'erratum' ? 'an' : 'a'} ${words.one} saved only as a draft: removing it takes it out of ruleset.json and deletes its drafts.`
          : doc.kind === 'patchset'
            ? 'It is an optional patch set saved only as a draft: to do without it, take it out of ruleset.json’s optionalPatchSets.'
            : 'It stays a draft until it is published; to do without it, take it out of ruleset.json, which lists it.'}
      </p>
      <DialogActions submit={erratum ? `Remove ${words.one}…` : undefined} onCancel={onClose} cancel={erratum ? 'cancel' : 'close'} focusCancel />
    </Modal>
  );
}

/** The documents the manifest's draft lists and its file does not, each with what discarding the draft does to it. */
function Unlisting({ docs }: { docs: readonly DocState[] }) {
  if (!docs.length) return null;
  return (
    <>
      <p>
        Its draft lists {counted(docs.length, 'document')} its file does not: the document tree no longer shows {docs.length > 1 ? 'them' : 'it'}.
      </p>
      <ul className="wb-confirm-list">
        {docs.map((d) => (
          <li key={d.path}>
            <code>{d.path}</code>: <span className="meta">{fateOf(d)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

function fateOf(d: DocState): string {
  if (keptIfUnlisted(d)) {
    const draft = d.revision > 0 ? `its draft (revision ${d.revision}${isDirty(d) ? ' and the edits since, saved first' : ''})` : 'its edits, saved first as a draft,';
    return `${draft} is kept under “Unlisted drafts”, to be listed again or deleted; publishing does not write it.`;
  }
  return d.file === null ? 'nothing of it is stored (no draft, no file): it is only taken out of the tree.' : 'its file stays as it is: nothing of it is lost.';
}

/** What the removal's confirmation names of a patch set: its title and operations, read from its text as far as it parses. */
function patchSetOf(doc: DocState): { path: string; title: string; operations: readonly unknown[] } {
  let parsed: { title?: unknown; operations?: unknown } | undefined;
  try {
    parsed = JSON.parse(doc.text) as typeof parsed;
  } catch {
    parsed = undefined;
  }
  return { path: doc.path, title: typeof parsed?.title === 'string' ? parsed.title : doc.path, operations: Array.isArray(parsed?.operations) ? parsed.operations : [] };
}
