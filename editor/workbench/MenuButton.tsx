'use client';
// A button opening a list of choices, as the WAI-ARIA menu button pattern has it: browsing the choices (the
// arrows, Home, End) does nothing until one is chosen (Enter, Space or a click); Escape closes the list and gives
// the focus back to the button, as does a choice; Tab or a click elsewhere closes it. A native <select> acting
// on change would act on the first arrow key.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

export interface MenuChoice<T extends string> {
  value: T;
  label: string;
}

export function MenuButton<T extends string>({ label, title, choices, onChoose }: { label: string; title?: string; choices: readonly MenuChoice<T>[]; onChoose: (value: T) => void }) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLLIElement | null)[]>([]);
  const [open, setOpen] = useState(false);
  /** The choice to focus once the list is drawn: its index, negative from the end. */
  const first = useRef(0);

  useEffect(() => {
    if (open) items.current.at(first.current)?.focus();
  }, [open]);

  const openAt = (index: number) => {
    first.current = index;
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const choose = (value: T) => {
    close();
    onChoose(value);
  };

  const buttonKeys = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      openAt(e.key === 'ArrowDown' ? 0 : -1);
    }
  };
  const menuKeys = (e: KeyboardEvent) => {
    const at = items.current.indexOf(document.activeElement as HTMLLIElement);
    const move = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: choices.length - 1 }[e.key];
    if (move !== undefined) {
      e.preventDefault();
      items.current[(move + choices.length) % choices.length]?.focus();
    } else if ((e.key === 'Enter' || e.key === ' ') && at >= 0) {
      e.preventDefault();
      choose(choices[at].value);
    } else if (e.key === 'Escape') {
      e.stopPropagation();
      close();
    } else if (e.key === 'Tab') {
      // The focus goes on from the button: the browser's Tab then moves it to what follows the button.
      close();
    }
  };

  return (
    <span
      className="wb-menu-button"
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setOpen(false);
      }}
    >
      <button ref={button} id={`${id}-button`} type="button" aria-haspopup="menu" aria-expanded={open} aria-controls={open ? `${id}-menu` : undefined} title={title} onClick={() => (open ? setOpen(false) : openAt(0))} onKeyDown={buttonKeys}>
        {label}
      </button>
      {open && (
        <ul id={`${id}-menu`} role="menu" aria-labelledby={`${id}-button`} className="wb-menu" onKeyDown={menuKeys}>
          {choices.map((c, i) => (
            <li
              key={c.value}
              ref={(el) => {
                items.current[i] = el;
              }}
              role="menuitem"
              tabIndex={-1}
              onClick={() => choose(c.value)}
              onMouseEnter={(e) => e.currentTarget.focus()}
            >
              {c.label}
            </li>
          ))}
        </ul>
      )}
    </span>
  );
}
