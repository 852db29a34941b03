import { Module } from '@nestjs/common';
import { ProfessionalController } from './professional.controller';
import { ProfessionalRepository } from './professional.repository';
import { ProfessionalService } from './professional.service';

@Module({
  controllers: [ProfessionalController],
  providers: [ProfessionalService, ProfessionalRepository],
  exports: [ProfessionalRepository],
})
export class ProfessionalModule {}
