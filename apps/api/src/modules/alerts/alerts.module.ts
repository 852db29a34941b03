import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications';
import { ReferenceModule } from '../reference';
import { AlertMatcher, AlertsDigestReader, AlertTrigger } from './alert-matcher.service';
import { AlertsAccountData } from './alerts.account-data';
import { AlertsController } from './alerts.controller';
import { AlertsDigestSection } from './alerts-digest.section';
import { AlertsRepository } from './alerts.repository';
import { AlertsService } from './alerts.service';

/**
 * Alerts (saved searches, issue 27): `/alerts`, the matching of new items (`AlertTrigger` for the
 * modules whose items appear), `AlertsDigestReader` and the digest's alerts section (`AlertsDigestSection`). docs/decisions/0014-alerts.md.
 */
@Module({
  imports: [NotificationsModule, ReferenceModule],
  controllers: [AlertsController],
  providers: [AlertsService, AlertsRepository, AlertMatcher, AlertTrigger, AlertsDigestReader, AlertsAccountData, AlertsDigestSection],
  exports: [AlertTrigger, AlertsDigestReader, AlertMatcher],
})
export class AlertsModule {}
