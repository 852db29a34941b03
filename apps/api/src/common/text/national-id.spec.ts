import { containsNationalId, findNationalIds, isNationalIdNumber } from '@legenett/contracts';

/**
 * The patient-data guard (packages/contracts/src/national-id.ts). The numbers below are made up:
 * each has the right check digits for its date and individual number, computed by hand from the
 * mod-11 weights, and none belongs to a known person.
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
} as const;

describe('isNationalIdNumber', () => {
  it.each(Object.entries(VALID))('accepts a valid number (%s)', (_label, n) => {
    expect(isNationalIdNumber(n)).toBe(true);
  });

  it('refuses a wrong first or second check digit', () => {
    expect(isNationalIdNumber('01019012490')).toBe(false); // first check digit off by one
    expect(isNationalIdNumber('01019012481')).toBe(false); // second check digit off by one
    expect(isNationalIdNumber('12345678901')).toBe(false);
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
  });

  it('refuses all-zero and repeated digits', () => {
    expect(isNationalIdNumber('00000000000')).toBe(false);
    expect(isNationalIdNumber('11111111111')).toBe(false);
  });
});

describe('findNationalIds in text', () => {
  it('finds a number inside a sentence, with or without the space after the date part', () => {
    expect(findNationalIds(`Pasienten ${VALID.plain} kom inn i går`)).toEqual([
      { start: 10, end: 21, digits: VALID.plain },
    ]);
    const spaced = `fnr: 010190 12480.`;
    expect(findNationalIds(spaced)).toEqual([{ start: 5, end: 17, digits: VALID.plain }]);
    expect(containsNationalId(`D-nummer ${VALID.dNumber.slice(0, 6)} ${VALID.dNumber.slice(6)}`)).toBe(true);
  });

  it('finds several, at the start and end of the text and beside punctuation', () => {
    const text = `${VALID.summer},(${VALID.dNumber})\n${VALID.born2000}`;
    expect(findNationalIds(text).map((m) => m.digits)).toEqual([VALID.summer, VALID.dNumber, VALID.born2000]);
  });

  it('lets phone numbers, order numbers and invalid numbers pass', () => {
    expect(containsNationalId('Ring meg på 22 22 22 22 eller +47 99887766')).toBe(false);
    expect(containsNationalId('Ordrenummer 12345678901')).toBe(false);
    expect(containsNationalId('Kontonummer 1234.56.78903')).toBe(false);
    expect(containsNationalId('01019012490 har feil kontrollsiffer')).toBe(false);
    expect(containsNationalId('')).toBe(false);
  });

  it('does not cut a valid number out of a longer run of digits', () => {
    expect(containsNationalId(`9${VALID.plain}`)).toBe(false);
    expect(containsNationalId(`${VALID.plain}7`)).toBe(false);
    expect(containsNationalId(`123 ${VALID.plain}`)).toBe(true);
  });
});
