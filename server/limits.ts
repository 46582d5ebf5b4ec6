// Limits the server holds what people send to, shared with the studio's inputs so a form never offers
// more than the server takes. Plain values only: the studio's pages import this file.

/** The longest note on a log entry, in characters. */
export const MAX_NOTE = 4000;

/** Games one balance run may ask for: 1,000 2WW games take about two minutes on two cores. */
export const MAX_GAMES = 1000;
