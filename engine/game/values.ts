// Reading numbers from the data. A gap is never read as a number: the tester is asked for it.
import type { CitedNumber } from '../generated/schema-types';
import type { Tx } from './tx';

export const isGap = (v: unknown): v is { gap: string } => v !== null && typeof v === 'object' && 'gap' in v;

/** A citation or a description, or what makes it: built only when a gap needs one (values are read in hot loops). */
export type Lazy = string | (() => string);
const made = (x: Lazy) => (typeof x === 'string' ? x : x());

/** A cited number as the data gives it, without asking: undefined for a gap. */
export const given = (value: CitedNumber): number | undefined => (isGap(value) ? undefined : typeof value === 'number' ? value : value.value);

/**
 * What a value the tester is asked for measures, which bounds the answer: a count or a distance (a whole
 * number, 0 or more), or an amount (a factor, a cost, points: 0 or more). Unbounded when not said (a shift).
 */
export type Measure = 'count' | 'amount';

/** A cited number's value; undefined when absent (or, while probing, unknown). */
export function cited(tx: Tx, value: CitedNumber | undefined, pointer: Lazy, what: Lazy, measure?: Measure): number | undefined {
  if (value === undefined) return undefined;
  if (!isGap(value)) return given(value);
  const at = made(pointer);
  return askNumber(tx, at, `${made(what)}: the data has a gap (${value.gap})`, measure);
}

/** A value asked for because the data does not give one at all. */
export function missing(tx: Tx, pointer: string, what: string, measure?: Measure): number | undefined {
  return askNumber(tx, pointer, `${what}: the data does not give it`, measure);
}

/** The tester's number for the value at a pointer, a ruling that may be kept for the game. */
const askNumber = (tx: Tx, pointer: string, text: string, measure: Measure | undefined) =>
  asNumber(tx.ask({ key: pointer, text, pointer, expects: 'number', rememberable: true, ...(measure ? { min: 0 } : {}), ...(measure === 'count' ? { whole: true } : {}) }));

export const asNumber = (v: number | string | undefined) => (v === undefined ? undefined : typeof v === 'number' ? v : numeric(v));

/** A string that is plainly a number in digits ("2", "-1", "0.5", ".5", "5."), as a number; not "1e3", "0x10" or "Infinity". */
export function numeric(v: string): number | undefined {
  return /^-?(\d+\.?\d*|\.\d+)$/.test(v.trim()) ? Number(v) : undefined;
}
