import { Module } from '@nestjs/common';
import { ReferenceModule } from '../reference';
import { ProfessionalController } from './professional.controller';
import { ProfessionalRepository } from './professional.repository';
import { ProfessionalService } from './professional.service';
import { ProfessionalAccountData } from './professional.account-data';

@Module({
  imports: [ReferenceModule],
  controllers: [ProfessionalController],
  providers: [ProfessionalService, ProfessionalRepository, ProfessionalAccountData],
  exports: [ProfessionalRepository],
})
export class ProfessionalModule {}
