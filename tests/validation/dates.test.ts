// An erratum's date: a year, month or day written as the patch set schema has it, and one a calendar has.
import { describe, expect, it } from 'vitest';
import { dateProblem } from '@/engine/schema/date';

describe('dateProblem', () => {
  it('takes a real year, month or day, leap days included', () => {
    expect(['1995', '2018-05', '2021-09-06', ' 2021-09-06 ', '2024-02-29', '2000-02-29', '0001-01-01', '2021-12-31'].map(dateProblem)).toEqual(Array(8).fill(undefined));
  });

  it('names a date no calendar has, and why', () => {
    expect(dateProblem('2021-02-30')).toBe('2021-02-30 is not a date: February 2021 has 28 days');
    expect(dateProblem('1900-02-29')).toBe('1900-02-29 is not a date: February 1900 has 28 days');
    expect(dateProblem('2021-04-31')).toBe('2021-04-31 is not a date: April has 30 days');
    expect(dateProblem('0000')).toBe('0000 is not a date: the years run from 0001');
    expect(dateProblem('2021-13')).toBe('2021-13 is not a date: the months run from 01 to 12');
    expect(dateProblem('2021-04-00')).toBe('2021-04-00 is not a date: the days run from 01');
  });

  it('names a text not written as a date, and the form it takes', () => {
    expect(dateProblem('yesterday')).toBe('“yesterday” is not a year, month or day, written 1995, 2018-05 or 2021-09-06');
    expect(dateProblem('21-09-06')).toMatch(/^“21-09-06” is not a year, month or day/);
  });
});
