// Zod's messages for what the server's inputs refuse, in plain words: the bound and the value sent, the values allowed.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssues, issueFields, plainWords } from '@/server/issues';

const said = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value, { error: plainWords });
  return parsed.success ? undefined : describeIssues(parsed.error.issues);
};

describe('plainWords', () => {
  it('says a length or a number past its bound with the value sent', () => {
    expect(said(z.strictObject({ title: z.string().trim().min(1).max(200) }), { title: 'x'.repeat(300) })).toBe('title: must be at most 200 characters long, not 300');
    expect(said(z.strictObject({ title: z.string().trim().min(1) }), { title: '   ' })).toBe('title: must not be empty');
    expect(said(z.string().min(3), 'ab')).toBe('input: must be at least 3 characters long, not 2');
    expect(said(z.strictObject({ n: z.number().int().min(1) }), { n: 0 })).toBe('n: must be at least 1, not 0');
    expect(said(z.number().max(10), 11)).toBe('input: must be at most 10, not 11');
    expect(said(z.number().lt(10), 10)).toBe('input: must be below 10, not 10');
    expect(said(z.array(z.string()).min(1), [])).toBe('input: must have at least 1 item, not 0');
  });

  it('names the values allowed, of an enum or a union of literals', () => {
    expect(said(z.enum(['hex', 'area']), 'cube')).toBe('input: "cube" is not one of "hex" or "area"');
    expect(said(z.union([z.literal('person'), z.enum(['random', 'greedy'])]), 'godlike')).toBe('input: "godlike" is not one of "person", "random" or "greedy"');
  });

  it('says the kind of value wanted, and keeps the messages a schema gives itself', () => {
    expect(said(z.strictObject({ n: z.number().int() }), { n: 1.5 })).toBe('n: must be a whole number, not 1.5');
    expect(said(z.strictObject({ s: z.string() }), { s: 5 })).toBe('s: must be a string, not 5');
    expect(said(z.strictObject({ s: z.string() }), {})).toBe('s: is missing (a string)');
    expect(said(z.strictObject({ s: z.string() }), [1])).toBe('input: must be an object, not a list');
    expect(said(z.strictObject({ s: z.array(z.string()) }), { s: 'x' })).toBe('s: must be a list, not a string');
    // The whole input wrong is no field's.
    expect(issueFields(z.strictObject({ s: z.string() }).safeParse([1], { error: plainWords }).error!.issues)).toEqual({});
    expect(said(z.string().min(1, 'a note needs some words'), '')).toBe('input: a note needs some words');
  });

  it('names a key a strict object does not take, and the object it is in', () => {
    const input = z.strictObject({ title: z.string(), source: z.strictObject({ rule: z.string() }) });
    const value = { title: 't', foo: 1, bar: 2, source: { rule: '1', page: 3 } };
    expect(said(input, value)).toBe('unknown field "page" in source; unknown fields "foo" and "bar" in the input');
    expect(said(z.strictObject({}), { foo: 1 })).toBe('unknown field "foo" in the input');
    const parsed = input.safeParse(value, { error: plainWords });
    // By field, each key under its own name, not under its object's (the input's being "").
    expect(issueFields(parsed.error!.issues)).toEqual({ 'source.page': 'unknown field "page" in source', foo: 'unknown field "foo" in the input', bar: 'unknown field "bar" in the input' });
    expect(parsed.error!.issues.map((i) => i.message)).toEqual(['unknown field "page"', 'unknown fields "foo" and "bar"']);
  });
});
