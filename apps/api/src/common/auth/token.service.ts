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

export type VerifyResult = { ok: true; claims: TokenClaims; userId: number } | { ok: false; reason: 'expired' | 'invalid' };

/**
 * Signs and verifies the JWTs of this API: HS256 only (the algorithm is allow-listed on verify, so
 * `none` or RS/HS confusion cannot pass), with audience, issuer, type, subject and id checked.
 */
@Injectable()
export class TokenService {
  private readonly jwt: JwtService;
  readonly accessTtlSeconds: number;

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

  verify(token: string, typ: TokenType): VerifyResult {
    let payload: unknown;
    try {
      payload = this.jwt.verify(token, { algorithms: ['HS256'], audience: TOKEN_AUDIENCE, issuer: TOKEN_ISSUER });
    } catch (err) {
      return { ok: false, reason: err instanceof Error && err.name === 'TokenExpiredError' ? 'expired' : 'invalid' };
    }
    const parsed = ClaimsSchema.safeParse(payload);
    if (!parsed.success || parsed.data.typ !== typ) return { ok: false, reason: 'invalid' };
    if (typ === 'access' && parsed.data.fam === undefined) return { ok: false, reason: 'invalid' };
    return { ok: true, claims: parsed.data, userId: Number(parsed.data.sub) };
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
