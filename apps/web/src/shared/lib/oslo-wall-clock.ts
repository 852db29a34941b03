/**
 * Oslo's wall clock for the date and time pickers (`DateTimeInput`): a course starts at 18:00
 * Norwegian time wherever the organiser sits. Apart from `dates.ts` so the pages that only show dates
 * (the feed) do not carry it.
 */
const TIME_ZONE = 'Europe/Oslo';

/** Oslo's offset from UTC in minutes (60 or 120) at an instant. */
function osloOffsetMinutes(epochMs: number): number {
  const parts = osloParts(new Date(epochMs));
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
  return Math.round((wall - Math.floor(epochMs / 60_000) * 60_000) / 60_000);
}

const partsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
function osloParts(date: Date): { year: number; month: number; day: number; hour: number; minute: number } {
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(partsFormat.formatToParts(date).find((p) => p.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as Oslo's wall clock, `{ date: 'YYYY-MM-DD', time: 'HH:mm' }`, for the date and time
 * pickers: a course starts at 18:00 Norwegian time wherever the organiser sits. Null for no or a bad value.
 */
export function toOsloWallClock(iso: string | null | undefined): { date: string; time: string } | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  const p = osloParts(d);
  return { date: `${p.year}-${pad(p.month)}-${pad(p.day)}`, time: `${pad(p.hour)}:${pad(p.minute)}` };
}

/**
 * Oslo's wall clock (`2027-01-07`, `18:00`) as an ISO instant. A time that does not exist (the hour
 * skipped in March) moves forward by the gap; an hour that occurs twice (October) is the first one.
 */
export function fromOsloWallClock(date: string, time: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(time);
  if (!d || !t) return null;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  if (Number.isNaN(wall)) return null;
  // Try the offset the wall clock has before and after: the first that maps back to it wins.
  const candidates = [osloOffsetMinutes(wall - 3 * 3_600_000), osloOffsetMinutes(wall + 3 * 3_600_000)];
  for (const offset of candidates) {
    const instant = wall - offset * 60_000;
    if (osloOffsetMinutes(instant) === offset) return new Date(instant).toISOString();
  }
  // In the skipped hour: the wall clock read with the offset before the change lands after it.
  return new Date(wall - (candidates[0] ?? 60) * 60_000).toISOString();
}
