'use client';
// The studio's modal dialogs (confirmations, new rulesets, launching a test game): marked as a modal dialog
// named by its heading, on the page's body (asked from a header line or a list item, it would take their
// styles), the focus kept inside while it is open and given back after; Escape or a click outside cancels.
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

interface Props {
  title: string;
  /** Classes beside `wb-dialog`. */
  className?: string;
  onSubmit: (e: FormEvent) => void;
  /** The form checks its own fields as it is sent (useRequired), not the browser. */
  noValidate?: boolean;
  onClose: () => void;
  children: ReactNode;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Modal({ title, className, onSubmit, noValidate, onClose, children }: Props) {
  const heading = useId();
  const ref = useRef<HTMLDivElement>(null);
  // Read as the dialog first renders: by its effects, a field marked autoFocus has the focus.
  const [opener] = useState(() => document.activeElement);

  // Focus starts on the field marked autoFocus, else on the dialog itself; it returns where it was.
  useEffect(() => {
    if (!ref.current?.contains(document.activeElement)) ref.current?.focus();
    return () => {
      if (opener instanceof HTMLElement) opener.focus();
    };
  }, [opener]);

  // A button disabled while its action runs loses the focus to the page's body, outside the dialog, where Escape
  // and Tab no longer reach it: the dialog takes it back (a form then gives it to the field at fault, useRequired).
  useEffect(() => {
    if (document.activeElement === document.body) ref.current?.focus();
  });

  const keys = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const inside = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (!inside.length) return e.preventDefault();
    const [first, last] = [inside[0], inside[inside.length - 1]];
    if (e.shiftKey && (document.activeElement === first || document.activeElement === ref.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="wb-dialog-backdrop" onClick={onClose}>
      <div ref={ref} role="dialog" aria-modal="true" aria-labelledby={heading} tabIndex={-1} className={`wb-dialog${className ? ` ${className}` : ''}`} onClick={(e) => e.stopPropagation()} onKeyDown={keys}>
        <form onSubmit={onSubmit} noValidate={noValidate}>
          <h2 id={heading}>{title}</h2>
          {children}
        </form>
      </div>
    </div>,
    document.body,
  );
}

/**
 * A dialog's foot: why its action failed (if it did), the action's button (submitting its form; none where it
 * cannot be taken) and cancel, focused first where Enter alone must not confirm what cannot be undone.
 */
export function DialogActions({ error, submit, disabled, onCancel, focusCancel, cancel = 'cancel' }: { error?: string; submit?: ReactNode; disabled?: boolean; onCancel: () => void; focusCancel?: boolean; cancel?: string }) {
  return (
    <>
      {error && (
        <p className="wb-error" role="alert">
          {error}
        </p>
      )}
      <div className="wb-actions">
        {submit !== undefined && (
          <button type="submit" disabled={disabled}>
            {submit}
          </button>
        )}
        <button type="button" className="wb-link" onClick={onCancel} autoFocus={focusCancel}>
          {cancel}
        </button>
      </div>
    </>
  );
}
