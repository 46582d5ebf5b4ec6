// What a battle's loss points strike besides units (a combat model's `strikes`): the production of the
// places at the target, or points of production bonuses and transfers due this turn. Where the points
// could fall on more than one of those, the attacking side chooses which (as a rulebook may say: "the
// attacker decides which production points ... are lost").
import type { Cite } from '../log';
import { bonusAmount } from '../production';
import type { LocKey, PendingStrike } from '../state';
import { sentThisTurn } from '../transfers';
import type { Tx } from '../tx';
import { counted, noun } from '../../words';

/** The places at a location produce nothing at this turn's production. */
export function strikeProduction(tx: Tx, target: LocKey, cite: Cite) {
  if (!(tx.s.struck ??= []).includes(target)) tx.s.struck.push(target);
  tx.emit(() => ({ kind: 'effect', op: 'strike-production', cite, text: `${tx.rules.label(target)} is struck: it produces nothing at this turn's production` }));
}

/** Points a battle may strike: a bonus (its id) or a transfer's points to one recipient (`<transfer>:<recipient>`). */
interface Strikable {
  key: string;
  name: string;
  /** Points due this turn. */
  amount: number;
}

/**
 * What the ids a combat model strikes (struckBonuses) stand for now, in their order: a bonus whose
 * condition holds, with its points this turn; a transfer, its points sent this turn to each recipient.
 */
function strikables(tx: Tx, ids: readonly string[]): Strikable[] {
  const model = tx.rules.r.mechanics?.production;
  return ids.flatMap((id): Strikable[] => {
    const bonus = model?.bonuses?.find((b) => b.id === id);
    if (bonus) return [{ key: id, name: bonus.name ?? id, amount: bonusAmount(tx, id) ?? 0 }];
    const transfer = model?.transfers?.find((t) => t.id === id);
    const sent = sentThisTurn(tx, id);
    return (transfer?.to ?? []).map((to) => ({ key: `${id}:${to}`, name: `${transfer!.name ?? id} to ${tx.rules.party(to)}`, amount: sent[to] ?? 0 }));
  });
}

/**
 * Loss points cancel points due this turn (see strikables), each up to what is left of it: in the model's
 * order where the points cover them all or one alone is left, else as the attacking side chooses (a
 * pending strike, settled by its `strike` action).
 */
export function strikeBonuses(tx: Tx, side: string, ids: readonly string[], points: number, cite: Cite) {
  const room: Record<string, number> = {};
  const names: Record<string, string> = {};
  for (const x of strikables(tx, ids)) {
    const left = x.amount - (tx.s.struckBonuses?.[x.key] ?? 0);
    if (left > 0) (room[x.key] = left), (names[x.key] = x.name);
  }
  const open = Object.keys(room);
  if (open.length > 1 && open.reduce((n, key) => n + room[key], 0) > points) {
    tx.s.strike = { side, points, room, names, cite };
    return tx.emit(() => ({ kind: 'effect', op: 'strike-bonuses', cite, text: `${tx.rules.party(side)} chooses which ${counted(points, 'point')} ${noun(points, 'is', 'are')} lost at this turn's production, of ${open.map((key) => `${names[key]} (${room[key]})`).join(', ')}` }));
  }
  sink(tx, open.flatMap((key) => Array<string>(room[key]).fill(key)).slice(0, points), points, names, cite);
}

/** The `strike` action: the attacking side names what each loss point sinks (a key of the pending strike's room per point). */
export function chooseStrikes(tx: Tx, side: string, lost: readonly string[]) {
  const pending = tx.s.strike ?? tx.refuse('no-strike', 'no loss points wait to be shared out among production points', '/mechanics/combat');
  const at = pending.cite.pointer;
  if (pending.side !== side) tx.refuse('not-yours', `${tx.rules.party(pending.side)}, not ${tx.rules.party(side)}, chooses the points lost`, at);
  if (lost.length !== pending.points) tx.refuse('strike-count', `name what each of the ${counted(pending.points, 'loss point')} sinks, not ${lost.length}`, at);
  for (const key of new Set(lost)) {
    if (!Object.hasOwn(pending.room, key)) tx.refuse('strike-unknown', `"${key}" is not among the points that may be lost (${Object.keys(pending.room).join(', ')})`, at);
    const n = lost.filter((x) => x === key).length;
    if (n > pending.room[key]) tx.refuse('strike-excess', `${pending.names[key]} has ${counted(pending.room[key], 'point')} left to lose, not ${n}`, at);
  }
  tx.s.strike = undefined;
  sink(tx, lost, lost.length, pending.names, pending.cite);
}

/** Every way to share out a pending strike's points, a key per point, in the order of its room (the first ways sinking the first points). */
export function strikeChoices(pending: PendingStrike): string[][] {
  const keys = Object.keys(pending.room);
  const ways: string[][] = [];
  const share = (k: number, left: number, picked: string[]) => {
    if (left === 0) return void ways.push(picked);
    if (k === keys.length) return;
    for (let n = Math.min(left, pending.room[keys[k]]); n >= 0; n--) share(k + 1, left - n, [...picked, ...Array<string>(n).fill(keys[k])]);
  };
  share(0, pending.points, []);
  return ways;
}

/** What each key of a list sinks, for people: "2 of Aid to South, 1 of Colonies". */
export const strikeText = (names: Readonly<Record<string, string>>, keys: readonly string[]) => {
  const n = new Map<string, number>();
  for (const key of keys) n.set(key, (n.get(key) ?? 0) + 1);
  return [...n].map(([key, count]) => `${count} of ${names[key] ?? key}`).join(', ');
};

/** Cancels a point of each key named (once per point); the rest of the points strike nothing. */
function sink(tx: Tx, keys: readonly string[], points: number, names: Readonly<Record<string, string>>, cite: Cite) {
  const struck = (tx.s.struckBonuses ??= {});
  for (const key of keys) struck[key] = (struck[key] ?? 0) + 1;
  const left = points - keys.length;
  const text = keys.length ? `Lost at this turn's production: ${strikeText(names, keys)}${left > 0 ? `; ${counted(left, 'loss point')} ${noun(left, 'strikes', 'strike')} nothing more` : ''}` : `Nothing left to strike: ${counted(points, 'loss point')} ${noun(points, 'strikes', 'strike')} nothing`;
  tx.emit(() => ({ kind: 'effect', op: 'strike-bonuses', cite, text }));
}
