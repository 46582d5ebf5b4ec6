// Table keys: numbers, ranges ("8-11"), open ranges ("30+", "<=0"), odds ("3:1", "<=1:3", "7:1+") or labels.
export interface Interval {
  low: number;
  high: number;
}

const DASH = '[-\u2013]';
const NUMBER = '-?\\d+(?:\\.\\d+)?';
const SINGLE = new RegExp(`^(${NUMBER})$`);
const RANGE = new RegExp(`^(${NUMBER})${DASH}(${NUMBER})$`);
const AT_LEAST = new RegExp(`^(${NUMBER})\\+$`);
const AT_MOST = new RegExp(`^(?:<=|\u2264)(${NUMBER})$`);

/** The interval a key of kind 'number' covers, or undefined if the key is not of that form. */
export function numberKey(key: string): Interval | undefined {
  const k = key.trim().replace(/\u2212/g, '-');
  let m: RegExpMatchArray | null;
  if ((m = k.match(SINGLE))) return { low: Number(m[1]), high: Number(m[1]) };
  if ((m = k.match(RANGE))) return { low: Number(m[1]), high: Number(m[2]) };
  if ((m = k.match(AT_LEAST))) return { low: Number(m[1]), high: Infinity };
  if ((m = k.match(AT_MOST))) return { low: -Infinity, high: Number(m[1]) };
  return undefined;
}

/** The odds a key of kind 'ratio' stands for, as attacker/defender; open ends become infinite intervals. */
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

const keyIntervals = new WeakMap<readonly string[], Map<string, (Interval | undefined)[]>>();

/** The intervals of a table's row or column keys by kind, read once per keys array (a table is looked up at every battle). */
function intervalsOf(kind: string, keys: readonly string[]): readonly (Interval | undefined)[] {
  let byKind = keyIntervals.get(keys);
  if (!byKind) keyIntervals.set(keys, (byKind = new Map()));
  let intervals = byKind.get(kind);
  if (!intervals) byKind.set(kind, (intervals = keys.map((k) => keyInterval(kind, k))));
  return intervals;
}

/** The row or column key that holds a value (e.g. strength 9 → "8-11"), or undefined. */
export function findKey(kind: string, keys: readonly string[], value: number): string | undefined {
  const intervals = intervalsOf(kind, keys);
  const i = intervals.findIndex((iv) => iv !== undefined && value >= iv.low && value <= iv.high);
  return i < 0 ? undefined : keys[i];
}
