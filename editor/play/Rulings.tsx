'use client';
// The tester's rulings kept for the rest of the game (answers given with "keep this ruling"), each as it was
// asked, with a way to withdraw it: the engine then asks again when it next needs the value.
import type { inferRouterOutputs } from '@trpc/server';
import type { Action } from '@/engine/game';
import { counted } from '@/engine/words';
import type { AppRouter } from '@/server/router';

type Ruling = inferRouterOutputs<AppRouter>['games']['state']['rulings'][number];

export function Rulings({ rulings, busy, onSend }: { rulings: readonly Ruling[]; busy: boolean; onSend: (a: Action) => void }) {
  if (rulings.length === 0) return null;
  return (
    <details className="play-manual" data-testid="rulings">
      <summary>Rulings kept ({counted(rulings.length, 'ruling')})</summary>
      <p className="meta">Your answers kept for the rest of the game. Withdrawn, the engine asks again when it next needs the value.</p>
      <ul className="play-rulings">
        {rulings.map(({ key, value, question, seq }) => (
          <li key={key} title={key}>
            {question ?? <code>{key}</code>}: <strong>{String(value)}</strong>
            {seq !== undefined && <span className="meta"> (entry #{seq})</span>}{' '}
            <button type="button" className="wb-link" disabled={busy} onClick={() => onSend({ type: 'manual', op: { op: 'forgetRuling', key } })}>
              withdraw
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
