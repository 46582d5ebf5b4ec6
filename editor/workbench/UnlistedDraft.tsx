'use client';
// A draft the manifest (as drafted) does not list, opened from the tree's "Unlisted drafts": shown read-only (no
// draft of a document the manifest does not list is saved), with the two ways out: listing it in the manifest
// again (a new draft of ruleset.json, undone there like any edit) or deleting it for good (asked first).
import { useEffect, useRef, useState } from 'react';
import { CodeEditor, type CodeEditorInstance } from '@/editor/monaco/CodeEditor';
import { monaco } from '@/editor/monaco/monaco';
import { unlistedUri } from '@/editor/monaco/schemas';
import { counted } from '@/engine/words';
import type { UnlistedDraft } from '@/server/routers/unlisted';
import { messageOf } from './api';
import { ConfirmDialog } from './ConfirmDialog';
import { placeWords, takenBack } from './unlisted-words';
import type { Models } from './models';

interface Props {
  rulesetId: string;
  draft: UnlistedDraft;
  models: Models;
  /** Where its file is, or would be, as the studio names it ("rulesets/2ww/errata/x.json"). */
  filePath: string;
  onList: () => Promise<void>;
  onDelete: () => Promise<void>;
  /** A place in it to show selected (a match found), and that it was shown. */
  reveal?: { line: number; column: number; length: number };
  onRevealed?: () => void;
}

export function UnlistedDraftView({ rulesetId, draft, models, filePath, onList, onDelete, reveal, onRevealed }: Props) {
  const [model, setModel] = useState<ReturnType<Models['readOnly']>['model']>();
  useEffect(() => {
    const shown = models.readOnly(unlistedUri(rulesetId, draft.path), draft.content, draft.kind);
    setModel(shown.model);
    return shown.dispose;
  }, [models, rulesetId, draft]);
  const editor = useRef<CodeEditorInstance>(null);
  // Once the editor shows the draft, the place asked for selected (from its end back, so the view rests at its start).
  useEffect(() => {
    const e = editor.current;
    if (!reveal || !model || e?.getModel() !== model) return;
    const selection = new monaco.Selection(reveal.line, reveal.column + reveal.length, reveal.line, reveal.column);
    e.setSelection(selection);
    e.revealRangeInCenter(selection);
    e.focus();
    onRevealed?.();
  }, [reveal, model, onRevealed]);
  const [deleting, setDeleting] = useState(false);
  const [listing, setListing] = useState(false);
  const [error, setError] = useState<string>();
  const list = async () => {
    setListing(true);
    setError(undefined);
    try {
      await onList();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setListing(false);
    }
  };
  const file = draft.file === null ? 'It has no file.' : <>Its file, <code>{filePath}</code>, stays as it is.</>;
  return (
    <div className="wb-doc">
      <div className="wb-doc-bar">
        <strong>{draft.path}</strong>
        <span className="meta">
          unlisted draft, revision {draft.revision} saved at {new Date(draft.savedAt).toLocaleTimeString()}, read-only
        </span>
        <button className="wb-link" onClick={() => void list()} disabled={!draft.listAt || listing} title={draft.listAt ? `Adds it to ruleset.json ${placeWords(draft.listAt, draft.between)}, as a new draft of ruleset.json` : 'Nothing says where: list it in ruleset.json yourself'}>
          List in ruleset.json
        </button>
        <button className="wb-link" onClick={() => setDeleting(true)} title="Its draft and history, for good (asks first)">
          Delete draft…
        </button>
      </div>
      <div className="wb-special">
        <p>
          <code>ruleset.json</code>, as drafted, does not list <code>{draft.path}</code>: nothing reads this draft, publishing never writes it, and it is not edited until it is listed again. {file}
        </p>
        <p>
          {draft.listAt ? (
            <>
              “List in ruleset.json” adds it {placeWords(draft.listAt, draft.between)}, as a new draft of <code>ruleset.json</code> ({takenBack(draft.listAt)}); or delete the draft for good.
            </>
          ) : (
            <>No manifest listed it and its content does not say what kind of document it is: list it in <code>ruleset.json</code> yourself, or delete the draft for good.</>
          )}
        </p>
        {error && <p className="wb-error">{error}</p>}
      </div>
      <CodeEditor model={model} readOnly onReady={(e) => (editor.current = e)} />
      {deleting && (
        <ConfirmDialog title="Delete draft" confirm={`Delete the draft of ${draft.path}`} onConfirm={onDelete} onClose={() => setDeleting(false)}>
          <p>
            Delete the draft of <code>{draft.path}</code> for good? It and its history ({counted(draft.revision, 'revision')}) are deleted, and nothing brings them back. {file}
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
