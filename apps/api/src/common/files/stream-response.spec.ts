import { parseRange } from './stream-response';

describe('parseRange', () => {
  it.each([
    [undefined, null],
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=900-', { start: 900, end: 999 }],
    ['bytes=-10', { start: 990, end: 999 }],
    ['bytes=990-5000', { start: 990, end: 999 }],
    ['bytes=0-0,5-9', { start: 0, end: 0 }],
    ['bytes=1000-', 'bad'],
    ['bytes=50-10', 'bad'],
    ['bytes=-0', 'bad'],
    ['bytes=-', 'bad'],
    ['items=0-1', 'bad'],
  ] as const)('%s on 1000 bytes -> %j', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });

  it('finds nothing to send in an empty file', () => {
    expect(parseRange('bytes=0-', 0)).toBe('bad');
  });
});
