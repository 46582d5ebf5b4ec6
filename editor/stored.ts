// A choice of how the studio looks (a list folded) kept in the browser, so that it survives a reload and
// holds on every page that offers it; where the browser keeps nothing (storage blocked), it lasts the page.
import { useState } from 'react';

/** A yes-or-no kept in the browser's local storage under `key`, false until set. */
export function useStoredFlag(key: string): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState(() => {
    try {
      return window.localStorage.getItem(key) === 'true';
    } catch {
      return false;
    }
  });
  const set = (next: boolean) => {
    setValue(next);
    try {
      window.localStorage.setItem(key, String(next));
    } catch {
      // Kept for this page only.
    }
  };
  return [value, set];
}
