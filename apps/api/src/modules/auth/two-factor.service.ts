import { createHash, randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type RecoveryCodes, type TwoFactorSetup, type User } from '@legenett/contracts';
import { authenticator } from 'otplib';
import { toDataURL } from 'qrcode';
import { type Principal } from '../../common/auth/principal';
import { AppError } from '../../common/errors/app-error';
import { type AppConfig, InjectConfig } from '../../config';
import { UserObjectService } from '../users';
import { type Credentials, CredentialsRepository } from './credentials.repository';
import { passwordMatches } from './passwords';
import { SecretBox } from './secret-box';

export const TOTP_STEP_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'Legenett';
/** Without look-alikes (0/O, 1/I/L). */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

const normaliseRecoveryCode = (code: string): string => code.toUpperCase().replace(/[^A-Z0-9]/g, '');
const hashRecoveryCode = (code: string): string => createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

const invalidCode = (field = 'code') => new AppError('VALIDATION', { message: 'auth.invalid_code', fields: { [field]: ['auth.invalid_code'] } });

/**
 * Two-step authentication with TOTP (RFC 6238, 30 s, ±1 step of clock drift): the secret is
 * stored encrypted; each time step is accepted once (`users.two_factor_last_step`); recovery codes
 * are stored as SHA-256 hashes and work once.
 */
@Injectable()
export class TwoFactorService {
  private readonly box: SecretBox;
  private readonly totp = authenticator.clone({ step: TOTP_STEP_SECONDS, window: 1 });

  constructor(
    @InjectConfig() config: AppConfig,
    private readonly credentials: CredentialsRepository,
    private readonly userObjects: UserObjectService,
  ) {
    this.box = new SecretBox(config.twoFactorEncryptionKey);
  }

  /** A TOTP code (six digits) or a recovery code; spends what it accepts. */
  async verify(user: Credentials, code: string): Promise<boolean> {
    const trimmed = code.trim();
    if (/^\d{6}$/.test(trimmed)) return this.verifyTotp(user, trimmed);
    return this.credentials.spendRecoveryCode(user.id, hashRecoveryCode(trimmed));
  }

  async verifyTotp(user: Credentials, code: string): Promise<boolean> {
    const secret = user.twoFactorSecret ? this.box.open(user.twoFactorSecret) : null;
    if (!secret) return false;
    const delta = this.totp.checkDelta(code, secret);
    if (delta === null) return false;
    const step = Math.floor(Date.now() / 1000 / TOTP_STEP_SECONDS) + delta;
    return this.credentials.acceptTotpStep(user.id, step);
  }

  async setup(principal: Principal): Promise<{ data: TwoFactorSetup }> {
    const user = await this.load(principal.userId);
    if (user.twoFactorEnabled) throw new AppError('CONFLICT', { message: 'auth.two_factor_already_enabled' });
    const secret = this.totp.generateSecret(20);
    await this.credentials.setPendingSecret(user.id, this.box.seal(secret));
    const email = (await this.credentials.emailOf(user.id)) ?? String(user.id);
    const otpauthUrl = this.totp.keyuri(email, ISSUER, secret);
    const qrCode = await toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
    return { data: { secret, otpauth_url: otpauthUrl, qr_code: qrCode } };
  }

  async enable(principal: Principal, code: string): Promise<{ data: RecoveryCodes }> {
    const user = await this.load(principal.userId);
    if (user.twoFactorEnabled) throw new AppError('CONFLICT', { message: 'auth.two_factor_already_enabled' });
    if (!user.twoFactorSecret) throw new AppError('CONFLICT', { message: 'auth.two_factor_not_started' });
    if (!(await this.verifyTotp(user, code))) throw invalidCode();
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.credentials.enableTwoFactor(user.id, codes.map(hashRecoveryCode));
    return { data: { recovery_codes: codes } };
  }

  async disable(principal: Principal, password: string, code: string): Promise<{ data: User }> {
    const user = await this.load(principal.userId);
    if (!user.twoFactorEnabled) throw new AppError('CONFLICT', { message: 'auth.two_factor_not_enabled' });
    if (!(await passwordMatches(password, user.passwordHash))) {
      throw new AppError('VALIDATION', { message: 'auth.wrong_password', fields: { password: ['auth.wrong_password'] } });
    }
    if (!(await this.verify(user, code))) throw invalidCode();
    await this.credentials.disableTwoFactor(user.id);
    return { data: await this.userObjects.build(user.id, principal) };
  }

  async regenerateRecoveryCodes(principal: Principal, code: string): Promise<{ data: RecoveryCodes }> {
    const user = await this.load(principal.userId);
    if (!user.twoFactorEnabled) throw new AppError('CONFLICT', { message: 'auth.two_factor_not_enabled' });
    if (!(await this.verifyTotp(user, code))) throw invalidCode();
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.credentials.replaceRecoveryCodes(user.id, codes.map(hashRecoveryCode));
    return { data: { recovery_codes: codes } };
  }

  private async load(userId: number): Promise<Credentials> {
    const user = await this.credentials.byId(userId);
    if (!user) throw new AppError('UNAUTHENTICATED');
    return user;
  }
}
