'use client';
// A row of the action list that opens a picker on request: the link naming it, then the picker.
import { useState, type ReactNode } from 'react';

export function PickerRow({ opener, children }: { opener: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="play-action-row">
      <button className="wb-link" aria-expanded={open} onClick={() => setOpen(!open)}>
        {opener}
      </button>
      {open && children}
    </li>
  );
}
