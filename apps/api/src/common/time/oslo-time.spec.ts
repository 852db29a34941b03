import { fromOsloWallClock, osloMidnight, osloToday, toOsloWallClock } from '@legenett/contracts';

/*
 * Norwegian time (packages/contracts/src/oslo-time.ts), one implementation for the API (calendar days
 * of deadlines and publishing dates) and the web (the date and time pickers' wall clock). The
 * contracts have no test runner of their own: the API's unit tier tests them, as it does PasswordSchema.
 */

describe('osloMidnight', () => {
  it.each([
    ['a winter day (UTC+1)', '2026-01-15', '2026-01-14T23:00:00.000Z'],
    ['a summer day (UTC+2)', '2026-07-01', '2026-06-30T22:00:00.000Z'],
    ['the day summer time starts (still UTC+1 at midnight)', '2026-03-29', '2026-03-28T23:00:00.000Z'],
    ['the day after summer time starts', '2026-03-30', '2026-03-29T22:00:00.000Z'],
    ['the day summer time ends (still UTC+2 at midnight)', '2026-10-25', '2026-10-24T22:00:00.000Z'],
    ['the day after summer time ends', '2026-10-26', '2026-10-25T23:00:00.000Z'],
    ['a leap day', '2028-02-29', '2028-02-28T23:00:00.000Z'],
  ])('starts %s at Oslo midnight', (_label, day, instant) => {
    expect(osloMidnight(day).toISOString()).toBe(instant);
  });

  it('is the first instant of that Oslo day', () => {
    for (const day of ['2026-01-15', '2026-03-29', '2026-07-01', '2026-10-25']) {
      const start = osloMidnight(day);
      expect(osloToday(start)).toBe(day);
      expect(osloToday(new Date(start.getTime() - 1))).not.toBe(day);
    }
  });

  it('refuses what is not a day', () => {
    expect(() => osloMidnight('2026-13-45')).toThrow(RangeError);
  });
});

describe('osloToday', () => {
  it('turns the Norwegian day at Oslo midnight, not UTC midnight', () => {
    expect(osloToday(new Date('2026-01-14T22:59:59Z'))).toBe('2026-01-14');
    expect(osloToday(new Date('2026-01-14T23:00:00Z'))).toBe('2026-01-15');
    expect(osloToday(new Date('2026-06-30T21:59:59Z'))).toBe('2026-06-30');
    expect(osloToday(new Date('2026-06-30T22:00:00Z'))).toBe('2026-07-01');
  });

  it('answers from the minute it keeps only for instants of that same minute', () => {
    // The same minute asked again (its first and last millisecond), then the minute after midnight,
    // then the first minute again: each answer is that instant's own day.
    expect(osloToday(new Date('2026-01-14T22:59:00.000Z'))).toBe('2026-01-14');
    expect(osloToday(new Date('2026-01-14T22:59:59.999Z'))).toBe('2026-01-14');
    expect(osloToday(new Date('2026-01-14T23:00:00.000Z'))).toBe('2026-01-15');
    expect(osloToday(new Date('2026-01-14T22:59:30.000Z'))).toBe('2026-01-14');
    // Summer time begins at 01:00 UTC (02:00 -> 03:00 in Oslo): the day is the same on both sides.
    expect(osloToday(new Date('2026-03-29T00:59:59.999Z'))).toBe('2026-03-29');
    expect(osloToday(new Date('2026-03-29T01:00:00.000Z'))).toBe('2026-03-29');
  });
});

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

  it('agrees with the calendar days: a day read on the wall clock starts at its Oslo midnight', () => {
    for (const day of ['2027-01-07', '2027-03-28', '2027-07-01', '2027-10-31']) {
      expect(fromOsloWallClock(day, '00:00')).toBe(osloMidnight(day).toISOString());
      expect(toOsloWallClock(osloMidnight(day).toISOString())).toEqual({ date: day, time: '00:00' });
    }
  });
});
