import { osloMidnight, osloToday } from './oslo-date';

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
});
