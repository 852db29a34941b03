import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AccountDataRegistry } from '../../common/account-data';
import { NetworkRepository } from './network.repository';

/** Follows between people: erasure rules and export source (docs/how-to/erase-and-export-user-data.md). */
@Injectable()
export class NetworkAccountData implements OnModuleInit {
  constructor(
    private readonly registry: AccountDataRegistry,
    private readonly network: NetworkRepository,
  ) {}

  onModuleInit(): void {
    this.registry.registerEraser({
      name: 'network',
      rules: [
        {
          column: 'user_follows.follower_id',
          does: 'delete',
          why: 'relations of a person',
          exportedAs: 'following',
        },
        {
          column: 'user_follows.followed_user_id',
          does: 'delete',
          why: 'relations of a person',
          exportedAs: 'followers',
        },
      ],
      erase: (tx, userId) => this.network.eraseAccount(tx, userId),
    });
    this.registry.registerExporter({
      name: 'network',
      export: (userId) => this.network.exportAccount(userId),
    });
  }
}
