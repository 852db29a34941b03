import { Injectable, type OnModuleInit } from '@nestjs/common';
import { JobOutbox, type OutboxJobContext } from '../../common/outbox';
import { type Transaction } from '../../database/unit-of-work';
import { NotificationsService } from '../notifications';
import { MessagesRepository } from './messages.repository';
import { excerpt } from './parties';
import { ParticipantsRepository } from './participants.repository';

/** An edited or deleted message's bell entries, rewritten once more after the outbox lease (a job then running had the old text). */
export const REWRITE_JOB = 'messages.rewrite-notifications';
export const REWRITE_AGAIN_AFTER_MS = 10 * 60 * 1000;
interface RewriteJob {
  conversation_id: number;
  message_id: number;
}
/** What a bell entry about a message holds of its text: the excerpt, and whether it was deleted. */
export type ChatSnapshot = { excerpt: string; deleted?: 1 };
export const DELETED_SNAPSHOT: ChatSnapshot = { excerpt: '', deleted: 1 };

/**
 * An edit or a deletion reaches every copy of the text (docs/messages.md, "Edits and deletions"):
 * in the same transaction, the bell's members and entries quoting this message and the
 * notification jobs not yet run; and a job after the outbox lease does it again from the message
 * as it is then, for a notification job that was already running with the old copy.
 */
@Injectable()
export class SnapshotRewrites implements OnModuleInit {
  constructor(
    private readonly participants: ParticipantsRepository,
    private readonly messages: MessagesRepository,
    private readonly notifications: NotificationsService,
    private readonly outbox: JobOutbox,
  ) {}

  onModuleInit(): void {
    this.outbox.handle<RewriteJob>(REWRITE_JOB, (job) => this.again(job));
  }

  async rewrite(tx: Transaction, conversationId: number, messageId: number, seq: number, patch: ChatSnapshot): Promise<void> {
    const userIds = await this.participants.everyUser(conversationId, tx);
    await this.notifications.rewriteSnapshot(tx, { userIds, kind: 'chat_message', entityType: 'conversation', entityId: conversationId, match: { seq } }, { ...patch });
    await this.outbox.add(tx, {
      name: REWRITE_JOB,
      payload: { conversation_id: conversationId, message_id: messageId },
      delayMs: REWRITE_AGAIN_AFTER_MS,
    });
  }

  /** The rewrite again, later: from the message as it is when the job runs. */
  private async again({ payload, once }: OutboxJobContext<RewriteJob>): Promise<void> {
    const message = await this.messages.message(payload.conversation_id, payload.message_id);
    if (!message) return;
    const patch: ChatSnapshot = message.deleted_at ? DELETED_SNAPSHOT : { excerpt: excerpt(message.body, 140) };
    const userIds = await this.participants.everyUser(payload.conversation_id);
    await once((tx) =>
      this.notifications.rewriteSnapshot(tx, { userIds, kind: 'chat_message', entityType: 'conversation', entityId: payload.conversation_id, match: { seq: message.seq } }, { ...patch }),
    );
  }
}
