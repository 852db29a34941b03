import { type AppConfig } from '../../config';
import { TokenService } from './token.service';

const config = { jwtSecret: 'unit-test-secret-0123456789abcdef0123456789', accessTokenTtlSeconds: 60 } as unknown as AppConfig;

describe('TokenService.verify (verified tokens are remembered)', () => {
  const t0 = Date.now();

  it('answers the same claims for a token it has seen, and checks the type on every use', () => {
    const tokens = new TokenService(config);
    const { token } = tokens.signAccess(7, 3);
    const first = tokens.verify(token, 'access', t0);
    const again = tokens.verify(token, 'access', t0 + 1_000);
    expect(first).toMatchObject({ ok: true, userId: 7, claims: { fam: 3, typ: 'access' } });
    expect(again).toEqual(first);
    expect(tokens.verify(token, 'two_factor', t0 + 1_000)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('says expired once exp is reached, also for a remembered token', () => {
    const tokens = new TokenService(config);
    const { token } = tokens.signAccess(7, 3);
    const verified = tokens.verify(token, 'access', t0);
    if (!verified.ok) throw new Error('expected a valid token');
    const exp = verified.claims.exp * 1000;
    expect(tokens.verify(token, 'access', exp - 1_000).ok).toBe(true);
    expect(tokens.verify(token, 'access', exp)).toEqual({ ok: false, reason: 'expired' });
    // Forgotten when it expired: the library says the same.
    expect(tokens.verify(token, 'access', exp + 5_000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('never remembers an altered token or one signed with another secret', () => {
    const tokens = new TokenService(config);
    const { token } = tokens.signAccess(7, 3);
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(payload!, 'base64url').toString().replace('"sub":"7"', '"sub":"8"');
    const altered = `${header}.${Buffer.from(forged).toString('base64url')}.${signature}`;
    expect(tokens.verify(altered, 'access', t0)).toEqual({ ok: false, reason: 'invalid' });
    expect(tokens.verify(token, 'access', t0).ok).toBe(true);
    expect(tokens.verify(altered, 'access', t0)).toEqual({ ok: false, reason: 'invalid' });
    const other = new TokenService({ ...config, jwtSecret: 'another-secret-0123456789abcdef0123456789' } as AppConfig);
    expect(other.verify(token, 'access', t0)).toEqual({ ok: false, reason: 'invalid' });
  });
});
