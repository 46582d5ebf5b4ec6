'use client';
// The library's way to start a ruleset: the workbench's dialog, from the blank template.
import { useState } from 'react';
import { CreateDialog } from './CreateDialog';

/** `folder`: the rulesets folder the studio serves, which the dialog names. */
export function NewRuleset({ folder }: { folder: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="library-new" onClick={() => setOpen(true)} title="A ruleset from the blank template; a variant or a copy of one is made from its workbench">
        New ruleset…
      </button>
      {open && <CreateDialog from={{ mode: 'blank' }} folder={folder} onClose={() => setOpen(false)} />}
    </>
  );
}
