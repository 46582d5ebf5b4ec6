// How an attack tends to go, before it is made: the same attack fought many times from the same
// position on fresh dice, as a battle calculator does. Each run is an ordinary applyAction on a copy,
// so the odds follow every rule the battle itself follows. An attack that would ask the tester
// something (a gap in a table, a result code) has no odds: the runs could only invent the answer;
// but where the question has an answer that changes nothing (no die-roll modifier), the runs assume it and say so.
import type { Action, PlayerAction } from './actions';
import type { GameEvent } from './log';
import { seedState } from './dice';
import type { Game } from './game';
import type { GameState } from './state';
import { spreadAllocation } from './combat/losses';

export interface AttackOdds {
  runs: number;
  /** Battles won, by side; the rest of the runs no side won (or an interception stopped the attack). */
  wins: Record<string, number>;
  /** Loss points each side took, on average over the runs, in the battle and in its interception or support battle. */
  lossPoints: Record<string, number>;
  /** Runs by the result code an odds table gave, where it gives one. */
  results?: Record<string, number>;
  /** The units the defender was taken to support the defence with, where it chooses (all it may). */
  support?: string[];
  /** What the runs assumed where the battle asks the tester for a value that may change nothing (no die-roll modifier): the questions, answered with that value. */
  assumed?: string[];
  /** The strengths the battle counts, attacker's and defender's, each as [least, most] over the runs (a support battle won or lost may change them). */
  strengths?: { attacker: [number, number]; defender: [number, number] };
}

const WAITING_LOSSES = 'the losses of the interception or support battle, which their owners choose, fall on full-strength units first';

export type OddsResult = { ok: true; odds: AttackOdds } | { ok: false; reason: string };

export function attackOdds(game: Game, s: GameState, action: Extract<PlayerAction, { type: 'attack' }>, runs: number): OddsResult {
  const wins: Record<string, number> = {};
  const taken: Record<string, number> = {};
  const results: Record<string, number> = {};
  let support: string[] | undefined;
  const assumed = new Set<string>();
  let strengths: AttackOdds['strengths'];
  const widen = (range: [number, number] | undefined, n: number): [number, number] => (range ? [Math.min(range[0], n), Math.max(range[1], n)] : [n, n]);
  for (let run = 0; run < runs; run++) {
    // The events of the run's actions, each once it is done (an action waiting on a question is made again once answered).
    const events: GameEvent[] = [];
    const apply = (state: GameState, a: PlayerAction | Extract<Action, { type: 'answer' }>) => {
      const r = game.applyAction(state, a);
      if (r.ok && !r.question) events.push(...r.events);
      return r;
    };
    // Dice seeded by the run alone (mixed: runs 1, 2, 3 roll unrelated dice), so the same position and attack always give the same odds.
    const declared = apply({ ...s, manualDice: false, rng: seedState(run + 1) }, action);
    // Where the defender chooses its support, it gives all it may: the odds against the strongest defence.
    const pending = declared.ok ? declared.state.defense : undefined;
    support = pending?.candidates;
    let result = pending ? apply(declared.ok ? declared.state : s, { type: 'defend', side: pending.by, units: pending.candidates }) : declared;
    // Questions with an answer that changes nothing are given it; where the battle waits for the losses of
    // its interception or support battle, they fall on full-strength units first.
    for (let loss; result.ok; ) {
      if (result.question?.neutral !== undefined) {
        assumed.add(`${result.question.text}: ${result.question.neutral}`);
        result = apply(result.state, { type: 'answer', key: result.question.key, value: result.question.neutral });
      } else if (!result.question && result.state.battle && (loss = result.state.losses[0])) {
        assumed.add(WAITING_LOSSES);
        result = apply(result.state, { type: 'allocate', side: loss.side, loss: loss.id, units: spreadAllocation(game.rules, result.state, loss) });
      } else break;
    }
    if (!result.ok) return { ok: false, reason: `${result.refusal.message} (${result.refusal.code})` };
    if (result.question) return { ok: false, reason: `the battle asks the tester: ${result.question.text}` };
    // The losses of an interception or a support battle count with the battle's; an interception may stop the attack, no side winning.
    const here = events.filter((e) => (e.kind === 'battle' || e.kind === 'support-battle') && e.target === action.target);
    const battle = here.find((e) => e.kind === 'battle');
    if (!here.length) return { ok: false, reason: 'the attack fights no battle the engine resolves' };
    for (const e of here) {
      const points = e.kind === 'battle' ? { [e.attacker.party]: e.attacker.lossPoints ?? 0, [e.defender.party]: e.defender.lossPoints ?? 0 } : e.kind === 'support-battle' ? (e.lossPoints ?? {}) : {};
      for (const [side, n] of Object.entries(points)) taken[side] = (taken[side] ?? 0) + n;
    }
    if (battle?.kind !== 'battle') continue;
    strengths = { attacker: widen(strengths?.attacker, battle.attacker.strength), defender: widen(strengths?.defender, battle.defender.strength) };
    if (battle.winner) wins[battle.winner] = (wins[battle.winner] ?? 0) + 1;
    if (battle.result !== undefined) results[battle.result] = (results[battle.result] ?? 0) + 1;
  }
  const lossPoints = Object.fromEntries(Object.entries(taken).map(([side, total]) => [side, total / runs]));
  return { ok: true, odds: { runs, wins, lossPoints, ...(Object.keys(results).length ? { results } : {}), ...(support ? { support } : {}), ...(assumed.size ? { assumed: [...assumed] } : {}), ...(strengths ? { strengths } : {}) } };
}
