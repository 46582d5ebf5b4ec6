'use client';
// A question before an action that writes files or deletes: it says what will change, and nothing happens
// until it is confirmed. A refusal stays in the dialog; the action itself closes it (or leaves the page).
import type { ReactNode } from 'react';
import { DialogActions, Modal } from './Modal';
import { useFormAction } from './useFormAction';

interface Props {
  title: string;
  children: ReactNode;
  /** The confirming button's words: the action, named ("Publish 2 drafts"). */
  confirm: string;
  /** Why the action cannot be taken now, shown in place of the confirming button. */
  blocked?: string;
  /** The confirming button waits (what it would do is still being checked). */
  waiting?: boolean;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

export function ConfirmDialog({ title, children, confirm, blocked, waiting, onConfirm, onClose }: Props) {
  const { error, busy, submit } = useFormAction(onConfirm);
  return (
    <Modal title={title} className="wb-confirm" onSubmit={submit} onClose={onClose}>
      {children}
      {blocked && <p className="wb-error">{blocked}</p>}
      {/* Cancel focused first: Enter alone never confirms what cannot be undone. */}
      <DialogActions error={error} submit={blocked ? undefined : confirm} disabled={busy || waiting} onCancel={onClose} focusCancel />
    </Modal>
  );
}
