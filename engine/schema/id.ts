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

/** Ruleset ids double as folder names: the Id's rule, kept to a portable, URL-safe alphabet (no "_" nor "."). */
export const RULESET_ID_PATTERN = /^[a-z0-9][a-z0-9-]*$/;
export const RULESET_ID_FORM = 'lowercase letters, digits and hyphens, beginning with a letter or digit';

/**
 * What a ruleset id needs that a text lacks, one rule at a time, in words that follow "the id:"; undefined when it is one.
 * The new-ruleset dialog says it as the id is typed, and the server refuses any other id in the same words.
 */
export function rulesetIdProblem(s: string): string | undefined {
  if (!RULESET_ID_PATTERN.test(s)) return `use ${RULESET_ID_FORM}`;
  if (s.length > ID.maxLength) return `at most ${ID.maxLength} characters, not ${s.length}`;
  if ((ID.not.enum as readonly string[]).includes(s)) return 'a name JavaScript objects keep for themselves: choose another';
  return undefined;
}
