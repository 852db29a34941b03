import { Module } from '@nestjs/common';
import { CompaniesModule } from '../companies';
import { CoursesModule } from '../courses';
import { JobsModule } from '../jobs';
import { NetworkModule } from '../network';
import { PetitionsModule } from '../petitions';
import { PostsModule } from '../posts';
import { SearchController } from './search.controller';
import { SearchService } from './search.service';

/** `GET /search`: the header's search over the areas' own lists and the posts' full text. */
@Module({
  imports: [NetworkModule, CompaniesModule, JobsModule, CoursesModule, PetitionsModule, PostsModule],
  controllers: [SearchController],
  providers: [SearchService],
})
export class SearchModule {}
