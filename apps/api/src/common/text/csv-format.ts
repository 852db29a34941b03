import { type Locale } from '@legenett/contracts';

/**
 * The field separator of a CSV file for a reader in this language: Excel set to Norwegian splits on
 * semicolons (the comma is the decimal sign there), English on commas. Every CSV the API writes uses
 * this, with a byte-order mark so the Norwegian letters are read as UTF-8 (docs/api-conventions.md).
 */
export function csvDelimiter(locale: Locale): ';' | ',' {
  return locale === 'no' ? ';' : ',';
}
