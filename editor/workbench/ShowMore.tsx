'use client';
// Long lists (a paste can give tens of thousands of problems or placements) draw their first SHOWN items and
// a button for more: thousands of rows at once freeze the page at each keystroke.
import { useState } from 'react';
import { counted } from '@/engine/words';

export const SHOWN = 200;

/** How many items of a list to draw, and one more page of them. */
export function useShown(): [number, () => void, () => void] {
  const [shown, setShown] = useState(SHOWN);
  return [shown, () => setShown((n) => n + SHOWN), () => setShown(SHOWN)];
}

/** "19,800 more problems not listed · show 200 more", when the list has more than it shows. */
export function ShowMore({ total, shown, noun, onMore }: { total: number; shown: number; noun: string; onMore: () => void }) {
  if (total <= shown) return null;
  return (
    <p className="meta wb-more">
      {counted(total - shown, `more ${noun}`)} not listed{' '}
      <button className="wb-link" onClick={onMore}>
        show {Math.min(SHOWN, total - shown)} more
      </button>
    </p>
  );
}
