/**
 * The patient-data guard (issue 26): finds Norwegian national identity numbers (fødselsnummer and
 * D-numbers) in free text, so that a message, post or comment carrying one is refused (422) by the
 * API and warned about by the web app while the user types. Shared by both: one rule, one test.
 *
 * A number counts only when all of it holds (a phone number or an order number is not a patient):
 * - 11 digits, not part of a longer run of digits, written together or with one space after the
 *   six-digit date part (`010190 12345`);
 * - the date part (DDMMYY) is a real date, the day raised by 40 for a D-number (41-71);
 * - the individual number (digits 7-9) gives a century in which that date exists;
 * - both mod-11 check digits are right (a remainder giving 10 means no valid number).
 * H-numbers (month + 40) and synthetic test numbers (month + 80) are not matched: they do not
 * identify a real person outside a health service's own records. docs/messages.md.
 */

const WEIGHTS_1 = [3, 7, 6, 1, 8, 9, 4, 5, 2] as const;
const WEIGHTS_2 = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/** 6 digits, an optional single space, 5 digits; no digit right before or after. */
const CANDIDATE = /(?<![\d])(\d{6}) ?(\d{5})(?![\d])/g;

function checkDigit(digits: readonly number[], weights: readonly number[]): number | null {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (digits[i] ?? 0) * (weights[i] ?? 0);
  const k = 11 - (sum % 11);
  if (k === 11) return 0;
  if (k === 10) return null;
  return k;
}

/** The four-digit year of a two-digit year and the individual number, or null when no century fits. */
function fullYear(yy: number, individual: number): number | null {
  if (individual <= 499) return 1900 + yy;
  if (individual <= 749 && yy >= 54) return 1800 + yy;
  if (individual >= 500 && yy <= 39) return 2000 + yy;
  if (individual >= 900 && yy >= 40) return 1900 + yy;
  return null;
}

function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Whether eleven digits (no space) are a valid fødselsnummer or D-number. */
export function isNationalIdNumber(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  const d = [...value].map(Number);
  let day = (d[0] ?? 0) * 10 + (d[1] ?? 0);
  const month = (d[2] ?? 0) * 10 + (d[3] ?? 0);
  const yy = (d[4] ?? 0) * 10 + (d[5] ?? 0);
  const individual = (d[6] ?? 0) * 100 + (d[7] ?? 0) * 10 + (d[8] ?? 0);
  if (day > 40) day -= 40; // D-number
  const year = fullYear(yy, individual);
  if (year === null || !isRealDate(year, month, day)) return false;
  const k1 = checkDigit(d, WEIGHTS_1);
  if (k1 === null || k1 !== d[9]) return false;
  const k2 = checkDigit(d, WEIGHTS_2);
  return k2 !== null && k2 === d[10];
}

/** Where a national identity number is in the text: start, end (exclusive) and the digits. */
export interface NationalIdMatch {
  start: number;
  end: number;
  digits: string;
}

/** Every valid national identity number in the text, in order. */
export function findNationalIds(text: string): NationalIdMatch[] {
  const found: NationalIdMatch[] = [];
  for (const m of text.matchAll(CANDIDATE)) {
    const digits = `${m[1] ?? ''}${m[2] ?? ''}`;
    if (isNationalIdNumber(digits)) found.push({ start: m.index, end: m.index + m[0].length, digits });
  }
  return found;
}

/** Whether the text holds a valid national identity number (the guard's one question). */
export const containsNationalId = (text: string): boolean => findNationalIds(text).length > 0;

/** The catalogue key of the guard's field error (422 in the API, the inline warning in the web). */
export const NATIONAL_ID_MESSAGE = 'validation.national_id';
