import { type Locale } from '@legenett/contracts';

/**
 * The one number format of the app: Norwegian "55,2" and "12 345" (a no-break space between
 * thousands), English "55.2" and "12,345". Texts with `{{count}}` get the same through i18next
 * (`shared/i18n/i18n.ts` formats every number it interpolates with this).
 */
const TAGS: Record<Locale, string> = { no: 'nb-NO', en: 'en-GB' };

const cache = new Map<string, Intl.NumberFormat>();

export function numberFormat(locale: Locale, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}:${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(TAGS[locale], { maximumFractionDigits: 1, ...options });
    cache.set(key, f);
  }
  return f;
}

/** A count or measure: at most one decimal unless `options` say otherwise (`55,2`, `1 234`). */
export function formatNumber(value: number, locale: Locale, options?: Intl.NumberFormatOptions): string {
  return numberFormat(locale, options).format(value);
}

/** A share (0..1) as a whole percent: `0.552` -> "55 %" / "55%". */
export function formatPercent(share: number, locale: Locale, options?: Intl.NumberFormatOptions): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 0, ...options }).format(share);
}

/** A file size: "1,5 MB", "320 kB". */
export function formatBytes(bytes: number, locale: Locale): string {
  if (bytes >= 1024 * 1024) return `${formatNumber(bytes / 1024 / 1024, locale)} MB`;
  return `${formatNumber(Math.max(1, Math.round(bytes / 1024)), locale, { maximumFractionDigits: 0 })} kB`;
}

/** Variables whose numbers are names, not amounts: never grouped ("© 2026", not "© 2 026"). */
const VERBATIM_KEYS = new Set(['year']);

/**
 * i18next's `interpolation.format` (with `alwaysFormat`): every number a text interpolates goes
 * through the locale (`{{count}}` and `{{count, number}}` alike: "1 234", "55,2"); anything else is
 * left as it is. Plurals still come from i18next's plural rules on the raw `count`.
 */
export function formatInterpolated(value: unknown, format: string | undefined, lng: string | undefined, key: string | undefined): unknown {
  if (typeof value !== 'number' || !Number.isFinite(value)) return value;
  if (format !== undefined && format !== 'number') return value;
  if (key !== undefined && VERBATIM_KEYS.has(key)) return value;
  return numberFormat(lng === 'en' ? 'en' : 'no', { maximumFractionDigits: 2 }).format(value);
}
