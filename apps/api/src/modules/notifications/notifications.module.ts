import { Module } from '@nestjs/common';
import { FilesModule } from '../../common/files/files.module';
import { DigestSections } from './digest/digest-sections';
import { DigestRepository } from './digest/digest.repository';
import { DigestService } from './digest/digest.service';
import { NotificationPreferencesController } from './notification-preferences.controller';
import { NotificationPreferencesRepository } from './notification-preferences.repository';
import { NotificationPreferencesService } from './notification-preferences.service';
import { NotificationPublisher } from './notification.publisher';
import { NotificationStreamService } from './notification-stream.service';
import { NotificationsController } from './notifications.controller';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';
import { UnreadBus } from './unread-bus';
import { PushController } from './push/push.controller';
import { PushService } from './push/push.service';
import { PushSubscriptionsRepository } from './push/push-subscriptions.repository';
import { StreamSources } from './stream-sources';
import { NotificationsAccountData } from './notifications.account-data';

/**
 * `/user/push-subscriptions` and `notifications.push`: push notifications per device (docs/push-and-pwa.md).
 * `/user-notifications`: the grouped list, who is in an entry, mark read, the live unread count,
 * and the `notifications.create` / `notifications.email` jobs; `/user/notification-preferences`
 * the one-click unsubscribe, and the e-mail digest. Exports `NotificationPublisher` for every module that notifies and
 * `NotificationPreferencesService` for every module that asks what a user wants, and `DigestSections`
 * for every module that adds to the digest (docs/notifications.md).
 */
@Module({
  imports: [FilesModule],
  controllers: [NotificationsController, NotificationPreferencesController, PushController],
  providers: [
    NotificationPublisher,
    NotificationsService,
    NotificationsRepository,
    NotificationStreamService,
    UnreadBus,
    NotificationsAccountData,
    NotificationPreferencesRepository,
    NotificationPreferencesService,
    DigestSections,
    DigestRepository,
    DigestService,
    StreamSources,
    PushService,
    PushSubscriptionsRepository,
  ],
  exports: [NotificationsService, NotificationPublisher, NotificationPreferencesService, DigestSections, StreamSources],
})
export class NotificationsModule {}
