import { httpLogLevel, redactToken } from './logger';

describe('redactToken', () => {
  it('hides the token query parameter and keeps the rest', () => {
    expect(redactToken('/api/user-notifications/stream?token=abc.def.ghi')).toBe('/api/user-notifications/stream?token=[redacted]');
    expect(redactToken('/api/x?a=1&token=abc&b=2')).toBe('/api/x?a=1&token=[redacted]&b=2');
    expect(redactToken('/api/x?page=2')).toBe('/api/x?page=2');
  });
});

describe('httpLogLevel', () => {
  it('logs a 503 (a dependency away) as a warning and other 5xx as errors', () => {
    expect(httpLogLevel(503, false)).toBe('warn');
    expect(httpLogLevel(500, false)).toBe('error');
    expect(httpLogLevel(502, false)).toBe('error');
    expect(httpLogLevel(200, true)).toBe('error');
    expect(httpLogLevel(429, false)).toBe('warn');
    expect(httpLogLevel(201, false)).toBe('info');
  });
});
