// What a game waits for in the middle of an action: a side's choice (where a displaced unit goes, a
// transit attack, the defence's support, the production points a battle strikes, losses, a retreat or
// an advance), in words, with what follows it. The one wording of the refusals of other actions meanwhile
// and of the play page's line on what the game waits for.
import { aftermathSide } from './combat/aftermath';
import type { Cite } from './log';
import type { Rules } from './rules';
import type { GameState } from './state';
import type { Tx } from './tx';
import { unitLabel } from './units';
import { counted, noun } from '../words';

export interface Wait {
  code: string;
  /** The side that must act. */
  side: string;
  /** What it must do, as a verb phrase: "allocate 1 loss point". */
  what: string;
  cite: Cite;
}

/** The choices the game waits for now, each side's (losses may wait on both sides at once), with what follows them; none between actions. */
export function waits(rules: Rules, s: GameState): { waits: Wait[]; then?: string } {
  const d = s.displaced?.[0];
  if (d) return { waits: [{ code: 'displacement-pending', side: d.side, what: `choose where ${unitLabel(rules, s.units[d.unit])} is displaced to`, cite: d.cite }] };
  const t = s.transit;
  // Attacked, the unit stops there; let pass, its move goes on: each said with its choice.
  if (t) return { waits: [{ code: 'transit-pending', side: t.side, what: `attack ${unitLabel(rules, s.units[t.unit])} in transit at ${rules.label(t.at)} (where it then stops) or let it pass (its move goes on)`, cite: t.cite }] };
  const f = s.defense;
  if (f) {
    const what = `choose the ${f.intercept ? 'interception of the attack on' : 'support of the defence of'} ${rules.label(f.target)}`;
    return { waits: [{ code: 'defense-pending', side: f.by, what, cite: f.cite }], then: `the battle at ${rules.label(f.target)} is fought` };
  }
  const k = s.strike;
  if (k) return { waits: [{ code: 'strike-pending', side: k.side, what: `choose which ${counted(k.points, 'production point')} ${noun(k.points, 'is', 'are')} lost`, cite: k.cite }] };
  if (s.losses.length) {
    const b = s.battle;
    const then = b ? `the battle at ${rules.label(b.target)} is fought on${b.stage === 'main' ? ', after its support battle' : ''}` : s.aftermath ? (s.aftermath.stage === 'retreat' ? 'the loser of the battle retreats' : 'the winner may advance') : undefined;
    return { waits: s.losses.map((l) => ({ code: 'losses-pending', side: l.side, what: `allocate ${counted(l.points, 'loss point')}`, cite: l.cite })), then };
  }
  const a = s.aftermath;
  const side = a && aftermathSide(rules, s);
  if (a && side) return { waits: [{ code: 'aftermath-pending', side, what: `${a.stage === 'retreat' ? 'retreat' : 'advance or end the advance'} after the battle`, cite: a.cite }] };
  return { waits: [] };
}

/** The play page's line on what the game waits for: "Red to allocate 1 loss point; then the battle at hex 0403 is fought on". */
export function waitingText(rules: Rules, s: GameState): string | undefined {
  const { waits: w, then } = waits(rules, s);
  return w.length ? `${w.map((x) => `${rules.party(x.side)} to ${x.what}`).join(', and ')}${then ? `; then ${then}` : ''}` : undefined;
}

/** Refuses an action while the game waits for a side's choice in the middle of another, `detail` saying more (the choices). */
export function refuseWaiting(tx: Tx, detail = ''): never {
  const w = waits(tx.rules, tx.s).waits[0];
  return tx.refuse(w.code, `${tx.rules.party(w.side)} must first ${w.what}${detail}`, w.cite.pointer);
}
