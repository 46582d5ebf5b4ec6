'use client';
// The tester's rulings kept for the rest of the game (answers given with "keep this ruling"), each with
// a way to withdraw it: the engine then asks again when it next needs the value.
import type { Action } from '@/engine/game';
import { counted } from '@/engine/words';

export function Rulings({ rulings, busy, onSend }: { rulings: Readonly<Record<string, number | string>>; busy: boolean; onSend: (a: Action) => void }) {
  const kept = Object.entries(rulings);
  if (kept.length === 0) return null;
  return (
    <details className="play-manual" data-testid="rulings">
      <summary>Rulings kept ({counted(kept.length, 'ruling')})</summary>
      <p className="meta">Your answers kept for the rest of the game, by what they answer (a value of the data, where it is one). Withdrawn, the engine asks again when it next needs it.</p>
      <ul className="play-rulings">
        {kept.map(([key, value]) => (
          <li key={key}>
            <code>{key}</code> = {String(value)}{' '}
            <button type="button" className="wb-link" disabled={busy} onClick={() => onSend({ type: 'manual', op: { op: 'forgetRuling', key } })}>
              withdraw
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
