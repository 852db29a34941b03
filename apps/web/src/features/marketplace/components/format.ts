import { type Locale } from '@legenett/contracts';

/** Whole kroner as the user's language writes them ("12 500 kr" / "NOK 12,500"). */
export function formatPrice(price: number, locale: Locale): string {
  return new Intl.NumberFormat(locale === 'no' ? 'nb-NO' : 'en-GB', { style: 'currency', currency: 'NOK', maximumFractionDigits: 0 }).format(price);
}
