import { Module } from '@nestjs/common';
import { ReferenceModule } from '../reference';
import { JobsController } from './jobs.controller';
import { JobsRepository } from './jobs.repository';
import { JobsService } from './jobs.service';
import { JobsAccountData } from './jobs.account-data';

/** The jobs board (spec points 3 and 7). The background job queue is `QueueModule` (common/queue). */
@Module({
  imports: [ReferenceModule],
  controllers: [JobsController],
  exports: [JobsService],
  providers: [JobsService, JobsRepository, JobsAccountData],
})
export class JobsModule {}
