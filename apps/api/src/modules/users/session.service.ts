import { createHash, createHmac, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type LoginResponse, type RevokeSessionsQuery, type Session } from '@legenett/contracts';
import { type Request, type Response } from 'express';
import { SessionEvents } from '../../common/auth/session-events';
import { TokenService } from '../../common/auth/token.service';
import { readCookie } from '../../common/http/cookies';
import { AppError } from '../../common/errors/app-error';
import { type AppConfig, InjectConfig } from '../../config';
import { describeDevice, maskIp } from './session-client';
import { type RefreshTokenRow, SessionsRepository } from './sessions.repository';
import { UserObjectService } from './user-object.service';
import { UsersRepository } from './users.repository';

export const REFRESH_COOKIE = 'refresh_token';
/**
 * The cookie goes to the refresh call and to logout (docs/api-conventions.md): logout must find the
 * session even when the access token has expired.
 */
export const REFRESH_COOKIE_PATH = '/api/user';
/** Where cookies were scoped before; still cleared so an old one cannot shadow the new one. */
const LEGACY_REFRESH_COOKIE_PATH = '/api/user/access-token';
/** How many successors a refresh inside the grace period follows when the first is already spent too. */
const MAX_GRACE_STEPS = 3;

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');


const refreshFailed = () => new AppError('UNAUTHENTICATED', { message: 'auth.refresh_failed' });

/**
 * Login sessions: a refresh-token family per login with an absolute lifetime, an opaque refresh
 * token in an httpOnly cookie rotated on every use (a reused token revokes its family), and
 * short-lived access tokens bound to the family. Other modules log a user in with `startSession`
 * and end sessions with `revokeAllSessions` (password reset, block, deletion).
 */
@Injectable()
export class SessionService {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly tokens: TokenService,
    private readonly sessions: SessionsRepository,
    private readonly users: UsersRepository,
    private readonly userObjects: UserObjectService,
    private readonly events: SessionEvents,
  ) {}

  /** Logs a user in: new session, refresh cookie on `res`, last_login_date, the login answer. */
  async startSession(userId: number, req: Request, res: Response): Promise<LoginResponse> {
    const session = await this.openSession(userId, {
      userAgent: req.headers['user-agent']?.slice(0, 500) ?? null,
      ip: req.ip ?? null,
    });
    this.setCookie(res, session.refreshToken, session.expiresAt);
    return session.response;
  }

  /** A new session without HTTP (startSession, test helpers): the answer plus the raw refresh token. */
  async openSession(
    userId: number,
    client: { userAgent: string | null; ip: string | null },
  ): Promise<{ response: LoginResponse; refreshToken: string; expiresAt: Date; familyId: number }> {
    const now = new Date();
    const expiresAt = new Date(now.getTime() + this.config.refreshTokenTtlDays * 86_400_000);
    const familyId = await this.sessions.createFamily({ userId, absoluteExpiresAt: expiresAt, ...client });
    const refreshToken = await this.newRefreshToken(familyId, expiresAt);
    await this.users.touchLastLogin(userId, now);
    return { response: await this.loginResponse(userId, familyId, null), refreshToken, expiresAt, familyId };
  }

  /**
   * `POST /user/access-token/refresh`: rotate the cookie, answer a fresh access token. A token spent
   * within the grace period (two tabs refreshing at once) answers its successor, the same token the
   * first refresh handed out; a spent token presented later is theft and ends the session.
   */
  async refresh(req: Request, res: Response): Promise<LoginResponse> {
    const raw = readCookie(req, REFRESH_COOKIE);
    if (!raw || raw.length > 200) return this.fail(res);
    const row = await this.sessions.findToken(sha256(raw));
    if (!row) return this.fail(res);
    const now = new Date();
    if (row.usedAt) {
      if (!this.withinGrace(row.usedAt, now)) return this.reuse(row, res);
      return this.answerSuccessor(raw, row, now, res);
    }
    if (!this.usable(row, now)) return this.fail(res);
    const successor = this.successorOf(raw);
    const rotated = await this.sessions.rotateToken(
      { tokenId: row.tokenId, familyId: row.familyId, at: now },
      { tokenHash: sha256(successor), expiresAt: row.familyExpiresAt },
    );
    // Lost the race to a concurrent refresh of the same token: it was spent a moment ago.
    if (!rotated) return this.answerSuccessor(raw, row, now, res);
    this.setCookie(res, successor, row.familyExpiresAt);
    return this.loginResponse(row.userId, row.familyId, row.activeCompanyId);
  }

  /**
   * Logout: ends the session of the refresh cookie (found even with an expired or missing access
   * token) and the one of the access token, and clears the cookie.
   */
  async endSession(req: Request, familyId: number | null, res: Response): Promise<void> {
    const raw = readCookie(req, REFRESH_COOKIE);
    const fromCookie = raw && raw.length <= 200 ? await this.sessions.familyOfToken(sha256(raw)) : null;
    if (fromCookie) await this.sessions.revokeFamily(fromCookie.familyId, 'logout');
    if (familyId !== null && familyId !== fromCookie?.familyId) await this.sessions.revokeFamily(familyId, 'logout');
    this.clearCookie(res);
    // The session's live streams close (on every replica).
    if (fromCookie) await this.events.publish({ type: 'ended', family: fromCookie.familyId });
    if (familyId !== null && familyId !== fromCookie?.familyId) await this.events.publish({ type: 'ended', family: familyId });
  }

  /** `GET /user/sessions`: the caller's active sessions, this one marked. */
  async listSessions(userId: number, currentFamilyId: number): Promise<{ data: Session[] }> {
    const rows = await this.sessions.listActive(userId, new Date());
    const data = rows.map((row) => ({
      id: row.id,
      device: describeDevice(row.userAgent),
      ip: maskIp(row.ip),
      created_at: row.createdAt.toISOString(),
      last_used_at: row.lastUsedAt?.toISOString() ?? null,
      current: row.id === currentFamilyId,
    }));
    return { data };
  }

  /** `DELETE /user/sessions/:id`: ends one of the caller's sessions at once; another user's is a 404. */
  async revokeSession(userId: number, currentFamilyId: number, familyId: number, res: Response): Promise<void> {
    if (!(await this.sessions.revokeOwnFamily(userId, familyId, 'revoked_by_user'))) throw AppError.notFound();
    if (familyId === currentFamilyId) this.clearCookie(res);
    await this.events.publish({ type: 'ended', family: familyId });
  }

  /** `DELETE /user/sessions`: log out of every other device, or of every device including this one. */
  async revokeSessions(userId: number, currentFamilyId: number, query: RevokeSessionsQuery, res: Response): Promise<void> {
    if (query.scope === 'all') {
      await this.sessions.revokeAllFamilies(userId, 'logout_everywhere');
      this.clearCookie(res);
      await this.events.publish({ type: 'ended', user: userId, keep: null });
    } else {
      await this.sessions.revokeAllFamilies(userId, 'logout_everywhere', currentFamilyId);
      await this.events.publish({ type: 'ended', user: userId, keep: currentFamilyId });
    }
  }

  /** Ends every session of a user (except `keepFamilyId`): password change or reset, block, deletion. */
  async revokeAllSessions(userId: number, reason: string, keepFamilyId?: number): Promise<number> {
    const revoked = await this.sessions.revokeAllFamilies(userId, reason, keepFamilyId);
    await this.events.publish({ type: 'ended', user: userId, keep: keepFamilyId ?? null });
    return revoked;
  }

  /** Switches the session's mode; its live streams in the mode left close (the tab opens one in the new mode). */
  async setActiveCompany(userId: number, familyId: number, companyId: number | null): Promise<void> {
    await this.sessions.setActiveCompany(familyId, userId, companyId);
    await this.events.publish({ type: 'mode', family: familyId, activeCompanyId: companyId });
  }

  /** The login answer for an existing session: a fresh access token and the user object. */
  async loginResponse(userId: number, familyId: number, activeCompanyId: number | null): Promise<LoginResponse> {
    const access = this.tokens.signAccess(userId, familyId);
    return {
      access_token: access.token,
      token_type: 'Bearer',
      expires_in: access.expiresIn,
      user: await this.userObjects.build(userId, { activeCompanyId }),
    };
  }

  private withinGrace(usedAt: Date, now: Date): boolean {
    return now.getTime() - usedAt.getTime() <= this.config.refreshReuseGraceSeconds * 1000;
  }

  private usable(row: RefreshTokenRow, now: Date): boolean {
    const t = now.getTime();
    return !(
      row.familyRevokedAt ||
      row.familyExpiresAt.getTime() <= t ||
      row.expiresAt.getTime() <= t ||
      row.userDeletedAt ||
      row.userStatus === 'blocked'
    );
  }

  /**
   * The successor of a refresh token is derived from it with a server key, so a concurrent refresh
   * of the same token can hand out the very same new token without the raw value being stored.
   */
  private successorOf(raw: string): string {
    return createHmac('sha256', this.config.jwtSecret).update(`refresh-successor:${raw}`).digest('base64url');
  }

  /** Inside the grace period: the first unspent successor (the tab that won may already have refreshed again). */
  private async answerSuccessor(raw: string, spent: RefreshTokenRow, now: Date, res: Response): Promise<LoginResponse> {
    let token = raw;
    for (let step = 0; step < MAX_GRACE_STEPS; step++) {
      token = this.successorOf(token);
      const next = await this.sessions.findToken(sha256(token));
      if (!next || next.familyId !== spent.familyId) return this.fail(res);
      if (!next.usedAt) {
        if (!this.usable(next, now)) return this.fail(res);
        this.setCookie(res, token, next.familyExpiresAt);
        return this.loginResponse(next.userId, next.familyId, next.activeCompanyId);
      }
      if (!this.withinGrace(next.usedAt, now)) return this.reuse(next, res);
    }
    return this.fail(res);
  }

  /** A spent token again after the grace period: someone holds a copy. End the whole session. */
  private async reuse(row: RefreshTokenRow, res: Response): Promise<never> {
    await this.sessions.revokeFamily(row.familyId, 'refresh_token_reuse');
    return this.fail(res);
  }

  private async newRefreshToken(familyId: number, expiresAt: Date): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.sessions.insertToken(familyId, sha256(token), expiresAt);
    return token;
  }

  private setCookie(res: Response, token: string, expiresAt: Date): void {
    res.cookie(REFRESH_COOKIE, token, { ...this.cookieOptions(REFRESH_COOKIE_PATH), expires: expiresAt });
    // A browser sends the more specific path first: an old cookie would shadow this one.
    res.clearCookie(REFRESH_COOKIE, this.cookieOptions(LEGACY_REFRESH_COOKIE_PATH));
  }

  private clearCookie(res: Response): void {
    res.clearCookie(REFRESH_COOKIE, this.cookieOptions(REFRESH_COOKIE_PATH));
    res.clearCookie(REFRESH_COOKIE, this.cookieOptions(LEGACY_REFRESH_COOKIE_PATH));
  }

  private cookieOptions(path: string) {
    return { httpOnly: true, secure: this.config.env !== 'development', sameSite: 'strict' as const, path };
  }

  private fail(res: Response): never {
    this.clearCookie(res);
    throw refreshFailed();
  }
}
