import { Module } from '@nestjs/common';
import { ProfessionalController } from './professional.controller';
import { ProfessionalRepository } from './professional.repository';
import { ProfessionalService } from './professional.service';
import { ProfessionalAccountData } from './professional.account-data';

@Module({
  controllers: [ProfessionalController],
  providers: [ProfessionalService, ProfessionalRepository, ProfessionalAccountData],
  exports: [ProfessionalRepository],
})
export class ProfessionalModule {}
