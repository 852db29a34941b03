import { Controller, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { MAX_MESSAGE_FILES, MESSAGE_FILES_FIELD, messageEndpoints as ep } from '@legenett/contracts';
import { CurrentPrincipal, type Principal } from '../../common/auth';
import { Body, type BodyOf, Params, type ParamsOf, Query, type QueryOf, Route } from '../../common/http';
import { FileUpload } from '../../common/uploads/upload.interceptor';
import { RateLimit } from '../../common/rate-limit';
import { ConversationsService } from './conversations.service';
import { MessageEdits } from './editing.service';
import { GroupsService } from './groups.service';
import { InboxService } from './inbox.service';
import { MESSAGES_LIMIT } from './messages.limits';
import { ModerationService } from './moderation.service';
import { ReadState } from './read-state.service';
import { RequestsService } from './requests.service';
import { MessageSending } from './sending.service';
import { SettingsAndBlocksService } from './settings-and-blocks.service';

type Id = ParamsOf<typeof ep.show>;
type MessageId = ParamsOf<typeof ep.edit>;
type UserId = ParamsOf<typeof ep.block>;

@ApiTags('Messages')
@Controller()
export class MessagesController {
  constructor(
    private readonly inboxes: InboxService,
    private readonly conversations: ConversationsService,
    private readonly groups: GroupsService,
    private readonly sending: MessageSending,
    private readonly edits: MessageEdits,
    private readonly reads: ReadState,
    private readonly requests: RequestsService,
    private readonly settingsAndBlocks: SettingsAndBlocksService,
    private readonly moderation: ModerationService,
  ) {}

  @Route(ep.inbox)
  inbox(@CurrentPrincipal() me: Principal, @Query() q: QueryOf<typeof ep.inbox>) {
    return this.inboxes.inbox(me, q);
  }

  @Route(ep.unread)
  unread(@CurrentPrincipal() me: Principal) {
    return this.reads.unread(me);
  }

  @Route(ep.start)
  @RateLimit(MESSAGES_LIMIT)
  start(@CurrentPrincipal() me: Principal, @Body() body: BodyOf<typeof ep.start>) {
    return this.conversations.start(me, body);
  }

  @Route(ep.createGroup)
  @RateLimit(MESSAGES_LIMIT)
  createGroup(@CurrentPrincipal() me: Principal, @Body() body: BodyOf<typeof ep.createGroup>) {
    return this.groups.create(me, body);
  }

  @Route(ep.show)
  show(@CurrentPrincipal() me: Principal, @Params() p: Id) {
    return this.inboxes.show(me, p.id);
  }

  @Route(ep.history)
  history(@CurrentPrincipal() me: Principal, @Params() p: Id, @Query() q: QueryOf<typeof ep.history>) {
    return this.inboxes.history(me, p.id, q);
  }

  @Route(ep.send)
  @RateLimit(MESSAGES_LIMIT)
  @UseInterceptors(FileUpload({ field: MESSAGE_FILES_FIELD, maxFiles: MAX_MESSAGE_FILES }))
  send(@CurrentPrincipal() me: Principal, @Params() p: Id, @Body() body: BodyOf<typeof ep.send>, @UploadedFiles() files: Express.Multer.File[] | undefined) {
    return this.sending.send(me, p.id, body, files ?? []);
  }

  @Route(ep.edit)
  edit(@CurrentPrincipal() me: Principal, @Params() p: MessageId, @Body() body: BodyOf<typeof ep.edit>) {
    return this.edits.edit(me, p.id, p.messageId, body.body);
  }

  @Route(ep.remove)
  remove(@CurrentPrincipal() me: Principal, @Params() p: MessageId) {
    return this.edits.remove(me, p.id, p.messageId);
  }

  @Route(ep.read)
  read(@CurrentPrincipal() me: Principal, @Params() p: Id, @Body() body: BodyOf<typeof ep.read>) {
    return this.reads.markRead(me, p.id, body.seq);
  }

  @Route(ep.decide)
  decide(@CurrentPrincipal() me: Principal, @Params() p: Id, @Body() body: BodyOf<typeof ep.decide>) {
    return this.requests.decide(me, p.id, body.decision);
  }

  @Route(ep.settings)
  settings(@CurrentPrincipal() me: Principal, @Params() p: Id, @Body() body: BodyOf<typeof ep.settings>) {
    return this.reads.setFlags(me, p.id, body);
  }

  @Route(ep.addParticipants)
  addParticipants(@CurrentPrincipal() me: Principal, @Params() p: Id, @Body() body: BodyOf<typeof ep.addParticipants>) {
    return this.groups.addParticipants(me, p.id, body.user_ids);
  }

  @Route(ep.removeParticipant)
  removeParticipant(@CurrentPrincipal() me: Principal, @Params() p: ParamsOf<typeof ep.removeParticipant>) {
    return this.groups.removeParticipant(me, p.id, p.userId);
  }

  @Route(ep.leave)
  leave(@CurrentPrincipal() me: Principal, @Params() p: Id) {
    return this.groups.leave(me, p.id);
  }

  @Route(ep.report)
  report(@CurrentPrincipal() me: Principal, @Params() p: Id, @Body() body: BodyOf<typeof ep.report>) {
    return this.moderation.report(me, p.id, body.message_ids, body.reason);
  }

  @Route(ep.mySettings)
  mySettings(@CurrentPrincipal() me: Principal) {
    return this.settingsAndBlocks.mySettings(me);
  }

  @Route(ep.updateSettings)
  updateSettings(@CurrentPrincipal() me: Principal, @Body() body: BodyOf<typeof ep.updateSettings>) {
    return this.settingsAndBlocks.updateSettings(me, body.who_can_message);
  }

  @Route(ep.blocks)
  blocks(@CurrentPrincipal() me: Principal) {
    return this.settingsAndBlocks.blocks(me);
  }

  @Route(ep.block)
  block(@CurrentPrincipal() me: Principal, @Params() p: UserId) {
    return this.settingsAndBlocks.block(me, p.userId);
  }

  @Route(ep.unblock)
  unblock(@CurrentPrincipal() me: Principal, @Params() p: UserId) {
    return this.settingsAndBlocks.unblock(me, p.userId);
  }

  @Route(ep.blockCompany)
  blockCompany(@CurrentPrincipal() me: Principal, @Params() p: ParamsOf<typeof ep.blockCompany>) {
    return this.settingsAndBlocks.blockCompany(me, p.companyId);
  }

  @Route(ep.unblockCompany)
  unblockCompany(@CurrentPrincipal() me: Principal, @Params() p: ParamsOf<typeof ep.unblockCompany>) {
    return this.settingsAndBlocks.unblockCompany(me, p.companyId);
  }

  @Route(ep.adminReports)
  adminReports(@Query() q: QueryOf<typeof ep.adminReports>) {
    return this.moderation.list(q);
  }

  @Route(ep.decideReport)
  decideReport(@CurrentPrincipal() me: Principal, @Params() p: ParamsOf<typeof ep.decideReport>, @Body() body: BodyOf<typeof ep.decideReport>) {
    return this.moderation.decide(me, p.id, body.decision);
  }
}
