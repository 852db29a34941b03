import { Module } from '@nestjs/common';
import { HousekeepingRepository } from './housekeeping.repository';
import { HousekeepingService } from './housekeeping.service';

/** Periodic purge of expired tokens, sessions and delivered mail (docs/decisions/0005-housekeeping.md). */
@Module({
  providers: [HousekeepingRepository, HousekeepingService],
})
export class HousekeepingModule {}
