// The schemas' Id (common.schema.json) as forms check it before writing one: its characters, its length, and no
// name JavaScript objects keep for themselves.
import common from '../../schemas/common.schema.json';

export const ID = common.$defs.Id;
const PATTERN = new RegExp(ID.pattern);

/** Why a text is not an id, in words that follow "an id": undefined when it is one. */
export function idProblem(s: string): string | undefined {
  if (!PATTERN.test(s)) return 'is lower-case letters, digits, "-", "_" or ".", starting with a letter or digit';
  if (s.length > ID.maxLength) return `has at most ${ID.maxLength} characters`;
  if ((ID.not.enum as readonly string[]).includes(s)) return 'may not be a name JavaScript objects keep for themselves';
  return undefined;
}
