import { z } from 'zod';
import { counted, joinWords, tooLong } from '../engine/words';

/**
 * Zod issues as one readable line, e.g. `title: must be at most 200 characters long, not 300`; keys a strict
 * object does not take named in it: `unknown field "foo" in the input`, `unknown field "bar" in source`.
 * `whole` names the value itself, for an issue with an empty path.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[], whole = 'input'): string {
  return issues.map((issue) => (issue.code === 'unrecognized_keys' ? unknownIn(issue.keys, issue.path, whole) : `${dotted(issue.path) || whole}: ${issue.message}`)).join('; ');
}

/**
 * What is refused of an input by field ("title", "source.rule"), for a form to say each beside its own: a key a
 * strict object does not take under its own name ("foo", "source.bar"), not under its object's; nothing of the whole input.
 */
export function issueFields(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  return Object.fromEntries(
    // An issue of the whole input (a list sent for an object) belongs to no field: its message says it.
    issues.flatMap((issue) => (issue.code === 'unrecognized_keys' ? issue.keys.map((k) => [dotted([...issue.path, k]), unknownIn([k], issue.path)]) : issue.path.length ? [[dotted(issue.path), issue.message]] : [])),
  );
}

const dotted = (path: readonly PropertyKey[]) => path.map(String).join('.');
const unknownKeys = (keys: readonly string[]) => `unknown ${keys.length === 1 ? 'field' : 'fields'} ${joinWords(keys.map(show))}`;
const unknownIn = (keys: readonly string[], path: readonly PropertyKey[], whole = 'input') => `${unknownKeys(keys)} in ${dotted(path) || `the ${whole}`}`;

const show = (v: unknown) => JSON.stringify(v) ?? String(v);
const typeName = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'a list' : v === undefined ? 'nothing' : typeof v === 'object' ? 'an object' : `a ${typeof v}`);
/** The value's size as a bound on its kind counts it, to say beside the bound ("not 300"). */
const size = (origin: string, input: unknown) =>
  origin === 'string' && typeof input === 'string' ? [...input].length : Array.isArray(input) ? input.length : typeof input === 'number' ? input : undefined;
const UNITS: Record<string, [string, string?]> = { string: ['character'], array: ['item'], set: ['item'] };
/** A kind of value wanted, in the words typeName says a value is in. */
const WANTED: Record<string, string> = { int: 'a whole number', array: 'a list', object: 'an object' };

/**
 * Zod's messages for a value's bounds, kind and allowed values, in the words the schema checks use (engine/schema/errors):
 * "must be at most 200 characters long, not 300" for zod's "Too big: expected string to have <=200 characters". A message a
 * schema gives itself (`.min(1, 'a note needs some words')`) goes first, as zod keeps this map for the rest.
 */
export const plainWords: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'too_big':
    case 'too_small': {
      const big = issue.code === 'too_big';
      const limit = Number(big ? issue.maximum : issue.minimum);
      const unit = UNITS[issue.origin];
      const n = size(issue.origin, issue.input);
      if (!big && limit === 1 && issue.origin === 'string') return 'must not be empty';
      if (big && issue.origin === 'string' && typeof issue.input === 'string') return tooLong(limit, issue.input);
      const inclusive = issue.inclusive !== false;
      const bound = unit ? `${big ? 'at most' : 'at least'} ${counted(limit, ...unit)}${issue.origin === 'string' ? ' long' : ''}` : `${big ? (inclusive ? 'at most' : 'below') : inclusive ? 'at least' : 'above'} ${limit}`;
      return `must ${unit && issue.origin !== 'string' ? 'have' : 'be'} ${bound}${n !== undefined ? `, not ${n}` : ''}`;
    }
    case 'invalid_value':
      return `${issue.input === undefined ? 'must be' : `${show(issue.input)} is not`} one of ${joinWords(issue.values.map(show), 'or')}`;
    case 'invalid_union': {
      // Literals in a union (`'person' | 'random' | 'greedy'`): one list of the values allowed.
      const values = issue.errors.every((branch) => branch.length === 1 && branch[0].code === 'invalid_value') ? issue.errors.flatMap((branch) => (branch[0] as z.core.$ZodIssueInvalidValue).values) : undefined;
      return values ? `${show(issue.input)} is not one of ${joinWords(values.map(show), 'or')}` : undefined;
    }
    case 'unrecognized_keys':
      return unknownKeys(issue.keys);
    case 'invalid_type': {
      const wanted = WANTED[issue.expected] ?? `${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}`;
      if (issue.input === undefined) return `is missing (${wanted})`;
      return `must be ${wanted}, not ${typeof issue.input === 'number' ? issue.input : typeName(issue.input)}`;
    }
    default:
      return undefined;
  }
};
