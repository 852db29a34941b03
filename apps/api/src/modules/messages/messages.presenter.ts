import { Injectable } from '@nestjs/common';
import { type Conversation, type Message, MESSAGE_EDIT_WINDOW_MS, type MessageReport, type Party as WireParty } from '@legenett/contracts';
import { isCaller } from '../../common/access';
import { type Principal } from '../../common/auth';
import { AppError } from '../../common/errors/app-error';
import { FilesService } from '../../common/files/files.service';
import { Storage } from '../../common/storage/storage';
import { ConversationAccess } from './conversation-access';
import { ConversationsRepository, type Membership, type PartyRow } from './conversations.repository';
import { type AttachmentRow, type MessageRow, MessagesRepository } from './messages.repository';
import { excerpt, participantOf, READABLE, senderOf } from './parties';
import { type ReportRow } from './reports.repository';

/** Conversations and messages as the caller sees them on the wire (the contracts' shapes). */
@Injectable()
export class MessagesPresenter {
  constructor(
    private readonly access: ConversationAccess,
    private readonly conversationRows: ConversationsRepository,
    private readonly messageRows: MessagesRepository,
    private readonly storage: Storage,
    private readonly files: FilesService,
  ) {}

  /** One conversation as the caller sees it (404 when they may not read it). */
  async conversation(me: Principal, conversationId: number): Promise<Conversation> {
    const m = await this.access.readable(me, conversationId);
    const [c] = await this.conversations(me, [m]);
    return c!;
  }

  private partyOut(row: { user_id: number | null; partner_company_id: number | null; slug: string | null; name: string | null; avatar_key: string | null; verified_as: WireParty['verified_as'] }): WireParty {
    return {
      type: row.partner_company_id !== null ? 'company' : 'user',
      id: row.partner_company_id ?? row.user_id ?? 0,
      slug: row.slug ?? '',
      name: row.name ?? '',
      avatar: this.storage.publicUrl(row.avatar_key),
      verified_as: row.verified_as,
    };
  }

  /** Conversations as the caller sees them (the inbox, one conversation): parties and last messages in one query each. */
  async conversations(me: Principal, rows: Membership[]): Promise<Conversation[]> {
    const ids = rows.map((r) => r.conversation_id);
    const [parties, lasts] = await Promise.all([
      this.conversationRows.partiesOf(ids),
      this.messageRows.lastMessagesOf(rows.map((r) => ({ conversation_id: r.conversation_id, seq: r.last_seq }))),
    ]);
    const byConversation = new Map<number, PartyRow[]>();
    for (const p of parties) {
      const list = byConversation.get(p.conversation_id);
      if (list) list.push(p);
      else byConversation.set(p.conversation_id, [p]);
    }
    const lastBy = new Map(lasts.map((l) => [l.conversation_id, l]));
    const canWrite = me.status === 'approved';
    return rows.map((r) => {
      // The sender of a declined request sees nothing change (docs/messages.md): in a one-to-one
      // conversation the other party who declined still shows, as the open request it was.
      const members = (byConversation.get(r.conversation_id) ?? [])
        .filter((p) => READABLE.includes(p.state) || (r.kind === 'direct' && p.state === 'declined' && !isCaller(me, participantOf(p))))
        .map((p) => (p.state === 'declined' ? { ...p, state: 'request' as const } : p));
      const others = members.filter((p) => !isCaller(me, participantOf(p)));
      const last = lastBy.get(r.conversation_id);
      return {
        id: r.conversation_id,
        kind: r.kind,
        title: r.kind === 'group' ? (r.title ?? '') : (others[0]?.name ?? ''),
        topic: r.topic_type && r.topic_id !== null ? { type: r.topic_type, id: r.topic_id, title: r.topic_title ?? '' } : null,
        participants: members.map((p) => ({
          ...this.partyOut(p),
          state: p.state,
          last_read_seq: p.state === 'request' ? 0 : p.last_read_seq,
          is_me: isCaller(me, participantOf(p)),
        })),
        my_state: r.state,
        is_request: r.state === 'request',
        is_creator: r.kind === 'group' && isCaller(me, { user_id: r.created_by_user_id, company_id: null }),
        can_write: canWrite && READABLE.includes(r.state),
        last_seq: r.last_seq,
        last_read_seq: r.last_read_seq,
        unread_count: Math.max(0, r.last_seq - r.last_read_seq),
        last_message: last
          ? {
              seq: last.seq,
              excerpt: last.deleted_at ? '' : excerpt(last.body),
              deleted: last.deleted_at !== null,
              sender_name: last.sender_name,
              created_at: last.created_at.toISOString(),
            }
          : null,
        last_activity_at: r.last_activity_at.toISOString(),
        archived: r.archived_at !== null,
        muted: r.muted,
      };
    });
  }

  /** One message as the caller sees it (404 when it is not in the conversation). */
  async message(me: Principal, conversationId: number, messageId: number): Promise<Message> {
    const row = await this.messageRows.message(conversationId, messageId);
    if (!row) throw AppError.notFound();
    const [message] = await this.messages(me, [row]);
    return message!;
  }

  /** Messages as the caller sees them: attachments and quoted replies in one query each. */
  async messages(me: Principal, rows: MessageRow[]): Promise<Message[]> {
    const replyIds = [...new Set(rows.map((r) => r.reply_to_id).filter((id): id is number => id !== null))];
    const conversationId = rows[0]?.conversation_id;
    const [attachments, replies] = await Promise.all([
      this.messageRows.attachmentsOf(rows.filter((r) => !r.deleted_at).map((r) => r.id)),
      conversationId === undefined ? Promise.resolve([]) : this.messageRows.messagesByIds(conversationId, replyIds),
    ]);
    const byMessage = new Map<number, AttachmentRow[]>();
    for (const a of attachments) {
      const list = byMessage.get(a.message_id);
      if (list) list.push(a);
      else byMessage.set(a.message_id, [a]);
    }
    const replyBy = new Map(replies.map((r) => [r.id, r]));
    const now = Date.now();
    return rows.map((r) => {
      const reply = r.reply_to_id !== null ? replyBy.get(r.reply_to_id) : undefined;
      const mine = isCaller(me, senderOf(r));
      const sender: WireParty | null =
        r.sender_company_id === null && r.sender_user_id === null
          ? null
          : {
              type: r.sender_company_id !== null ? 'company' : 'user',
              id: r.sender_company_id ?? r.sender_user_id ?? 0,
              slug: r.sender_slug ?? '',
              name: r.sender_name ?? '',
              avatar: this.storage.publicUrl(r.sender_avatar_key),
              verified_as: r.sender_verified_as,
            };
      return {
        id: r.id,
        conversation_id: r.conversation_id,
        seq: r.seq,
        sender: r.sender_name === null && r.sender_company_id === null ? null : sender,
        body: r.deleted_at ? '' : r.body,
        attachments: (byMessage.get(r.id) ?? []).map((a) => ({
          id: a.id,
          kind: a.kind,
          url: this.files.memberUrl(a.storage_key),
          thumb_url: this.files.memberUrl(a.preview_key),
          original_name: a.original_name,
          mime: a.mime,
        })),
        reply_to: reply
          ? { id: reply.id, seq: reply.seq, excerpt: reply.deleted_at ? '' : excerpt(reply.body), deleted: reply.deleted_at !== null, sender_name: reply.sender_name }
          : null,
        is_mine: mine,
        edited: r.edited_at !== null,
        deleted: r.deleted_at !== null,
        can_edit: mine && !r.deleted_at && now - r.created_at.getTime() <= MESSAGE_EDIT_WINDOW_MS && me.status === 'approved',
        created_at: r.created_at.toISOString(),
      };
    });
  }
}

/** A report as the administrators' queue shows it. */
export function reportOut(r: ReportRow): MessageReport {
  return {
    id: r.id,
    status: r.status,
    reason: r.reason,
    reporter: r.reporter,
    reported: r.reported,
    messages: r.messages,
    created_at: r.created_at.toISOString(),
    decided_at: r.decided_at?.toISOString() ?? null,
    decided_by: r.decided_by,
  };
}
