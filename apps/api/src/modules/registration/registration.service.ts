import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { type Locale, type LoginResponse, type MessageKey, registrationEndpoints, type RegistrationResult, type Verification, webLink, webRoutes } from '@legenett/contracts';
import { hash } from 'bcrypt';
import { type Request, type Response } from 'express';
import { randomUUID } from 'node:crypto';
import { AppError } from '../../common/errors/app-error';
import { type BodyOf } from '../../common/http';
import { MailService } from '../../common/mail';
import { JobOutbox, type OutboxJobContext } from '../../common/outbox';
import { type AppConfig, APP_CONFIG } from '../../config';
import { isCommonPassword } from '../auth';
import { SessionService } from '../users';
import { ReferenceChecks } from '../reference';
import { HprRegistry, isConfirmed, type HprEntry } from './hpr-registry';
import { IdentityService } from './identity.service';
import { type NewAccount, RegistrationRepository, type VerificationRow } from './registration.repository';
import { hashCode, maskEmail, newVerificationCode, sameHash } from './secrets';

export const BCRYPT_COST = 12;
export const VERIFICATION_TTL_MINUTES = 30;
export const VERIFICATION_MAX_ATTEMPTS = 5;
/** Mails the owner of an address someone tried to register again (see `addressTaken`). */
export const ADDRESS_TAKEN_JOB = 'registration.address-taken';

interface AddressTakenJob {
  email: string;
}

type IdentityInput = BodyOf<typeof registrationEndpoints.createUserFromIdentity>;
type HprInput = BodyOf<typeof registrationEndpoints.registerWithHpr>;
type Common = IdentityInput | HprInput;

const invalid = (fields: Record<string, MessageKey[]>, message?: MessageKey) =>
  new AppError('VALIDATION', { fields, ...(message ? { message } : {}) });

/** Outcome of the HPR check: what the account gets. */
interface HprOutcome {
  approvedHrp: 0 | 1 | 2;
  hprNumber: string | null;
  profession: HprEntry['profession'] | null;
}

/**
 * Sign-up (with the identity provider or with an HPR number), the HPR check and e-mail
 * verification. Accounts confirmed by the register start approved; all others wait for an
 * administrator. Every new account verifies its e-mail with a mailed 6-digit code.
 */
@Injectable()
export class RegistrationService implements OnModuleInit {
  constructor(
    private readonly repo: RegistrationRepository,
    private readonly identity: IdentityService,
    private readonly registry: HprRegistry,
    private readonly mail: MailService,
    private readonly sessions: SessionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly references: ReferenceChecks,
    private readonly jobOutbox: JobOutbox,
  ) {}

  onModuleInit(): void {
    this.jobOutbox.handle<AddressTakenJob>(ADDRESS_TAKEN_JOB, (job) => this.mailAddressOwner(job));
  }

  async registerWithIdentity(sessionId: string, input: IdentityInput, locale: Locale): Promise<{ data: RegistrationResult }> {
    const person = await this.identity.requireIdentified(sessionId);
    await this.checkCommon(input);
    if (await this.repo.nationalIdRegistered(person.nationalIdHash)) {
      throw invalid({ national_id: ['registration.api.national_id_taken'] }, 'registration.api.national_id_taken');
    }
    if (await this.repo.emailTaken(input.email)) return this.addressTaken(input, true);
    const hpr = await this.checkIdentified(person.nationalIdHash, input.hpr_number ?? null);
    return this.create(
      {
        firstName: person.firstName,
        lastName: person.lastName,
        birthDate: person.birthDate,
        nationalIdHash: person.nationalIdHash,
        registeredVia: 'identity_provider',
        identitySessionId: person.sessionId,
      },
      input,
      hpr,
      locale,
    );
  }

  async registerWithHpr(input: HprInput, locale: Locale): Promise<{ data: RegistrationResult }> {
    await this.checkCommon(input);
    if (await this.repo.emailTaken(input.email)) return this.addressTaken(input, true);
    const entry = await this.registry.byHprNumber(input.hpr_number);
    // Without an electronic ID nothing proves the person is the one in the register (HPR numbers
    // are public), so a register hit counts as "checked" (1) and an administrator decides.
    const hpr: HprOutcome = { approvedHrp: entry ? 1 : 0, hprNumber: input.hpr_number, profession: entry?.profession ?? null };
    return this.create(
      {
        firstName: input.first_name,
        lastName: input.last_name,
        birthDate: null,
        nationalIdHash: null,
        registeredVia: 'hpr_number',
      },
      input,
      hpr,
      locale,
    );
  }

  /** The register by national identity; a given HPR number must be that same person's. */
  private async checkIdentified(nationalIdHash: string, hprNumber: string | null): Promise<HprOutcome> {
    let entry = await this.registry.byNationalIdHash(nationalIdHash);
    if (!entry && hprNumber) {
      const byNumber = await this.registry.byHprNumber(hprNumber);
      // Registers that cannot search by national identity give none to compare: the number then
      // only counts as checked.
      if (byNumber) return { approvedHrp: 1, hprNumber, profession: byNumber.profession };
      entry = null;
    }
    if (!entry) return { approvedHrp: 0, hprNumber, profession: null };
    if (hprNumber && hprNumber !== entry.hprNumber) return { approvedHrp: 1, hprNumber, profession: entry.profession };
    return { approvedHrp: isConfirmed(entry) ? 2 : 1, hprNumber: entry.hprNumber, profession: entry.profession };
  }

  private async checkCommon(input: Common): Promise<void> {
    const fields: Record<string, MessageKey[]> = await this.references.unknown([
      ['workplace_situation_id', 'workplaceSituations', input.workplace_situation_id],
      ['specialities', 'specialties', input.specialities],
    ]);
    if (isCommonPassword(input.password)) fields.password = ['validation.password_common'];
    if (Object.keys(fields).length > 0) throw invalid(fields);
  }

  /**
   * An address that already has an account answers like a new one (a verification id nobody can
   * use), and its owner gets a mail instead ("someone tried to register; log in or reset here").
   * The request spends what a new account costs (the password hash dominates) and only writes a
   * job, so neither the answer nor its time tells whether the address is registered.
   */
  private async addressTaken(input: Common, spendHash: boolean): Promise<{ data: RegistrationResult }> {
    if (spendHash) await hash(input.password, BCRYPT_COST);
    await this.jobOutbox.add(null, { name: ADDRESS_TAKEN_JOB, payload: { email: input.email } });
    return { data: { verification_id: randomUUID() } };
  }

  /** The mail is written with the job's done mark (`once`): a second run of the job writes none. */
  private async mailAddressOwner({ payload: { email }, once }: OutboxJobContext<AddressTakenJob>): Promise<void> {
    const owner = await this.repo.userByEmail(email);
    if (!owner) return;
    await once(async (tx) => {
      await this.mail.send(
        {
          to: owner.email,
      template: 'registration_attempt',
      locale: owner.locale,
      userId: owner.id,
          vars: {
            name: owner.first_name,
            login_link: webLink(this.config.publicUrl, webRoutes.login),
            reset_link: webLink(this.config.publicUrl, webRoutes.forgotPassword),
          },
        },
        tx,
      );
    });
  }

  private async create(
    who: Pick<NewAccount, 'firstName' | 'lastName' | 'birthDate' | 'nationalIdHash' | 'registeredVia' | 'identitySessionId'>,
    input: Common,
    hpr: HprOutcome,
    locale: Locale,
  ): Promise<{ data: RegistrationResult }> {
    const situation = await this.repo.workplaceSituationCode(input.workplace_situation_id);
    const role = hpr.profession === 'student' || (hpr.profession === null && situation === 'student') ? 'student' : 'doctor';
    const result = await this.repo.createAccount({
      ...who,
      email: input.email,
      passwordHash: await hash(input.password, BCRYPT_COST),
      phone: input.phone,
      status: hpr.approvedHrp === 2 ? 'approved' : 'awaiting_approval',
      locale,
      approvedHrp: hpr.approvedHrp,
      hprNumber: hpr.hprNumber,
      workplaceSituationId: input.workplace_situation_id,
      specialtyIds: [...new Set(input.specialities)],
      role,
    });
    // Taken meanwhile (a concurrent sign-up): the same answer as a taken address; the hash is spent.
    if (result === 'email_taken') return this.addressTaken(input, false);
    if (result === 'national_id_taken') {
      throw invalid({ national_id: ['registration.api.national_id_taken'] }, 'registration.api.national_id_taken');
    }
    if (result === 'session_used') throw new AppError('CONFLICT', { message: 'registration.api.session_used' });
    if (result === 'hpr_number_taken') {
      throw invalid({ hpr_number: ['registration.api.hpr_number_taken'] }, 'registration.api.hpr_number_taken');
    }
    const verification = await this.startVerification(result.userId, input.email, who.firstName, locale);
    return { data: { verification_id: verification.public_id } };
  }

  // --- e-mail verification ------------------------------------------------------------------

  private async startVerification(userId: number, email: string, name: string, locale: Locale): Promise<VerificationRow> {
    const code = newVerificationCode();
    const publicId = randomUUID();
    const row = await this.repo.createVerification(userId, publicId, hashCode(this.config.jwtSecret, publicId, code), this.verificationExpiry());
    await this.mailCode(row, email, name, code, locale, userId);
    return row;
  }

  private verificationExpiry(): Date {
    return new Date(Date.now() + VERIFICATION_TTL_MINUTES * 60_000);
  }

  private async mailCode(row: VerificationRow, email: string, name: string, code: string, locale: Locale, userId: number) {
    await this.mail.send({
      to: email,
      template: 'verification',
      locale,
      userId,
      vars: {
        name,
        code,
        minutes: VERIFICATION_TTL_MINUTES,
        link: webLink(this.config.publicUrl, webRoutes.userVerification, { id: row.public_id }),
      },
    });
  }

  private async loadVerification(publicId: string) {
    const row = await this.repo.findVerification(publicId);
    if (!row) throw AppError.notFound();
    const user = await this.repo.userById(row.user_id);
    if (!user) throw AppError.notFound();
    return { row, user };
  }

  private view(row: VerificationRow, email: string, verified: boolean): Verification {
    return { id: row.public_id, masked_email: maskEmail(email), expires_at: row.expires_at.toISOString(), verified };
  }

  async showVerification(publicId: string): Promise<{ data: Verification }> {
    const { row, user } = await this.loadVerification(publicId);
    return { data: this.view(row, user.email, row.used_at !== null || user.email_verified_at !== null) };
  }

  async resendVerification(publicId: string, locale: Locale): Promise<{ data: Verification }> {
    const { row, user } = await this.loadVerification(publicId);
    if (row.used_at || user.email_verified_at) throw new AppError('CONFLICT', { message: 'registration.api.already_verified' });
    const code = newVerificationCode();
    const renewed = await this.repo.renewVerification(row.id, hashCode(this.config.jwtSecret, row.public_id, code), this.verificationExpiry());
    await this.mailCode(renewed, user.email, user.first_name, code, locale, user.id);
    return { data: this.view(renewed, user.email, false) };
  }

  /** The right code verifies the address and logs the user in (refresh cookie on `res`). */
  async verify(publicId: string, code: string, req: Request, res: Response): Promise<LoginResponse> {
    const { row, user } = await this.loadVerification(publicId);
    if (row.used_at || user.email_verified_at) throw new AppError('CONFLICT', { message: 'registration.api.already_verified' });
    if (row.attempts >= VERIFICATION_MAX_ATTEMPTS) throw invalid({ code: ['registration.api.code_attempts'] });
    if (row.expires_at.getTime() <= Date.now()) throw invalid({ code: ['registration.api.code_expired'] });
    if (!sameHash(row.code_hash, hashCode(this.config.jwtSecret, row.public_id, code))) {
      const attempts = await this.repo.countVerificationAttempt(row.id);
      throw invalid({ code: [attempts >= VERIFICATION_MAX_ATTEMPTS ? 'registration.api.code_attempts' : 'registration.api.code_wrong'] });
    }
    if (!(await this.repo.completeVerification(row.id, user.id))) {
      throw new AppError('CONFLICT', { message: 'registration.api.already_verified' });
    }
    return this.sessions.startSession(user.id, req, res);
  }
}
