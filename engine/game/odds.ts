// How an attack tends to go, before it is made: the same attack fought many times from the same
// position on fresh dice, as a battle calculator does. Each run is an ordinary applyAction on a copy,
// so the odds follow every rule the battle itself follows. An attack that would ask the tester
// something (a gap in a table, a result code) has no odds: the runs could only invent the answer;
// but where the question has an answer that changes nothing (no die-roll modifier), the runs assume it and say so.
import type { PlayerAction } from './actions';
import { seedState } from './dice';
import type { Game } from './game';
import type { GameState } from './state';
import { spreadAllocation } from './combat/losses';

export interface AttackOdds {
  runs: number;
  /** Battles won, by side; the battles no side won are the rest of the runs. */
  wins: Record<string, number>;
  /** Loss points each side took, on average over the runs (the attacker's and the defender's). */
  lossPoints: Record<string, number>;
  /** Runs by the result code an odds table gave, where it gives one. */
  results?: Record<string, number>;
  /** The units the defender was taken to support the defence with, where it chooses (all it may). */
  support?: string[];
  /** What the runs assumed where the battle asks the tester for a value that may change nothing (no die-roll modifier): the questions, answered with that value. */
  assumed?: string[];
}

const WAITING_LOSSES = 'the losses of the interception or support battle, which their owners choose, fall on full-strength units first';

export type OddsResult = { ok: true; odds: AttackOdds } | { ok: false; reason: string };

export function attackOdds(game: Game, s: GameState, action: Extract<PlayerAction, { type: 'attack' }>, runs: number): OddsResult {
  const wins: Record<string, number> = {};
  const taken: Record<string, number> = {};
  const results: Record<string, number> = {};
  let support: string[] | undefined;
  const assumed = new Set<string>();
  for (let run = 0; run < runs; run++) {
    // Dice seeded by the run alone (mixed: runs 1, 2, 3 roll unrelated dice), so the same position and attack always give the same odds.
    const declared = game.applyAction({ ...s, manualDice: false, rng: seedState(run + 1) }, action);
    // Where the defender chooses its support, it gives all it may: the odds against the strongest defence.
    const pending = declared.ok ? declared.state.defense : undefined;
    support = pending?.candidates;
    let result = pending ? game.applyAction(declared.ok ? declared.state : s, { type: 'defend', side: pending.by, units: pending.candidates }) : declared;
    // Questions with an answer that changes nothing are given it; where the battle waits for the losses of
    // its interception or support battle, they fall on full-strength units first.
    for (let loss; result.ok; ) {
      if (result.question?.neutral !== undefined) {
        assumed.add(`${result.question.text}: ${result.question.neutral}`);
        result = game.applyAction(result.state, { type: 'answer', key: result.question.key, value: result.question.neutral });
      } else if (!result.question && result.state.battle && (loss = result.state.losses[0])) {
        assumed.add(WAITING_LOSSES);
        result = game.applyAction(result.state, { type: 'allocate', side: loss.side, loss: loss.id, units: spreadAllocation(game.rules, result.state, loss) });
      } else break;
    }
    if (!result.ok) return { ok: false, reason: `${result.refusal.message} (${result.refusal.code})` };
    if (result.question) return { ok: false, reason: `the battle asks the tester: ${result.question.text}` };
    const battle = result.events.find((e) => e.kind === 'battle' && e.target === action.target);
    if (battle?.kind !== 'battle') return { ok: false, reason: 'the attack fights no battle the engine resolves' };
    if (battle.winner) wins[battle.winner] = (wins[battle.winner] ?? 0) + 1;
    if (battle.result !== undefined) results[battle.result] = (results[battle.result] ?? 0) + 1;
    for (const side of [battle.attacker, battle.defender]) taken[side.party] = (taken[side.party] ?? 0) + (side.lossPoints ?? 0);
  }
  const lossPoints = Object.fromEntries(Object.entries(taken).map(([side, total]) => [side, total / runs]));
  return { ok: true, odds: { runs, wins, lossPoints, ...(Object.keys(results).length ? { results } : {}), ...(support ? { support } : {}), ...(assumed.size ? { assumed: [...assumed] } : {}) } };
}
