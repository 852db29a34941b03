import { type Locale } from '@legenett/contracts';
import { formatNumber } from '@/shared/lib/numbers';

/** Whole kroner as the user's language writes them ("12 500 kr" / "NOK 12,500"). */
export function formatPrice(price: number, locale: Locale): string {
  return formatNumber(price, locale, { style: 'currency', currency: 'NOK', maximumFractionDigits: 0 });
}
