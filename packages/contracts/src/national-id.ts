/**
 * The patient-data guard (issues 26 and 38): finds Norwegian national identity numbers in free text,
 * so that a text carrying one is refused (422) by the API and warned about by the web app while the
 * user types. Shared by both: one rule, one test. docs/patient-data-guard.md describes the rules.
 *
 * The text is read as people and programs write numbers:
 * - normalised: every character by its Unicode NFKC form (full-width digits, ligatures), every
 *   decimal digit of any script (`\p{Nd}`: Arabic-Indic, Devanagari, ...) by its value; format
 *   characters (zero-width space and joiners, soft hyphen, bidi marks, BOM), combining marks and
 *   control characters are dropped; every Unicode space is a space; HTML character references
 *   (`&nbsp;`, `&#160;`, `&#x30;`) are decoded;
 * - digit groups joined by separators (spaces of any kind and count, tabs, line breaks, and at most
 *   two of dash, dot, slash) count together when their lengths follow a way people write the 6 + 5
 *   digits (`GROUPINGS`: `01019012480`, `010190 12480`, `010190-12480`, `01.01.90 12480`,
 *   `010190 124 80`, `01 01 90 124 80`, ...). A group is never cut: `901019012480` is no number.
 *   An account number in its usual grouping (`1234.56.78903`, `1234 56 78903`) is no such grouping.
 *
 * Eleven digits count when they are a fødselsnummer, a D-number (first digit + 4) or an H-number
 * (third digit + 4) with a real date (29 February only in a year divisible by four), the second
 * control digit right (the weighted sum modulo 11 is 0), and the first control digit right by
 * today's rule (remainder 0, and a century that fits the individual number) or by the rule for the
 * numbers issued from 1 January 2032 (remainder 0, 1, 2 or 3; the individual number no longer tells
 * the century). Synthetic test numbers (month + 80, Skatteetaten's Tenor) are no person: they pass.
 *
 * Eleven plain digits right after the word konto / kontonummer / kontonr (or account) are read as a
 * bank account number and pass; every other eleven plain digits that are refused are also a valid
 * account number (its check digit is the second control digit), so that refusal says how to write
 * one (`NATIONAL_ID_ACCOUNT_MESSAGE`).
 */

/** The kind of number: by the date part. */
export type NationalIdKind = 'fodselsnummer' | 'd_number' | 'h_number';
/** Which first-control-digit rule holds: today's (remainder 0) or the one from 2032 (0-3). */
export type NationalIdRule = 'classic' | '2032';

const W1 = [3, 7, 6, 1, 8, 9, 4, 5, 2, 1] as const;
const W2 = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2, 1] as const;
const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** The four-digit year of a two-digit year and the individual number (today's rule), or null. */
function fullYear(yy: number, individual: number): number | null {
  if (individual <= 499) return 1900 + yy;
  if (individual <= 749 && yy >= 54) return 1800 + yy;
  if (individual >= 500 && yy <= 39) return 2000 + yy;
  if (individual >= 900 && yy >= 40) return 1900 + yy;
  return null;
}

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

function dayFits(day: number, month: number, leap: boolean): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  if (month === 2 && day === 29) return leap;
  return day <= (DAYS[month - 1] ?? 0);
}

/** What eleven digit values are, or null when no identity number. */
export function classifyNationalId(d: readonly number[]): { kind: NationalIdKind; rule: NationalIdRule } | null {
  if (d.length !== 11) return null;
  let sum2 = 0;
  for (let i = 0; i < 11; i++) sum2 += (d[i] ?? 0) * (W2[i] ?? 0);
  if (sum2 % 11 !== 0) return null;
  let sum1 = 0;
  for (let i = 0; i < 10; i++) sum1 += (d[i] ?? 0) * (W1[i] ?? 0);
  const r1 = sum1 % 11;
  if (r1 > 3) return null;
  let day = (d[0] ?? 0) * 10 + (d[1] ?? 0);
  let month = (d[2] ?? 0) * 10 + (d[3] ?? 0);
  const yy = (d[4] ?? 0) * 10 + (d[5] ?? 0);
  let kind: NationalIdKind = 'fodselsnummer';
  if (day > 40) {
    kind = 'd_number';
    day -= 40;
  } else if (month > 40 && month <= 52) {
    kind = 'h_number';
    month -= 40;
  }
  // Month + 80 (synthetic test numbers) and anything else beyond 12 fail here.
  if (r1 === 0) {
    const year = fullYear(yy, (d[6] ?? 0) * 100 + (d[7] ?? 0) * 10 + (d[8] ?? 0));
    if (year !== null && dayFits(day, month, isLeap(year))) return { kind, rule: 'classic' };
  }
  // From 2032 the century is no longer in the number: a date that exists in some century.
  return dayFits(day, month, yy % 4 === 0) ? { kind, rule: '2032' } : null;
}

/** Whether eleven ASCII digits are a valid fødselsnummer, D-number or H-number (either rule). */
export function isNationalIdNumber(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  return classifyNationalId([...value].map(Number)) !== null;
}

/** Where a national identity number is in the text (positions in the text as given). */
export interface NationalIdMatch {
  /** The index of its first character (its first digit, or the entity or character that gave it). */
  start: number;
  /** The index after its last character. */
  end: number;
  /** The eleven digits, ASCII. */
  digits: string;
  kind: NationalIdKind;
  rule: NationalIdRule;
  /** Written as eleven plain digits: also a valid bank account number, so the refusal says how to write one. */
  could_be_account: boolean;
}

/**
 * The digit-group lengths read as one number (joined by separators; the groups of a line are never
 * cut). `4,2,5` (an account number) is deliberately absent.
 */
const GROUPINGS = new Set([
  '11',
  '6,5',
  '6,3,2',
  '2,2,2,5',
  '2,2,2,3,2',
  '3,3,3,2',
  '1,1,1,1,1,1,1,1,1,1,1',
]);

// Character classes of the scanner.
const OTHER = 0;
const DIGIT = 1;
const SPACE = 2;
const PUNCT = 3;
const IGNORE = 4;

/** A character's class and, for a digit, its value; several for a character NFKC turns into several. */
type Units = readonly (readonly [number, number])[];

const ASCII_CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  if (c >= 48 && c <= 57) ASCII_CLASS[c] = DIGIT;
  else if (c === 32 || c === 9 || c === 10 || c === 11 || c === 12 || c === 13) ASCII_CLASS[c] = SPACE;
  else if (c === 45 || c === 46 || c === 47) ASCII_CLASS[c] = PUNCT;
  else if (c < 32 || c === 127) ASCII_CLASS[c] = IGNORE;
  else ASCII_CLASS[c] = OTHER;
}

const ND = /^\p{Nd}$/u;
const SPACE_RE = /^[\p{Zs}\p{Zl}\p{Zp}\u0085]$/u;
const IGNORE_RE = /^[\p{Cf}\p{Mn}\p{Me}\p{Cc}]$/u;
const DASH_RE = /^[\p{Pd}\u2212\u2044\u2215\u2027\u00b7\u30fb]$/u;

/** A decimal digit's value: Unicode encodes each script's digits as 0-9 in a row of ten. */
function ndValue(cp: number): number {
  let n = 0;
  while (n < 10 && ND.test(String.fromCodePoint(cp - n - 1))) n++;
  return n % 10;
}

function classOfOne(ch: string): readonly [number, number] {
  const cp = ch.codePointAt(0) ?? 0;
  if (cp < 128) return [ASCII_CLASS[cp] ?? OTHER, cp - 48];
  if (ND.test(ch)) return [DIGIT, ndValue(cp)];
  if (SPACE_RE.test(ch)) return [SPACE, 0];
  if (IGNORE_RE.test(ch)) return [IGNORE, 0];
  if (DASH_RE.test(ch)) return [PUNCT, 0];
  return [OTHER, 0];
}

const unitCache = new Map<number, Units>();

/** The units of a non-ASCII code point: its NFKC form, character by character. */
function unitsOf(cp: number): Units {
  let u = unitCache.get(cp);
  if (u) return u;
  const ch = String.fromCodePoint(cp);
  const own = classOfOne(ch);
  if (own[0] !== OTHER) u = [own];
  else {
    const nfkc = ch.normalize('NFKC');
    u = nfkc === ch ? [own] : [...nfkc].map(classOfOne);
  }
  unitCache.set(cp, u);
  return u;
}

const NAMED_ENTITIES: Record<string, number> = {
  nbsp: 0xa0,
  shy: 0xad,
  ensp: 0x2002,
  emsp: 0x2003,
  emsp13: 0x2004,
  emsp14: 0x2005,
  numsp: 0x2007,
  puncsp: 0x2008,
  thinsp: 0x2009,
  hairsp: 0x200a,
  ZeroWidthSpace: 0x200b,
  zwnj: 0x200c,
  zwj: 0x200d,
  lrm: 0x200e,
  rlm: 0x200f,
  NoBreak: 0x2060,
  MediumSpace: 0x205f,
  NonBreakingSpace: 0xa0,
  Tab: 9,
  NewLine: 10,
  hyphen: 0x2010,
  dash: 0x2010,
  ndash: 0x2013,
  mdash: 0x2014,
  minus: 0x2212,
  period: 0x2e,
  sol: 0x2f,
  colon: 0x3a,
  comma: 0x2c,
};

const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,15}));?/y;

/** The code point and length of the character reference at `i` (`&` there), or null. */
function entityAt(text: string, i: number): readonly [number, number] | null {
  ENTITY.lastIndex = i;
  const m = ENTITY.exec(text);
  if (!m) return null;
  let cp: number | undefined;
  if (m[1] !== undefined) cp = Number(m[1]);
  else if (m[2] !== undefined) cp = parseInt(m[2], 16);
  else if (m[3] !== undefined) cp = NAMED_ENTITIES[m[3]] ?? NAMED_ENTITIES[m[3].toLowerCase()];
  if (cp === undefined || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return null;
  return [cp, m[0].length];
}

const ACCOUNT_WORD = /(?:^|[^\p{L}])(?:bank)?(?:konto\p{L}*|kto|account)\.?[^\d\n]{0,15}$/iu;

function afterAccountWord(text: string, start: number): boolean {
  return ACCOUNT_WORD.test(text.slice(Math.max(0, start - 40), start));
}

/**
 * Scans the text once: groups of digits (their values, the original index of each group's first
 * character and the index after its last), chained by separators, judged when a chain ends.
 */
export function findNationalIds(text: string): NationalIdMatch[] {
  const found: NationalIdMatch[] = [];
  // The chain being read: per group its length, start and end; all its digit values in a row.
  const lens: number[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  const digits: number[] = [];
  let inGroup = false;
  let sepLen = 0;
  let sepPunct = 0;

  const flush = () => {
    const n = lens.length;
    if (digits.length >= 11) judge(text, lens, starts, ends, digits, found);
    if (n) {
      lens.length = 0;
      starts.length = 0;
      ends.length = 0;
      digits.length = 0;
    }
    inGroup = false;
    sepLen = 0;
    sepPunct = 0;
  };

  const unit = (cls: number, value: number, from: number, to: number) => {
    if (cls === DIGIT) {
      if (!inGroup) {
        lens.push(0);
        starts.push(from);
        ends.push(to);
        inGroup = true;
        sepLen = 0;
        sepPunct = 0;
      }
      lens[lens.length - 1]!++;
      ends[ends.length - 1] = to;
      digits.push(value);
    } else if (cls === SPACE || cls === PUNCT) {
      if (lens.length === 0) return;
      inGroup = false;
      sepLen++;
      if (cls === PUNCT) sepPunct++;
      if (sepLen > 8 || sepPunct > 2) flush();
    } else if (cls === OTHER) {
      if (lens.length) flush();
      else inGroup = false;
    }
    // IGNORE: as if it were not there.
  };

  const len = text.length;
  for (let i = 0; i < len; i++) {
    const c = text.charCodeAt(i);
    if (c < 128) {
      const cls = ASCII_CLASS[c] ?? OTHER;
      if (cls === OTHER) {
        if (c === 38) {
          const ent = entityAt(text, i);
          if (ent) {
            const [cp, size] = ent;
            const units = cp < 128 ? [[ASCII_CLASS[cp] ?? OTHER, cp - 48] as const] : unitsOf(cp);
            for (const [k, v] of units) unit(k, v, i, i + size);
            i += size - 1;
            continue;
          }
        }
        if (lens.length) flush();
        else inGroup = false;
        continue;
      }
      unit(cls, c - 48, i, i + 1);
      continue;
    }
    const cp = text.codePointAt(i) ?? c;
    const size = cp > 0xffff ? 2 : 1;
    for (const [k, v] of unitsOf(cp)) unit(k, v, i, i + size);
    i += size - 1;
  }
  flush();
  return found;
}

function judge(
  text: string,
  lens: readonly number[],
  starts: readonly number[],
  ends: readonly number[],
  digits: readonly number[],
  found: NationalIdMatch[],
): void {
  const offsets: number[] = [];
  for (let i = 0, o = 0; i < lens.length; o += lens[i] ?? 0, i++) offsets.push(o);
  for (let i = 0; i < lens.length; i++) {
    let sum = 0;
    let key = '';
    for (let j = i; j < lens.length; j++) {
      sum += lens[j] ?? 0;
      key = key ? `${key},${lens[j]}` : String(lens[j]);
      if (sum < 11) continue;
      if (sum > 11 || !GROUPINGS.has(key)) break;
      const offset = offsets[i] ?? 0;
      const d = digits.slice(offset, offset + 11);
      const what = classifyNationalId(d);
      if (!what) break;
      const start = starts[i] ?? 0;
      const plain = key === '11';
      if (plain && afterAccountWord(text, start)) break;
      found.push({ start, end: ends[j] ?? start, digits: d.join(''), kind: what.kind, rule: what.rule, could_be_account: plain });
      i = j; // the next number starts after this one
      break;
    }
  }
}

/** Whether the text holds a national identity number (the guard's one question). */
export const containsNationalId = (text: string): boolean => findNationalIds(text).length > 0;

/** The catalogue key of the guard's field error (422 in the API, the inline warning in the web). */
export const NATIONAL_ID_MESSAGE = 'validation.national_id';
/** The same, for eleven plain digits that are also a valid account number: how to write one. */
export const NATIONAL_ID_ACCOUNT_MESSAGE = 'validation.national_id_account';

/** The message key for the text, or null when it holds no number. */
export function nationalIdMessage(text: string): typeof NATIONAL_ID_MESSAGE | typeof NATIONAL_ID_ACCOUNT_MESSAGE | null {
  const found = findNationalIds(text);
  if (found.length === 0) return null;
  return found.every((m) => m.could_be_account) ? NATIONAL_ID_ACCOUNT_MESSAGE : NATIONAL_ID_MESSAGE;
}
