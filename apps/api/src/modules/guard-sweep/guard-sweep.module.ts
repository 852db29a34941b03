import { Module } from '@nestjs/common';
import { QueueModule } from '../../common/queue';
import { GuardSweepAccountData } from './guard-sweep.account-data';
import { GuardSweepController } from './guard-sweep.controller';
import { GuardSweepRepository } from './guard-sweep.repository';
import { GuardSweepService } from './guard-sweep.service';

/** The patient-data guard's sweep of content written before, and its queue in the admin area (issue 38). */
@Module({
  imports: [QueueModule],
  controllers: [GuardSweepController],
  providers: [GuardSweepRepository, GuardSweepService, GuardSweepAccountData],
})
export class GuardSweepModule {}
