import { describe, expect, it } from 'vitest';
import { parseTypedDate } from './date-field';

describe('typing a date', () => {
  it('takes Norwegian and ISO forms and answers the contract format', () => {
    expect(parseTypedDate('7.1.2027')).toBe('2027-01-07');
    expect(parseTypedDate('07.01.2027')).toBe('2027-01-07');
    expect(parseTypedDate(' 7. 1. 2027 ')).toBe('2027-01-07');
    expect(parseTypedDate('2027-01-07')).toBe('2027-01-07');
  });

  it('refuses what is not a day of the calendar', () => {
    for (const bad of ['31.2.2027', '2027-13-01', '1/7/2027', 'i morgen', '']) expect(parseTypedDate(bad)).toBeNull();
  });
});
