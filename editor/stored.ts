// A choice of how the studio looks (a list folded, a pane's share of the room) kept in the browser, so that it
// survives a reload and holds on every page that offers it; where the browser keeps nothing (storage blocked), it lasts the page.
import { useState } from 'react';

/** A value kept in the browser's local storage under `key`, read from its text (null for none); undefined is removed. */
function useStored<T>(key: string, read: (text: string | null) => T): [T, (value: T) => void] {
  const [value, setValue] = useState(() => {
    try {
      return read(window.localStorage.getItem(key));
    } catch {
      return read(null);
    }
  });
  const set = (next: T) => {
    setValue(next);
    try {
      if (next === undefined) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, String(next));
    } catch {
      // Kept for this page only.
    }
  };
  return [value, set];
}

/** A yes-or-no kept in the browser's local storage under `key`, false until set. */
export const useStoredFlag = (key: string) => useStored(key, (text) => text === 'true');

/** A number kept in the browser's local storage under `key`: undefined until set (and once set to undefined), or if what is kept there is not a number. */
export const useStoredNumber = (key: string) =>
  useStored<number | undefined>(key, (text) => (text !== null && Number.isFinite(Number(text)) && text.trim() !== '' ? Number(text) : undefined));
