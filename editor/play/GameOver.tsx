'use client';
// The banner of a finished game: how it ended and why. An ending the tester wrote by hand may run to
// thousands of characters: its first lines are shown, the rest a click away, so the map stays in sight.
import { useState } from 'react';
import { capitalize, clipped } from '@/engine/words';

/** How much of the banner shows folded: about three lines of a laptop's width. */
export const BANNER_SHOWN = 300;

export function GameOver({ words, why }: { words: string; why?: string }) {
  const [whole, setWhole] = useState(false);
  const text = capitalize(why ? `${words}: ${why}` : words);
  const long = text.length > BANNER_SHOWN;
  return (
    <p className="play-over" role="status">
      {long && !whole ? clipped(text, BANNER_SHOWN) : text}
      {long && (
        <>
          {' '}
          <button type="button" className="wb-link" aria-expanded={whole} onClick={() => setWhole(!whole)}>
            {whole ? 'show less' : `show all (${text.length} characters)`}
          </button>
        </>
      )}
    </p>
  );
}
