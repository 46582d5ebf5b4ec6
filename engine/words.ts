// Words in the texts people read: numbers with their nouns agreeing ("1 loss point", "2 loss points"), and names as owners.

/** A noun for a number of things: the singular for one, else the plural (the singular and an s unless given). */
export const noun = (n: number, singular: string, plural = `${singular}s`) => (n === 1 ? singular : plural);

/** A number with its noun: `counted(1, 'error')` is "1 error", `counted(2, 'entry', 'entries')` is "2 entries". */
export const counted = (n: number, singular: string, plural?: string) => `${n} ${noun(n, singular, plural)}`;

/** A name as the owner of what follows: "Crimson's", and for a name ending in s, "the Marches'". */
export const possessive = (name: string) => (/s$/.test(name) ? `${name}'` : `${name}'s`);

/** A text with its first letter a capital: a phrase begun as a sentence, a name begun as a label ("Autumn"). */
export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "A", "A and B", "A, B and C"; or with another conjunction, "A, B or C". */
export function joinWords(items: readonly string[], conjunction = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

/** A text past its length, said alike by the schema checks, the server's input checks and the forms: "must be at most 200 characters long, not 300". */
export const tooLong = (max: number, text: string) => `must be at most ${counted(max, 'character')} long, not ${[...text].length}`;

/** A text cut to at most `max` characters, an ellipsis ending it where it was cut. */
export const clipped = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** What a form says of a text as it is typed, where it is longer than `max` once trimmed (as it is sent): tooLong's words, else nothing. */
export const longerThan = (max: number, text: string) => (text.trim().length > max ? tooLong(max, text.trim()) : undefined);
