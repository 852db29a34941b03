import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type LoginResponse } from '@legenett/contracts';
import { type Request, type Response } from 'express';
import { TokenService } from '../../common/auth/token.service';
import { AppError } from '../../common/errors/app-error';
import { type AppConfig, InjectConfig } from '../../config';
import { SessionsRepository } from './sessions.repository';
import { UserObjectService } from './user-object.service';
import { UsersRepository } from './users.repository';

export const REFRESH_COOKIE = 'refresh_token';
/** The cookie goes only to the refresh call (docs/api-conventions.md). */
export const REFRESH_COOKIE_PATH = '/api/user/access-token';

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** The value of one cookie of a request (no cookie parser is mounted; this is the only reader). */
export function readCookie(req: Request, name: string): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  return null;
}

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

  /** `POST /user/access-token/refresh`: rotate the cookie, answer a fresh access token. */
  async refresh(req: Request, res: Response): Promise<LoginResponse> {
    const raw = readCookie(req, REFRESH_COOKIE);
    if (!raw || raw.length > 200) return this.fail(res);
    const row = await this.sessions.findToken(sha256(raw));
    if (!row) return this.fail(res);
    if (row.usedAt) {
      // A spent token again: someone holds a copy. End the whole session.
      await this.sessions.revokeFamily(row.familyId, 'refresh_token_reuse');
      return this.fail(res);
    }
    const now = Date.now();
    if (
      row.familyRevokedAt ||
      row.familyExpiresAt.getTime() <= now ||
      row.expiresAt.getTime() <= now ||
      row.userDeletedAt ||
      row.userStatus === 'blocked'
    ) {
      return this.fail(res);
    }
    if (!(await this.sessions.spendToken(row.tokenId, row.familyId, new Date(now)))) {
      await this.sessions.revokeFamily(row.familyId, 'refresh_token_reuse');
      return this.fail(res);
    }
    this.setCookie(res, await this.newRefreshToken(row.familyId, row.familyExpiresAt), row.familyExpiresAt);
    return this.loginResponse(row.userId, row.familyId, row.activeCompanyId);
  }

  /** Ends one session (logout) and clears the cookie. */
  async endSession(familyId: number | null, res: Response): Promise<void> {
    if (familyId !== null) await this.sessions.revokeFamily(familyId, 'logout');
    this.clearCookie(res);
  }

  /** Ends every session of a user (except `keepFamilyId`): password change or reset, block, deletion. */
  async revokeAllSessions(userId: number, reason: string, keepFamilyId?: number): Promise<number> {
    return this.sessions.revokeAllFamilies(userId, reason, keepFamilyId);
  }

  async setActiveCompany(userId: number, familyId: number, companyId: number | null): Promise<void> {
    await this.sessions.setActiveCompany(familyId, userId, companyId);
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

  private async newRefreshToken(familyId: number, expiresAt: Date): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.sessions.insertToken(familyId, sha256(token), expiresAt);
    return token;
  }

  private setCookie(res: Response, token: string, expiresAt: Date): void {
    res.cookie(REFRESH_COOKIE, token, {
      httpOnly: true,
      secure: this.config.env !== 'development',
      sameSite: 'strict',
      path: REFRESH_COOKIE_PATH,
      expires: expiresAt,
    });
  }

  private clearCookie(res: Response): void {
    res.clearCookie(REFRESH_COOKIE, {
      httpOnly: true,
      secure: this.config.env !== 'development',
      sameSite: 'strict',
      path: REFRESH_COOKIE_PATH,
    });
  }

  private fail(res: Response): never {
    this.clearCookie(res);
    throw refreshFailed();
  }
}
