// Reading numbers from the data. A gap is never read as a number: the tester is asked for it.
import type { CitedNumber } from '../generated/schema-types';
import type { Tx } from './tx';

export const isGap = (v: unknown): v is { gap: string } => v !== null && typeof v === 'object' && 'gap' in v;

/** A cited number's value when the data gives one; undefined when absent or a gap. */
export const given = (value: CitedNumber | undefined): number | undefined =>
  value === undefined ? undefined : typeof value === 'number' ? value : 'value' in value ? value.value : undefined;

/** A cited number's value; undefined when absent (or, while probing, unknown). */
export function cited(tx: Tx, value: CitedNumber | undefined, pointer: string, what: string): number | undefined {
  if (value === undefined || !isGap(value)) return given(value);
  return asNumber(tx.ask({ key: pointer, text: `${what}: the data has a gap (${value.gap})`, pointer, expects: 'number', rememberable: true }));
}

/** A value asked for because the data does not give one at all. */
export function missing(tx: Tx, pointer: string, what: string): number | undefined {
  return asNumber(tx.ask({ key: pointer, text: `${what}: the data does not give it`, pointer, expects: 'number', rememberable: true }));
}

const asNumber = (v: number | string | undefined) => (v === undefined ? undefined : typeof v === 'number' ? v : numeric(v));

/** A string that is plainly a number ("2", "-1"), as a number. */
export function numeric(v: string): number | undefined {
  return /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : undefined;
}
