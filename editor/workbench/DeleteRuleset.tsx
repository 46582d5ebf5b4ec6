'use client';
// "Delete ruleset…" in the workbench: the ruleset's folder and its drafts go, after a confirmation that counts
// its documents and drafts and names the edits not saved yet, lost with it; not while another ruleset extends
// it (the server refuses that too). Its test games stay.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '@/editor/TrpcProvider';
import { counted } from '@/engine/words';
import { api } from './api';
import { ConfirmDialog } from './ConfirmDialog';
import { isDirty, isHeldDirty, type DocState, type HeldEdit } from './workspace';

interface Props {
  id: string;
  title: string;
  docs: readonly DocState[];
  held: readonly HeldEdit[];
  /** How many drafts the manifest does not list: they go with the rest. */
  unlisted: number;
  /** Called once the ruleset is deleted, before the page goes to the library: nothing of it is saved after. */
  onDeleted: () => void;
}

export function DeleteRuleset(props: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="wb-link" onClick={() => setOpen(true)} title="Its folder and its drafts, for good (asks first)">
        delete ruleset…
      </button>
      {open && <DeleteDialog {...props} onClose={() => setOpen(false)} />}
    </>
  );
}

function DeleteDialog({ id, title, docs, held, unlisted, onDeleted, onClose }: Props & { onClose: () => void }) {
  const trpc = useTRPC();
  // As drafted: a variant whose manifest's draft extends this ruleset keeps it too.
  const variants = useQuery(trpc.authoring.variants.queryOptions({ id })).data ?? [];
  const games = useQuery(trpc.games.list.queryOptions({ rulesetId: id }));
  const files = docs.filter((d) => d.file !== null).length;
  const drafts = docs.filter((d) => d.revision > 0).length + unlisted;
  const unsaved = [...docs.filter(isDirty).map((d) => d.path), ...held.filter(isHeldDirty).map((h) => h.path)];
  const played = games.data?.games.length ?? 0;
  return (
    <ConfirmDialog
      title="Delete ruleset"
      confirm={`Delete ${id}`}
      blocked={variants.length ? `It cannot be deleted while ${variants.map((v) => `${v.title} (${v.id})`).join(', ')} ${variants.length > 1 ? 'extend' : 'extends'} it: delete ${variants.length > 1 ? 'those variants' : 'that variant'} first.` : undefined}
      onConfirm={async () => {
        await api.authoring.deleteRuleset.mutate({ id });
        onDeleted();
        window.location.assign('/');
      }}
      onClose={onClose}
    >
      <p>
        Delete <strong>{title}</strong> (<code>{id}</code>) for good? Its folder goes with every file in it ({counted(files, 'document')} among them)
        {drafts > 0 && `, and so do the drafts of ${counted(drafts, 'document')}, with their history`}. This cannot be undone.
      </p>
      {unsaved.length > 0 && <p className="wb-error">Edits not saved yet are lost with it: {unsaved.join(', ')}.</p>}
      {played > 0 && (
        <p className="meta">
          {played > 1 ? `Its ${played} test games stay, each with the rules it was played on: the library lists them` : 'Its test game stays, with the rules it was played on: the library lists it'} among the test games of rulesets not in it.
        </p>
      )}
    </ConfirmDialog>
  );
}
