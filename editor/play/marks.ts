// What the play map marks, worked out from actions as plain data: the hexes an action involves, and
// where the selected unit may go by the actions listed for it.
import type { Action, GameState } from '@/engine/game';

/** Hexes marked on the play map, by hex number, one set per kind of mark. */
export interface PlayMarks {
  /** Where the selected unit may go (its listed moves, placements, retreats, advances), and by rail. */
  reach?: ReadonlySet<string>;
  rail?: ReadonlySet<string>;
  /** Where zones of control hostile to the side in view affect movement. */
  zones?: ReadonlySet<string>;
  /** Where an action's units stand, and where it goes or strikes. */
  from?: ReadonlySet<string>;
  to?: ReadonlySet<string>;
}

type Fields = { unit?: string; units?: string[]; carrier?: string; to?: string; at?: string; target?: string; rail?: boolean };
const hexOf = (at: string | undefined) => (at?.startsWith('hex:') ? [at.slice(4)] : []);

/** The hexes an action involves: where its units stand (a unit to place or buy stands nowhere yet), and where it goes or strikes. */
export function hexesOf(a: Action, s: Pick<GameState, 'units'>): PlayMarks {
  const x = a as Fields;
  const units = [x.unit, x.carrier, ...(x.units ?? [])].filter((u): u is string => !!u);
  const to = new Set([x.to, x.at, x.target].flatMap(hexOf));
  return { from: new Set(units.flatMap((u) => hexOf(s.units[u]?.at)).filter((h) => !to.has(h))), to };
}

/**
 * Where a unit may go by the actions listed, by hex number: the first listed action to each hex (a
 * move on foot comes before one by rail to the same hex, as the listing orders them).
 */
export function destinationsOf<T extends { action: Action }>(listed: readonly T[], unit: string): Map<string, T> {
  const to = new Map<string, T>();
  for (const l of listed) {
    const x = l.action as Fields;
    if (x.unit !== unit) continue;
    for (const hex of hexOf(x.to ?? x.at)) if (!to.has(hex)) to.set(hex, l);
  }
  return to;
}
