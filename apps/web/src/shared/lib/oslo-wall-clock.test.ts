import { describe, expect, it } from 'vitest';
import { fromOsloWallClock, toOsloWallClock } from './oslo-wall-clock';

describe('Oslo wall clock', () => {
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
