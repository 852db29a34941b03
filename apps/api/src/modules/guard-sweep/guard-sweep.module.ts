import { Module } from '@nestjs/common';
import { QueueModule } from '../../common/queue';
import { GuardSweepController } from './guard-sweep.controller';
import { GuardSweepRepository } from './guard-sweep.repository';
import { GuardSweepService } from './guard-sweep.service';

/** The patient-data guard's sweep of content written before, and its queue in the admin area (issue 38). */
@Module({
  imports: [QueueModule],
  controllers: [GuardSweepController],
  providers: [GuardSweepRepository, GuardSweepService],
})
export class GuardSweepModule {}
