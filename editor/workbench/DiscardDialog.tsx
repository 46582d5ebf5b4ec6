'use client';
// "Discard draft": a document back to its published file as it is now, asked first. A document with a draft
// and no file (a new erratum or scenario saved only as a draft) has no file to go back to: the dialog says so,
// and for an erratum offers its removal, the one way to do without it.
import { useState } from 'react';
import { RemoveDialog } from '@/editor/errata/ErrataView';
import type { PatchSetWords } from '@/editor/errata/wording';
import { ConfirmDialog } from './ConfirmDialog';
import { DialogActions, Modal } from './Modal';
import { isDirty, type DocState } from './workspace';

interface Props {
  rulesetId: string;
  doc: DocState;
  /** Where the document's file is, as the studio names it ("rulesets/2ww/victory.json"). */
  filePath: string;
  words: PatchSetWords;
  onDiscard: () => Promise<void>;
  onRemovePatchSet: (path: string) => Promise<void>;
  onClose: () => void;
}

export function DiscardDialog({ rulesetId, doc, filePath, words, onDiscard, onRemovePatchSet, onClose }: Props) {
  const [removing, setRemoving] = useState(false);
  if (doc.file !== null) {
    const kept = doc.revision > 0 ? `Its draft (revision ${doc.revision}${isDirty(doc) ? ' and the edits since' : ''}) stays in the history, and the file becomes revision ${doc.revision + 1}.` : 'The edits not saved yet are lost.';
    return (
      <ConfirmDialog title="Discard draft" confirm={`Discard the draft of ${doc.path}`} onConfirm={onDiscard} onClose={onClose}>
        <p>
          Take <code>{doc.path}</code> back to its published file, <code>{filePath}</code>, as it is now? {kept}
        </p>
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
