'use client';
// A form's submit: busy while the action runs, its error message (and the server's code for it) kept when it
// fails (the action itself navigates or closes the form on success), cleared as the form is sent again.
import { useState, type FormEvent } from 'react';
import { isTRPCClientError } from '@trpc/client';
import { messageOf } from './api';

export interface FormAction {
  error?: string;
  /** The server's code for the refusal (CONFLICT: a name in use), to say it beside the field at fault. */
  code?: string;
  /** An input the server refused: what is wrong by field (its path: "title"), to say beside each field. */
  fields?: Record<string, string>;
  busy: boolean;
  submit: (e: FormEvent) => Promise<void>;
  /** Takes the last refusal away: the form is sent again (useRequired's check). */
  clear: () => void;
}

export function useFormAction(action: () => Promise<void>): FormAction {
  const [refusal, setRefusal] = useState<{ error: string; code?: string; fields?: Record<string, string> }>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setRefusal(undefined);
    try {
      await action();
    } catch (err) {
      const data = isTRPCClientError(err) ? (err.data as { code?: string; fields?: Record<string, string> } | undefined) : undefined;
      setRefusal({ error: messageOf(err), code: data?.code, fields: data?.fields });
      setBusy(false);
    }
  };
  return { ...refusal, busy, submit, clear: () => setRefusal(undefined) };
}
