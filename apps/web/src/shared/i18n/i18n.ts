import { catalogue, DEFAULT_LOCALE, FALLBACK_LOCALE, LOCALES, type Locale } from '@legenett/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storageKeys } from '@/shared/config/storage-keys';
import { safeStorage } from '@/shared/lib/storage';

/** Every section of the shared catalogue is a namespace; a new section needs no change here. */
export const NAMESPACES = Object.keys(catalogue.no) as (keyof typeof catalogue.no)[];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function readStoredLocale(): Locale {
  const stored = safeStorage.get(storageKeys.locale);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

function applyLocale(locale: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** The one catalogue of `packages/contracts`, one namespace per section; `no` default, `en` fallback. */
void i18n.use(initReactI18next).init({
  resources: catalogue,
  lng: readStoredLocale(),
  fallbackLng: FALLBACK_LOCALE,
  supportedLngs: [...LOCALES],
  ns: [...NAMESPACES],
  defaultNS: 'web',
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
});
applyLocale(i18n.language);

i18n.on('languageChanged', (lng) => {
  applyLocale(lng);
  if (isLocale(lng)) safeStorage.set(storageKeys.locale, lng);
});

/** The language in use, for the `X-localization` header and query keys. */
export function currentLocale(): Locale {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(lng) ? lng : DEFAULT_LOCALE;
}

export function changeLocale(locale: Locale): Promise<unknown> {
  return i18n.changeLanguage(locale);
}

export { i18n };
