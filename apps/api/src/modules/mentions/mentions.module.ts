import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications';
import { MentionsAccountData } from './mentions.account-data';
import { MentionsController } from './mentions.controller';
import { MentionsRepository } from './mentions.repository';
import { MentionsService } from './mentions.service';

/** `@` mentions in posts and comments, and their people picker (issue 27). PostsModule records and renders them. */
@Module({
  imports: [NotificationsModule],
  controllers: [MentionsController],
  providers: [MentionsService, MentionsRepository, MentionsAccountData],
  exports: [MentionsService],
})
export class MentionsModule {}
