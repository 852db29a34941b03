import { Injectable } from '@nestjs/common';
import { type LoginInput, type LoginResponse, type LoginResult, type TwoFactorLoginInput } from '@legenett/contracts';
import { type Request, type Response } from 'express';
import { TokenService } from '../../common/auth/token.service';
import { AppError } from '../../common/errors/app-error';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { SessionService } from '../users';
import { CredentialsRepository } from './credentials.repository';
import { LoginThrottle } from './login-throttle';
import { passwordMatches } from './passwords';
import { TwoFactorService } from './two-factor.service';

/**
 * Rate limits of the two-step calls. The password step is throttled by `LoginThrottle`, which
 * counts failures only (see there).
 */
export const LOGIN_LIMITS = {
  twoFactorIp: { name: 'two-factor-ip', limit: 30, windowSeconds: 900, by: 'ip' },
  /** Codes per account, counted in the service (the account is known only from the challenge). */
  twoFactorAccount: { name: 'two-factor-account', limit: 5, windowSeconds: 300 },
} as const;

const invalidCredentials = () =>
  new AppError('VALIDATION', { message: 'auth.invalid_credentials', fields: { email: ['auth.invalid_credentials'] } });

@Injectable()
export class LoginService {
  constructor(
    private readonly credentials: CredentialsRepository,
    private readonly sessions: SessionService,
    private readonly tokens: TokenService,
    private readonly twoFactor: TwoFactorService,
    private readonly limits: RateLimitService,
    private readonly throttle: LoginThrottle,
  ) {}

  /**
   * E-mail and password. One answer for an unknown e-mail and a wrong password (422 on `email`).
   * With two-step on, the answer is a short-lived challenge for `POST /user/login/two-factor`.
   */
  async login(input: LoginInput, req: Request, res: Response): Promise<LoginResult> {
    const ip = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    await this.throttle.check(ip, input.email);
    const user = await this.credentials.byEmail(input.email);
    const ok = await passwordMatches(input.password, user?.passwordHash ?? null);
    if (!user || !ok) {
      await this.throttle.failed(ip, input.email);
      throw invalidCredentials();
    }
    if (user.status === 'blocked') throw AppError.forbidden('account_blocked');
    await this.throttle.succeeded(ip, input.email, user.id);
    if (user.twoFactorEnabled) {
      const challenge = this.tokens.signChallenge(user.id);
      return { two_factor_required: true, challenge_token: challenge.token, expires_in: challenge.expiresIn };
    }
    return this.sessions.startSession(user.id, req, res);
  }

  async loginTwoFactor(input: TwoFactorLoginInput, req: Request, res: Response): Promise<LoginResponse> {
    const challenge = this.tokens.verify(input.challenge_token, 'two_factor');
    if (!challenge.ok) {
      throw new AppError('VALIDATION', {
        message: 'auth.challenge_expired',
        fields: { challenge_token: ['auth.challenge_expired'] },
      });
    }
    await this.limits.consumeForAccount(LOGIN_LIMITS.twoFactorAccount, challenge.userId);
    const user = await this.credentials.byId(challenge.userId);
    if (!user || !user.twoFactorEnabled) {
      throw new AppError('VALIDATION', { message: 'auth.challenge_expired', fields: { challenge_token: ['auth.challenge_expired'] } });
    }
    if (user.status === 'blocked') throw AppError.forbidden('account_blocked');
    const accepted = input.code !== undefined ? await this.twoFactor.verifyTotp(user, input.code) : await this.twoFactor.verify(user, input.recovery_code ?? '');
    if (!accepted) {
      const field = input.code !== undefined ? 'code' : 'recovery_code';
      throw new AppError('VALIDATION', { message: 'auth.invalid_code', fields: { [field]: ['auth.invalid_code'] } });
    }
    return this.sessions.startSession(user.id, req, res);
  }
}
