// A game's seed, which draws its dice: a whole number from 0 to 2^31 - 1, the range a random one is drawn from.
// The launch dialog checks one as it is typed, and games.create refuses any other, in the same words.
export const SEED_MAX = 2 ** 31 - 1;
export const SEED_FORM = `a whole number from 0 to ${SEED_MAX}`;

export const isSeed = (n: number) => Number.isInteger(n) && n >= 0 && n <= SEED_MAX;

/** A seed as typed: empty for a random one, else digits only ("1.5", "-5", "1e3" are not seeds). */
export function readSeed(text: string): { seed?: number; wrong?: string } {
  const t = text.trim();
  if (t === '') return {};
  return /^\d+$/.test(t) && isSeed(Number(t)) ? { seed: Number(t) } : { wrong: `Seed: ${SEED_FORM}.` };
}
