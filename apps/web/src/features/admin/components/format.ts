import { type Locale } from '@legenett/contracts';

const TAGS: Record<Locale, string> = { no: 'nb-NO', en: 'en-GB' };

export function formatDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(TAGS[locale], { dateStyle: 'medium' }).format(new Date(iso));
}

export function formatDateTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(TAGS[locale], { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

export const fullName = (u: { first_name: string; last_name: string }): string => `${u.first_name} ${u.last_name}`.trim();
