import { fromOsloWallClock, type NotificationJobPayload, type NotificationKind, osloToday, toOsloWallClock } from '@legenett/contracts';

/**
 * Grouping (docs/notifications.md, "Grouping"): likes, shares and follows of one target within one
 * Norwegian calendar day become one entry; the comments on one post one entry however long it runs;
 * every other kind (mentions, messages, account and moderation decisions, ...) stands alone.
 */
const BUCKETED: ReadonlySet<NotificationKind> = new Set(['like', 'share', 'new_follower']);
/**
 * `chat_message`: one entry per conversation (modules/messages), which a new message makes unread and
 * moves to the top; reading the conversation reads it (`markEntityRead`).
 */
const PER_TARGET: ReadonlySet<NotificationKind> = new Set(['comment', 'chat_message']);

/** The group a notification joins, or null when its kind is never grouped. */
export function groupKeyOf(p: Pick<NotificationJobPayload, 'kind' | 'entity_type' | 'entity_id'>, now: Date): string | null {
  // A follow's target is the person followed, who is the recipient: the key needs no entity.
  if (p.kind === 'new_follower') return `new_follower:${osloToday(now)}`;
  if (p.entity_type === null || p.entity_id === null) return null;
  if (BUCKETED.has(p.kind)) return `${p.kind}:${p.entity_type}:${p.entity_id}:${osloToday(now)}`;
  if (p.kind === 'chat_message') return p.entity_type === 'conversation' ? `chat_message:conversation:${p.entity_id}` : null;
  if (PER_TARGET.has(p.kind)) return `${p.kind}:${p.entity_type}:${p.entity_id}`;
  return null;
}

export const isGroupedKind = (kind: NotificationKind): boolean => BUCKETED.has(kind) || PER_TARGET.has(kind);

/**
 * How long the e-mail about a grouped entry waits for more of the same, so that one e-mail says
 * "Kari Nordby og 4 andre likte innlegget ditt" instead of five e-mails.
 */
export const GROUP_MAIL_DELAY_MS = 15 * 60_000;

export interface QuietWindow {
  enabled: boolean;
  /** Minutes after Oslo midnight. */
  startMinute: number;
  endMinute: number;
}

export const DEFAULT_QUIET_WINDOW: QuietWindow = { enabled: true, startMinute: 22 * 60, endMinute: 7 * 60 };

const hhmm = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
export const minuteOf = (text: string): number => {
  const [h = 0, m = 0] = text.split(':').map(Number);
  return h * 60 + m;
};
export const textOfMinute = hhmm;

/** The Oslo calendar day after `day` (`YYYY-MM-DD`). */
function nextDay(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

function inWindow(minute: number, w: QuietWindow): boolean {
  if (!w.enabled || w.startMinute === w.endMinute) return false;
  return w.startMinute < w.endMinute
    ? minute >= w.startMinute && minute < w.endMinute
    : minute >= w.startMinute || minute < w.endMinute;
}

/** Whether an instant falls in the quiet hours, read on Oslo's wall clock (summer time included). */
export function isQuiet(at: Date, w: QuietWindow): boolean {
  const wall = toOsloWallClock(at.toISOString());
  return wall !== null && inWindow(minuteOf(wall.time), w);
}

/**
 * When an e-mail or SMS planned for `at` may go: `at` itself outside the quiet hours, else the
 * window's end on Oslo's wall clock (07:00 the same morning, or the next one when the window began
 * in the evening). Summer time is the wall clock's: 07:00 is 05:00 UTC in summer and 06:00 in winter,
 * also on the nights the clocks change. A course reminder whose event itself starts within the quiet
 * hours goes at once (waiting for the morning would make it late); one for an event after them waits.
 */
export function deliveryTime(at: Date, w: QuietWindow, eventAt?: Date | null): Date {
  const wall = toOsloWallClock(at.toISOString());
  if (!wall) return at;
  const minute = minuteOf(wall.time);
  if (!inWindow(minute, w)) return at;
  const endDay = w.startMinute > w.endMinute && minute >= w.startMinute ? nextDay(wall.date) : wall.date;
  const end = new Date(fromOsloWallClock(endDay, hhmm(w.endMinute)) ?? at.toISOString());
  if (eventAt && eventAt.getTime() <= end.getTime()) return at;
  return end;
}
