import { Module } from '@nestjs/common';
import { CompaniesModule } from '../companies/companies.module';
import { CoursesModule } from '../courses/courses.module';
import { JobsModule } from '../jobs/jobs.module';
import { NetworkModule } from '../network/network.module';
import { PetitionsModule } from '../petitions/petitions.module';
import { PostsModule } from '../posts/posts.module';
import { SearchController } from './search.controller';
import { SearchService } from './search.service';

/** `GET /search`: the header's search over the areas' own lists and the posts' full text. */
@Module({
  imports: [NetworkModule, CompaniesModule, JobsModule, CoursesModule, PetitionsModule, PostsModule],
  controllers: [SearchController],
  providers: [SearchService],
})
export class SearchModule {}
