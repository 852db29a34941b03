import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications';
import { MentionsModule } from '../mentions';
import { PostsController } from './posts.controller';
import { PostsRepository } from './posts.repository';
import { PostsService } from './posts.service';
import { PostsAccountData } from './posts.account-data';
import { PostsDigestSection } from './posts-digest.section';

/** Posts, the feed, comments, likes and shares (issue 5). */
@Module({
  imports: [NotificationsModule, MentionsModule],
  controllers: [PostsController],
  providers: [PostsService, PostsRepository, PostsAccountData, PostsDigestSection],
  exports: [PostsService],
})
export class PostsModule {}
