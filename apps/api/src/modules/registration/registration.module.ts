import { Module } from '@nestjs/common';
import { type AppConfig, APP_CONFIG } from '../../config';
import { ReferenceModule } from '../reference';
import { UsersModule } from '../users';
import { AccountRecoveryService } from './account-recovery.service';
import { DbHprRegistry } from './db-hpr-registry';
import { HprApiRegistry, HprRegistry } from './hpr-registry';
import { IdentityProvider } from './identity-provider';
import { IdentityService } from './identity.service';
import { RegistrationController } from './registration.controller';
import { RegistrationRepository } from './registration.repository';
import { RegistrationService } from './registration.service';
import { SignicatIdentityProvider } from './signicat-identity-provider';
import { SimulatorIdentityProvider } from './simulator-identity-provider';
import { SimulatorPersons } from './simulator-persons';
import { SimulatorController } from './simulator.controller';
import { SimulatorService } from './simulator.service';
import { RegistrationAccountData } from './registration.account-data';

/** Chooses the identity provider adapter from IDENTITY_PROVIDER (and its SIGNICAT_* settings). */
export function identityProviderFor(config: AppConfig): IdentityProvider {
  if (config.identity.provider === 'simulator') return new SimulatorIdentityProvider();
  const { baseUrl, clientId, clientSecret } = config.identity.signicat;
  if (!baseUrl || !clientId || !clientSecret) {
    throw new Error('IDENTITY_PROVIDER=signicat needs SIGNICAT_BASE_URL, SIGNICAT_CLIENT_ID and SIGNICAT_CLIENT_SECRET');
  }
  return new SignicatIdentityProvider({ baseUrl, clientId, clientSecret });
}

/**
 * Sign-up with the identity provider or an HPR number, e-mail verification, forgotten password
 * and e-mail change. The simulator pages serve only sessions started with the simulator.
 */
@Module({
  imports: [UsersModule, ReferenceModule],
  controllers: [RegistrationController, SimulatorController],
  providers: [
    RegistrationRepository,
    RegistrationAccountData,
    IdentityService,
    RegistrationService,
    AccountRecoveryService,
    SimulatorService,
    SimulatorPersons,
    DbHprRegistry,
    { provide: IdentityProvider, inject: [APP_CONFIG], useFactory: identityProviderFor },
    {
      provide: HprRegistry,
      inject: [APP_CONFIG, DbHprRegistry],
      useFactory: (config: AppConfig, local: DbHprRegistry): HprRegistry =>
        config.hprApiUrl ? new HprApiRegistry(config.hprApiUrl) : local,
    },
  ],
})
export class RegistrationModule {}
