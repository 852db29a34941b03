import { DEFAULT_LOCALE, FALLBACK_LOCALE, type Locale } from '../common';
import { admin } from './admin';
import { alerts } from './alerts';
import type { Messages } from './define';
import { auth } from './auth';
import { companiesUi } from './companies-ui';
import { courses } from './courses';
import { courseRecords } from './course-records';
import { courseWebinar } from './course-webinar';
import { errors } from './errors';
import { feed } from './feed';
import { registration } from './registration';
import { profile } from './profile';
import { marketplace } from './marketplace';
import { media } from './media';
import { messages } from './messages';
import { jobs } from './jobs';
import { petitions } from './petitions';
import { network } from './network';
import { notificationsUi } from './notifications-ui';
import { posts } from './posts';
import { searchUi } from './search-ui';
import { formsUi } from './forms-ui';
import { validation } from './validation';
import { web } from './web';

export { defineMessages, type Messages } from './define';

/**
 * The one message catalogue shared by the API and the web app, one namespace per section.
 * Add a section by writing `i18n/<area>.ts` with `defineMessages` and listing it here.
 */
export const catalogue = {
  no: { auth: auth.no, errors: errors.no, profile: profile.no, validation: validation.no, web: web.no, admin: admin.no, registration: registration.no, marketplace: marketplace.no, jobs: jobs.no, network: network.no, posts: posts.no, feed: feed.no, notifications_ui: notificationsUi.no, companies_ui: companiesUi.no, petitions: petitions.no, courses: courses.no, course_records: courseRecords.no, course_webinar: courseWebinar.no, media: media.no, search_ui: searchUi.no, forms_ui: formsUi.no, messages: messages.no, alerts: alerts.no },
  en: { auth: auth.en, errors: errors.en, profile: profile.en, validation: validation.en, web: web.en, admin: admin.en, registration: registration.en, marketplace: marketplace.en, jobs: jobs.en, network: network.en, posts: posts.en, feed: feed.en, notifications_ui: notificationsUi.en, companies_ui: companiesUi.en, petitions: petitions.en, courses: courses.en, course_records: courseRecords.en, course_webinar: courseWebinar.en, media: media.en, search_ui: searchUi.en, forms_ui: formsUi.en, messages: messages.en, alerts: alerts.en },
} as const;

export type Catalogue = (typeof catalogue)['no'];

/** Dotted keys of a catalogue section, e.g. `errors.not_found`. */
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
export type MessageKey = Leaves<Catalogue>;

export function resolveLocale(value: string | string[] | undefined | null): Locale {
  const raw = (Array.isArray(value) ? value[0] : value)?.trim().toLowerCase().slice(0, 2);
  if (raw === 'no' || raw === 'nb' || raw === 'nn') return 'no';
  if (raw === 'en') return 'en';
  return DEFAULT_LOCALE;
}

function lookup(tree: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralRules: Record<Locale, Intl.PluralRules> = { no: new Intl.PluralRules('nb'), en: new Intl.PluralRules('en') };

/**
 * The text of `key` in one language: with a numeric `count`, its plural form first (`key_one`,
 * `key_other`, as i18next in the web reads the same catalogue), then `key` itself.
 */
function textOf(locale: Locale, key: string, count: unknown): string | undefined {
  const tree = catalogue[locale];
  if (typeof count === 'number') {
    const plural = lookup(tree, `${key}_${pluralRules[locale].select(count)}`) ?? lookup(tree, `${key}_other`);
    if (plural !== undefined) return plural;
  }
  return lookup(tree, key);
}

/**
 * Translate a dotted key with `{{name}}` placeholders; falls back to English, then to the key. A
 * numeric `count` picks the plural form (`key_one` / `key_other`) where the catalogue has one.
 */
export function translate(locale: Locale, key: MessageKey | string, vars: Record<string, string | number> = {}): string {
  const text = textOf(locale, key, vars.count) ?? textOf(FALLBACK_LOCALE, key, vars.count) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}
