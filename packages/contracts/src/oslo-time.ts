/**
 * Norwegian time, the one implementation for the API and the web: calendar days and wall-clock times
 * in Europe/Oslo (summer time included), not UTC and not the machine's or the browser's own zone.
 * - The API: deadlines and publishing dates are Oslo calendar days (`osloToday`, `osloMidnight`).
 * - The web: the date and time pickers (`DateTimeField`) read and write Oslo's wall clock
 *   (`toOsloWallClock`, `fromOsloWallClock`): a course starts at 18:00 Norwegian time wherever the
 *   organiser sits. Showing a date is `formatDate` / `formatDateTime` in the web's `dates.ts`.
 * Tested in `apps/api/src/common/time/oslo-time.spec.ts` (the contracts have no test runner).
 */
const OSLO = 'Europe/Oslo';

const wallClockFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: OSLO,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** Oslo's wall clock at an instant. */
function osloWallClock(instant: Date): WallClock {
  const parts = wallClockFormat.formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/**
 * How far Oslo's wall clock is ahead of UTC at an instant, in ms (1 h in winter, 2 h in summer):
 * the wall clock read as if it were UTC, less the instant (to the whole second the clock shows).
 */
function osloOffsetMs(epochMs: number): number {
  const w = osloWallClock(new Date(epochMs));
  const wallAsUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return wallAsUtc - Math.floor(epochMs / 1000) * 1000;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The last answer of osloToday, by whole UTC minute: Oslo's date only changes on a whole minute. */
let todayOfMinute: { minute: number; day: string } | null = null;

/**
 * Today's calendar day in Norway (`YYYY-MM-DD`). Oslo's days (and its summer-time switches) begin
 * on whole minutes, so the answer for one UTC minute holds for all of it: kept for the last minute
 * asked, since `Intl` is slow enough to show in a signing burst's profile (every signature's day).
 */
export function osloToday(now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (todayOfMinute?.minute === minute) return todayOfMinute.day;
  const w = osloWallClock(now);
  const day = `${w.year}-${pad(w.month)}-${pad(w.day)}`;
  todayOfMinute = { minute, day };
  return day;
}

/**
 * The instant a Norwegian calendar day (`YYYY-MM-DD`) begins: midnight in Oslo, with summer time.
 * Oslo changes its clocks at 02:00/03:00 local, so midnight always exists and is never doubled;
 * the offset is read at the candidate instant itself, which makes the switch days right too.
 */
export function osloMidnight(day: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(midnightUtc)) throw new RangeError(`Not a calendar day: ${day}`);
  const firstGuess = midnightUtc - osloOffsetMs(midnightUtc);
  return new Date(midnightUtc - osloOffsetMs(firstGuess));
}

/**
 * An instant as Oslo's wall clock, `{ date: 'YYYY-MM-DD', time: 'HH:mm' }`, for the date and time
 * pickers. Null for no or a bad value.
 */
export function toOsloWallClock(iso: string | null | undefined): { date: string; time: string } | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  const w = osloWallClock(d);
  return { date: `${w.year}-${pad(w.month)}-${pad(w.day)}`, time: `${pad(w.hour)}:${pad(w.minute)}` };
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
  const candidates = [osloOffsetMs(wall - 3 * 3_600_000), osloOffsetMs(wall + 3 * 3_600_000)];
  for (const offset of candidates) {
    const instant = wall - offset;
    if (osloOffsetMs(instant) === offset) return new Date(instant).toISOString();
  }
  // In the skipped hour: the wall clock read with the offset before the change lands after it.
  return new Date(wall - (candidates[0] ?? 3_600_000)).toISOString();
}
