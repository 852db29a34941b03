import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AccountDataRegistry } from '../../common/account-data';
import { NotificationPreferencesRepository } from './notification-preferences.repository';
import { NotificationsRepository } from './notifications.repository';
import { PushSubscriptionsRepository } from './push/push-subscriptions.repository';

/** Notifications: erasure rules and export source (docs/how-to/erase-and-export-user-data.md). */
@Injectable()
export class NotificationsAccountData implements OnModuleInit {
  constructor(
    private readonly registry: AccountDataRegistry,
    private readonly notifications: NotificationsRepository,
    private readonly preferences: NotificationPreferencesRepository,
    private readonly push: PushSubscriptionsRepository,
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
        {
          column: 'notification_groups.user_id',
          does: 'delete',
          why: 'the bell entries of the person',
          exportedAs: 'notification_groups',
        },
        {
          column: 'notification_groups.actor_user_id',
          does: 'set null',
          why: "other people's entries stay, without who acted last",
          exportedAs: null,
        },
      ],
      erase: (tx, userId) => this.notifications.eraseAccount(tx, userId),
    });
    this.registry.registerEraser({
      name: 'notification preferences',
      rules: [
        {
          column: 'notification_preferences.user_id',
          does: 'delete',
          why: "the person's own settings",
          exportedAs: 'notification_preferences',
        },
        {
          column: 'digest_runs.user_id',
          does: 'delete',
          why: 'which digests the person was sent',
          exportedAs: 'digest_runs',
        },
      ],
      erase: (tx, userId) => this.preferences.eraseAccount(tx, userId),
    });
    this.registry.registerEraser({
      name: 'push subscriptions',
      rules: [
        {
          column: 'push_subscriptions.user_id',
          does: 'delete',
          why: "the person's devices and their push keys",
          exportedAs: 'push_subscriptions',
        },
      ],
      erase: (tx, userId) => this.push.eraseAccount(tx, userId),
    });
    this.registry.registerExporter({
      name: 'push subscriptions',
      export: (userId) => this.push.exportAccount(userId),
    });
    this.registry.registerExporter({
      name: 'notifications',
      export: (userId) => this.notifications.exportAccount(userId),
    });
    this.registry.registerExporter({
      name: 'notification preferences',
      export: (userId) => this.preferences.exportAccount(userId),
    });
  }
}
