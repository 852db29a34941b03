import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AccountDataRegistry } from '../../common/account-data';
import { NotificationsRepository } from './notifications.repository';

/** Notifications: erasure rules and export source (docs/how-to/erase-and-export-user-data.md). */
@Injectable()
export class NotificationsAccountData implements OnModuleInit {
  constructor(
    private readonly registry: AccountDataRegistry,
    private readonly notifications: NotificationsRepository,
  ) {}

  onModuleInit(): void {
    this.registry.registerEraser({
      name: 'notifications',
      rules: [
        {
          column: 'notifications.user_id',
          does: 'delete',
          why: 'addressed to the person',
          exportedAs: 'notifications',
        },
        {
          column: 'notifications.actor_user_id',
          does: 'set null',
          why: "other people's notifications stay, without who acted",
          exportedAs: null,
        },
      ],
      erase: (tx, userId) => this.notifications.eraseAccount(tx, userId),
    });
    this.registry.registerExporter({
      name: 'notifications',
      export: (userId) => this.notifications.exportAccount(userId),
    });
  }
}
