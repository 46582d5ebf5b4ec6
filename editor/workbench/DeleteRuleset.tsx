'use client';
// "Delete ruleset…" in the workbench: the ruleset's folder and its drafts go, after a confirmation naming
// them; not while another ruleset extends it (the server refuses that too). Its test games stay.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '@/editor/TrpcProvider';
import { counted } from '@/engine/words';
import { api } from './api';
import { ConfirmDialog } from './ConfirmDialog';
import type { DocState } from './workspace';

export function DeleteRuleset({ id, title, docs }: { id: string; title: string; docs: readonly DocState[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="wb-link" onClick={() => setOpen(true)} title="Its folder and its drafts, for good (asks first)">
        delete ruleset…
      </button>
      {open && <DeleteDialog id={id} title={title} docs={docs} onClose={() => setOpen(false)} />}
    </>
  );
}

function DeleteDialog({ id, title, docs, onClose }: { id: string; title: string; docs: readonly DocState[]; onClose: () => void }) {
  const trpc = useTRPC();
  const library = useQuery(trpc.rulesets.list.queryOptions());
  const games = useQuery(trpc.games.list.queryOptions({ rulesetId: id }));
  const variants = (library.data ?? []).filter((r) => r.extends === id);
  const files = docs.filter((d) => d.file !== null).length;
  const drafts = docs.filter((d) => d.revision > 0).length;
  const played = games.data?.games.length ?? 0;
  return (
    <ConfirmDialog
      title="Delete ruleset"
      confirm={`Delete ${id}`}
      blocked={variants.length ? `It cannot be deleted while ${variants.map((v) => `${v.title} (${v.id})`).join(', ')} ${variants.length > 1 ? 'extend' : 'extends'} it: delete ${variants.length > 1 ? 'those variants' : 'that variant'} first.` : undefined}
      onConfirm={async () => {
        await api.authoring.deleteRuleset.mutate({ id });
        window.location.assign('/');
      }}
      onClose={onClose}
    >
      <p>
        Delete <strong>{title}</strong> (<code>{id}</code>) for good? Its folder goes with every file in it ({counted(files, 'document')} among them)
        {drafts > 0 && `, and so do the drafts of ${counted(drafts, 'document')}, with their history`}. This cannot be undone.
      </p>
      {played > 0 && (
        <p className="meta">
          {played > 1 ? `Its ${played} test games stay, each with the rules it was played on: the library lists them` : 'Its test game stays, with the rules it was played on: the library lists it'} among the test games of rulesets not in it.
        </p>
      )}
    </ConfirmDialog>
  );
}
