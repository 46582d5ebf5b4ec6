// An erratum's date as the patch set schema writes it (patchset.schema.json's `date`): its year, month or day, ISO.
// The errata form checks one before sending it, and saveAsErrata refuses any other, in the same words.
import patchset from '../../schemas/patchset.schema.json';

export const DATE_PATTERN = new RegExp(patchset.properties.date.pattern);
export const DATE_FORM = 'a year, month or day, written 1995, 2018-05 or 2021-09-06';
