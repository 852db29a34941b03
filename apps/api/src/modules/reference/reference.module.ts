import { Module } from '@nestjs/common';
import { ReferenceChecks } from './reference-checks.service';
import { ReferenceController } from './reference.controller';
import { ReferenceRepository } from './reference.repository';
import { ReferenceService } from './reference.service';

/** Reference lists (public, localised) and the existence checks of every form that points at them. */
@Module({
  controllers: [ReferenceController],
  providers: [ReferenceRepository, ReferenceService, ReferenceChecks],
  exports: [ReferenceChecks],
})
export class ReferenceModule {}
