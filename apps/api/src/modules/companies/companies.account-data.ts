import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AccountDataRegistry } from '../../common/account-data';
import { CompaniesRepository } from './companies.repository';

/** Company managers, followers and invitations: erasure rules and export source (docs/how-to/erase-and-export-user-data.md). */
@Injectable()
export class CompaniesAccountData implements OnModuleInit {
  constructor(
    private readonly registry: AccountDataRegistry,
    private readonly companies: CompaniesRepository,
  ) {}

  onModuleInit(): void {
    this.registry.registerEraser({
      name: 'companies',
      rules: [
        {
          column: 'partner_company_managers.user_id',
          does: 'delete',
          why: 'a relation of the person; the company stays',
          exportedAs: 'managed_companies',
        },
        {
          column: 'partner_company_followers.user_id',
          does: 'delete',
          why: 'a relation of the person; the company stays',
          exportedAs: 'followed_companies',
        },
        {
          column: 'follow_invitations.invited_user_id',
          does: 'delete',
          why: 'a relation of the person',
          exportedAs: 'company_follow_invitations',
        },
        {
          column: 'follow_invitations.invited_by_user_id',
          does: 'set null',
          why: 'the invitation belongs to the company that sent it',
          exportedAs: null,
        },
        {
          column: 'partner_companies.created_by_user_id',
          does: 'set null',
          why: 'the company belongs to the company, not to who created it',
          exportedAs: null,
        },
      ],
      erase: (tx, userId) => this.companies.eraseAccount(tx, userId),
    });
    this.registry.registerExporter({
      name: 'companies',
      export: (userId) => this.companies.exportAccount(userId),
    });
  }
}
