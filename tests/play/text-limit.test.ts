// A tester's text over the server's limit is said as it is typed, not cut by the input.
import { describe, expect, it } from 'vitest';
import { overLimit } from '@/editor/play/text-limit';

describe('overLimit', () => {
  it('names the field, the limit and the length of a text too long, trimmed as it is sent', () => {
    expect(overLimit('the outcome', 'x'.repeat(4012))).toBe('the outcome: must be at most 4000 characters long, not 4012');
    expect(overLimit('the note', ` ${'x'.repeat(4000)} `)).toBeUndefined();
    expect(overLimit('the note', '')).toBeUndefined();
  });
});
