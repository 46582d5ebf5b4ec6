// Seeded dice. The generator's state lives in the game state, so a game replays roll for roll.
// Without declared dice, or when the tester rolls by hand, each die is asked for instead.
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import type { Cite } from './log';
import type { Tx } from './tx';

/**
 * How a seed starts a generator. 'mixed' spreads every bit of the seed over the generator's whole
 * state (four splitmix32 outputs), so that nearby seeds (a game's 7 and 8, a simulation's seed + i)
 * give unrelated streams. 'direct' is pure-rand's own seeding, which copies the seed into the state:
 * the first draws of nearby seeds follow each other (seed after seed, a first roll never repeats the
 * one before). Games stored before mixing keep it, so that their logs replay roll for roll.
 */
export type Seeding = 'mixed' | 'direct';

export function seedState(seed: number, seeding: Seeding = 'mixed'): number[] {
  if (seeding === 'direct') return [...xoroshiro128plus(seed | 0).getState()];
  let x = seed | 0;
  const next = () => {
    x = (x + 0x9e3779b9) | 0;
    let z = Math.imul(x ^ (x >>> 16), 0x21f0aaad);
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
    return (z ^ (z >>> 15)) | 0;
  };
  return [next(), next(), next(), next()];
}

export interface DiceSpec {
  dice: number;
  sides: number;
}

/** Rolls and explains; returns the total. `spec` defaults to the ruleset's dice. */
export function roll(tx: Tx, purpose: string, pointer: string, spec?: DiceSpec): number {
  const cite: Cite = tx.rules.cite(pointer);
  const count = spec?.dice ?? tx.rules.r.dice?.count ?? 1;
  const sides = spec?.sides ?? tx.rules.r.dice?.sides;
  const values: number[] = [];
  const byHand = tx.s.manualDice || sides === undefined;
  for (let i = 0; i < count; i++) {
    const n = tx.rolls++;
    if (byHand) {
      const choices = sides ? Array.from({ length: sides }, (_, k) => k + 1) : undefined;
      const what = sides ? `1d${sides}` : 'a die (the ruleset declares no dice)';
      // Of several dice, each is entered apart, and the question says which (the total is theirs added).
      const which = count > 1 ? ` (die ${i + 1} of ${count}, added together${i > 0 ? `; so far ${values.join(' + ')}` : ''})` : '';
      const v = tx.ask({ key: `roll:${n}`, text: `${purpose}: roll ${what}${which} and enter the result`, pointer, expects: 'number', choices, rememberable: false });
      values.push(Number(v));
    } else {
      const rng = xoroshiro128plusFromState(tx.s.rng);
      values.push(uniformInt(rng, 1, sides));
      tx.s.rng = [...rng.getState()];
    }
  }
  const total = values.reduce((a, b) => a + b, 0);
  const shown = `${count}d${sides ?? '?'}`;
  tx.emit(() => ({ kind: 'roll', purpose, dice: count, sides: sides ?? 0, values, total, byTester: byHand || undefined, cite, text: `${purpose}: ${shown} → ${values.length > 1 ? values.join('+') + ' = ' : ''}${total}${byHand ? ' (rolled by the tester)' : ''}` }));
  return total;
}
