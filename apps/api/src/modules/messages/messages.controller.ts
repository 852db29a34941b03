import { Controller, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { MAX_MESSAGE_FILES, MESSAGE_FILES_FIELD, messageEndpoints as ep } from '@legenett/contracts';
import { CurrentPrincipal, type Principal } from '../../common/auth';
import { Body, type BodyOf, Params, type ParamsOf, Query, type QueryOf, Route } from '../../common/http';
import { FileUpload } from '../../common/uploads/upload.interceptor';
import { RateLimit } from '../../common/rate-limit';
import { MESSAGES_LIMIT, MessagesService } from './messages.service';

type Id = ParamsOf<typeof ep.show>;
type MessageId = ParamsOf<typeof ep.edit>;
type UserId = ParamsOf<typeof ep.block>;

@ApiTags('Messages')
@Controller()
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  @Route(ep.inbox)
  inbox(@CurrentPrincipal() me: Principal, @Query() q: QueryOf<typeof ep.inbox>) {
    return this.messages.inbox(me, q);
  }

  @Route(ep.unread)
  unread(@CurrentPrincipal() me: Principal) {
    return this.messages.unread(me);
  }

  @Route(ep.start)
  @RateLimit(MESSAGES_LIMIT)
  start(@CurrentPrincipal() me: Principal, @Body() body: BodyOf<typeof ep.start>) {
    return this.messages.start(me, body);
  }

  @Route(ep.createGroup)
  @RateLimit(MESSAGES_LIMIT)
  createGroup(@CurrentPrincipal() me: Principal, @Body() body: BodyOf<typeof ep.createGroup>) {
    return this.messages.createGroup(me, body);
  }

  @Route(ep.show)
  show(@CurrentPrincipal() me: Principal, @Params() p: Id) {
    return this.messages.show(me, p.id);
  }

  @Route(ep.history)
  history(@CurrentPrincipal() me: Principal, @Params() p: Id, @Query() q: QueryOf<typeof ep.history>) {
    return this.messages.history(me, p.id, q);
  }

  @Route(ep.send)
  @RateLimit(MESSAGES_LIMIT)
  @UseInterceptors(FileUpload({ field: MESSAGE_FILES_FIELD, maxFiles: MAX_MESSAGE_FILES }))
  send(@CurrentPrincipal() me: Principal, @Params() p: Id, @Body() body: BodyOf<typeof ep.send>, @UploadedFiles() files: Express.Multer.File[] | undefined) {
    return this.messages.send(me, p.id, body, files ?? []);
  }

  @Route(ep.edit)
  edit(@CurrentPrincipal() me: Principal, @Params() p: MessageId, @Body() body: BodyOf<typeof ep.edit>) {
    return this.messages.edit(me, p.id, p.messageId, body.body);
  }

  @Route(ep.remove)
  remove(@CurrentPrincipal() me: Principal, @Params() p: MessageId) {
    return this.messages.remove(me, p.id, p.messageId);
  }

  @Route(ep.read)
  read(@CurrentPrincipal() me: Principal, @Params() p: Id, @Body() body: BodyOf<typeof ep.read>) {
    return this.messages.markRead(me, p.id, body.seq);
  }

  @Route(ep.decide)
  decide(@CurrentPrincipal() me: Principal, @Params() p: Id, @Body() body: BodyOf<typeof ep.decide>) {
    return this.messages.decide(me, p.id, body.decision);
  }

  @Route(ep.settings)
  settings(@CurrentPrincipal() me: Principal, @Params() p: Id, @Body() body: BodyOf<typeof ep.settings>) {
    return this.messages.setFlags(me, p.id, body);
  }

  @Route(ep.addParticipants)
  addParticipants(@CurrentPrincipal() me: Principal, @Params() p: Id, @Body() body: BodyOf<typeof ep.addParticipants>) {
    return this.messages.addParticipants(me, p.id, body.user_ids);
  }

  @Route(ep.removeParticipant)
  removeParticipant(@CurrentPrincipal() me: Principal, @Params() p: ParamsOf<typeof ep.removeParticipant>) {
    return this.messages.removeParticipant(me, p.id, p.userId);
  }

  @Route(ep.leave)
  leave(@CurrentPrincipal() me: Principal, @Params() p: Id) {
    return this.messages.leave(me, p.id);
  }

  @Route(ep.report)
  report(@CurrentPrincipal() me: Principal, @Params() p: Id, @Body() body: BodyOf<typeof ep.report>) {
    return this.messages.report(me, p.id, body.message_ids, body.reason);
  }

  @Route(ep.mySettings)
  mySettings(@CurrentPrincipal() me: Principal) {
    return this.messages.mySettings(me);
  }

  @Route(ep.updateSettings)
  updateSettings(@CurrentPrincipal() me: Principal, @Body() body: BodyOf<typeof ep.updateSettings>) {
    return this.messages.updateSettings(me, body.who_can_message);
  }

  @Route(ep.blocks)
  blocks(@CurrentPrincipal() me: Principal) {
    return this.messages.blocks(me);
  }

  @Route(ep.block)
  block(@CurrentPrincipal() me: Principal, @Params() p: UserId) {
    return this.messages.block(me, p.userId);
  }

  @Route(ep.unblock)
  unblock(@CurrentPrincipal() me: Principal, @Params() p: UserId) {
    return this.messages.unblock(me, p.userId);
  }

  @Route(ep.blockCompany)
  blockCompany(@CurrentPrincipal() me: Principal, @Params() p: ParamsOf<typeof ep.blockCompany>) {
    return this.messages.blockCompany(me, p.companyId);
  }

  @Route(ep.unblockCompany)
  unblockCompany(@CurrentPrincipal() me: Principal, @Params() p: ParamsOf<typeof ep.unblockCompany>) {
    return this.messages.unblockCompany(me, p.companyId);
  }

  @Route(ep.adminReports)
  adminReports(@Query() q: QueryOf<typeof ep.adminReports>) {
    return this.messages.reports(q);
  }

  @Route(ep.decideReport)
  decideReport(@CurrentPrincipal() me: Principal, @Params() p: ParamsOf<typeof ep.decideReport>, @Body() body: BodyOf<typeof ep.decideReport>) {
    return this.messages.decideReport(me, p.id, body.decision);
  }
}
