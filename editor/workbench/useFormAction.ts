'use client';
// A form's submit: busy while the action runs, its error message kept when it fails (the action
// itself navigates or closes the form on success).
import { useState, type FormEvent } from 'react';
import { messageOf } from './api';

export function useFormAction(action: () => Promise<void>) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (err) {
      setError(messageOf(err));
      setBusy(false);
    }
  };
  return { error, busy, submit };
}
