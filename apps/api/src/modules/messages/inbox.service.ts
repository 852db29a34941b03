import { Injectable } from '@nestjs/common';
import { encodeInboxCursor, type HistoryQuery, type InboxQuery } from '@legenett/contracts';
import { type Principal } from '../../common/auth';
import { readKeyset } from '../../common/lists';
import { ConversationAccess } from './conversation-access';
import { ConversationsRepository } from './conversations.repository';
import { MessagesPresenter } from './messages.presenter';
import { MessagesRepository } from './messages.repository';
import { partyOf } from './parties';

/** Reading: the inbox (keyset), one conversation, and its history by sequence. */
@Injectable()
export class InboxService {
  constructor(
    private readonly access: ConversationAccess,
    private readonly conversations: ConversationsRepository,
    private readonly messages: MessagesRepository,
    private readonly presenter: MessagesPresenter,
  ) {}

  async inbox(me: Principal, q: InboxQuery) {
    const page = await readKeyset(
      q.limit,
      (take) => this.conversations.inbox(partyOf(me), q.filter, q.cursor, take),
      (last) => encodeInboxCursor({ at: last.last_activity_at.toISOString(), id: last.conversation_id }),
    );
    return { data: await this.presenter.conversations(me, page.rows), meta: { next_cursor: page.next_cursor } };
  }

  async show(me: Principal, conversationId: number) {
    return { data: await this.presenter.conversation(me, conversationId) };
  }

  async history(me: Principal, conversationId: number, q: HistoryQuery) {
    const m = await this.access.readable(me, conversationId);
    const rows = await this.messages.history(conversationId, q);
    const hasMore = rows.length > q.limit;
    const page = rows.slice(0, q.limit);
    // Oldest first on the wire, whichever end the page was read from.
    if (q.after === undefined) page.reverse();
    return { data: await this.presenter.messages(me, page), meta: { has_more: hasMore, last_seq: m.last_seq } };
  }
}
