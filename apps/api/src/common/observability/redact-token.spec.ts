import { redactToken } from './logger';

describe('redactToken', () => {
  it('hides the token query parameter and keeps the rest', () => {
    expect(redactToken('/api/user-notifications/stream?token=abc.def.ghi')).toBe('/api/user-notifications/stream?token=[redacted]');
    expect(redactToken('/api/x?a=1&token=abc&b=2')).toBe('/api/x?a=1&token=[redacted]&b=2');
    expect(redactToken('/api/x?page=2')).toBe('/api/x?page=2');
  });
});
