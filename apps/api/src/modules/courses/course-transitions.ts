import { type CourseStatus } from '@legenett/contracts';

export type CourseEvent = 'submit' | 'approve' | 'reject' | 'cancel';
export type CourseActor = 'owner' | 'admin';

interface Transition {
  from: CourseStatus;
  event: CourseEvent;
  to: CourseStatus;
  who: CourseActor;
}

/**
 * The one table of a course's states (docs/courses.md). Anything not listed is refused with 409.
 * draft -> submitted -> approved | rejected; rejected -> submitted after edits; draft, submitted and
 * approved may be cancelled by the owner (attendees are told).
 */
export const COURSE_TRANSITIONS: readonly Transition[] = [
  { from: 'draft', event: 'submit', to: 'submitted', who: 'owner' },
  { from: 'rejected', event: 'submit', to: 'submitted', who: 'owner' },
  { from: 'submitted', event: 'approve', to: 'approved', who: 'admin' },
  { from: 'submitted', event: 'reject', to: 'rejected', who: 'admin' },
  { from: 'draft', event: 'cancel', to: 'cancelled', who: 'owner' },
  { from: 'submitted', event: 'cancel', to: 'cancelled', who: 'owner' },
  { from: 'approved', event: 'cancel', to: 'cancelled', who: 'owner' },
];

/** States in which the owner may still change the course (an approved one is locked). */
export const EDITABLE_STATUSES: readonly CourseStatus[] = ['draft', 'submitted', 'rejected'];

/** The state `event` leads to from `from` when `who` triggers it, or null when the table has no such row. */
export function nextStatus(from: CourseStatus, event: CourseEvent, who: CourseActor): CourseStatus | null {
  return COURSE_TRANSITIONS.find((t) => t.from === from && t.event === event && t.who === who)?.to ?? null;
}
