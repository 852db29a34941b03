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
 *   digits (`NATIONAL_ID_GROUPINGS`: `01019012480`, `010190 12480`, `010190-12480`, `01.01.90 12480`,
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
 * The digit-group lengths read as one number (joined by separators; groups are never cut).
 * `4,2,5` (an account number) is deliberately absent.
 */
export const NATIONAL_ID_GROUPINGS = [
  [11],
  [6, 5],
  [6, 3, 2],
  [2, 2, 2, 5],
  [2, 2, 2, 3, 2],
  [3, 3, 3, 2],
  [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
] as const;

/** The groupings as numbers, read from the last group back (base 12: a group has at most 11 digits). */
const GROUPING_KEYS = new Set(NATIONAL_ID_GROUPINGS.map((g) => [...g].reverse().reduce((k, n) => k * 12 + n, 0)));

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
 * Where a digit can start: an ASCII digit, a character reference, a digit of any script, another
 * number character (superscripts, circled digits) and the symbols whose NFKC form holds a digit.
 * Outside a run of digit groups the scanner skips every other character.
 */
const START_RE = /^[\p{Nd}\p{No}\u32c0-\u32cb\u3358-\u3370\u3378\u3379\u339f-\u33a6\u33a8\u33af\u33e0-\u33fe]$/u;
/** Per BMP code unit: 0 not known yet, 1 cannot start a digit, 2 can (or is a surrogate: look closer). */
const CAN_START = new Uint8Array(0x10000);
for (let c = 0; c < 128; c++) CAN_START[c] = (c >= 48 && c <= 57) || c === 38 ? 2 : 1;
for (let c = 0xd800; c < 0xe000; c++) CAN_START[c] = 2;

/** Skips what cannot start a digit: ASCII other than digits and `&`, Latin-1 other than ² ³ ¹ ¼ ½ ¾, General Punctuation. */
const SKIP = /[0-9&\u00b2\u00b3\u00b9\u00bc-\u00be\u0100-\u1fff\u2070-\uffff]/g;

function canStart(c: number): boolean {
  let v = CAN_START[c] ?? 0;
  if (v === 0) {
    v = START_RE.test(String.fromCharCode(c)) ? 2 : 1;
    CAN_START[c] = v;
  }
  return v === 2;
}

/**
 * Scans the text once. Digits make groups; separators chain groups; when a group ends, the groups
 * that end with it and hold eleven digits together are judged (their digits are the last eleven).
 */
export function findNationalIds(text: string): NationalIdMatch[] {
  const found: NationalIdMatch[] = [];
  // The chain's last groups (a ring of 12): length, start index, end index.
  const lens = new Int32Array(12);
  const starts = new Int32Array(12);
  const ends = new Int32Array(12);
  let groups = 0; // groups in the chain so far
  let firstFree = 0; // the first group not inside a number already found
  // The chain's last eleven digit values (a ring).
  const ring = new Uint8Array(11);
  let digitCount = 0;
  let inGroup = false;
  let sepLen = 0;
  let sepPunct = 0;

  const judge = () => {
    if (digitCount < 11) return;
    const last = groups - 1;
    let sum = 0;
    let key = 0;
    for (let g = last; g >= firstFree && g > last - 11; g--) {
      const len = lens[g % 12] ?? 0;
      sum += len;
      if (sum > 11) return;
      key = key * 12 + len;
      if (sum < 11) continue;
      if (!GROUPING_KEYS.has(key)) return;
      const d: number[] = [];
      for (let k = digitCount - 11; k < digitCount; k++) d.push(ring[k % 11] ?? 0);
      const what = classifyNationalId(d);
      if (!what) return;
      const start = starts[g % 12] ?? 0;
      const plain = g === last && len === 11;
      if (plain && afterAccountWord(text, start)) return;
      found.push({ start, end: ends[last % 12] ?? start, digits: d.join(''), kind: what.kind, rule: what.rule, could_be_account: plain });
      firstFree = groups;
      return;
    }
  };
  const endGroup = () => {
    if (inGroup) {
      inGroup = false;
      judge();
    }
  };
  const reset = () => {
    endGroup();
    groups = 0;
    firstFree = 0;
    digitCount = 0;
    sepLen = 0;
    sepPunct = 0;
  };

  const finish = () => {
    reset();
    return found;
  };

  const unit = (cls: number, value: number, from: number, to: number) => {
    if (cls === DIGIT) {
      if (!inGroup) {
        const g = groups % 12;
        lens[g] = 0;
        starts[g] = from;
        groups++;
        inGroup = true;
        sepLen = 0;
        sepPunct = 0;
      }
      const g = (groups - 1) % 12;
      lens[g] = Math.min((lens[g] ?? 0) + 1, 12);
      ends[g] = to;
      ring[digitCount % 11] = value;
      digitCount++;
    } else if (cls === SPACE || cls === PUNCT) {
      if (groups === 0) return;
      endGroup();
      sepLen++;
      if (cls === PUNCT) sepPunct++;
      if (sepLen > 8 || sepPunct > 2) reset();
    } else if (cls === OTHER) {
      if (groups) reset();
    }
    // IGNORE: as if it were not there.
  };

  const len = text.length;
  for (let i = 0; i < len; i++) {
    let c: number;
    if (groups === 0) {
      // Not in a chain: skip to the next character that can give a digit (the regex engine scans
      // far faster than a loop; what it stops at beyond ASCII is looked at closer).
      for (;;) {
        SKIP.lastIndex = i;
        if (!SKIP.test(text)) return finish(); // test() finds without building a match array
        i = SKIP.lastIndex - 1;
        c = text.charCodeAt(i);
        const v = CAN_START[c];
        if (v === 2 || (v === 0 && canStart(c))) break;
        i++;
      }
    } else c = text.charCodeAt(i);
    if (c < 128) {
      const cls = ASCII_CLASS[c] ?? OTHER;
      if (cls === OTHER && c === 38) {
        const ent = entityAt(text, i);
        if (ent) {
          const [cp, size] = ent;
          const units = cp < 128 ? [[ASCII_CLASS[cp] ?? OTHER, cp - 48] as const] : unitsOf(cp);
          for (const [k, v] of units) unit(k, v, i, i + size);
          i += size - 1;
          continue;
        }
      }
      unit(cls, c - 48, i, i + 1);
      continue;
    }
    const cp = text.codePointAt(i) ?? c;
    const size = cp > 0xffff ? 2 : 1;
    for (const [k, v] of unitsOf(cp)) unit(k, v, i, i + size);
    i += size - 1;
  }
  return finish();
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

/**
 * The version of the guard's rules. Raise it with every change that makes the guard find numbers it
 * did not find before (a new grouping, a new kind, a new normalisation): a worker that sees a stored
 * sweep of an older version sweeps the content written before (docs/patient-data-guard.md).
 * 1: issue 26's rule; 2: issue 38 (every script and space, the groupings, D/H, the 2032 rule).
 */
export const NATIONAL_ID_RULES_VERSION = 2;

/** A number as administrators see it: only its last two digits (`******-***46`), never the date or person. */
export const maskNationalId = (digits: string): string => `******-***${digits.slice(-2)}`;
