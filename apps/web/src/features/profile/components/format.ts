/** `2019-08-01` -> "aug. 2019" / "Aug 2019" in the reader's language. */
export function monthYear(date: string | null, locale: string): string {
  if (!date) return '';
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  return new Intl.DateTimeFormat(locale === 'no' ? 'nb-NO' : 'en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(d);
}

export function period(start: string, end: string | null, ongoing: boolean, locale: string, now: string): string {
  return `${monthYear(start, locale)} – ${ongoing || !end ? now : monthYear(end, locale)}`;
}
