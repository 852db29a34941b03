import { Module } from '@nestjs/common';
import { ProfessionalModule } from '../professional';
import { ReferenceModule } from '../reference';
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
