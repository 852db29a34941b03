import { describeDevice, maskIp } from './session-client';

describe('describeDevice', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0', { browser: 'Firefox', system: 'Windows' }],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      { browser: 'Chrome', system: 'macOS' },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      { browser: 'Safari', system: 'iOS' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      { browser: 'Chrome', system: 'Android' },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      { browser: 'Edge', system: 'Windows' },
    ],
    ['curl/8.5.0', { browser: null, system: null }],
    [null, { browser: null, system: null }],
  ])('%s', (ua, expected) => {
    expect(describeDevice(ua)).toEqual(expected);
  });
});

describe('maskIp', () => {
  it('keeps only the network part', () => {
    expect(maskIp('84.210.12.7')).toBe('84.210.x.x');
    expect(maskIp('::ffff:84.210.12.7')).toBe('84.210.x.x');
    expect(maskIp('2001:db8:85a3::8a2e:370:7334')).toBe('2001:db8:x:x:x:x:x:x');
    expect(maskIp('::1')).toBeNull();
    expect(maskIp(null)).toBeNull();
    expect(maskIp('garbage')).toBeNull();
  });
});
