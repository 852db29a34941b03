import { Module } from '@nestjs/common';
import { QueueModule } from '../../common/queue';
import { MailModule } from '../../common/mail';
import { NotificationsModule } from '../notifications';
import { AccountDecisionNotifier } from './account-decision.notifier';
import { AdminController } from './admin.controller';
import { AdminRepository } from './admin.repository';
import { AdminService } from './admin.service';
import { AdminAccountData } from './admin.account-data';
import { MailPreviews } from './mail-previews';

/** The admin area: approval queue, account decisions, outbox, e-mail previews (administrators only). */
@Module({
  // Both are global; importing them here keeps this module whole wherever it is mounted.
  imports: [QueueModule, MailModule, NotificationsModule],
  controllers: [AdminController],
  providers: [AdminRepository, AdminAccountData, AdminService, AccountDecisionNotifier, MailPreviews],
})
export class AdminModule {}
