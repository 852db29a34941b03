import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a viewing's beacon token is valid: the longest event (2 h) plus a replay, with margin. */
export const VIEWING_TOKEN_TTL_SECONDS = 4 * 60 * 60;

export interface ViewingClaims {
  recordId: number;
  courseId: number;
  userId: number;
}

const sign = (secret: string, payload: string): string =>
  createHmac('sha256', secret).update(`course-viewing:${payload}`).digest('base64url');

/**
 * A beacon cannot carry the bearer header, so `user-entered-on` hands out this token and the
 * beacons send it in their body: the record, course and user it names, its expiry, and an HMAC.
 */
export function issueViewingToken(secret: string, claims: ViewingClaims, now = Date.now()): string {
  const payload = `${claims.recordId}.${claims.courseId}.${claims.userId}.${Math.floor(now / 1000) + VIEWING_TOKEN_TTL_SECONDS}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** The claims of a valid, unexpired token, or null. */
export function readViewingToken(secret: string, token: string, now = Date.now()): ViewingClaims | null {
  const parts = token.split('.');
  if (parts.length !== 5) return null;
  const payload = parts.slice(0, 4).join('.');
  const given = Buffer.from(parts[4]!);
  const expected = Buffer.from(sign(secret, payload));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [recordId, courseId, userId, exp] = parts.slice(0, 4).map(Number) as [number, number, number, number];
  if (![recordId, courseId, userId, exp].every(Number.isSafeInteger) || exp * 1000 < now) return null;
  return { recordId, courseId, userId };
}
