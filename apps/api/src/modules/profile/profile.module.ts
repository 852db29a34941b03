import { Module } from '@nestjs/common';
import { ProfessionalModule } from '../professional/professional.module';
import { ReferenceModule } from '../reference/reference.module';
import { UsersModule } from '../users';
import { ProfileAccountData } from './profile.account-data';
import { ProfileController } from './profile.controller';
import { ProfileRepository } from './profile.repository';
import { ProfileService } from './profile.service';

@Module({
  imports: [UsersModule, ProfessionalModule, ReferenceModule],
  controllers: [ProfileController],
  providers: [ProfileService, ProfileRepository, ProfileAccountData],
})
export class ProfileModule {}
