import { webLink, webRoutes } from '@legenett/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error';
import { MailService } from '../../common/mail';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { APP_CONFIG, type AppConfig } from '../../config';
import { CredentialsRepository } from './credentials.repository';

/** Counter names; each is a failure count, successes never count. */
const IP_FAILURES = 'login-ip-failures';
const PAIR_FAILURES = 'login-pair-failures';
const PAIR_DELAY = 'login-pair-delay';
const ACCOUNT_FAILURES = 'login-account-failures';

/**
 * Login throttling that neither locks a hospital out (many colleagues behind one address) nor
 * lets a stranger lock an account out: per address only failures count, against a high limit;
 * one address on one account gets growing waits (1 s, 2 s, 4 s, ... after the free failures) and
 * a hard stop at the strict limit; the account as a whole is never blocked, so the owner's right
 * password from another address goes through. That login mails the owner a notice when the
 * account saw many failures and the address is new to it.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    private readonly limits: RateLimitService,
    private readonly credentials: CredentialsRepository,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get window(): number {
    return this.config.login.windowSeconds;
  }

  /** Throws the 429 (with Retry-After) when this address may not try this account now. */
  async check(ip: string, email: string): Promise<void> {
    const { ipFailureLimit, accountIpFailureLimit } = this.config.login;
    const byIp = await this.limits.peek({ name: IP_FAILURES }, ip);
    if (byIp && byIp.count >= ipFailureLimit) throw tooMany(byIp.resetIn);
    const pair = pairOf(ip, email);
    const delay = await this.limits.peek({ name: PAIR_DELAY }, pair);
    if (delay) throw tooMany(delay.resetIn);
    const failures = await this.limits.peek({ name: PAIR_FAILURES }, pair);
    if (failures && failures.count >= accountIpFailureLimit) throw tooMany(failures.resetIn);
  }

  /** A wrong password or an unknown address (counted alike, so both answer alike). */
  async failed(ip: string, email: string): Promise<void> {
    const window = this.window;
    const pair = pairOf(ip, email);
    await this.limits.count({ name: IP_FAILURES, windowSeconds: window }, ip);
    await this.limits.count({ name: ACCOUNT_FAILURES, windowSeconds: window }, accountOf(email));
    const { count } = await this.limits.count({ name: PAIR_FAILURES, windowSeconds: window }, pair);
    const beyondFree = count - this.config.login.freeFailures;
    if (beyondFree > 0 && count < this.config.login.accountIpFailureLimit) {
      const wait = Math.min(2 ** (beyondFree - 1), window);
      await this.limits.count({ name: PAIR_DELAY, windowSeconds: wait }, pair);
    }
  }

  /**
   * The right password: this address's failures on the account are forgiven, and the owner is
   * told when the account saw many failures and this address has never opened a session of it.
   * Call before the session opens, so "new address" means new before this login.
   */
  async succeeded(ip: string, email: string, userId: number): Promise<void> {
    const pair = pairOf(ip, email);
    await this.limits.reset({ name: PAIR_FAILURES }, pair);
    await this.limits.reset({ name: PAIR_DELAY }, pair);
    const account = await this.limits.peek({ name: ACCOUNT_FAILURES }, accountOf(email));
    if (!account || account.count < this.config.login.noticeFailures) return;
    if (await this.credentials.hadSessionFrom(userId, ip)) return;
    // One notice per burst of failures.
    await this.limits.reset({ name: ACCOUNT_FAILURES }, accountOf(email));
    const owner = await this.credentials.contactOf(userId);
    if (!owner) return;
    await this.mail.send({
      to: owner.email,
      template: 'login_after_failures',
      locale: owner.locale,
      userId,
      vars: { name: owner.firstName, failures: account.count, ip, link: webLink(this.config.publicUrl, webRoutes.forgotPassword) },
    });
  }
}

const tooMany = (retryAfter: number) => new AppError('TOO_MANY_REQUESTS', { retryAfter });
const accountOf = (email: string) => `email:${email.trim().toLowerCase()}`;
const pairOf = (ip: string, email: string) => `ip:${ip}|${accountOf(email)}`;
