import { Module } from '@nestjs/common';
import { PostsModule } from '../posts/posts.module';
import { ReferenceModule } from '../reference/reference.module';
import { CompaniesController } from './companies.controller';
import { CompaniesRepository } from './companies.repository';
import { CompaniesService } from './companies.service';

/** `/partner-companies`, `/partner-company/:slug/follow-invitation`, `/partner-company-posts/:slug`. */
@Module({
  imports: [PostsModule, ReferenceModule],
  controllers: [CompaniesController],
  providers: [CompaniesService, CompaniesRepository],
})
export class CompaniesModule {}
