import { createSecretKey, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { z } from 'zod';
import { type AppConfig, InjectConfig } from '../../config';

export const TOKEN_AUDIENCE = 'legenett-api';
export const TOKEN_ISSUER = 'legenett';
/** How long the second login step may take. */
export const CHALLENGE_TTL_SECONDS = 300;

export type TokenType = 'access' | 'two_factor';

const ClaimsSchema = z.object({
  sub: z.string().regex(/^[1-9]\d{0,9}$/),
  jti: z.string().min(8).max(64),
  typ: z.enum(['access', 'two_factor']),
  fam: z.number().int().positive().optional(),
  iat: z.number().int(),
  exp: z.number().int(),
});
export type TokenClaims = z.infer<typeof ClaimsSchema>;

/** Verified tokens remembered at most (a few MB); past it the oldest go (a Map keeps insertion order). */
const MAX_VERIFIED = 5_000;

export type VerifyResult = { ok: true; claims: TokenClaims; userId: number } | { ok: false; reason: 'expired' | 'invalid' };

/**
 * Signs and verifies the JWTs of this API: HS256 only (the algorithm is allow-listed on verify, so
 * `none` or RS/HS confusion cannot pass), with audience, issuer, type, subject and id checked.
 */
@Injectable()
export class TokenService {
  private readonly jwt: JwtService;
  readonly accessTtlSeconds: number;
  /**
   * Claims of tokens already verified, by the token's text: a client sends the same token on every
   * request until it expires, and checking its signature, parsing and validating its claims again
   * was ~3 % of the API's CPU per request (docs/performance/api-overhead.md). Only genuine tokens
   * are kept; expiry is checked on every use as the JWT library does; revocation is the session
   * check's job (Authenticator), on every request as before.
   */
  private readonly verified = new Map<string, TokenClaims>();

  constructor(@InjectConfig() config: AppConfig) {
    // One key object for the process: given the bare secret, the JWT library builds a key object
    // (first trying it as a public key) on every verification, a sixth of the API's CPU under load.
    const key = createSecretKey(Buffer.from(config.jwtSecret, 'utf8'));
    this.jwt = new JwtService({ secretOrKeyProvider: () => key });
    this.accessTtlSeconds = config.accessTokenTtlSeconds;
  }

  signAccess(userId: number, familyId: number): { token: string; expiresIn: number } {
    return { token: this.sign(userId, 'access', this.accessTtlSeconds, { fam: familyId }), expiresIn: this.accessTtlSeconds };
  }

  signChallenge(userId: number): { token: string; expiresIn: number } {
    return { token: this.sign(userId, 'two_factor', CHALLENGE_TTL_SECONDS), expiresIn: CHALLENGE_TTL_SECONDS };
  }

  verify(token: string, typ: TokenType, now = Date.now()): VerifyResult {
    const claims = this.claimsOf(token, now);
    if (typeof claims === 'string') return { ok: false, reason: claims };
    if (claims.typ !== typ) return { ok: false, reason: 'invalid' };
    if (typ === 'access' && claims.fam === undefined) return { ok: false, reason: 'invalid' };
    return { ok: true, claims, userId: Number(claims.sub) };
  }

  /** The claims of a genuine, unexpired token (remembered, see `verified`), else why not. */
  private claimsOf(token: string, now: number): TokenClaims | 'expired' | 'invalid' {
    const known = this.verified.get(token);
    if (known) {
      // As jsonwebtoken: expired from the second `exp` names on.
      if (Math.floor(now / 1000) < known.exp) return known;
      this.verified.delete(token);
      return 'expired';
    }
    let payload: unknown;
    try {
      payload = this.jwt.verify(token, {
        algorithms: ['HS256'],
        audience: TOKEN_AUDIENCE,
        issuer: TOKEN_ISSUER,
        clockTimestamp: Math.floor(now / 1000),
      });
    } catch (err) {
      return err instanceof Error && err.name === 'TokenExpiredError' ? 'expired' : 'invalid';
    }
    const parsed = ClaimsSchema.safeParse(payload);
    if (!parsed.success) return 'invalid';
    this.verified.set(token, parsed.data);
    if (this.verified.size > MAX_VERIFIED) {
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
    return parsed.data;
  }

  private sign(userId: number, typ: TokenType, ttlSeconds: number, extra: Record<string, number> = {}): string {
    return this.jwt.sign(
      { typ, ...extra },
      {
        algorithm: 'HS256',
        subject: String(userId),
        jwtid: randomUUID(),
        audience: TOKEN_AUDIENCE,
        issuer: TOKEN_ISSUER,
        expiresIn: ttlSeconds,
      },
    );
  }
}
