import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALES, type Locale, type MessageKey } from '@legenett/contracts';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storageKeys } from '@/shared/config/storage-keys';
import { withChunkTimeout } from '@/shared/lib/chunk-timeout';
import { readCookie, writeCookie } from '@/shared/lib/cookies';
import { formatInterpolated } from '@/shared/lib/numbers';
import { safeStorage } from '@/shared/lib/storage';
import { loadSection, SHELL_NAMESPACES } from './sections';

export { SHELL_NAMESPACES } from './sections';

/** A section of the shared catalogue, i.e. an i18next namespace (`web`, `feed`, ...). */
export type Namespace = MessageKey extends `${infer Section}.${string}` ? Section : never;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function readStoredLocale(): Locale {
  const stored = safeStorage.get(storageKeys.locale);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The choice is also a cookie, so the server writes the page in that language (`<html lang>`) and
 * preloads that language's texts (apps/api/src/common/spa/page-html.ts). Written when it differs.
 */
export function rememberLocaleCookie(locale: Locale): void {
  if (readCookie(LOCALE_COOKIE) !== locale) writeCookie(LOCALE_COOKIE, locale, YEAR_SECONDS, 'Lax');
}

function applyLocale(locale: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** Reads a catalogue section in one language from its own module (`./sections.ts`), on demand. */
const catalogueBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    if (!isLocale(language)) return callback(new Error(`Unknown language ${language}`), false);
    withChunkTimeout(() => loadSection(language, namespace)).then(
      (messages) => callback(null, messages),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/**
 * The one catalogue of `packages/contracts`, one namespace per section, `no` by default. Only the
 * current language is loaded (no fallback language: both have the same keys), and of it only the
 * shell's sections at start; a page's own sections load with its route (`app/router.tsx`), and a
 * language switch loads the new language's sections in use before it shows. A component whose section
 * is not there yet suspends (the layout shows a loader) rather than showing raw keys.
 */
void i18n
  .use(initReactI18next)
  .use(catalogueBackend)
  .init({
    lng: readStoredLocale(),
    fallbackLng: false,
    supportedLngs: [...LOCALES],
    load: 'currentOnly',
    ns: [...SHELL_NAMESPACES],
    defaultNS: 'web',
    partialBundledLanguages: true,
    interpolation: {
      escapeValue: false,
      // Numbers in texts through the locale ("55,2", "1 234"): shared/lib/numbers.ts.
      alwaysFormat: true,
      // Anything but a number comes back as it is (i18next turns it into text, or handles a missing value).
      format: (value: unknown, format?: string, lng?: string, options?: Record<string, unknown>) =>
        formatInterpolated(value, format, lng, typeof options?.interpolationkey === 'string' ? options.interpolationkey : undefined) as string,
    },
    initAsync: false,
    react: { useSuspense: true },
  });
applyLocale(i18n.language);
// A choice stored before the cookie existed (or a cookie that expired): the server learns it for the next page.
const storedChoice = safeStorage.get(storageKeys.locale);
if (isLocale(storedChoice)) rememberLocaleCookie(storedChoice);

i18n.on('languageChanged', applyLocale);

/** Loads catalogue sections in the current language (resolves at once when they are there). */
export function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  return i18n.loadNamespaces([...namespaces]);
}

/** The language in use, for the `X-localization` header and query keys. */
export function currentLocale(): Locale {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(lng) ? lng : DEFAULT_LOCALE;
}

/**
 * Switches the language and remembers the choice. Remembered here, not on `languageChanged`: the
 * start-up's own event fires only once the shell's sections have loaded, and writing then put the
 * language read at start back over a choice stored meanwhile (another tab; an e2e test that set
 * English while the app was starting, whose next page then came up in Norwegian).
 */
export function changeLocale(locale: Locale): Promise<unknown> {
  safeStorage.set(storageKeys.locale, locale);
  rememberLocaleCookie(locale);
  return i18n.changeLanguage(locale);
}

/** `validation.too_short` -> namespace `validation`, key `too_short`. */
const splitKey = (key: string): [Namespace, string] => {
  const dot = key.indexOf('.');
  return [key.slice(0, Math.max(dot, 0)) as Namespace, dot < 0 ? '' : key.slice(dot + 1)];
};

/** Whether a dotted catalogue key (`validation.too_short`) names an entry of a loaded section. */
export function isLoadedKey(key: string): key is MessageKey {
  const [ns, rest] = splitKey(key);
  return rest !== '' && i18n.exists(rest, { ns, lng: i18n.language });
}

/** A dotted catalogue key's text in `locale` with `{{name}}` placeholders (the contracts' `translate`, from the loaded sections). */
export function translateKey(
  locale: Locale,
  key: string,
  vars: Record<string, string | number> = {},
): string {
  const [ns, rest] = splitKey(key);
  const t = i18n.getFixedT(locale, ns) as (key: string, options: Record<string, unknown>) => string;
  return t(rest, { ...vars, defaultValue: key });
}

export { i18n };
