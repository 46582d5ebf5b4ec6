// The bots' own seeded stream. A bot's choice is only an action appended to the log, so replaying a
// game never runs a bot again: this stream need not be part of the game state.
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { seedState } from '../dice';

export interface BotRng {
  /** An integer in [0, max). */
  int(max: number): number;
  chance(p: number): boolean;
  pick<T>(xs: readonly T[]): T;
  /** Up to `n` of `xs`, drawn without replacement. */
  sample<T>(xs: readonly T[], n: number): T[];
}

export function botRng(seed: number): BotRng {
  const gen = xoroshiro128plusFromState(seedState(seed));
  const int = (max: number) => (max <= 1 ? 0 : uniformInt(gen, 0, max - 1));
  const sample = <T>(xs: readonly T[], n: number): T[] => {
    const copy = [...xs];
    const k = Math.min(n, copy.length);
    for (let i = 0; i < k; i++) {
      const j = i + int(copy.length - i);
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, k);
  };
  return { int, chance: (p) => int(1_000_000) < p * 1_000_000, pick: (xs) => xs[int(xs.length)], sample };
}

/** A seed for the bots at one position of one game: the same game at the same log length decides alike. */
export const positionSeed = (gameSeed: number, logLength: number) => (Math.imul(gameSeed | 0, 0x9e3779b1) ^ Math.imul(logLength + 1, 0x85ebca6b)) | 0;
