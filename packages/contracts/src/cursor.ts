import { z } from 'zod';

/**
 * The keyset cursors of every list read newest first (the feed, the inbox, the bell): an opaque
 * base64url of `[timestamp, id]`. One decoder for all, so a cursor that PostgreSQL would refuse
 * (year 0000, 2024-02-30, 25:00, an offset of +99) is a 422 on `cursor` everywhere, never a 500.
 */
export interface TimeIdCursor {
  at: string;
  id: number;
}

export function encodeTimeIdCursor(c: TimeIdCursor): string {
  return Buffer.from(JSON.stringify([c.at, c.id]), 'utf8').toString('base64url');
}

/** `2026-03-01T12:00:00.123456Z` as the API writes it (a space or an offset `+01`/`+01:00` also pass). */
const CURSOR_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:Z|[+-](\d{2})(?::?(\d{2}))?)$/;

/** A real instant PostgreSQL accepts, from the year 1000 on: no 2024-02-30, 25:00 or +99 offset. */
export function isCursorTime(value: string): boolean {
  const m = CURSOR_TIME.exec(value);
  if (!m) return false;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, offsetHours = 0, offsetMinutes = 0] = m
    .slice(1)
    .map((v) => (v === undefined ? 0 : Number(v)));
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return (
    year >= 1000 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 15 &&
    offsetMinutes <= 59
  );
}

const CursorTuple = z.tuple([z.string().min(10).max(40).refine(isCursorTime), z.number().int().positive().max(Number.MAX_SAFE_INTEGER)]);

export function decodeTimeIdCursor(raw: string): TimeIdCursor | null {
  try {
    const parsed = CursorTuple.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    return parsed.success ? { at: parsed.data[0], id: parsed.data[1] } : null;
  } catch {
    return null;
  }
}

/** The `cursor` query field: absent is null, a bad one 422 `validation.invalid`. */
export const timeIdCursorQuery = () =>
  z
    .string()
    .max(200)
    .optional()
    .transform((v, ctx): TimeIdCursor | null => {
      if (!v) return null;
      const c = decodeTimeIdCursor(v);
      if (!c) {
        ctx.addIssue({ code: 'custom', message: 'validation.invalid' });
        return z.NEVER;
      }
      return c;
    });
