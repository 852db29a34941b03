import { randomBytes } from 'node:crypto';
import {
  CERTIFICATE_CODE_ALPHABET,
  CERTIFICATE_CODE_LENGTH,
  CERTIFICATE_MIN_SHARE,
  type CourseStatus,
  type CourseType,
  type JoinRequestStatus,
  type MessageKey,
} from '@legenett/contracts';

/** The rules of certificates and small groups, kept apart from I/O so they are unit-tested (course-records.rules.spec.ts). */

/** At least 80 % of the duration watched (live and replay together), compared in whole seconds. */
export function certificateEligible(watchedSeconds: number, durationMinutes: number): boolean {
  // Integers only: 10 * watched >= 8 * duration, no floating-point edge at exactly 80 %.
  return Math.floor(watchedSeconds) * 10 >= durationMinutes * 60 * CERTIFICATE_MIN_SHARE * 10;
}

/**
 * The seconds a certificate may count, or null when the event gives no certificate at all. Only
 * webinars have recorded viewing (in-person courses and lunch meetings have no check-in; small groups
 * have their attestation). With a seat, live and replay count; without one, only the replay, which
 * is open to every member once the event has ended (`mayPlayVideo`). `watched` is already merged
 * per person (overlapping viewings count once).
 */
export function creditedSeconds(
  course: { type: CourseType },
  seated: boolean,
  watched: { live: number; replay: number },
): number | null {
  if (course.type !== 'webinar') return null;
  return seated ? watched.live + watched.replay : watched.replay;
}

/**
 * Whether a person completed an event as the course log counts it (its certificate is available):
 * the seconds the certificate may count (`creditedSeconds`) reach 80 % of the duration. The
 * organiser's analytics count "watched to the end" with the same rule.
 */
export function completedEvent(
  course: { type: CourseType; duration_minutes: number },
  seated: boolean,
  watched: { live: number; replay: number },
): boolean {
  const credited = creditedSeconds(course, seated, watched);
  return credited !== null && certificateEligible(credited, course.duration_minutes);
}

/** The minutes and share a course log line and a refusal show (whole minutes, rounded down, so 79.9 % reads 79 %). */
export function watchedSummary(live: number, replay: number, durationMinutes: number) {
  const total = live + replay;
  return {
    minutes_live: Math.floor(live / 60),
    minutes_replay: Math.floor(replay / 60),
    minutes_watched: Math.floor(total / 60),
    share_watched: durationMinutes > 0 ? Math.floor((total / (durationMinutes * 60)) * 1000) / 1000 : 0,
    percent: durationMinutes > 0 ? Math.floor((total / (durationMinutes * 60)) * 100) : 0,
  };
}

/** 20 characters of Crockford base 32 from 100 random bits (5 bits a character, no modulo bias). */
export function newCertificateCode(): string {
  const bytes = randomBytes(Math.ceil((CERTIFICATE_CODE_LENGTH * 5) / 8));
  let bits = 0;
  let value = 0;
  let code = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && code.length < CERTIFICATE_CODE_LENGTH) {
      code += CERTIFICATE_CODE_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return code;
}

export interface JoinSituation {
  type: CourseType;
  status: CourseStatus;
  isOrganiser: boolean;
  isMember: boolean;
  request: JoinRequestStatus | null;
  seatsTaken: number;
  maxSeats: number | null;
}

/** Why a request to join cannot be made (a 409 message), or null when it can. A declined request may be renewed. */
export function joinRefusal(s: JoinSituation): MessageKey | null {
  if (s.type !== 'small_group') return 'course_records.errors.not_small_group';
  if (s.status !== 'approved') return 'course_records.errors.group_closed';
  if (s.isOrganiser) return 'course_records.errors.organiser_cannot_join';
  if (s.isMember) return 'course_records.errors.already_member';
  if (s.request === 'pending') return 'course_records.errors.request_pending';
  if (s.maxSeats !== null && s.seatsTaken >= s.maxSeats) return 'course_records.errors.group_full';
  return null;
}

/** Why a pending request cannot be accepted now, or null (decline has only the first rule). */
export function acceptRefusal(
  request: JoinRequestStatus,
  seatsTaken: number,
  maxSeats: number | null,
): MessageKey | null {
  if (request !== 'pending') return 'course_records.errors.request_decided';
  if (maxSeats !== null && seatsTaken >= maxSeats) return 'course_records.errors.group_full';
  return null;
}
