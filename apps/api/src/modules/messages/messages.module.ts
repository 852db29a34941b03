import { Module } from '@nestjs/common';
import { CoursesModule } from '../courses';
import { JobsModule } from '../jobs';
import { NotificationsModule } from '../notifications';
import { Addressees } from './addressees';
import { AddresseesRepository } from './addressees.repository';
import { ConversationAccess } from './conversation-access';
import { ConversationsRepository } from './conversations.repository';
import { ConversationsService } from './conversations.service';
import { MessageEdits } from './editing.service';
import { GroupsService } from './groups.service';
import { InboxService } from './inbox.service';
import { MessageEvents } from './message-events';
import { MessageNotices } from './message-notices';
import { MessagesAccountRepository } from './messages-account.repository';
import { MessagesAccountData } from './messages.account-data';
import { MessagesController } from './messages.controller';
import { MessagesPresenter } from './messages.presenter';
import { MessagesRepository } from './messages.repository';
import { MessagesStream } from './messages.stream';
import { ModerationService } from './moderation.service';
import { ParticipantsRepository } from './participants.repository';
import { ReadState } from './read-state.service';
import { ReportsRepository } from './reports.repository';
import { RequestsService } from './requests.service';
import { MessageSending } from './sending.service';
import { SettingsAndBlocksRepository } from './settings-and-blocks.repository';
import { SettingsAndBlocksService } from './settings-and-blocks.service';
import { SnapshotRewrites } from './snapshot-rewrites';
import { UnreadMail } from './unread-mail.job';

/**
 * Messages between colleagues: conversations, requests, groups, blocks, reports (issue 26,
 * docs/messages.md, "Where things are"). One service per concern, each asking `ConversationAccess`
 * who may read and write; one repository per table group.
 */
@Module({
  imports: [NotificationsModule, JobsModule, CoursesModule],
  controllers: [MessagesController],
  providers: [
    // access, and who a first message goes to
    ConversationAccess,
    Addressees,
    // the concerns the controller calls
    InboxService,
    ConversationsService,
    GroupsService,
    MessageSending,
    MessageEdits,
    ReadState,
    RequestsService,
    SettingsAndBlocksService,
    ModerationService,
    // telling others: live events, the bell, e-mail, rewrites of quoted text
    MessageEvents,
    MessageNotices,
    SnapshotRewrites,
    UnreadMail,
    MessagesStream,
    MessagesPresenter,
    MessagesAccountData,
    // SQL
    ConversationsRepository,
    ParticipantsRepository,
    MessagesRepository,
    AddresseesRepository,
    SettingsAndBlocksRepository,
    ReportsRepository,
    MessagesAccountRepository,
  ],
  exports: [MessageEvents],
})
export class MessagesModule {}
