'use client';
// Loss points allocated by hand: how many each unit takes, up to what it can, until the points due are
// placed. The listing offers two orders only (round the units, or one unit at a time), or for whole
// units lost, every choice while there are few; the rules let the owner choose any.
import { useState } from 'react';
import type { GameStatus } from '@/engine/game';
import { counted } from '@/engine/words';
import type { Listed } from './ActionList';
import { PickerRow } from './PickerRow';

export type Loss = GameStatus['losses'][number];

export function LossPicker({ loss, busy, sideName, unitName, onAct }: { loss: Loss; busy: boolean; sideName: (id: string) => string; unitName: (id: string) => string; onAct: (a: Listed) => void }) {
  const [taken, setTaken] = useState<Record<string, number>>({});
  const ids = Object.keys(loss.room);
  const hits = ids.flatMap((id) => Array.from({ length: taken[id] ?? 0 }, () => id));
  const set = (id: string, n: number) => setTaken({ ...taken, [id]: Math.max(0, Math.min(loss.room[id], Number.isFinite(n) ? n : 0)) });
  const chosen = ids.filter((id) => taken[id]).map((id) => `${unitName(id)}${taken[id] > 1 ? ` ×${taken[id]}` : ''}`).join(', ');
  const label = loss.perStep ? `Take losses on ${chosen}` : `Eliminate ${chosen}`;
  // Which losses: a side may owe several at once (a broken stack in each of two hexes).
  const among = ids.length > 3 ? `${ids.slice(0, 2).map(unitName).join(', ')} and ${ids.length - 2} more` : ids.map(unitName).join(', ');
  return (
    <PickerRow opener={`pick the losses among ${among}, unit by unit`}>
      <fieldset className="play-picker">
        <legend>
          {loss.perStep ? `${counted(loss.due, 'loss point')} for ${sideName(loss.side)} to allocate (a step each)` : `${counted(loss.due, 'unit')} for ${sideName(loss.side)} to eliminate`}
        </legend>
        {ids.map((id) =>
          loss.room[id] === 1 ? (
            <label key={id}>
              <input type="checkbox" checked={taken[id] === 1} onChange={(e) => set(id, e.target.checked ? 1 : 0)} /> {unitName(id)}
            </label>
          ) : (
            <label key={id}>
              <input type="number" className="play-hits" min={0} max={loss.room[id]} value={taken[id] ?? 0} onChange={(e) => set(id, e.target.valueAsNumber)} /> {unitName(id)} <span className="meta">(up to {loss.room[id]})</span>
            </label>
          ),
        )}
        <button disabled={busy || hits.length !== loss.due} onClick={() => onAct({ action: { type: 'allocate', side: loss.side, loss: loss.id, units: hits }, label })}>
          Take {hits.length} of {loss.due}
        </button>
      </fieldset>
    </PickerRow>
  );
}
