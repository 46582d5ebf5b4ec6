'use client';
// New rulesets: a variant that extends the one open, a copy of it as a template, or a blank template (the
// library offers that one, having no ruleset open).
import { useState } from 'react';
import { api } from './api';
import { DialogActions, Modal } from './Modal';
import { useFormAction } from './useFormAction';

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

/** `folder`: the rulesets folder the studio serves, where the new ruleset's folder is written. */
export function CreateDialog({ from, folder, onClose }: { from: CreateFrom; folder: string; onClose: () => void }) {
  const [id, setId] = useState(from.mode === 'blank' ? '' : `${from.base.id}-${from.mode}`);
  const [title, setTitle] = useState(from.mode === 'blank' ? '' : `${from.base.title}, ${from.mode}`);
  const [edition, setEdition] = useState('');
  const [rulebook, setRulebook] = useState('');
  const [mapKind, setMapKind] = useState<'hex' | 'area'>();

  const { error, busy, submit } = useFormAction(async () => {
    const common = { id, title, edition: edition || undefined };
    if (from.mode === 'variant') await api.authoring.createVariant.mutate({ ...common, base: from.base.id });
    else if (from.mode === 'copy') await api.authoring.createRuleset.mutate({ ...common, rulebook: rulebook || undefined, copyOf: from.base.id, documents: from.overlay() });
    else await api.authoring.createRuleset.mutate({ ...common, rulebook: rulebook || undefined, mapKind });
    window.location.assign(`/rulesets/${id}`);
  });

  return (
    <Modal title={HEADINGS[from.mode]} onSubmit={submit} onClose={onClose}>
      {from.mode === 'variant' && <p className="meta">It extends {from.base.title}: it starts identical, and its differences are patch sets of its own.</p>}
      {from.mode === 'copy' && <p className="meta">Every document of {from.base.title} as you see it now, drafts included, under a new id.</p>}
      <label>
        Id <input required pattern="[a-z0-9][a-z0-9\-]*" maxLength={80} title="lowercase letters, digits and hyphens, beginning with a letter or digit (at most 80)" value={id} onChange={(e) => setId(e.target.value)} autoFocus />
      </label>
      <p className="meta">The id names its folder: lowercase letters, digits and hyphens, beginning with a letter or digit.</p>
      <p className="meta" data-testid="create-folder">
        Its files are written to <code>{`${folder}/${id || '<id>'}/`}</code>, in the rulesets folder this studio serves.
      </p>
      <label>
        Title <input required value={title} onChange={(e) => setTitle(e.target.value)} />
      </label>
      <label>
        Edition <input value={edition} placeholder="optional" onChange={(e) => setEdition(e.target.value)} />
      </label>
      {from.mode !== 'variant' && (
        <label>
          Rulebook <input value={rulebook} placeholder={from.mode === 'copy' ? 'as the original' : 'title of the rulebook'} required={from.mode === 'blank'} onChange={(e) => setRulebook(e.target.value)} />
        </label>
      )}
      {from.mode === 'blank' && (
        <fieldset className="wb-choice">
          <legend>Map: choose one</legend>
          {MAP_KINDS.map((k) => (
            <label key={k.kind}>
              <input type="radio" name="map-kind" value={k.kind} required checked={mapKind === k.kind} onChange={() => setMapKind(k.kind)} /> {k.label}{' '}
              <span className="meta">{k.examples}</span>
            </label>
          ))}
        </fieldset>
      )}
      <DialogActions error={error} submit="Create" disabled={busy} onCancel={onClose} />
    </Modal>
  );
}
