import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications';
import { PostsModule } from '../posts';
import { ReferenceModule } from '../reference';
import { CompaniesController } from './companies.controller';
import { CompaniesRepository } from './companies.repository';
import { CompaniesService } from './companies.service';
import { CompaniesAccountData } from './companies.account-data';

/** `/partner-companies`, `/partner-company/:slug/follow-invitation`, `/partner-company-posts/:slug`. */
@Module({
  imports: [PostsModule, NotificationsModule, ReferenceModule],
  controllers: [CompaniesController],
  exports: [CompaniesService],
  providers: [CompaniesService, CompaniesRepository, CompaniesAccountData],
})
export class CompaniesModule {}
