import { Module } from '@nestjs/common';
import { NotificationStreamService } from './notification-stream.service';
import { NotificationsController } from './notifications.controller';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';
import { UnreadBus } from './unread-bus';
import { NotificationsAccountData } from './notifications.account-data';

/** `/user-notifications`: the list, mark read, the live unread count, and the `notifications.create` job. */
@Module({
  controllers: [NotificationsController],
  providers: [NotificationsService, NotificationsRepository, NotificationStreamService, UnreadBus, NotificationsAccountData],
  exports: [NotificationsService],
})
export class NotificationsModule {}
