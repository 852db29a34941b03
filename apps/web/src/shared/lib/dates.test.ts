import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, fromOsloWallClock, toOsloWallClock } from './dates';

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

  it("reads and writes the pickers' wall clock in Oslo time, summer and winter", () => {
    expect(toOsloWallClock('2027-01-07T17:00:00.000Z')).toEqual({ date: '2027-01-07', time: '18:00' });
    expect(toOsloWallClock('2027-07-01T22:30:00.000Z')).toEqual({ date: '2027-07-02', time: '00:30' });
    expect(fromOsloWallClock('2027-01-07', '18:00')).toBe('2027-01-07T17:00:00.000Z');
    expect(fromOsloWallClock('2027-07-02', '00:30')).toBe('2027-07-01T22:30:00.000Z');
    expect(toOsloWallClock(null)).toBeNull();
    expect(toOsloWallClock('snart')).toBeNull();
    expect(fromOsloWallClock('2027-01-07', '')).toBeNull();
  });

  it("moves a time in the hour skipped in March forward, and takes the first of October's twice-run hour", () => {
    // 28 March 2027: 02:00 becomes 03:00; 02:30 does not exist and reads as 03:30 summer time.
    expect(fromOsloWallClock('2027-03-28', '02:30')).toBe('2027-03-28T01:30:00.000Z');
    // 31 October 2027: 02:30 happens in summer time, then again in winter time: the first.
    expect(fromOsloWallClock('2027-10-31', '02:30')).toBe('2027-10-31T00:30:00.000Z');
    expect(fromOsloWallClock('2027-10-31', '04:00')).toBe('2027-10-31T03:00:00.000Z');
  });
});
