import { parseRetryAfter } from './api-error';
import { formatWait } from './handle-api-error';

describe('Retry-After', () => {
  it('reads delay-seconds and HTTP dates', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(parseRetryAfter('45', now)).toBe(45);
    expect(parseRetryAfter('Mon, 23 Nov 2026 12:02:00 GMT', now)).toBe(120);
    expect(parseRetryAfter('Mon, 23 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
  });

  it('says the wait in the user language, whole minutes from a minute on', () => {
    expect(formatWait(1, 'no')).toBe('1 sekund');
    expect(formatWait(30, 'no')).toBe('30 sekunder');
    expect(formatWait(61, 'no')).toBe('2 minutter');
    expect(formatWait(0, 'en')).toBe('1 second');
    expect(formatWait(60, 'en')).toBe('1 minute');
  });
});
