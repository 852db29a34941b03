import { type Locale } from '@legenett/contracts';

/**
 * The one date format of the app (issue: jobs showed ISO dates, the feed "22. nov. 2026"): Norwegian
 * "22. nov. 2026" and "22. nov. 2026, 07:00", English "22 Nov 2026" and "22 Nov 2026, 07:00", always
 * in Norway's time zone, so a deadline reads the same wherever the reader is.
 */
const TAGS: Record<Locale, string> = { no: 'nb-NO', en: 'en-GB' };
const TIME_ZONE = 'Europe/Oslo';

const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: Locale, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale}:${withTime}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(TAGS[locale], {
      dateStyle: 'medium',
      ...(withTime ? { timeStyle: 'short' } : {}),
      timeZone: TIME_ZONE,
    });
    cache.set(key, f);
  }
  return f;
}

/**
 * Makes the date-and-time format of `locale` in a task of its own, before it is first needed; returns
 * a cancel. The first `Intl.DateTimeFormat` of a page loads the locale's and the time zone's data
 * (~45 ms of the 4x slower profile of `/feed`): made while the first post card renders, it lengthened
 * that render's task, which Lighthouse counts as blocking time. A list of posts calls this when it
 * mounts, while its posts are still on their way (docs/performance/web.md).
 */
export function prepareDateTimeFormat(locale: Locale): () => void {
  if (cache.has(`${locale}:true`)) return () => undefined;
  const timer = setTimeout(() => formatter(locale, true), 0);
  return () => clearTimeout(timer);
}

/** A calendar date (`2027-01-07`, as the API sends deadlines) or an instant's date in Oslo. */
export function formatDate(value: string, locale: Locale): string {
  // A bare date is a day in Norway, not midnight UTC (which would be the day before in some zones).
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatter(locale, false).format(date);
}

/** An instant (`created_at`) with its time, in Oslo. */
export function formatDateTime(value: string, locale: Locale): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatter(locale, true).format(date);
}
