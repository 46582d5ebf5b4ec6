// The tester's free texts (an outcome, a note, a manual change's words) are at most MAX_NOTE characters, as the
// server takes them: one longer is said as it is typed, in the errata form's words, and not sent; an input's
// maxLength would cut it silently instead.
import { longerThan } from '@/engine/words';
import { MAX_NOTE } from '@/server/limits';

/** "the outcome: must be at most 4000 characters long, not 4012", where the text (as sent, trimmed) is too long. */
export const overLimit = (what: string, text: string): string | undefined => {
  const said = longerThan(MAX_NOTE, text);
  return said && `${what}: ${said}`;
};
