'use client';
// New rulesets: a variant that extends the one open, a copy of it as a template, or a blank template (the
// library offers that one, having no ruleset open).
import { useState } from 'react';
import { api } from './api';
import { DialogActions, Modal } from './Modal';
import { useFormAction } from './useFormAction';
import { useRequired } from './useRequired';
import { ID, RULESET_ID_FORM, rulesetIdProblem } from '@/engine/schema/id';

export type CreateMode = 'variant' | 'copy' | 'blank';

/** What the new ruleset starts from: the blank template, or a ruleset with its texts as the workbench shows them. */
export type CreateFrom = { mode: 'blank' } | { mode: Exclude<CreateMode, 'blank'>; base: { id: string; title: string }; overlay: () => Record<string, string> };

const HEADINGS: Record<CreateMode, string> = {
  variant: 'New variant',
  copy: 'Copy as a new ruleset',
  blank: 'New ruleset from the blank template',
};

/** The blank template's maps: asked for, as the map's kind shapes every document that places anything. */
const MAP_KINDS = [
  { kind: 'hex', label: 'hexes', examples: '(2WW, most operational wargames)' },
  { kind: 'area', label: 'areas joined by adjacency', examples: '(Axis & Allies, Blitz!, Diplomacy)' },
] as const;


/**
 * `folder`: the rulesets folder the studio serves, where the new ruleset's folder is written. A required field says
 * so where an optional one says "optional" (its placeholder), and one left empty is named beside it as the form is sent.
 */
export function CreateDialog({ from, folder, onClose }: { from: CreateFrom; folder: string; onClose: () => void }) {
  const [id, setId] = useState(from.mode === 'blank' ? '' : `${from.base.id}-${from.mode}`);
  const [title, setTitle] = useState(from.mode === 'blank' ? '' : `${from.base.title}, ${from.mode}`);
  const [edition, setEdition] = useState('');
  const [rulebook, setRulebook] = useState('');
  const [mapKind, setMapKind] = useState<'hex' | 'area'>();

  const blank = from.mode === 'blank';
  const action = useFormAction(async () => {
    const common = { id, title, edition: edition || undefined };
    if (from.mode === 'variant') await api.authoring.createVariant.mutate({ ...common, base: from.base.id });
    else if (from.mode === 'copy') await api.authoring.createRuleset.mutate({ ...common, rulebook: rulebook || undefined, copyOf: from.base.id, documents: from.overlay() });
    else await api.authoring.createRuleset.mutate({ ...common, rulebook: rulebook || undefined, mapKind });
    window.location.assign(`/rulesets/${id}`);
  });
  // The server refuses an id in use (a ruleset folder of that name) as a conflict: said beside the Id field.
  const idTaken = action.code === 'CONFLICT' ? action.error : undefined;
  // A new ruleset's id names its folder: one not of the ruleset ids' form is said as it is typed, as the server would refuse it.
  const idWrong = id ? rulesetIdProblem(id) : undefined;
  const { check, says } = useRequired(
    {
      id: id ? undefined : 'an id is needed',
      title: title.trim() ? undefined : 'a title is needed',
      rulebook: blank && !rulebook.trim() ? "the rulebook's title is needed" : undefined,
      map: blank && !mapKind ? 'choose the map: hexes or areas' : undefined,
    },
    { id: idTaken },
    { id: idWrong && `the id: ${idWrong}` },
  );
  const [i, t, r, m] = [says('id'), says('title'), says('rulebook'), says('map')];

  return (
    <Modal title={HEADINGS[from.mode]} onSubmit={check(action)} noValidate onClose={onClose}>
      {from.mode === 'variant' && <p className="meta">It extends {from.base.title}: it starts identical, and its differences are patch sets of its own.</p>}
      {from.mode === 'copy' && <p className="meta">Every document of {from.base.title} as you see it now, drafts included, under a new id.</p>}
      <label>
        Id <input required {...i.props} placeholder="required" title={RULESET_ID_FORM} value={id} onChange={(e) => setId(e.target.value)} autoFocus />
      </label>
      {i.note}
      <p className="meta">The id names its folder: {RULESET_ID_FORM}, at most {ID.maxLength} characters.</p>
      <p className="meta" data-testid="create-folder">
        Its files are written to <code>{`${folder}/${id && !idWrong ? id : '<id>'}/`}</code>, in the rulesets folder this studio serves.
      </p>
      <label>
        Title <input required {...t.props} placeholder="required" value={title} onChange={(e) => setTitle(e.target.value)} />
      </label>
      {t.note}
      <label>
        Edition <input value={edition} placeholder="optional" onChange={(e) => setEdition(e.target.value)} />
      </label>
      {from.mode !== 'variant' && (
        <label>
          Rulebook <input {...r.props} value={rulebook} placeholder={blank ? "required: the rulebook's title" : 'optional: as the original'} required={blank} onChange={(e) => setRulebook(e.target.value)} />
        </label>
      )}
      {r.note}
      {blank && (
        <fieldset className="wb-choice" role="radiogroup" {...m.props}>
          <legend>Map: choose one</legend>
          {MAP_KINDS.map((k) => (
            <label key={k.kind}>
              <input type="radio" name="map-kind" value={k.kind} required checked={mapKind === k.kind} onChange={() => setMapKind(k.kind)} /> {k.label}{' '}
              <span className="meta">{k.examples}</span>
            </label>
          ))}
        </fieldset>
      )}
      {m.note}
      <DialogActions error={idTaken ? undefined : action.error} submit="Create" disabled={action.busy} onCancel={onClose} />
    </Modal>
  );
}
