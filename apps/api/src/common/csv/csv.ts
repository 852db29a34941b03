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
 * The one way the product writes CSV (docs/security.md): every text cell through `neutraliseCell`,
 * with a byte-order mark so spreadsheet programs read æ, ø and å as UTF-8. `csvFile` for a small
 * file built at once, `csvStream` for a long one written row by row (respect `write`'s backpressure).
 */
const options = { bom: true, cast: { string: neutraliseCell } } as const;

export function csvFile(rows: readonly (readonly (string | number)[])[]): string {
  return stringifySync(rows as (string | number)[][], options);
}

export function csvStream(header: readonly string[]): Stringifier {
  return stringifyStream({ ...options, header: true, columns: [...header] });
}
