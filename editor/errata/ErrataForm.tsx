'use client';
// The details of a new erratum (or a variant's patch set): title, date, citation, reason and where the change comes
// from. The source has no default: a house change saved as "rulebook" would claim what no rulebook says, so the
// designer picks, each kind said in words, and is told what the rule cited applies to.
import { useState, type FormEvent } from 'react';
import { PROVENANCE_KINDS, PROVENANCE_MEANINGS, type ProvenanceKind } from '@/editor/tables/cells';
import { useFormAction } from '@/editor/workbench/useFormAction';
import type { PatchSetWords } from './wording';

export interface ErrataFields {
  title: string;
  date?: string;
  citation?: string;
  reason: string;
  source: { kind: ProvenanceKind; rule?: string };
}

export function ErrataForm({ words, onSubmit, onCancel }: { words: PatchSetWords; onSubmit: (fields: ErrataFields) => Promise<void>; onCancel: () => void }) {
  const [title, setTitle] = useState('');
  const [date, setDate] = useState(new Date().toISOString().slice(0, 10));
  const [citation, setCitation] = useState('');
  const [reason, setReason] = useState('');
  const [kind, setKind] = useState<ProvenanceKind | ''>('');
  const [rule, setRule] = useState('');

  const { error, busy, submit } = useFormAction(async () => {
    if (!kind) throw new Error('Choose where the change comes from');
    await onSubmit({ title, date: date || undefined, citation: citation || undefined, reason, source: { kind, rule: rule || undefined } });
  });
  // What is missing is said beside its field: the browser's own bubble for a required select can go unseen.
  const [tried, setTried] = useState(false);
  const missing = { title: !title.trim(), reason: !reason.trim(), source: !kind };
  const check = (e: FormEvent) => {
    if (!Object.values(missing).some(Boolean)) return submit(e);
    e.preventDefault();
    setTried(true);
  };
  const says = (field: keyof typeof missing, text: string) => ({
    aria: { 'aria-invalid': tried && missing[field], 'aria-describedby': tried && missing[field] ? `errata-${field}-missing` : undefined },
    note: tried && missing[field] && (
      <span className="wb-error" id={`errata-${field}-missing`} data-testid={`missing-${field}`}>
        {text}
      </span>
    ),
  });
  const [t, r, src] = [says('title', 'a title is needed'), says('reason', 'say why'), says('source', 'choose where the change comes from')];

  return (
    <form className="wb-form" onSubmit={check} noValidate aria-label={`Details of the ${words.one}`}>
      <label>
        Title <input required {...t.aria} value={title} onChange={(e) => setTitle(e.target.value)} placeholder={words.titleHint} autoFocus />
      </label>
      {t.note}
      <label>
        Date <input value={date} onChange={(e) => setDate(e.target.value)} />
      </label>
      <label>
        Citation <input value={citation} onChange={(e) => setCitation(e.target.value)} placeholder="errata sheet, magazine issue, forum ruling…" />
      </label>
      <label>
        Reason <textarea required {...r.aria} rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />
      </label>
      {r.note}
      <label>
        Source{' '}
        <select required {...src.aria} value={kind} onChange={(e) => setKind(e.target.value as ProvenanceKind)}>
          <option value="" disabled>
            where the change comes from…
          </option>
          {PROVENANCE_KINDS.map((k) => (
            <option key={k} value={k} title={PROVENANCE_MEANINGS[k]}>
              {k}
            </option>
          ))}
        </select>
      </label>
      {src.note}
      <dl className="meta wb-kinds">
        {PROVENANCE_KINDS.map((k) => (
          <div key={k} className={k === kind ? 'chosen' : undefined}>
            <dt>{k}</dt>
            <dd>{PROVENANCE_MEANINGS[k]}</dd>
          </div>
        ))}
      </dl>
      <label>
        Rule <input value={rule} onChange={(e) => setRule(e.target.value)} placeholder="optional" />
      </label>
      <p className="meta">
        The source, with the rule if given, becomes the source of every value the {words.one} changes that cited one; leave the rule empty when the changes follow different
        rules.
      </p>
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
