import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AccountDataRegistry } from '../../common/account-data';
import { RegistrationRepository } from './registration.repository';

/** Reset tokens, e-mail verification codes and identity sessions: erasure rules and export source (docs/how-to/erase-and-export-user-data.md). */
@Injectable()
export class RegistrationAccountData implements OnModuleInit {
  constructor(
    private readonly registry: AccountDataRegistry,
    private readonly registration: RegistrationRepository,
  ) {}

  onModuleInit(): void {
    this.registry.registerEraser({
      name: 'registration',
      rules: [
        {
          column: 'password_reset_tokens.user_id',
          does: 'delete',
          why: 'credentials; never exported (hashes)',
          exportedAs: null,
        },
        {
          column: 'email_verification_codes.user_id',
          does: 'delete',
          why: 'credentials; never exported (hashes)',
          exportedAs: null,
        },
        {
          column: 'identity_sessions.user_id',
          does: 'delete',
          why: 'identity data from the electronic-ID login',
          exportedAs: 'identity_sessions',
        },
      ],
      erase: (tx, userId) => this.registration.eraseAccount(tx, userId),
    });
    this.registry.registerExporter({
      name: 'registration',
      export: (userId) => this.registration.exportAccount(userId),
    });
  }
}
