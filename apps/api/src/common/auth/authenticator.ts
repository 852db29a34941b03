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
  /**
   * The event stream's lookups (`resolveToken(token, 'stream')`): while one batch runs, the streams
   * that open meanwhile wait for it and leave together in the next (`when-free`, two at a time). A
   * stream is long-lived, so a few milliseconds more at its opening cost nothing, and a burst of
   * tabs reopening after a process died (issue 40) reads the sessions in a few statements instead of
   * one per tab (with `next-tick` most turns held one stream). Still read, never cached: a revoked
   * session is refused as before.
   */
  private readonly streamLookups: Batcher<{ userId: number; familyId: number }, CallerRow | null> | null;

  constructor(
    private readonly tokens: TokenService,
    private readonly repository: AuthRepository,
    @InjectConfig() config: AppConfig,
  ) {
    const { callerBatch } = config.database;
    const one = ({ userId, familyId }: { userId: number; familyId: number }) => this.repository.caller(userId, familyId);
    const batch = (keys: { userId: number; familyId: number }[]) => (keys.length === 1 ? one(keys[0]!).then((row) => [row]) : this.repository.callers(keys));
    this.lookups = callerBatch === 1 ? null : new Batcher(batch, one, { maxBatch: callerBatch, maxInFlight: 1, flush: 'next-tick' });
    this.streamLookups = callerBatch === 1 ? null : new Batcher(batch, one, { maxBatch: callerBatch, maxInFlight: 2, flush: 'when-free' });
  }

  private caller(userId: number, familyId: number, purpose: 'request' | 'stream'): Promise<CallerRow | null> {
    const lookups = purpose === 'stream' ? this.streamLookups : this.lookups;
    return lookups ? lookups.submit({ userId, familyId }) : this.repository.caller(userId, familyId);
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

  /** Resolves a raw access token (the SSE stream also takes it as a query parameter: `purpose` 'stream'). */
  async resolveToken(token: string, purpose: 'request' | 'stream' = 'request'): Promise<AuthResult> {
    const verified = this.tokens.verify(token, 'access');
    if (!verified.ok) return { ok: false, failure: verified.reason };
    const familyId = verified.claims.fam;
    if (familyId === undefined) return { ok: false, failure: 'invalid' };
    const row = await this.caller(verified.userId, familyId, purpose);
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
