import { Inject, Injectable, Logger } from '@nestjs/common';
import { type IdentitySession, type IdentitySessionCreated, type Locale } from '@legenett/contracts';
import { hashNationalId } from '@legenett/shared';
import { type AppConfig, APP_CONFIG } from '../../config';
import { AppError } from '../../common/errors/app-error';
import { IdentityProvider, IdentityProviderUnavailableError } from './identity-provider';
import { type IdentitySessionRow, RegistrationRepository } from './registration.repository';
import { SimulatorPersons } from './simulator-persons';

/** A completed, unused session: who registers. */
export interface IdentifiedPerson {
  sessionId: string;
  firstName: string;
  lastName: string;
  birthDate: string | null;
  nationalIdHash: string;
}

const timeout = () => new AppError('CONFLICT', { message: 'errors.identification_timeout' });

/**
 * Electronic-ID sessions: start one at the provider, follow it until the provider completes,
 * cancels or the TTL ends it. The person's national identity number is only ever stored hashed.
 */
@Injectable()
export class IdentityService {
  private readonly logger = new Logger('Identity');

  constructor(
    private readonly repo: RegistrationRepository,
    private readonly provider: IdentityProvider,
    private readonly persons: SimulatorPersons,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  hash(nationalId: string): string {
    return hashNationalId(nationalId, this.config.nationalIdHashKey);
  }

  async create(locale: Locale): Promise<{ data: IdentitySessionCreated }> {
    const expiresAt = new Date(Date.now() + this.config.identity.sessionTtlSeconds * 1000);
    const row = await this.repo.createIdentitySession(this.provider.name, expiresAt);
    const callback = `${this.config.publicUrl}/signicat-registration-callback?sessionId=${row.id}`;
    try {
      const started = await this.provider.startSession({
        sessionId: row.id,
        successUrl: callback,
        abortUrl: `${callback}&status=cancelled`,
        expiresAt,
        locale,
      });
      await this.repo.setProviderSessionId(row.id, started.providerSessionId);
      return { data: { id: row.id, url: started.url } };
    } catch (err) {
      throw this.unavailable(err);
    }
  }

  async retrieve(id: string): Promise<{ data: IdentitySession }> {
    const row = await this.sync(id);
    if (row.status === 'expired') throw timeout();
    if (row.status === 'cancelled') throw new AppError('CONFLICT', { message: 'registration.api.session_cancelled' });
    if (row.user_id !== null) throw new AppError('CONFLICT', { message: 'registration.api.session_used' });
    const person =
      row.status === 'completed' && row.person_first_name && row.person_last_name
        ? {
            first_name: row.person_first_name,
            last_name: row.person_last_name,
            birth_date: row.person_birth_date,
            hpr_number: row.person_national_id_hash ? await this.knownHprNumber(row.person_national_id_hash) : null,
          }
        : null;
    return { data: { id: row.id, status: row.status, expires_at: row.expires_at.toISOString(), person } };
  }

  /**
   * The HPR number the register knows for an identified person: by the register's keyed hash of the
   * national identity number, or, for the simulator's seeded test persons (whose register rows keep
   * no hash), by hashing their synthetic numbers.
   */
  private async knownHprNumber(nationalIdHash: string): Promise<string | null> {
    const row = await this.repo.hprByNationalIdHash(nationalIdHash);
    if (row) return row.hpr_number;
    for (const [hprNumber, nationalId] of await this.persons.nationalIds()) {
      if (this.hash(nationalId) === nationalIdHash) return hprNumber;
    }
    return null;
  }

  /** The completed, unused session a registration needs; 409 with the reason otherwise. */
  async requireIdentified(id: string): Promise<IdentifiedPerson> {
    const row = await this.sync(id);
    if (row.user_id !== null) throw new AppError('CONFLICT', { message: 'registration.api.session_used' });
    if (row.status === 'expired') throw timeout();
    if (row.status === 'cancelled') throw new AppError('CONFLICT', { message: 'registration.api.session_cancelled' });
    if (row.status !== 'completed' || !row.person_first_name || !row.person_last_name || !row.person_national_id_hash) {
      throw new AppError('CONFLICT', { message: 'registration.api.session_not_completed' });
    }
    // The account must be created within the session's lifetime after the check, too.
    if (row.completed_at && row.completed_at.getTime() + this.config.identity.sessionTtlSeconds * 1000 < Date.now()) {
      throw timeout();
    }
    return {
      sessionId: row.id,
      firstName: row.person_first_name,
      lastName: row.person_last_name,
      birthDate: row.person_birth_date,
      nationalIdHash: row.person_national_id_hash,
    };
  }

  /** The simulator page's "choose": completes a pending session with a register person. */
  async completeSimulated(
    id: string,
    person: { firstName: string; lastName: string; birthDate: string | null; nationalIdHash: string },
  ): Promise<void> {
    const row = await this.pendingSimulatorSession(id);
    await this.repo.completeIdentitySession(row.id, person);
  }

  async cancelSimulated(id: string): Promise<void> {
    const row = await this.pendingSimulatorSession(id);
    await this.repo.endIdentitySession(row.id, 'cancelled', 'cancelled by the user');
  }

  /** A simulator session that may still be completed (404 / 409 otherwise). */
  async pendingSimulatorSession(id: string): Promise<IdentitySessionRow> {
    const row = await this.sync(id);
    if (row.provider !== 'simulator') throw AppError.notFound();
    if (row.status === 'expired') throw timeout();
    if (row.status !== 'pending') throw new AppError('CONFLICT', { message: 'registration.api.session_not_completed' });
    return row;
  }

  /** Loads a session, ends it when its time is up, and asks the provider while it is pending. */
  private async sync(id: string): Promise<IdentitySessionRow> {
    const row = await this.repo.findIdentitySession(id);
    if (!row) throw AppError.notFound();
    if (row.status !== 'pending') return row;
    if (row.expires_at.getTime() <= Date.now()) {
      await this.repo.endIdentitySession(row.id, 'expired');
      return { ...row, status: 'expired' };
    }
    if (row.provider !== this.provider.name || !row.provider_session_id) return row;
    let state;
    try {
      state = await this.provider.fetchSession(row.provider_session_id);
    } catch (err) {
      throw this.unavailable(err);
    }
    if (state.status === 'completed') {
      const person = {
        firstName: state.subject.firstName,
        lastName: state.subject.lastName,
        birthDate: state.subject.birthDate,
        nationalIdHash: this.hash(state.subject.nationalId),
      };
      await this.repo.completeIdentitySession(row.id, person);
    } else if (state.status === 'cancelled' || state.status === 'expired') {
      await this.repo.endIdentitySession(row.id, state.status, state.status === 'cancelled' ? state.error : undefined);
    }
    return (await this.repo.findIdentitySession(id)) ?? row;
  }

  private unavailable(err: unknown): AppError {
    if (!(err instanceof IdentityProviderUnavailableError)) throw err;
    this.logger.warn(err.message);
    return new AppError('UNAVAILABLE', { message: 'registration.api.provider_unavailable', cause: err });
  }
}
