// An erratum's date as the patch set schema writes it (patchset.schema.json's `date`): its year, month or day, ISO,
// and a real one (no year 0000, no 30 February). The errata form checks one as it is typed, saveAsErrata refuses any
// other in the same words, and the schema's format "calendar-date" (engine/schema/validator) refuses one written by hand.
import patchset from '../../schemas/patchset.schema.json';

export const DATE_PATTERN = new RegExp(patchset.properties.date.pattern);
export const DATE_FORM = 'a year, month or day, written 1995, 2018-05 or 2021-09-06';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** What is wrong with a date as written (trimmed), naming it, in words that follow "the date:"; undefined when it is a real one. */
export function dateProblem(text: string): string | undefined {
  const date = text.trim();
  if (!/^\d{4}(-\d\d(-\d\d)?)?$/.test(date)) return `“${date}” is not ${DATE_FORM}`;
  const [year, month, day] = date.split('-').map(Number);
  if (year === 0) return `${date} is not a date: the years run from 0001`;
  if (month === 0 || month > 12) return `${date} is not a date: the months run from 01 to 12`;
  if (day === 0) return `${date} is not a date: the days run from 01`;
  if (day === undefined) return undefined;
  // Day 0 of the next month is the last of this one (UTC, so no time zone shifts it).
  const days = new Date(Date.UTC(2000, month, 0)).getUTCDate() - (month === 2 && !leap(year) ? 1 : 0);
  return day > days ? `${date} is not a date: ${MONTHS[month - 1]}${month === 2 ? ` ${year}` : ''} has ${days} days` : undefined;
}

const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
