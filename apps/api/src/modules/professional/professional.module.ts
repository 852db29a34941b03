import { Module } from '@nestjs/common';
import { ReferenceModule } from '../reference/reference.module';
import { ProfessionalController } from './professional.controller';
import { ProfessionalRepository } from './professional.repository';
import { ProfessionalService } from './professional.service';

@Module({
  imports: [ReferenceModule],
  controllers: [ProfessionalController],
  providers: [ProfessionalService, ProfessionalRepository],
  exports: [ProfessionalRepository],
})
export class ProfessionalModule {}
