import { type CourseReminderKind } from '@legenett/contracts';

const HOUR = 60 * 60 * 1000;
/** How long after the end the recording is still sent to those who did not come (a sweep that was down catches up). */
export const RECORDING_WINDOW_MS = 7 * 24 * HOUR;

/**
 * When each reminder is due: `[from, until)` (docs/courses.md "Reminders"). The 24-hour reminder
 * until the 1-hour one takes over (someone signing up 3 hours before still hears of it, someone
 * signing up 30 minutes before only gets the 1-hour one); the 1-hour one until the start; the
 * recording from the end for a week.
 */
export function reminderWindow(kind: CourseReminderKind, course: { start_at: Date; ends_at: Date }): { from: Date; until: Date } {
  const start = course.start_at.getTime();
  if (kind === '24h') return { from: new Date(start - 24 * HOUR), until: new Date(start - HOUR) };
  if (kind === '1h') return { from: new Date(start - HOUR), until: new Date(start) };
  const end = course.ends_at.getTime();
  return { from: new Date(end), until: new Date(end + RECORDING_WINDOW_MS) };
}

export function reminderDue(kind: CourseReminderKind, course: { start_at: Date; ends_at: Date }, now: Date): boolean {
  const { from, until } = reminderWindow(kind, course);
  return from <= now && now < until;
}

/** The outbox key of one reminder of one seat: the same seat and start always give the same job. */
export function reminderJobKey(kind: CourseReminderKind, subscriptionId: number, startAt: Date): string {
  return `course-reminder:${kind}:${subscriptionId}:${startAt.getTime()}`;
}
