/** Norwegian calendar days: deadlines and publishing dates are days in Europe/Oslo, not UTC. */
const OSLO = 'Europe/Oslo';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: OSLO,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const wallClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: OSLO,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Today's calendar day in Norway (`YYYY-MM-DD`). */
export function osloToday(now: Date = new Date()): string {
  return dayFormat.format(now);
}

/** How far Oslo's wall clock is ahead of UTC at `instant`, in ms (1 h in winter, 2 h in summer). */
function osloOffsetMs(instant: Date): number {
  const part = (parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value);
  const parts = wallClock.formatToParts(instant);
  const wallAsUtc = Date.UTC(
    part(parts, 'year'),
    part(parts, 'month') - 1,
    part(parts, 'day'),
    part(parts, 'hour'),
    part(parts, 'minute'),
    part(parts, 'second'),
  );
  return wallAsUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant a Norwegian calendar day (`YYYY-MM-DD`) begins: midnight in Oslo, with summer time.
 * Oslo changes its clocks at 02:00/03:00 local, so midnight always exists and is never doubled;
 * the offset is read at the candidate instant itself, which makes the switch days right too.
 */
export function osloMidnight(day: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(midnightUtc)) throw new RangeError(`Not a calendar day: ${day}`);
  const firstGuess = midnightUtc - osloOffsetMs(new Date(midnightUtc));
  return new Date(midnightUtc - osloOffsetMs(new Date(firstGuess)));
}
