import { AlertsModule } from '../alerts';
import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications';
import { ReferenceModule } from '../reference';
import { PetitionExportService } from './petition-export.service';
import { PetitionLogController } from './petition-log.controller';
import { PetitionLogRepository } from './petition-log.repository';
import { PetitionLogService } from './petition-log.service';
import { PetitionSignaturesRepository } from './petition-signatures.repository';
import { PetitionSignaturesService } from './petition-signatures.service';
import { PetitionPressService } from './petition-press.service';
import { PetitionRemindersService } from './petition-reminders.service';
import { PetitionsAccountData } from './petitions.account-data';
import { PetitionsController } from './petitions.controller';
import { PetitionsRepository } from './petitions.repository';
import { PetitionsService } from './petitions.service';
import { PetitionsDigestSection } from './petitions-digest.section';

/** Petitions (issue 11, docs/petitions.md): spec points 2 to 5 and 7; the signature log (issue 28). */
@Module({
  imports: [ReferenceModule, NotificationsModule, AlertsModule],
  controllers: [PetitionsController, PetitionLogController],
  exports: [PetitionsService],
  providers: [
    PetitionsService,
    PetitionExportService,
    PetitionPressService,
    PetitionRemindersService,
    PetitionsRepository,
    PetitionsAccountData,
    PetitionLogRepository,
    PetitionLogService,
    PetitionSignaturesRepository,
    PetitionSignaturesService,
    PetitionsDigestSection,
  ],
})
export class PetitionsModule {}
