import {
  classifyNationalId,
  CommentInput,
  guardedText,
  containsNationalId,
  findNationalIds,
  isNationalIdNumber,
  NATIONAL_ID_ACCOUNT_MESSAGE,
  NATIONAL_ID_MESSAGE,
  nationalIdMessage,
} from '@legenett/contracts';

/**
 * The patient-data guard (packages/contracts/src/national-id.ts, docs/patient-data-guard.md). The
 * numbers below are made up: each has the right check digits for its date and individual number,
 * computed from the mod-11 weights, and none belongs to a known person.
 */
const VALID = {
  plain: '01019012480', // 1 January 1990
  summer: '15087545692', // 15 August 1975
  leapDay2000: '29020051386', // individual 513: born in 2000, a leap year
  century1800: '24035460140', // individual 601 with year 54: 1854
  newYearsEve: '31129945020',
  born2000: '01010050053',
  dNumber: '41019012393', // day 01 + 40
  dNumberLastDay: '71129912302', // day 31 + 40
  hNumber: '01419012382', // month 01 + 40
  issue: '15038410099', // the issue's example, 15 March 1984
} as const;

/** Numbers valid only by the rule for numbers issued from 1 January 2032 (first remainder 1, 2, 3). */
const RULE_2032 = { r1: '01013512333', r2: '15038410196', r3: '15038410285' } as const;

/** Synthetic test numbers (month + 80): right check digits, no person. */
const SYNTHETIC = { fnr: '01819012365', dNumber: '41819012359' } as const;

describe('isNationalIdNumber and classifyNationalId', () => {
  it.each(Object.entries(VALID))('accepts a valid number (%s)', (_label, n) => {
    expect(isNationalIdNumber(n)).toBe(true);
  });

  it('tells the kinds apart', () => {
    const kind = (n: string) => classifyNationalId([...n].map(Number));
    expect(kind(VALID.plain)).toEqual({ kind: 'fodselsnummer', rule: 'classic' });
    expect(kind(VALID.dNumber)).toEqual({ kind: 'd_number', rule: 'classic' });
    expect(kind(VALID.hNumber)).toEqual({ kind: 'h_number', rule: 'classic' });
    expect(kind(RULE_2032.r1)).toEqual({ kind: 'fodselsnummer', rule: '2032' });
  });

  it.each(Object.entries(RULE_2032))('accepts a number by the 2032 rule (remainder %s)', (_label, n) => {
    expect(isNationalIdNumber(n)).toBe(true);
    expect(classifyNationalId([...n].map(Number))?.rule).toBe('2032');
  });

  it('refuses a first remainder of 4 or more, and a wrong second check digit', () => {
    // 150384103: the first control digit that gives remainder 4 is 5 (remainders 0-3 are the rule).
    expect(isNationalIdNumber('15038410374')).toBe(false);
    expect(isNationalIdNumber('01019012481')).toBe(false); // second check digit off by one
    expect(isNationalIdNumber('12345678901')).toBe(false);
  });

  it('lets synthetic test numbers (month + 80) pass', () => {
    expect(isNationalIdNumber(SYNTHETIC.fnr)).toBe(false);
    expect(isNationalIdNumber(SYNTHETIC.dNumber)).toBe(false);
  });

  it('refuses dates that do not exist, even with matching check digits', () => {
    expect(isNationalIdNumber('29020151216')).toBe(false); // 29 February 2001: check digits right, no such day
    expect(isNationalIdNumber('32019012345')).toBe(false);
    expect(isNationalIdNumber('00019012345')).toBe(false);
    expect(isNationalIdNumber('01139012345')).toBe(false); // month 13
    expect(isNationalIdNumber('72129912302')).toBe(false); // D-number of day 32
  });

  it('refuses numbers of the wrong length or with other characters', () => {
    expect(isNationalIdNumber('0101901248')).toBe(false);
    expect(isNationalIdNumber('010190124800')).toBe(false);
    expect(isNationalIdNumber('0101901248a')).toBe(false);
    expect(isNationalIdNumber('')).toBe(false);
    expect(isNationalIdNumber('00000000000')).toBe(false);
    expect(isNationalIdNumber('11111111111')).toBe(false);
  });
});

/** The 22 ways of writing one number from issue 38 (15 March 1984, 15038410099). */
const n = VALID.issue;
const VARIANTS: readonly [string, string][] = [
  ['plain', n],
  ['one space', '150384 10099'],
  ['non-breaking space', '150384\u00a010099'],
  ['narrow no-break space', '150384\u202f10099'],
  ['thin space', '150384\u200910099'],
  ['two spaces', '150384  10099'],
  ['a newline', '150384\n10099'],
  ['CRLF', '150384\r\n10099'],
  ['a tab', '150384\t10099'],
  ['zero-width space inside', '1503\u200b8410\u200b099'],
  ['zero-width joiner and BOM', '15\u200d0384\ufeff10099'],
  ['soft hyphen', '150384\u00ad10099'],
  ['full-width digits', '\uff11\uff15\uff10\uff13\uff18\uff14\uff11\uff10\uff10\uff19\uff19'],
  ['Arabic-Indic digits', '\u0661\u0665\u0660\u0663\u0668\u0664\u0661\u0660\u0660\u0669\u0669'],
  ['Devanagari digits and a space', '\u0967\u096b\u0966\u0969\u096e\u096a \u0967\u0966\u0966\u096f\u096f'],
  ['a dash', '150384-10099'],
  ['an en dash with spaces', '150384 \u2013 10099'],
  ['dots in the date', '15.03.84 10099'],
  ['a slash', '150384/10099'],
  ['HTML entity &nbsp;', '150384&nbsp;10099'],
  ['numeric entities', '&#49;50384&#160;1009&#x39;'],
  ['grouped 6 3 2', '150384 100 99'],
];

describe('findNationalIds: the ways a number is written', () => {
  it('has the 22 variants', () => expect(VARIANTS).toHaveLength(22));

  it.each(VARIANTS)('refuses %s', (_label, written) => {
    const text = `Pasienten, f.nr. ${written}, kom inn i går.`;
    const found = findNationalIds(text);
    expect(found).toHaveLength(1);
    expect(found[0]?.digits).toBe(n);
    // The positions are in the text as given: they cover what was written.
    expect(text.slice(found[0]?.start, found[0]?.end)).toBe(written);
  });

  it('finds a number inside a sentence, with or without the space after the date part', () => {
    expect(findNationalIds(`Pasienten ${VALID.plain} kom inn i går`)).toEqual([
      { start: 10, end: 21, digits: VALID.plain, kind: 'fodselsnummer', rule: 'classic', could_be_account: true },
    ]);
    expect(findNationalIds('fnr: 010190 12480.')).toEqual([
      { start: 5, end: 17, digits: VALID.plain, kind: 'fodselsnummer', rule: 'classic', could_be_account: false },
    ]);
  });

  it('finds every kind and both rules', () => {
    expect(containsNationalId(`D-nummer ${VALID.dNumber.slice(0, 6)} ${VALID.dNumber.slice(6)}`)).toBe(true);
    expect(findNationalIds(`H-nummer ${VALID.hNumber}`)[0]?.kind).toBe('h_number');
    for (const x of Object.values(RULE_2032)) expect(findNationalIds(`ny: ${x.slice(0, 6)}-${x.slice(6)}`)[0]?.rule).toBe('2032');
  });

  it('finds several, at the start and end of the text and beside punctuation', () => {
    const text = `${VALID.summer},(${VALID.dNumber})\n${VALID.born2000}`;
    expect(findNationalIds(text).map((m) => m.digits)).toEqual([VALID.summer, VALID.dNumber, VALID.born2000]);
  });

  it('does not cut a valid number out of a longer run of digits', () => {
    expect(containsNationalId(`9${VALID.plain}`)).toBe(false);
    expect(containsNationalId(`${VALID.plain}7`)).toBe(false);
    expect(containsNationalId(`123 ${VALID.plain}`)).toBe(true);
  });
});

describe('findNationalIds: what is not a patient', () => {
  it.each([
    ['a phone number', 'Ring meg på 22 22 22 22 eller +47 99887766 / +47 998 87 766'],
    ['an order number', 'Ordrenummer 12345678901'],
    ['an account number in its grouping, dots', 'Kontonummer 1234.56.78903'],
    ['an account number that is also a valid id, dots', 'Betal til 0101.90.12480 innen fredag'],
    ['an account number that is also a valid id, spaces', 'Betal til 0101 90 12480 innen fredag'],
    ['an account number after "konto"', 'Overfør til konto 01019012480.'],
    ['an account number after "kontonummer:"', 'Kontonummer: 01019012480'],
    ['an account number after "kontonr."', 'kontonr. 01019012480'],
    ['an organisation number', 'Org.nr. 923 609 016 MVA, 923609016'],
    ['dates', 'Møte 15.03.2024 kl. 10.00, 15/03/84, 1984-03-15'],
    ['synthetic test numbers', `Testperson ${SYNTHETIC.fnr} og ${SYNTHETIC.dNumber}`],
    ['a wrong check digit', '01019012481 har feil kontrollsiffer'],
    ['nothing', ''],
  ])('lets %s pass', (_label, text) => {
    expect(findNationalIds(text)).toEqual([]);
  });

  it('does not let the word "konto" hide a number written otherwise', () => {
    expect(containsNationalId('konto 15.03.84 10099')).toBe(true);
  });
});

describe('nationalIdMessage', () => {
  it('says how to write an account number when the refused number is eleven plain digits', () => {
    expect(nationalIdMessage(`Betal til ${VALID.plain}`)).toBe(NATIONAL_ID_ACCOUNT_MESSAGE);
    expect(nationalIdMessage('Pasient 150384 10099')).toBe(NATIONAL_ID_MESSAGE);
    expect(nationalIdMessage('Ingen tall her')).toBeNull();
  });
});

describe('the schema rule', () => {
  it('refuses on the field with the message key, and says how to write an account number', () => {
    const issues = (text: string) => CommentInput.safeParse({ text }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues('Pasient 150384\u00a010099')).toEqual([['text', NATIONAL_ID_MESSAGE]]);
    expect(issues('Betal til 01019012480')).toEqual([['text', NATIONAL_ID_ACCOUNT_MESSAGE]]);
    expect(CommentInput.safeParse({ text: 'Betal til 0101.90.12480' }).success).toBe(true);
  });

  it('guardedText trims, caps and guards', () => {
    expect(guardedText(20).parse('  hei  ')).toBe('hei');
    expect(guardedText(20).safeParse('x'.repeat(21)).success).toBe(false);
    expect(guardedText(20, 1).safeParse('  ').success).toBe(false);
    expect(guardedText(40).safeParse('15.03.84 10099').success).toBe(false);
  });
});
