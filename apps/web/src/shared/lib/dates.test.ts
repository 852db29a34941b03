import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates';

describe('dates', () => {
  it('writes dates the Norwegian way (and the British way in English), in Oslo time', () => {
    expect(formatDate('2027-01-07', 'no')).toBe('7. jan. 2027');
    expect(formatDate('2027-01-07', 'en')).toBe('7 Jan 2027');
    expect(formatDateTime('2026-11-22T06:00:00Z', 'no')).toBe('22. nov. 2026, 07:00');
    expect(formatDateTime('2026-07-01T22:30:00Z', 'no')).toBe('2. juli 2026, 00:30');
    // An instant's date is the day it is in Norway.
    expect(formatDate('2026-11-22T23:30:00Z', 'no')).toBe('23. nov. 2026');
  });

  it('leaves a value it cannot read as it is', () => {
    expect(formatDate('snart', 'no')).toBe('snart');
  });
});
