import { type Locale } from '@legenett/contracts';
import { stringify as stringifyStream, type Stringifier } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';

/** A cell a spreadsheet would read as a formula: it begins with =, +, -, @, a tab or a carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * OWASP's rule against CSV (formula) injection: a text cell that begins with a formula character is
 * prefixed with a single quote, so spreadsheet programs show it as text instead of running it.
 * Numbers are written as numbers (they are ours, never a user's text).
 */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * The field separator for a reader in this language: Excel set to Norwegian splits on semicolons
 * (the comma is the decimal sign there), English on commas.
 */
export function csvDelimiter(locale: Locale): ';' | ',' {
  return locale === 'no' ? ';' : ',';
}

/**
 * The one way the product writes CSV (docs/security.md): every text cell through `neutraliseCell`,
 * the reader's separator (`csvDelimiter`), and a byte-order mark so spreadsheet programs read æ, ø
 * and å as UTF-8. `csvFile` for a small file built at once, `csvStream` for a long one written row
 * by row (respect `write`'s backpressure).
 */
const options = (locale: Locale) => ({ bom: true, delimiter: csvDelimiter(locale), cast: { string: neutraliseCell } }) as const;

export function csvFile(rows: readonly (readonly (string | number)[])[], locale: Locale): string {
  return stringifySync(rows as (string | number)[][], options(locale));
}

export function csvStream(header: readonly string[], locale: Locale): Stringifier {
  return stringifyStream({ ...options(locale), header: true, columns: [...header] });
}
