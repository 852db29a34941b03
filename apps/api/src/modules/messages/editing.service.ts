import { Injectable } from '@nestjs/common';
import { MESSAGE_EDIT_WINDOW_MS } from '@legenett/contracts';
import { isCaller } from '../../common/access';
import { type Principal } from '../../common/auth';
import { AppError } from '../../common/errors/app-error';
import { FilesService } from '../../common/files/files.service';
import { UnitOfWork } from '../../database/unit-of-work';
import { ConversationAccess } from './conversation-access';
import { MessageNotices } from './message-notices';
import { MessagesPresenter } from './messages.presenter';
import { type MessageRow, MessagesRepository } from './messages.repository';
import { excerpt, senderOf } from './parties';
import { DELETED_SNAPSHOT, SnapshotRewrites } from './snapshot-rewrites';

/** Editing a message (within 15 minutes) and deleting it for everyone; every copy of its text follows. */
@Injectable()
export class MessageEdits {
  constructor(
    private readonly access: ConversationAccess,
    private readonly presenter: MessagesPresenter,
    private readonly messages: MessagesRepository,
    private readonly files: FilesService,
    private readonly uow: UnitOfWork,
    private readonly rewrites: SnapshotRewrites,
    private readonly notices: MessageNotices,
  ) {}

  async edit(me: Principal, conversationId: number, messageId: number, body: string) {
    await this.access.writable(me, conversationId);
    const message = await this.ownMessage(me, conversationId, messageId);
    if (message.deleted_at) throw new AppError('CONFLICT', { message: 'messages.errors.message_deleted' });
    if (Date.now() - message.created_at.getTime() > MESSAGE_EDIT_WINDOW_MS) throw new AppError('CONFLICT', { message: 'messages.errors.edit_window' });
    await this.uow.run(async (tx) => {
      await this.messages.editBody(messageId, body, tx);
      await this.rewrites.rewrite(tx, conversationId, messageId, message.seq, { excerpt: excerpt(body, 140) });
    });
    await this.notices.changed(conversationId, message.seq);
    return { data: await this.presenter.message(me, conversationId, messageId) };
  }

  async remove(me: Principal, conversationId: number, messageId: number) {
    await this.access.readable(me, conversationId);
    const message = await this.ownMessage(me, conversationId, messageId);
    if (!message.deleted_at) {
      const files = await this.uow.run(async (tx) => {
        const removed = await this.messages.deleteForEveryone(messageId, tx);
        await this.rewrites.rewrite(tx, conversationId, messageId, message.seq, DELETED_SNAPSHOT);
        return removed;
      });
      await this.files.remove(files);
      await this.notices.changed(conversationId, message.seq);
    }
    return { data: await this.presenter.message(me, conversationId, messageId) };
  }

  /** A message of the conversation written by the caller's party: 404 when not there, 403 when someone else's. */
  private async ownMessage(me: Principal, conversationId: number, messageId: number): Promise<MessageRow> {
    const message = await this.messages.message(conversationId, messageId);
    if (!message) throw AppError.notFound();
    if (!isCaller(me, senderOf(message))) throw AppError.forbidden('not_owner');
    return message;
  }
}
