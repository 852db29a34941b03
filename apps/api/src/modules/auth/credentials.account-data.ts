import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AccountDataRegistry } from '../../common/account-data';
import { CredentialsRepository } from './credentials.repository';

/** Two-step recovery codes: erasure rules and export source (docs/how-to/erase-and-export-user-data.md). */
@Injectable()
export class CredentialsAccountData implements OnModuleInit {
  constructor(
    private readonly registry: AccountDataRegistry,
    private readonly credentials: CredentialsRepository,
  ) {}

  onModuleInit(): void {
    this.registry.registerEraser({
      name: 'credentials',
      rules: [
        {
          column: 'recovery_codes.user_id',
          does: 'delete',
          why: 'credentials; never exported (hashes)',
          exportedAs: null,
        },
      ],
      erase: (tx, userId) => this.credentials.eraseAccount(tx, userId),
    });
  }
}
