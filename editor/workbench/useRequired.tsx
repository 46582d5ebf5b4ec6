'use client';
// A form's required fields, checked as it is sent (the form marked noValidate): each one wrong is marked invalid and
// what it needs said beside it, naming the field. The browser's own bubble names no field ("Please fill out this
// field"), and for a required select or radio it can go unseen.
import { useId, useState, type FormEvent } from 'react';

/** `wrong`: by field, what it needs (naming it), or undefined when it is as it should be. */
export function useRequired<K extends string>(wrong: Record<K, string | undefined>) {
  const [tried, setTried] = useState(false);
  const prefix = useId();
  /** The form's submit: `submit` when no field is wrong, else each wrong one said. */
  const check = (submit: (e: FormEvent) => void) => (e: FormEvent) => {
    if (!Object.values<string | undefined>(wrong).some(Boolean)) return submit(e);
    e.preventDefault();
    setTried(true);
  };
  /** A field's marks (`aria`, for its input) and what it needs (`note`, beside it), once the form has been sent. */
  const says = (field: K) => {
    const shown = tried ? wrong[field] : undefined;
    const id = `${prefix}-${field}-missing`;
    return {
      aria: { 'aria-invalid': shown !== undefined, 'aria-describedby': shown !== undefined ? id : undefined },
      note: shown !== undefined && (
        <span className="wb-error" id={id} data-testid={`missing-${field}`}>
          {shown}
        </span>
      ),
    };
  };
  return { check, says };
}
