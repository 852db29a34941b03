import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { type Locale, type MessageResponse, translate, webLink, webRoutes } from '@legenett/contracts';
import { compare, hash } from 'bcrypt';
import { type Principal } from '../../common/auth';
import { AppError } from '../../common/errors/app-error';
import { MailService } from '../../common/mail';
import { JobOutbox, type OutboxJobContext } from '../../common/outbox';
import { type AppConfig, APP_CONFIG } from '../../config';
import { isCommonPassword } from '../auth';
import { RegistrationRepository } from './registration.repository';
import { BCRYPT_COST } from './registration.service';
import { hashLinkToken, newLinkToken } from './secrets';

export const RESET_TOKEN_TTL_MINUTES = 60;
export const EMAIL_CHANGE_TTL_MINUTES = 60;
export const FORGOT_PASSWORD_JOB = 'registration.forgot-password';

interface ForgotPasswordJob {
  email: string;
  locale: Locale;
}

const message = (locale: Locale, key: Parameters<typeof translate>[1], vars?: Record<string, string>): MessageResponse => ({
  data: { message: translate(locale, key, vars) },
});

/**
 * Forgotten password (a mailed single-use link) and e-mail change (confirmed from the new
 * address). Both end every session of the account when they take effect.
 */
@Injectable()
export class AccountRecoveryService implements OnModuleInit {
  constructor(
    private readonly repo: RegistrationRepository,
    private readonly mail: MailService,
    private readonly jobOutbox: JobOutbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.jobOutbox.handle<ForgotPasswordJob>(FORGOT_PASSWORD_JOB, (job) => this.sendResetLink(job));
  }

  /**
   * Same answer and the same work whether the address exists, so neither the answer nor its time
   * tells who has an account: the request only writes a job; the job looks the address up and mails.
   */
  async forgotPassword(email: string, locale: Locale): Promise<MessageResponse> {
    // The typed address, not an account: nothing in the request knows whether one exists.
    await this.jobOutbox.add(null, { name: FORGOT_PASSWORD_JOB, payload: { email, locale } });
    return message(locale, 'registration.api.forgot_sent');
  }

  /**
   * The token and the mail are written with the job's done mark (`once`): a second run of the job
   * makes no second token and sends no second link.
   */
  private async sendResetLink({ payload: { email, locale }, once }: OutboxJobContext<ForgotPasswordJob>): Promise<void> {
    const user = await this.repo.userByEmail(email);
    if (!user?.password_hash) return;
    await once(async (tx) => {
      const { token, hash: tokenHash } = newLinkToken();
      await this.repo.createResetToken(user.id, tokenHash, new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * 60_000), tx);
      await this.mail.send(
        {
          to: user.email,
          template: 'password_reset',
          locale,
          userId: user.id,
          vars: {
            name: user.first_name,
            minutes: RESET_TOKEN_TTL_MINUTES,
            link: webLink(this.config.publicUrl, webRoutes.resetPassword, undefined, { token }),
          },
        },
        tx,
      );
    });
  }

  async resetPassword(token: string, password: string, locale: Locale): Promise<MessageResponse> {
    const tokenHash = hashLinkToken(token);
    if (!(await this.repo.passwordResetTokenUsable(tokenHash))) {
      throw new AppError('VALIDATION', { fields: { token: ['validation.invalid_token'] } });
    }
    if (isCommonPassword(password)) throw new AppError('VALIDATION', { fields: { password: ['validation.password_common'] } });
    const userId = await this.repo.resetPassword(tokenHash, await hash(password, BCRYPT_COST));
    if (userId === undefined) throw new AppError('VALIDATION', { fields: { token: ['validation.invalid_token'] } });
    return message(locale, 'registration.api.password_reset');
  }

  async requestEmailChange(principal: Principal, newEmail: string, password: string, locale: Locale): Promise<MessageResponse> {
    const user = await this.repo.userById(principal.userId);
    if (!user) throw new AppError('UNAUTHENTICATED');
    if (!user.password_hash || !(await compare(password, user.password_hash))) {
      throw new AppError('VALIDATION', { fields: { password: ['registration.api.wrong_password'] } });
    }
    if (newEmail === user.email.toLowerCase()) {
      throw new AppError('VALIDATION', { fields: { new_email: ['registration.api.same_email'] } });
    }
    if (await this.repo.emailTaken(newEmail, user.id)) {
      throw new AppError('VALIDATION', { fields: { new_email: ['validation.email_taken'] } });
    }
    const { token, hash: tokenHash } = newLinkToken();
    await this.repo.setPendingEmail(user.id, newEmail, tokenHash, new Date(Date.now() + EMAIL_CHANGE_TTL_MINUTES * 60_000));
    await this.mail.send({
      to: newEmail,
      template: 'email_change',
      locale,
      userId: user.id,
      vars: {
        name: user.first_name,
        minutes: EMAIL_CHANGE_TTL_MINUTES,
        link: webLink(this.config.publicUrl, webRoutes.confirmChangeableEmail, undefined, { token }),
      },
    });
    return message(locale, 'registration.api.email_change_sent', { email: newEmail });
  }

  async confirmEmailChange(token: string, locale: Locale): Promise<MessageResponse> {
    const result = await this.repo.confirmPendingEmail(hashLinkToken(token));
    if (result === 'invalid') throw new AppError('VALIDATION', { fields: { token: ['validation.invalid_token'] } });
    if (result === 'email_taken') throw new AppError('VALIDATION', { fields: { token: ['validation.email_taken'] } });
    return message(locale, 'registration.api.email_changed');
  }
}
