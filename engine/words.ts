// Numbers in the texts people read, their nouns agreeing: "1 loss point", "2 loss points".

/** A noun for a number of things: the singular for one, else the plural (the singular and an s unless given). */
export const noun = (n: number, singular: string, plural = `${singular}s`) => (n === 1 ? singular : plural);

/** A number with its noun: `counted(1, 'error')` is "1 error", `counted(2, 'entry', 'entries')` is "2 entries". */
export const counted = (n: number, singular: string, plural?: string) => `${n} ${noun(n, singular, plural)}`;
