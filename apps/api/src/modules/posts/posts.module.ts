import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications';
import { PostsController } from './posts.controller';
import { PostsRepository } from './posts.repository';
import { PostsService } from './posts.service';
import { PostsAccountData } from './posts.account-data';

/** Posts, the feed, comments, likes and shares (issue 5). */
@Module({
  imports: [NotificationsModule],
  controllers: [PostsController],
  providers: [PostsService, PostsRepository, PostsAccountData],
  exports: [PostsService],
})
export class PostsModule {}
