import { Injectable } from '@nestjs/common';
import { type Request } from 'express';
import { type AppConfig, InjectConfig } from '../../config';
import { Batcher } from '../batching';
import { AuthRepository, type CallerRow } from './auth.repository';
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
  /**
   * Lookups arriving within one turn of the event loop are grouped (`Batcher`, `next-tick`): a
   * burst of a thousand requests makes a few dozen round trips to PostgreSQL instead of a thousand,
   * each of which costs the API a socket write and a wake-up (docs/performance/petitions.md, "The
   * burst goal"), and a lookup never waits for another batch, only for the end of its turn. Nothing
   * is cached: every request still reads the current user, roles and session. A lookup alone runs
   * in its request's context (a GET may read a replica, as before); a grouped one reads the primary,
   * never older than what the request would have read. `AUTH_CALLER_BATCH=1` turns grouping off.
   */
  private readonly lookups: Batcher<{ userId: number; familyId: number }, CallerRow | null> | null;

  constructor(
    private readonly tokens: TokenService,
    private readonly repository: AuthRepository,
    @InjectConfig() config: AppConfig,
  ) {
    const { callerBatch } = config.database;
    const one = ({ userId, familyId }: { userId: number; familyId: number }) => this.repository.caller(userId, familyId);
    this.lookups =
      callerBatch === 1
        ? null
        : new Batcher((keys) => (keys.length === 1 ? one(keys[0]!).then((row) => [row]) : this.repository.callers(keys)), one, {
            maxBatch: callerBatch,
            maxInFlight: 1,
            flush: 'next-tick',
          });
  }

  private caller(userId: number, familyId: number): Promise<CallerRow | null> {
    return this.lookups ? this.lookups.submit({ userId, familyId }) : this.repository.caller(userId, familyId);
  }

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
    const row = await this.caller(verified.userId, familyId);
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
