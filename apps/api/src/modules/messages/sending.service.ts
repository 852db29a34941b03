import { Injectable } from '@nestjs/common';
import { MAX_MESSAGE_FILES, type Message, MESSAGE_FILES_FIELD, type SendMessageInput } from '@legenett/contracts';
import { type Principal } from '../../common/auth';
import { FilesService, type StoreOptions } from '../../common/files/files.service';
import { sniffFileType } from '../../common/uploads/file-sniffer';
import { isUniqueViolation } from '../../database/database-errors';
import { type Transaction, UnitOfWork } from '../../database/unit-of-work';
import { ConversationAccess } from './conversation-access';
import { ConversationLock } from './conversation-lock';
import { MessageNotices } from './message-notices';
import { MessagesPresenter } from './messages.presenter';
import { MessagesRepository, type NewMessage } from './messages.repository';
import { fieldError, partyOf } from './parties';
import { ParticipantsRepository } from './participants.repository';

/** A message as the sender gives it: the text, the message it answers, the files stored for it. */
export type Outgoing = Pick<NewMessage, 'body' | 'reply_to_id' | 'attachments' | 'client_key'>;

/** Sending a message: idempotent by the client's key, in turn per conversation, told to the others in its transaction. */
@Injectable()
export class MessageSending {
  /** Sends into one conversation take their transaction one at a time in this process. */
  private readonly lock = new ConversationLock();

  constructor(
    private readonly access: ConversationAccess,
    private readonly presenter: MessagesPresenter,
    private readonly messages: MessagesRepository,
    private readonly participants: ParticipantsRepository,
    private readonly files: FilesService,
    private readonly uow: UnitOfWork,
    private readonly notices: MessageNotices,
  ) {}

  async send(me: Principal, conversationId: number, input: SendMessageInput, uploads: Express.Multer.File[]): Promise<{ data: Message }> {
    if (uploads.length > MAX_MESSAGE_FILES) throw fieldError(MESSAGE_FILES_FIELD, 'messages.errors.too_many_files', { maximum: MAX_MESSAGE_FILES });
    if (input.body === '' && uploads.length === 0) throw fieldError('body', 'messages.errors.empty_message');
    const m = await this.access.writable(me, conversationId);
    // Sent before under this key (a retry from the offline queue): that message, not a second one.
    const key = input.client_key;
    if (key !== undefined) {
      const earlier = await this.messages.byClientKey(conversationId, me.userId, key);
      if (earlier !== null) return { data: await this.presenter.message(me, conversationId, earlier) };
    }
    if (input.reply_to_id !== undefined) {
      const original = await this.messages.message(conversationId, input.reply_to_id);
      if (!original) throw fieldError('reply_to_id', 'messages.errors.reply_not_found');
    }
    if (m.state === 'request') await this.participants.setState(undefined, conversationId, partyOf(me), 'active');
    const as = (file: Express.Multer.File): StoreOptions => ({
      kind: sniffFileType(file.buffer) === 'pdf' ? 'message_document' : 'message_image',
      owner: me.userId,
      field: MESSAGE_FILES_FIELD,
    });
    // Under the conversation's lock (conversation-lock.ts): a burst waits in memory, not on the
    // conversation's row lock with a pooled connection each.
    let sent: { id: number };
    try {
      sent = await this.files.storeFor(uploads, as, (stored) =>
        this.lock.run(conversationId, () =>
          this.uow.run((tx) =>
            this.append(tx, me, conversationId, {
              body: input.body,
              reply_to_id: input.reply_to_id ?? null,
              attachments: stored.map((f) => ({ kind: f.kind === 'message_document' ? 'document' : 'image', file_id: f.id })),
              client_key: key ?? null,
            }),
          ),
        ),
      );
    } catch (err) {
      // The same key twice at once (two tabs, a retry racing the first send): the second insert waits
      // for the first commit and hits the unique index; its files are removed again by storeFor.
      const earlier = key !== undefined && isUniqueViolation(err, 'messages_client_key_idx') ? await this.messages.byClientKey(conversationId, me.userId, key) : null;
      if (earlier === null) throw err;
      sent = { id: earlier };
    }
    return { data: await this.presenter.message(me, conversationId, sent.id) };
  }

  /**
   * Stores the message (next sequence number under the conversation's lock) and, in the same
   * transaction, the outbox jobs that tell the others; the live event goes out after the commit.
   */
  async append(tx: Transaction, me: Principal, conversationId: number, m: Outgoing): Promise<{ id: number; seq: number }> {
    const appended = await this.messages.append(tx, conversationId, { sender: partyOf(me), sender_user_id: me.userId, ...m });
    await this.notices.newMessage(tx, me, conversationId, { id: appended.id, seq: appended.seq, body: m.body });
    return appended;
  }
}
