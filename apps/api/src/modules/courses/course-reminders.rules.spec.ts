import { reminderDue, reminderJobKey, reminderWindow } from './course-reminders.rules';

const start = new Date('2026-12-01T17:00:00Z');
const course = { start_at: start, ends_at: new Date(start.getTime() + 60 * 60_000) };
const at = (minutesFromStart: number) => new Date(start.getTime() + minutesFromStart * 60_000);

describe('course reminder windows', () => {
  it('sends the 24-hour reminder from 24 hours before until the 1-hour one takes over', () => {
    expect(reminderDue('24h', course, at(-24 * 60 - 1))).toBe(false);
    expect(reminderDue('24h', course, at(-24 * 60))).toBe(true);
    expect(reminderDue('24h', course, at(-3 * 60))).toBe(true);
    expect(reminderDue('24h', course, at(-61))).toBe(true);
    expect(reminderDue('24h', course, at(-60))).toBe(false);
  });

  it('sends the 1-hour reminder from an hour before until the start', () => {
    expect(reminderDue('1h', course, at(-61))).toBe(false);
    expect(reminderDue('1h', course, at(-60))).toBe(true);
    expect(reminderDue('1h', course, at(-1))).toBe(true);
    expect(reminderDue('1h', course, at(0))).toBe(false);
  });

  it('never has both before-start reminders due at once', () => {
    for (let m = -25 * 60; m <= 0; m += 7) {
      expect(reminderDue('24h', course, at(m)) && reminderDue('1h', course, at(m))).toBe(false);
    }
  });

  it('sends the recording from the end for a week', () => {
    expect(reminderDue('recording', course, at(59))).toBe(false);
    expect(reminderDue('recording', course, at(60))).toBe(true);
    expect(reminderDue('recording', course, at(60 + 7 * 24 * 60 - 1))).toBe(true);
    expect(reminderDue('recording', course, at(60 + 7 * 24 * 60))).toBe(false);
    expect(reminderWindow('recording', course).from).toEqual(course.ends_at);
  });

  it('keys a job by reminder, seat and start, so a moved start is a new job', () => {
    expect(reminderJobKey('1h', 7, start)).toBe(reminderJobKey('1h', 7, new Date(start)));
    expect(reminderJobKey('1h', 7, start)).not.toBe(reminderJobKey('1h', 7, at(30)));
    expect(reminderJobKey('1h', 7, start)).not.toBe(reminderJobKey('24h', 7, start));
    expect(reminderJobKey('1h', 7, start)).not.toBe(reminderJobKey('1h', 8, start));
  });
});
