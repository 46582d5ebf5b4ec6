'use client';
// Who plays each side of a test game: a person or a bot of a kind, changed at any time, each change listed
// with the log entry it was made at.
import type { inferRouterOutputs } from '@trpc/server';
import type { BotKind } from '@/engine/game/bots';
import type { AppRouter } from '@/server/router';
import { changeText, PLAYERS, type Player } from './player-words';

type Change = inferRouterOutputs<AppRouter>['games']['state']['playerChanges'][number];
export type { Player };

export function Players({ sides, bots, changes, sideName, busy, onSet }: { sides: string[]; bots: Partial<Record<string, BotKind>>; changes: Change[]; sideName: (id: string) => string; busy: boolean; onSet: (side: string, player: Player) => void }) {
  return (
    <section className="play-players" data-testid="players" aria-label="Players">
      <p>
        Played by:{' '}
        {sides.map((side, i) => (
          <label key={side}>
            {i > 0 && ' · '}
            {sideName(side)}{' '}
            <select aria-label={`${sideName(side)} played by`} value={bots[side] ?? 'person'} disabled={busy} onChange={(e) => onSet(side, e.target.value as Player)}>
              {PLAYERS.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
            </select>
          </label>
        ))}
      </p>
      {changes.length > 0 && (
        <details className="meta" data-testid="player-changes">
          <summary>{changes.length === 1 ? '1 change of player' : `${changes.length} changes of player`}</summary>
          <ul>
            {changes.map((c, i) => (
              <li key={i} title={new Date(c.at).toLocaleString()}>
                {changeText(c, sideName)}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
