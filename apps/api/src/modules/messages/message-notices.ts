import { Injectable } from '@nestjs/common';
import { type Principal } from '../../common/auth';
import { JobOutbox } from '../../common/outbox';
import { type Transaction, UnitOfWork } from '../../database/unit-of-work';
import { NotificationPublisher } from '../notifications';
import { AddresseesRepository } from './addressees.repository';
import { MessageEvents } from './message-events';
import { excerpt, partyOf } from './parties';
import { ParticipantsRepository, type ReaderRow } from './participants.repository';
import { unreadMailJobs } from './unread-mail.job';

/**
 * Who hears of a new message, in the transaction that stores it: the live event to every reader's
 * tabs (after the commit), the bell of every member but the sender, and the e-mail when it is still
 * unread after 15 minutes. The participants are read once for all three.
 */
@Injectable()
export class MessageNotices {
  constructor(
    private readonly participants: ParticipantsRepository,
    private readonly addressees: AddresseesRepository,
    private readonly events: MessageEvents,
    private readonly publisher: NotificationPublisher,
    private readonly outbox: JobOutbox,
    private readonly uow: UnitOfWork,
  ) {}

  async newMessage(tx: Transaction, me: Principal, conversationId: number, sent: { id: number; seq: number; body: string }): Promise<void> {
    const sender = partyOf(me);
    const readers = await this.participants.readers(conversationId, tx);
    this.uow.afterCommit(tx, () => this.events.publish(readers, { type: 'message', conversation_id: conversationId, seq: sent.seq, message_id: sent.id }));
    // Those to tell: active participants other than the sender, and requests.
    const recipients = readers.filter((r) => (sender.kind === 'user' ? r.user_id !== sender.id : r.company_id !== sender.id));
    await this.bell(tx, me, conversationId, sent, recipients);
    // E-mail when still unread after 15 minutes: one job per unread stretch (the dedupe key holds the
    // reader's mark at the time), so a busy conversation sends one mail, not one per message.
    await this.outbox.add(tx, unreadMailJobs(recipients, { conversation_id: conversationId, seq: sent.seq, sender: me.userId }));
  }

  /**
   * The bell: one `chat_message` entry per conversation (grouped by the notifications module), for
   * members who have not muted it; a company's conversations show in its inbox only. One job for
   * all of them (`publishToMany`), or two when some hold the conversation as a request.
   */
  private async bell(tx: Transaction, me: Principal, conversationId: number, sent: { seq: number; body: string }, recipients: ReaderRow[]): Promise<void> {
    const told = recipients.filter((r): r is ReaderRow & { user_id: number } => r.user_id !== null && !r.muted);
    if (told.length === 0) return;
    const body = sent.body !== '' ? excerpt(sent.body, 140) : '';
    // A company writes as itself: the bell names the company (`company_name`), never the manager.
    const companyName = me.activeCompanyId !== null ? await this.addressees.companyName(me.activeCompanyId) : null;
    for (const request of [0, 1] as const) {
      const userIds = told.filter((r) => (r.state === 'request' ? 1 : 0) === request).map((r) => r.user_id);
      await this.publisher.publishToMany(
        tx,
        {
          kind: 'chat_message',
          actor_user_id: me.activeCompanyId !== null ? null : me.userId,
          partner_company_id: me.activeCompanyId,
          entity_type: 'conversation',
          entity_id: conversationId,
          data: { excerpt: body, seq: sent.seq, request, ...(companyName !== null ? { company_name: companyName } : {}) },
        },
        userIds,
      );
    }
  }

  /** An edit or a deletion, to every reader's tabs. */
  async changed(conversationId: number, seq: number): Promise<void> {
    this.events.publish(await this.participants.readers(conversationId), { type: 'changed', conversation_id: conversationId, seq });
  }
}
