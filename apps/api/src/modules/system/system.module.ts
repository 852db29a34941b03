import { Module } from '@nestjs/common';
import { HealthRepository } from './health.repository';
import { HealthService } from './health.service';
import { SystemController } from './system.controller';

@Module({
  controllers: [SystemController],
  providers: [HealthRepository, HealthService],
})
export class SystemModule {}
