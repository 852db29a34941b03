import { type Locale } from '@legenett/contracts';

const TAGS: Record<Locale, string> = { no: 'nb-NO', en: 'en-GB' };

/** A calendar day (`YYYY-MM-DD`) or an instant as the user's language writes a date. */
export function formatDay(value: string, locale: Locale): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return new Intl.DateTimeFormat(TAGS[locale], { dateStyle: 'medium', timeZone: 'Europe/Oslo' }).format(date);
}
