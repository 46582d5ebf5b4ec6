// Transfers: points a power sends others each turn (aid). In a `transfers` step the side acting
// for the giving power announces them, within the turn's maximum and each recipient's limit; the counts
// of income that follow in the turn take them from the giver's income and add them to the recipients'.
import type { ProductionTransfer } from '../generated/schema-types';
import { joinPointer } from '../json/pointer';
import type { PlayerAction } from './actions';
import { actingSide } from './board';
import { test, value } from './expressions';
import { Refused, type Tx } from './tx';
import { noun, possessive } from '../words';

const POINTER = '/mechanics/production/transfers';

type TransferAction = Extract<PlayerAction, { type: 'transfer' }>;

const transfersOf = (tx: Tx): readonly ProductionTransfer[] => tx.rules.r.mechanics?.production?.transfers ?? [];

/** Points a transfer sends this turn, by recipient. */
export const sentThisTurn = (tx: Tx, id: string): Readonly<Record<string, number>> => tx.s.transferred?.[id] ?? {};

/** Points a transfer sends this turn, to all its recipients. */
const sentInAll = (tx: Tx, id: string) => Object.values(sentThisTurn(tx, id)).reduce((a, b) => a + b, 0);

/** How many more points a transfer may send a recipient this turn: what the turn's maximum leaves, within the recipient's first limit that holds. */
function room(tx: Tx, t: ProductionTransfer, k: number, to: string): { left: number; pointer: string } {
  const sent = sentThisTurn(tx, t.id);
  const at = joinPointer(POINTER, k);
  let left = value(tx, t.max, joinPointer(at, 'max')) - sentInAll(tx, t.id);
  let pointer = joinPointer(at, 'max');
  const limits = t.limits ?? [];
  for (let i = 0; i < limits.length; i++) {
    const l = limits[i];
    if (l.to !== to || (l.when && !test(tx, l.when, joinPointer(at, 'limits', i, 'when')))) continue;
    const cap = value(tx, l.max, joinPointer(at, 'limits', i, 'max')) - (sent[to] ?? 0);
    if (cap < left) [left, pointer] = [cap, joinPointer(at, 'limits', i)];
    break;
  }
  return { left: Math.max(0, left), pointer };
}

/** The transfers a side may announce now: each amount to each recipient (none while a maximum is a gap no one has answered). */
export function transferActions(tx: Tx, side: string): PlayerAction[] {
  const out: PlayerAction[] = [];
  transfersOf(tx).forEach((t, k) => {
    if (actingSide(tx.rules, tx.s, t.from) !== side) return;
    for (const to of t.to) {
      let left = 0;
      try {
        left = room(tx, t, k, to).left;
      } catch (e) {
        if (!(e instanceof Refused)) throw e;
      }
      for (let amount = 1; amount <= left; amount++) out.push({ type: 'transfer', side, transfer: t.id, to, amount });
    }
  });
  return out;
}

/** The `transfer` action: the giver's side announces points for a recipient, to be paid at this turn's count of income. */
export function transfer(tx: Tx, a: TransferAction) {
  const k = transfersOf(tx).findIndex((t) => t.id === a.transfer);
  if (k < 0) return tx.refuse('unknown-transfer', `no transfer "${a.transfer}"`, POINTER);
  const t = transfersOf(tx)[k];
  const at = joinPointer(POINTER, k);
  const name = t.name ?? t.id;
  const party = (id: string) => tx.rules.party(id);
  if (actingSide(tx.rules, tx.s, t.from) !== a.side) tx.refuse('not-yours', `${party(a.side)} may not send ${possessive(party(t.from))} points`, joinPointer(at, 'from'));
  if (!t.to.includes(a.to)) tx.refuse('bad-recipient', `${name} goes to ${t.to.map(party).join(' or ')}, not ${party(a.to)}`, joinPointer(at, 'to'));
  if (!Number.isInteger(a.amount) || a.amount < 1) tx.refuse('bad-amount', 'send a whole number of points, at least 1', at);
  const { left, pointer } = room(tx, t, k, a.to);
  if (a.amount > left) tx.refuse('transfer-limit', `${name} may send ${party(a.to)} ${left} more ${noun(left, 'point')} this turn, not ${a.amount}`, pointer);
  const sent = sentThisTurn(tx, t.id);
  tx.s.transferred = { ...tx.s.transferred, [t.id]: { ...sent, [a.to]: (sent[a.to] ?? 0) + a.amount } };
  const resource = tx.rules.r.mechanics!.production!.resource;
  tx.emit(() => ({ kind: 'effect', op: 'transfer', cite: tx.rules.cite(at), text: `${name}: ${party(t.from)} sends ${a.amount} ${resource} to ${party(a.to)}, paid at this turn's count of income` }));
}

/**
 * What transfers announced this turn take from a power's income and add to it, as parts of its income:
 * the giver loses all it sent; points a battle struck on the way to a recipient (struckBonuses) are lost to it.
 */
export function transferredIncome(tx: Tx, power: string): { amount: number; what: string; note?: string }[] {
  const parts: { amount: number; what: string; note?: string }[] = [];
  for (const t of transfersOf(tx)) {
    const sent = sentThisTurn(tx, t.id);
    const name = t.name ?? t.id;
    if (t.from === power) for (const [to, n] of Object.entries(sent)) parts.push({ amount: -n, what: `${name} to ${tx.rules.party(to)}` });
    if (!sent[power]) continue;
    const lost = Math.min(sent[power], tx.s.struckBonuses?.[`${t.id}:${power}`] ?? 0);
    parts.push({ amount: sent[power] - lost, what: `${name} from ${tx.rules.party(t.from)}`, note: lost ? ` (${lost} lost this turn)` : '' });
  }
  return parts;
}
