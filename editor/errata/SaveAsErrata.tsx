'use client';
// "Save as errata" (a variant's: as a patch set over the ruleset it extends): the designer edits the resolved ruleset like any document; the server turns the difference
// into an RFC 6902 patch set with the title, date, citation and reason asked for here.
import { useEffect, useRef, useState } from 'react';
import { CodeEditor, type CodeEditorInstance } from '@/editor/monaco/CodeEditor';
import { DiffView } from '@/editor/monaco/DiffView';
import { monaco } from '@/editor/monaco/monaco';
import { resolvedUri } from '@/editor/monaco/schemas';
import { api, messageOf } from '@/editor/workbench/api';
import { ConfirmDialog } from '@/editor/workbench/ConfirmDialog';
import type { Models } from '@/editor/workbench/models';
import { counted } from '@/engine/words';
import { ErrataForm } from './ErrataForm';
import { patchSetWords, type PatchSetWords } from './wording';

type Model = ReturnType<typeof monaco.editor.createModel>;

/** The resolved ruleset being edited, as the workbench holds it: its name in problems, and what the header says of it. */
export const RESOLVED_EDIT = 'resolved ruleset';
const resolvedLabel = (words: PatchSetWords) => `the resolved ruleset (${words.pending})`;

interface Editing {
  model: Model;
  original: string;
  hash: string;
}

/** The held edit as this view shows it. */
const editingOf = (h: ReturnType<Models['held']>): Editing | undefined => h && { model: h.model, original: h.held.base, hash: h.held.basis };

interface Props {
  rulesetId: string;
  /** The ruleset this one extends: its patch sets are its differences from that one, not errata. */
  over?: string | null;
  overlay: () => Record<string, string>;
  models: Models;
  onSaved: (path: string) => Promise<void>;
  /** A place in the edit to show (a problem clicked), and that it was shown. */
  reveal?: { line: number; column: number };
  onRevealed?: () => void;
}

export function SaveAsErrata({ rulesetId, over, overlay, models, onSaved, reveal, onRevealed }: Props) {
  const words = patchSetWords(over);
  // The workbench holds the edit (with its model) while it lasts: opening a document and coming back finds it as it was.
  const [editing, setEditing] = useState<Editing | undefined>(() => editingOf(models.held(RESOLVED_EDIT)));
  const [review, setReview] = useState<string>();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState<string>();
  const editor = useRef<CodeEditorInstance>(null);

  useEffect(() => {
    const e = editor.current;
    if (!reveal || !editing || !e) return;
    e.setPosition({ lineNumber: reveal.line, column: reveal.column });
    e.revealLineInCenter(reveal.line);
    e.focus();
    onRevealed?.();
  }, [reveal, editing, onRevealed]);

  const start = async () => {
    setError(undefined);
    setSaved(undefined);
    try {
      const { text, hash } = await api.authoring.errataCopy.mutate({ id: rulesetId, documents: overlay() });
      setEditing(editingOf(models.hold({ path: RESOLVED_EDIT, label: resolvedLabel(words), base: text, basis: hash, schema: 'ruleset' }, resolvedUri(rulesetId))));
    } catch (err) {
      setError(messageOf(err));
    }
  };

  const stop = () => {
    models.release(RESOLVED_EDIT);
    setEditing(undefined);
    setReview(undefined);
    setAsking(false);
  };

  // Edits are asked about first: they are kept nowhere else.
  const [discarding, setDiscarding] = useState(false);
  const discard = () => (editing && editing.model.getValue() !== editing.original ? setDiscarding(true) : stop());

  return (
    <section className="wb-save-errata">
      <h2>Save as {words.saveAs}</h2>
      <p className="meta">
        Change the resolved ruleset (every document and patch set applied) as you would any document, then save the difference as a new patch set with
        its citation and reason. The patch set is saved as a draft of a new document under errata/ and added to the manifest’s patch sets (as a draft too), like any
        other edit: “Publish” writes them to the files with the drafts they may change. Until it is saved the edit is kept only in this page: leaving it asks first.
      </p>
      {saved && <p className="wb-ok">{saved}</p>}
      {error && <p className="wb-error">{error}</p>}
      {!editing ? (
        <button onClick={start}>Edit the resolved ruleset</button>
      ) : (
        <>
          <div className="wb-resolved-editor">
            <CodeEditor model={editing.model} onReady={(e) => (editor.current = e)} />
          </div>
          <div className="wb-actions">
            <button onClick={() => setReview(review === undefined ? editing.model.getValue() : undefined)}>{review === undefined ? 'Review changes' : 'Hide changes'}</button>
            <button onClick={() => setAsking(true)}>Save as {words.saveAs}…</button>
            <button className="wb-link" onClick={discard}>
              discard
            </button>
          </div>
          {discarding && (
            <ConfirmDialog title="Discard the edits of the resolved ruleset" confirm="Discard the edits" onConfirm={async () => (setDiscarding(false), stop())} onClose={() => setDiscarding(false)}>
              <p>
                Discard your edits of the resolved ruleset of <code>{rulesetId}</code>? They are saved nowhere, neither as {words.one === 'erratum' ? 'an' : 'a'} {words.one} nor as a
                draft: they are lost, and no document changes.
              </p>
            </ConfirmDialog>
          )}
          {review !== undefined && <DiffView original={editing.original} modified={review} names={['The resolved ruleset', 'As you edited it']} height={320} />}
          {asking && (
            <ErrataForm
              words={words}
              onCancel={() => setAsking(false)}
              onSubmit={async (fields) => {
                const result = await api.authoring.saveAsErrata.mutate({ id: rulesetId, documents: overlay(), baseHash: editing.hash, edited: editing.model.getValue(), ...fields });
                stop();
                setSaved(`Saved ${result.path} with ${counted(result.operations, 'operation')} as a draft, added to the manifest’s patch sets (drafted): publish them with the rest.`);
                await onSaved(result.path);
              }}
            />
          )}
        </>
      )}
    </section>
  );
}
