import { Injectable } from '@nestjs/common';
import { type Principal } from '../../common/auth';
import { NotificationsService } from '../notifications';
import { ConversationAccess } from './conversation-access';
import { ConversationsRepository } from './conversations.repository';
import { MessageEvents } from './message-events';
import { MessagesPresenter } from './messages.presenter';
import { columnsOf, partyKey, partyOf } from './parties';
import { ParticipantsRepository } from './participants.repository';

/** Read marks, the unread counts, and a participant's own flags (archived, muted). */
@Injectable()
export class ReadState {
  constructor(
    private readonly access: ConversationAccess,
    private readonly participants: ParticipantsRepository,
    private readonly conversations: ConversationsRepository,
    private readonly notifications: NotificationsService,
    private readonly events: MessageEvents,
    private readonly presenter: MessagesPresenter,
  ) {}

  async markRead(me: Principal, conversationId: number, seq: number) {
    const m = await this.access.readable(me, conversationId);
    const party = partyOf(me);
    const moved = await this.participants.markRead(conversationId, party, seq);
    if (moved !== null && moved >= m.last_seq && party.kind === 'user') await this.notifications.markEntityRead(party.id, 'conversation', conversationId);
    // A request's reader stays unseen: the sender learns nothing until it is accepted.
    if (moved !== null && m.state === 'active') {
      this.events.publish(await this.participants.readers(conversationId), { type: 'read', conversation_id: conversationId, party: partyKey(party), seq: moved });
    } else if (moved !== null) {
      this.events.publish([columnsOf(party)], {
        type: 'read',
        conversation_id: conversationId,
        party: partyKey(party),
        seq: moved,
      });
    }
    return { data: await this.conversations.unreadSummary(party) };
  }

  unread(me: Principal) {
    return this.conversations.unreadSummary(partyOf(me)).then((data) => ({ data }));
  }

  async setFlags(me: Principal, conversationId: number, flags: { archived?: boolean; muted?: boolean }) {
    await this.access.readable(me, conversationId);
    await this.participants.setFlags(conversationId, partyOf(me), flags);
    return { data: await this.presenter.conversation(me, conversationId) };
  }
}
