import { AlertsModule } from '../alerts/alerts.module';
import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { ReferenceModule } from '../reference/reference.module';
import { PetitionExportService } from './petition-export.service';
import { PetitionPressService } from './petition-press.service';
import { PetitionRemindersService } from './petition-reminders.service';
import { PetitionsAccountData } from './petitions.account-data';
import { PetitionsController } from './petitions.controller';
import { PetitionsRepository } from './petitions.repository';
import { PetitionsService } from './petitions.service';

/** Petitions (issue 11, docs/petitions.md): spec points 2 to 5 and 7. */
@Module({
  imports: [ReferenceModule, NotificationsModule, AlertsModule],
  controllers: [PetitionsController],
  exports: [PetitionsService],
  providers: [PetitionsService, PetitionExportService, PetitionPressService, PetitionRemindersService, PetitionsRepository, PetitionsAccountData],
})
export class PetitionsModule {}
