'use client';
// "Save as errata": the designer edits the resolved ruleset like any document; the server turns the difference
// into an RFC 6902 patch set with the title, date, citation and reason asked for here.
import { useEffect, useState } from 'react';
import { CodeEditor } from '@/editor/monaco/CodeEditor';
import { DiffView } from '@/editor/monaco/DiffView';
import { monaco } from '@/editor/monaco/monaco';
import { resolvedUri } from '@/editor/monaco/schemas';
import { PROVENANCE_KINDS, type ProvenanceKind } from '@/editor/tables/cells';
import { api, messageOf } from '@/editor/workbench/api';
import { useFormAction } from '@/editor/workbench/useFormAction';
import type { Models } from '@/editor/workbench/models';
import { counted } from '@/engine/words';

type Model = ReturnType<typeof monaco.editor.createModel>;

interface Editing {
  model: Model;
  original: string;
  hash: string;
}

export function SaveAsErrata({ rulesetId, overlay, models, onSaved }: { rulesetId: string; overlay: () => Record<string, string>; models: Models; onSaved: (path: string) => Promise<void> }) {
  const [editing, setEditing] = useState<Editing>();
  const [review, setReview] = useState<string>();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState<string>();

  useEffect(() => () => editing?.model.dispose(), [editing]);

  const start = async () => {
    setError(undefined);
    setSaved(undefined);
    try {
      const { text, hash } = await api.authoring.resolved.mutate({ id: rulesetId, documents: overlay() });
      const uri = resolvedUri(rulesetId);
      monaco.editor.getModel(monaco.Uri.parse(uri))?.dispose();
      models.associate([{ uri, schema: 'ruleset' }]);
      setEditing({ model: monaco.editor.createModel(text, 'json', monaco.Uri.parse(uri)), original: text, hash });
    } catch (err) {
      setError(messageOf(err));
    }
  };

  const stop = () => {
    setEditing(undefined);
    setReview(undefined);
    setAsking(false);
  };

  return (
    <section className="wb-save-errata">
      <h2>Save as errata</h2>
      <p className="meta">
        Change the resolved ruleset (every document and patch set applied) as you would any document, then save the difference as a new patch set with
        its citation and reason. The patch set is written to errata/ and added to the manifest.
      </p>
      {saved && <p className="wb-ok">{saved}</p>}
      {error && <p className="wb-error">{error}</p>}
      {!editing ? (
        <button onClick={start}>Edit the resolved ruleset</button>
      ) : (
        <>
          <div className="wb-resolved-editor">
            <CodeEditor model={editing.model} />
          </div>
          <div className="wb-actions">
            <button onClick={() => setReview(review === undefined ? editing.model.getValue() : undefined)}>{review === undefined ? 'Review changes' : 'Hide changes'}</button>
            <button onClick={() => setAsking(true)}>Save as errata…</button>
            <button className="wb-link" onClick={stop}>
              discard
            </button>
          </div>
          {review !== undefined && <DiffView original={editing.original} modified={review} height={320} />}
          {asking && (
            <ErrataForm
              onCancel={() => setAsking(false)}
              onSubmit={async (fields) => {
                const result = await api.authoring.saveAsErrata.mutate({ id: rulesetId, documents: overlay(), baseHash: editing.hash, edited: editing.model.getValue(), ...fields });
                stop();
                setSaved(`Saved ${result.path} with ${counted(result.operations, 'operation')}, added to the manifest’s patch sets.`);
                await onSaved(result.path);
              }}
            />
          )}
        </>
      )}
    </section>
  );
}

interface ErrataFields {
  title: string;
  date?: string;
  citation?: string;
  reason: string;
  source: { kind: ProvenanceKind; rule?: string };
}

function ErrataForm({ onSubmit, onCancel }: { onSubmit: (fields: ErrataFields) => Promise<void>; onCancel: () => void }) {
  const [title, setTitle] = useState('');
  const [date, setDate] = useState(new Date().toISOString().slice(0, 10));
  const [citation, setCitation] = useState('');
  const [reason, setReason] = useState('');
  const [kind, setKind] = useState<ProvenanceKind>('rulebook');
  const [rule, setRule] = useState('');

  const { error, busy, submit } = useFormAction(async () => {
    await onSubmit({ title, date: date || undefined, citation: citation || undefined, reason, source: { kind, rule: rule || undefined } });
  });

  return (
    <form className="wb-form" onSubmit={submit} aria-label="Errata details">
      <label>
        Title <input required value={title} onChange={(e) => setTitle(e.target.value)} placeholder="Errata of 2019-03" autoFocus />
      </label>
      <label>
        Date <input value={date} onChange={(e) => setDate(e.target.value)} />
      </label>
      <label>
        Citation <input value={citation} onChange={(e) => setCitation(e.target.value)} placeholder="errata sheet, magazine issue, forum ruling…" />
      </label>
      <label>
        Reason <textarea required rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />
      </label>
      <label>
        Source{' '}
        <select value={kind} onChange={(e) => setKind(e.target.value as ProvenanceKind)}>
          {PROVENANCE_KINDS.map((k) => (
            <option key={k}>{k}</option>
          ))}
        </select>
      </label>
      <label>
        Rule <input value={rule} onChange={(e) => setRule(e.target.value)} placeholder="optional" />
      </label>
      {error && <p className="wb-error">{error}</p>}
      <div className="wb-actions">
        <button type="submit" disabled={busy}>
          Save patch set
        </button>
        <button type="button" className="wb-link" onClick={onCancel}>
          cancel
        </button>
      </div>
    </form>
  );
}
