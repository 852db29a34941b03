import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AccountDataRegistry } from '../../common/account-data';
import { AdminRepository } from './admin.repository';

/** Account decisions: erasure rules and export source (docs/how-to/erase-and-export-user-data.md). */
@Injectable()
export class AdminAccountData implements OnModuleInit {
  constructor(
    private readonly registry: AccountDataRegistry,
    private readonly admin: AdminRepository,
  ) {}

  onModuleInit(): void {
    this.registry.registerEraser({
      name: 'admin',
      rules: [
        {
          column: 'account_decisions.user_id',
          does: 'keep',
          why: "the administrators' audit trail of the account, attached to the tombstone",
          exportedAs: 'account_decisions',
        },
        {
          column: 'account_decisions.admin_user_id',
          does: 'keep',
          why: 'decisions the person took as an administrator about other accounts: their audit trail, attached to the tombstone',
          exportedAs: null,
        },
      ],
      erase: async () => {
        // Nothing to change: both columns are kept on purpose (rules above).
      },
    });
    this.registry.registerExporter({ name: 'admin', export: (userId) => this.admin.exportAccount(userId) });
  }
}
