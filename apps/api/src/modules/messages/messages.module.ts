import { Module } from '@nestjs/common';
import { CoursesModule } from '../courses';
import { JobsModule } from '../jobs';
import { NotificationsModule } from '../notifications';
import { MessageEvents } from './message-events';
import { MessagesAccountData } from './messages.account-data';
import { MessagesController } from './messages.controller';
import { MessagesRepository } from './messages.repository';
import { MessagesService } from './messages.service';
import { MessagesStream } from './messages.stream';

/** Messages between colleagues: conversations, requests, blocks, reports (issue 26, docs/messages.md). */
@Module({
  imports: [NotificationsModule, JobsModule, CoursesModule],
  controllers: [MessagesController],
  providers: [MessagesService, MessagesRepository, MessageEvents, MessagesAccountData, MessagesStream],
  exports: [MessagesService, MessageEvents],
})
export class MessagesModule {}
