// Table keys: numbers, ranges ("8-11"), open ranges ("30+", "<=0"), odds ("3:1", "<=1:3", "7:1+") or labels.
export interface Interval {
  low: number;
  high: number;
}

const DASH = '[-\u2013]';
const NUMBER = '-?\\d+(?:\\.\\d+)?';

/** The interval a number-axis key covers, or undefined if the key is not of that form. */
export function numberKey(key: string): Interval | undefined {
  const k = key.trim().replace(/\u2212/g, '-');
  let m: RegExpMatchArray | null;
  if ((m = k.match(new RegExp(`^(${NUMBER})$`)))) return { low: Number(m[1]), high: Number(m[1]) };
  if ((m = k.match(new RegExp(`^(${NUMBER})${DASH}(${NUMBER})$`)))) return { low: Number(m[1]), high: Number(m[2]) };
  if ((m = k.match(new RegExp(`^(${NUMBER})\\+$`)))) return { low: Number(m[1]), high: Infinity };
  if ((m = k.match(new RegExp(`^(?:<=|\u2264)(${NUMBER})$`)))) return { low: -Infinity, high: Number(m[1]) };
  return undefined;
}

/** The odds an odds-axis key stands for, as attacker/defender; open ends become infinite intervals. */
export function ratioKey(key: string): Interval | undefined {
  const k = key.trim();
  const m = k.match(/^(<=|\u2264)?(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)(\+)?$/);
  if (!m || Number(m[3]) === 0) return undefined;
  const value = Number(m[2]) / Number(m[3]);
  return { low: m[1] ? -Infinity : value, high: m[4] ? Infinity : value };
}

export function keyInterval(kind: string, key: string): Interval | undefined {
  return kind === 'number' ? numberKey(key) : kind === 'ratio' ? ratioKey(key) : undefined;
}

/** The key of an axis that holds a value (e.g. strength 9 → "8-11"), or undefined. */
export function findKey(kind: string, keys: readonly string[], value: number): string | undefined {
  return keys.find((k) => {
    const iv = keyInterval(kind, k);
    return iv !== undefined && value >= iv.low && value <= iv.high;
  });
}
