import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AccountDataRegistry } from '../../common/account-data';
import { ProfileRepository } from './profile.repository';

/** Profile information, specialities and the workplaces a person typed in: erasure rules and export source. */
@Injectable()
export class ProfileAccountData implements OnModuleInit {
  constructor(
    private readonly registry: AccountDataRegistry,
    private readonly profile: ProfileRepository,
  ) {}

  onModuleInit(): void {
    this.registry.registerEraser({
      name: 'profile',
      rules: [
        { column: 'user_info.user_id', does: 'delete', why: 'personal', exportedAs: 'user_info' },
        {
          column: 'user_specialties.user_id',
          does: 'delete',
          why: 'personal',
          exportedAs: 'user_specialties',
        },
        {
          column: 'custom_workplaces.created_by_user_id',
          does: 'set null',
          why: 'shared reference data other people may have chosen; no longer linked to the person',
          exportedAs: 'custom_workplaces',
        },
      ],
      erase: (tx, userId) => this.profile.eraseAccount(tx, userId),
    });
    this.registry.registerExporter({
      name: 'profile',
      export: (userId) => this.profile.exportAccount(userId),
    });
  }
}
