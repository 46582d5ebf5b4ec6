'use client';
// A form's required fields, checked as it is sent (the form marked noValidate): each one wrong is marked invalid and
// what it needs said beside it, naming the field, the first one focused. The browser's own bubble names no field
// ("Please fill out this field"), and for a required select or radio it can go unseen. A refusal of the server's
// about a field is said beside it the same way, the field focused, until the form is sent again.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { FormAction } from './useFormAction';

/**
 * `wrong`: by field, what it needs (naming it), or undefined when it is as it should be; `refused`: by field, what
 * the server said of the value sent (the form's action's last refusal); `typed`: by field, what is wrong with the text
 * typed that is cheap to check (a length, a date's form), said as it is typed, before the form is sent, which it stops.
 */
export function useRequired<K extends string>(wrong: Partial<Record<K, string>>, refused: Partial<Record<K, string>> = {}, typed: Partial<Record<K, string>> = {}) {
  const [tried, setTried] = useState(false);
  const prefix = useId();
  const fields = useRef(new Map<K, HTMLElement>());
  // The field the server refused, focused as its refusal comes (the button sending the form was disabled meanwhile).
  const refusedField = (Object.keys(refused) as K[]).find((k) => refused[k]);
  const refusal = refusedField && refused[refusedField];
  useEffect(() => {
    if (refusedField) fields.current.get(refusedField)?.focus();
  }, [refusedField, refusal]);

  /** The form's submit: the action's when no field is wrong, else each wrong one said; the last refusal goes either way. */
  const check = (action: Pick<FormAction, 'submit' | 'clear'>) => (e: FormEvent) => {
    action.clear();
    const first = ([...Object.keys(typed), ...Object.keys(wrong)] as K[]).find((k) => typed[k] ?? wrong[k]);
    if (first === undefined) return action.submit(e);
    e.preventDefault();
    setTried(true);
    fields.current.get(first)?.focus();
  };
  /** A field's marks and ref (`props`, for its input) and what it needs (`note`, beside it): once the form has been sent, or as typed. */
  const says = (field: K) => {
    const shown = typed[field] ?? (tried ? wrong[field] : undefined) ?? refused[field];
    const id = `${prefix}-${field}-missing`;
    return {
      props: {
        ref: (el: HTMLElement | null) => void (el ? fields.current.set(field, el) : fields.current.delete(field)),
        'aria-invalid': shown !== undefined,
        'aria-describedby': shown !== undefined ? id : undefined,
      },
      note: shown !== undefined && (
        <span className="wb-error" id={id} data-testid={`missing-${field}`}>
          {shown}
        </span>
      ),
    };
  };
  return { check, says };
}
