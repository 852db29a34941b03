import { parseRange } from './stream-response';

describe('parseRange', () => {
  it.each([
    [undefined, null],
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=900-', { start: 900, end: 999 }],
    ['bytes=-10', { start: 990, end: 999 }],
    ['bytes=990-5000', { start: 990, end: 999 }],
    ['bytes=0-0,5-9', { start: 0, end: 0 }],
    ['bytes=0-0, 5-9', { start: 0, end: 0 }],
    ['bytes=1000-', 'bad'],
    ['bytes=1000-2000', 'bad'],
    // RFC 9110 §14.2: an unknown unit is ignored, as is a malformed header or one with no valid range (200, the whole file).
    ['items=0-10', null],
    ['bytes = 0-10', null],
    ['bytes=-0', null],
    ['bytes=50-10', null],
    ['bytes=-', null],
    ['bytes=abc', null],
    ['BYTES=0-1x', null],
  ] as const)('%s on 1000 bytes -> %j', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });

  it('finds nothing to send in an empty file', () => {
    expect(parseRange('bytes=0-', 0)).toBe('bad');
    expect(parseRange('bytes=-5', 0)).toBe('bad');
  });
});
