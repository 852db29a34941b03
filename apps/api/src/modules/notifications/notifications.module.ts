import { Module } from '@nestjs/common';
import { NotificationPublisher } from './notification.publisher';
import { NotificationStreamService } from './notification-stream.service';
import { NotificationsController } from './notifications.controller';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';
import { UnreadBus } from './unread-bus';
import { StreamSources } from './stream-sources';
import { NotificationsAccountData } from './notifications.account-data';

/**
 * `/user-notifications`: the list, mark read, the live unread count, and the `notifications.create`
 * job; `NotificationPublisher` for every module that notifies.
 */
@Module({
  controllers: [NotificationsController],
  providers: [NotificationPublisher, NotificationsService, NotificationsRepository, NotificationStreamService, UnreadBus, NotificationsAccountData, StreamSources],
  exports: [NotificationsService, NotificationPublisher, StreamSources],
})
export class NotificationsModule {}
