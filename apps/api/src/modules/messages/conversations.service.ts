import { Injectable } from '@nestjs/common';
import { type Conversation, type Message, type StartConversationInput } from '@legenett/contracts';
import { isCaller } from '../../common/access';
import { type Principal } from '../../common/auth';
import { RateLimitService } from '../../common/rate-limit';
import { UnitOfWork } from '../../database/unit-of-work';
import { Addressees, type Topic } from './addressees';
import { ConversationAccess } from './conversation-access';
import { ConversationsRepository } from './conversations.repository';
import { NEW_CONVERSATIONS_LIMIT } from './messages.limits';
import { MessagesPresenter } from './messages.presenter';
import { cannotDeliver, columnsOf, directKey, fieldError, type ParticipantState, partyOf, type Party } from './parties';
import { ParticipantsRepository } from './participants.repository';
import { MessageSending } from './sending.service';

/** A new conversation as `open` writes it. */
export interface NewConversation {
  kind: 'direct' | 'group';
  title: string | null;
  direct_key: string | null;
  topic: Topic | null;
}

/** Starting a conversation: one-to-one (continued when it exists) or, through `open`, a group. */
@Injectable()
export class ConversationsService {
  constructor(
    private readonly access: ConversationAccess,
    private readonly addressees: Addressees,
    private readonly conversations: ConversationsRepository,
    private readonly participants: ParticipantsRepository,
    private readonly sending: MessageSending,
    private readonly presenter: MessagesPresenter,
    private readonly uow: UnitOfWork,
    private readonly limits: RateLimitService,
  ) {}

  async start(me: Principal, input: StartConversationInput) {
    const sender = partyOf(me);
    const { target, topic } = await this.addressees.of(me, input);
    if (isCaller(me, columnsOf(target))) throw fieldError('to_user_id', 'messages.errors.cannot_message_self');
    await this.access.requireNotSuspended(me);
    const key = directKey(sender, target);
    const existing = await this.conversations.findDirect(key);
    if (existing !== null) {
      const m = await this.conversations.membership(existing, sender);
      if (m) {
        // Writing from a request accepts it; writing after declining opens it again.
        if (m.state !== 'active') await this.participants.setState(undefined, existing, sender, 'active');
        if (topic) await this.conversations.setTopic(existing, topic);
        const message = await this.sending.send(me, existing, { body: input.body }, []);
        return { data: { conversation: await this.presenter.conversation(me, existing), message: message.data } };
      }
    }
    let state: ParticipantState = 'active';
    if (target.kind === 'user') {
      const admitted = await this.access.admission(me, target.id);
      if (admitted === null) throw cannotDeliver();
      state = admitted;
    }
    return this.open(me, { kind: 'direct', title: null, direct_key: key, topic }, [{ party: target, state }], input.body);
  }

  /**
   * A new conversation of the caller with `others` and its first message, in one transaction (a new
   * conversation counts against the caller's daily limit).
   */
  async open(me: Principal, c: NewConversation, others: { party: Party; state: ParticipantState }[], body: string): Promise<{ data: { conversation: Conversation; message: Message } }> {
    await this.limits.consumeForAccount(NEW_CONVERSATIONS_LIMIT, me.userId);
    const { id, sent } = await this.uow.run(async (tx) => {
      // A group is started by its creator as a person; a one-to-one conversation by the caller's party.
      const creator: Party = c.kind === 'group' ? { kind: 'user', id: me.userId } : partyOf(me);
      const conversationId = await this.conversations.createConversation(tx, { ...c, created_by_user_id: me.userId }, [{ party: creator, state: 'active' }, ...others]);
      const appended = await this.sending.append(tx, me, conversationId, { body, reply_to_id: null, attachments: [] });
      return { id: conversationId, sent: appended };
    });
    return { data: { conversation: await this.presenter.conversation(me, id), message: await this.presenter.message(me, id, sent.id) } };
  }
}
