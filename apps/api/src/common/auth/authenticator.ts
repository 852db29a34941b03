import { Injectable } from '@nestjs/common';
import { type Request } from 'express';
import { AuthRepository } from './auth.repository';
import { type Principal, principalOf } from './principal';
import { TokenService } from './token.service';

export type { Principal } from './principal';

/** Why a bearer token was refused: `expired` answers `errors.token_expired`, the rest `errors.unauthenticated`. */
export type AuthFailure = 'missing' | 'invalid' | 'expired' | 'revoked';

export type AuthResult = { ok: true; principal: Principal } | { ok: false; failure: AuthFailure };

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/;

/**
 * Resolves the caller from `Authorization: Bearer <jwt>`: verifies the token (see TokenService),
 * then loads the user, roles, session and business profile in one query. Refused: tokens of
 * deleted users, of revoked or expired sessions, and tokens issued before
 * `users.sessions_valid_after` (password change, block, deletion). Blocked users are resolved (the
 * guard answers 403 `account_blocked`); their sessions are normally revoked as well.
 */
@Injectable()
export class Authenticator {
  constructor(
    private readonly tokens: TokenService,
    private readonly repository: AuthRepository,
  ) {}

  async authenticate(req: Request): Promise<Principal | null> {
    const result = await this.resolve(req);
    return result.ok ? result.principal : null;
  }

  async resolve(req: Request): Promise<AuthResult> {
    const header = req.headers.authorization;
    if (!header) return { ok: false, failure: 'missing' };
    const match = BEARER.exec(header.trim());
    if (!match?.[1]) return { ok: false, failure: 'invalid' };
    return this.resolveToken(match[1]);
  }

  /** Resolves a raw access token (the SSE stream also takes it as a query parameter). */
  async resolveToken(token: string): Promise<AuthResult> {
    const verified = this.tokens.verify(token, 'access');
    if (!verified.ok) return { ok: false, failure: verified.reason };
    const familyId = verified.claims.fam;
    if (familyId === undefined) return { ok: false, failure: 'invalid' };
    const row = await this.repository.caller(verified.userId, familyId);
    if (!row || row.deletedAt) return { ok: false, failure: 'revoked' };
    if (!row.familyFound || row.familyRevokedAt || (row.familyExpiresAt && row.familyExpiresAt.getTime() <= Date.now())) {
      return { ok: false, failure: 'revoked' };
    }
    // `iat` has whole seconds; a token of the same second as the cut-off still passes (its session
    // is checked above anyway).
    if (row.sessionsValidAfter && verified.claims.iat < Math.floor(row.sessionsValidAfter.getTime() / 1000)) {
      return { ok: false, failure: 'revoked' };
    }
    return { ok: true, principal: principalOf(row, { familyId, activeCompanyId: row.activeCompanyId }) };
  }
}
