import { Module } from '@nestjs/common';
import { AlertsModule } from '../alerts';
import { NotificationsModule } from '../notifications';
import { ReferenceModule } from '../reference';
import { JobsController } from './jobs.controller';
import { JobsRepository } from './jobs.repository';
import { JobsService } from './jobs.service';
import { JobsAccountData } from './jobs.account-data';
import { JobsDigestSection } from './jobs-digest.section';

/** The jobs board (spec points 3 and 7). The background job queue is `QueueModule` (common/queue). */
@Module({
  imports: [ReferenceModule, AlertsModule, NotificationsModule],
  controllers: [JobsController],
  exports: [JobsService],
  providers: [JobsService, JobsRepository, JobsAccountData, JobsDigestSection],
})
export class JobsModule {}
