'use client';
// The details of a new erratum (or a variant's patch set): title, date, citation, reason and where the change comes
// from. The source has no default: a house change saved as "rulebook" would claim what no rulebook says, so the
// designer picks, each kind said in words, and is told what the rule cited applies to. As in the new-ruleset dialog,
// each field says whether it is required or optional (as the patch set's schema has it), one left empty is named
// beside it when the form is sent, and a text longer than the schema takes, or a date no calendar has, as it is typed:
// the server refuses them in the same words.
import { useState } from 'react';
import { PROVENANCE_KINDS, PROVENANCE_MEANINGS, type ProvenanceKind } from '@/editor/tables/cells';
import { useFormAction } from '@/editor/workbench/useFormAction';
import { useRequired } from '@/editor/workbench/useRequired';
import { dateProblem } from '@/engine/schema/date';
import { PATCH_SET_MAX } from '@/engine/schema/patchset-fields';
import { longerThan } from '@/engine/words';
import type { PatchSetWords } from './wording';

export interface ErrataFields {
  title: string;
  date?: string;
  citation?: string;
  reason: string;
  source: { kind: ProvenanceKind; rule?: string };
}

/** The fields a refusal of the server's is said beside: the texts the form checks as typed too. */
const BESIDE = ['title', 'date', 'citation', 'reason'] as const;

export function ErrataForm({ words, onSubmit, onCancel }: { words: PatchSetWords; onSubmit: (fields: ErrataFields) => Promise<void>; onCancel: () => void }) {
  const [title, setTitle] = useState('');
  const [date, setDate] = useState(new Date().toISOString().slice(0, 10));
  const [citation, setCitation] = useState('');
  const [reason, setReason] = useState('');
  const [kind, setKind] = useState<ProvenanceKind | ''>('');
  const [rule, setRule] = useState('');

  const action = useFormAction(async () => {
    if (!kind) throw new Error('Choose where the change comes from');
    await onSubmit({ title: title.trim(), date: date.trim() || undefined, citation: citation.trim() || undefined, reason: reason.trim(), source: { kind, rule: rule || undefined } });
  });
  // What the server refused of a field, beside it as what is typed wrong is (the foot says the rest).
  const refused = (field: (typeof BESIDE)[number]) => action.fields?.[field] && `the ${field}: ${action.fields[field]}`;
  const allBeside = action.fields && Object.keys(action.fields).every((f) => (BESIDE as readonly string[]).includes(f));
  const [titleLong, citationLong, reasonLong, dateWrong] = [longerThan(PATCH_SET_MAX.title, title), longerThan(PATCH_SET_MAX.citation, citation), longerThan(PATCH_SET_MAX.reason, reason), date.trim() ? dateProblem(date) : undefined];
  // What is missing is said beside its field as the form is sent, what is wrong with a text as it is typed.
  const { check, says } = useRequired(
    {
      title: title.trim() ? undefined : 'a title is needed',
      reason: reason.trim() ? undefined : 'a reason is needed',
      source: kind ? undefined : 'choose where the change comes from',
    },
    { title: refused('title'), date: refused('date'), citation: refused('citation'), reason: refused('reason') },
    {
      title: titleLong && `the title: ${titleLong}`,
      date: dateWrong && `the date: ${dateWrong}`,
      citation: citationLong && `the citation: ${citationLong}`,
      reason: reasonLong && `the reason: ${reasonLong}`,
    },
  );
  const [t, d, c, r, src] = [says('title'), says('date'), says('citation'), says('reason'), says('source')];

  return (
    <form className="wb-form" onSubmit={check(action)} noValidate aria-label={`Details of the ${words.one}`}>
      <label>
        Title <input required {...t.props} value={title} onChange={(e) => setTitle(e.target.value)} placeholder={`required: such as “${words.titleHint}”`} autoFocus />
      </label>
      {t.note}
      <label>
        Date <input {...d.props} value={date} onChange={(e) => setDate(e.target.value)} placeholder="optional: when the change was made, such as 2021-09-06" />
      </label>
      {d.note}
      <label>
        Citation <input {...c.props} value={citation} onChange={(e) => setCitation(e.target.value)} placeholder="optional: errata sheet, magazine issue, forum ruling…" />
      </label>
      {c.note}
      <label>
        Reason <textarea required {...r.props} rows={3} value={reason} onChange={(e) => setReason(e.target.value)} placeholder="required: why the change is made" />
      </label>
      {r.note}
      <label>
        Source{' '}
        <select required {...src.props} value={kind} onChange={(e) => setKind(e.target.value as ProvenanceKind)}>
          <option value="" disabled>
            required: where the change comes from…
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
        Rule <input value={rule} onChange={(e) => setRule(e.target.value)} placeholder="optional: the rule it follows" />
      </label>
      <p className="meta">
        The source, with the rule if given, becomes the source of every value the {words.one} changes that cited one; leave the rule empty when the changes follow different
        rules.
      </p>
      {action.error && !allBeside && <p className="wb-error">{action.error}</p>}
      <div className="wb-actions">
        <button type="submit" disabled={action.busy}>
          Save patch set
        </button>
        <button type="button" className="wb-link" onClick={onCancel}>
          cancel
        </button>
      </div>
    </form>
  );
}
