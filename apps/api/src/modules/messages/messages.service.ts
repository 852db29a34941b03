import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  type Conversation,
  type CreateGroupInput,
  encodeInboxCursor,
  type HistoryQuery,
  type InboxQuery,
  MAX_GROUP_SIZE,
  MAX_MESSAGE_FILES,
  type Message,
  MESSAGE_EDIT_WINDOW_MS,
  MESSAGE_FILES_FIELD,
  type MessageKey,
  type MessageReport,
  type Party as WireParty,
  type ReportListQuery,
  type SendMessageInput,
  type StartConversationInput,
} from '@legenett/contracts';
import { AccessService, isCaller, isSelf, othersThan, type Party as RowParty } from '../../common/access';
import { isHealthPersonnel, type Principal } from '../../common/auth';
import { AppError } from '../../common/errors/app-error';
import { readKeyset, readPage } from '../../common/lists';
import { MailService } from '../../common/mail';
import { JobOutbox, type OutboxJobContext } from '../../common/outbox';
import { APP_CONFIG, type AppConfig } from '../../config';
import { FilesService, type StoreOptions } from '../../common/files/files.service';
import { RateLimitService } from '../../common/rate-limit';
import { Storage } from '../../common/storage/storage';
import { sniffFileType } from '../../common/uploads/file-sniffer';
import { type Transaction, UnitOfWork } from '../../database/unit-of-work';
import { isUniqueViolation } from '../../database/database-errors';
import {
  type AttachmentRow,
  directKey,
  type Membership,
  type MessageRow,
  MessagesRepository,
  type ParticipantState,
  type Party,
  type PartyRow,
  partyKey,
  type ReportRow,
  type WhoCanMessage,
} from './messages.repository';
import { ConversationTurns } from './conversation-turns';
import { MessageEvents } from './message-events';
import { CoursesService } from '../courses';
import { JobsService } from '../jobs';
import { NotificationPreferencesService, NotificationPublisher, NotificationsService } from '../notifications';

/** Limits (docs/messages.md): new conversations per day and messages per minute, per user. */
export const NEW_CONVERSATIONS_LIMIT = { name: 'conversation-start', limit: 30, windowSeconds: 24 * 3600 } as const;
export const MESSAGES_LIMIT = { name: 'message-send', limit: 30, windowSeconds: 60, by: 'account' } as const;
/** Reports per reporter per hour (docs/messages.md, "Rate limits and moderation"). */
export const REPORTS_LIMIT = { name: 'message-report', limit: 10, windowSeconds: 3600 } as const;
/** The e-mail about messages still unread after this long (`messages.unread-mail`, through the outbox). */
export const UNREAD_MAIL_JOB = 'messages.unread-mail';
export const UNREAD_MAIL_DELAY_MS = 15 * 60 * 1000;
interface UnreadMailJob {
  user_id: number;
  conversation_id: number;
  seq: number;
  sender: number;
}
/** An edited or deleted message's bell entries, rewritten once more after the outbox lease (a job then running had the old text). */
export const REWRITE_JOB = 'messages.rewrite-notifications';
export const REWRITE_AGAIN_AFTER_MS = 10 * 60 * 1000;
interface RewriteJob {
  conversation_id: number;
  message_id: number;
}
/** What a bell entry about a message holds of its text: the excerpt, and whether it was deleted. */
type ChatSnapshot = { excerpt: string; deleted?: 1 };
const DELETED_SNAPSHOT: ChatSnapshot = { excerpt: '', deleted: 1 };
/** How long "suspend the sender's messaging" lasts. */
export const MESSAGING_SUSPENSION_DAYS = 7;

const READABLE: readonly ParticipantState[] = ['active', 'request'];

const fieldError = (field: string, key: MessageKey, vars?: Record<string, string | number>) =>
  new AppError('VALIDATION', { fields: { [field]: [key] }, vars });

const reportOpen = () => new AppError('CONFLICT', { message: 'messages.errors.report_open' });

const cannotDeliver = () => new AppError('FORBIDDEN', { message: 'messages.errors.cannot_deliver' });

/** The caller's side of a conversation: the company in business mode, else themselves. */
export const partyOf = (me: Principal): Party =>
  me.activeCompanyId !== null ? { kind: 'company', id: me.activeCompanyId } : { kind: 'user', id: me.userId };

/** A party as the columns of a row (common/access's Party): what isCaller takes, and whom an event reaches. */
const columnsOf = (p: Party): RowParty => ({ user_id: p.kind === 'user' ? p.id : null, company_id: p.kind === 'company' ? p.id : null });

/** Who wrote a message, as a party (common/access's Party): `isCaller(me, senderOf(r))` is the caller's own message. */
const senderOf = (r: MessageRow): RowParty => ({ user_id: r.sender_user_id, company_id: r.sender_company_id });

/** A participant row as a party (common/access's Party): `isCaller(me, participantOf(p))` is the caller's side. */
const participantOf = (p: PartyRow): RowParty => ({ user_id: p.user_id, company_id: p.partner_company_id });

const excerpt = (text: string, length = 140) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/** Conversations and messages: who may write to whom, requests, groups, reports (issue 26). */
@Injectable()
export class MessagesService implements OnModuleInit {
  /** Sends into one conversation take their transaction one at a time in this process. */
  private readonly turns = new ConversationTurns();

  constructor(
    private readonly repository: MessagesRepository,
    private readonly files: FilesService,
    private readonly storage: Storage,
    private readonly uow: UnitOfWork,
    private readonly limits: RateLimitService,
    private readonly events: MessageEvents,
    private readonly notifications: NotificationPublisher,
    private readonly bell: NotificationsService,
    private readonly preferences: NotificationPreferencesService,
    private readonly outbox: JobOutbox,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly access: AccessService,
    private readonly jobs: JobsService,
    private readonly courses: CoursesService,
  ) {}

  onModuleInit(): void {
    this.outbox.handle<UnreadMailJob>(UNREAD_MAIL_JOB, (job) => this.mailUnread(job));
    this.outbox.handle<RewriteJob>(REWRITE_JOB, (job) => this.rewriteAgain(job));
  }

  /**
   * 15 minutes after a message: if the reader has still not read up to it (and has not muted the
   * conversation or left it) and wants messages by e-mail (the notification settings' "messages"
   * row), one e-mail saying who wrote and how many are unread, never the text; held back to the
   * end of the reader's quiet hours.
   */
  private async mailUnread({ payload, once }: OutboxJobContext<UnreadMailJob>): Promise<void> {
    const m = await this.repository.membership(payload.conversation_id, { kind: 'user', id: payload.user_id });
    if (!m || m.state !== 'active' || m.muted || m.last_read_seq >= payload.seq) return;
    if (!(await this.preferences.allows(payload.user_id, 'chat_message', 'email'))) return;
    const to = await this.repository.mailRecipient(payload.user_id);
    if (!to) return;
    const notBefore = await this.preferences.deliverAt(payload.user_id);
    const sender = (await this.repository.senderName(payload.conversation_id, payload.seq)) ?? '';
    await once(async (tx) => {
      await this.mail.send(
        {
          to: to.email,
          locale: to.locale,
          userId: payload.user_id,
          template: 'chat_unread',
          vars: { name: to.first_name, sender, count: m.last_seq - m.last_read_seq, link: `${this.config.publicUrl}/messages/${payload.conversation_id}` },
          notBefore,
        },
        tx,
      );
    });
  }

  // ---------- access ----------

  /**
   * May this caller read this conversation? Their membership when they are an active participant
   * or have it as an open request; 404 otherwise (not a participant, left, removed, declined, or no
   * such conversation). The one access function of this module (docs/messages.md, "Access").
   */
  async readable(me: Principal, conversationId: number, tx?: Transaction): Promise<Membership> {
    const m = await this.repository.membership(conversationId, partyOf(me), tx);
    if (!m || !READABLE.includes(m.state)) throw AppError.notFound();
    return m;
  }

  /**
   * May this caller write in this conversation? Readable, not suspended, and in a one-to-one
   * conversation not blocked by the other person ("cannot deliver", nothing more).
   */
  async writable(me: Principal, conversationId: number): Promise<Membership> {
    const m = await this.readable(me, conversationId);
    await this.requireNotSuspended(me);
    if (m.kind === 'direct') {
      const other = await this.repository.otherUser(conversationId, partyOf(me));
      if (other !== null && (await this.blocksSender(other, me))) throw cannotDeliver();
    }
    return m;
  }

  private async requireNotSuspended(me: Principal): Promise<void> {
    const { suspended_until } = await this.repository.settings(me.userId);
    if (suspended_until && suspended_until.getTime() > Date.now()) {
      throw new AppError('FORBIDDEN', { message: 'messages.errors.suspended', vars: { until: suspended_until.toISOString().slice(0, 10) } });
    }
  }

  /**
   * How a first message from `me` reaches user `to`: straight in (`active`), as a request, or not at
   * all (they blocked the sender, or take messages from nobody): "cannot deliver" either way.
   */
  private async admission(me: Principal, to: number): Promise<ParticipantState | null> {
    if (await this.blocksSender(to, me)) return null;
    const who = await this.repository.whoCanMessage(to);
    if (who === 'nobody') return null;
    if (me.activeCompanyId !== null) return 'request';
    if (who === 'mutual') return (await this.repository.mutualFollow(me.userId, to)) ? 'active' : 'request';
    return isHealthPersonnel(me, 'confirmed') ? 'active' : 'request';
  }

  /** Whether member `userId` blocked the caller as they write: the company in business mode, else themselves. */
  private blocksSender(userId: number, me: Principal): Promise<boolean> {
    return me.activeCompanyId !== null ? this.repository.isCompanyBlocked(userId, me.activeCompanyId) : this.repository.isBlocked(userId, me.userId);
  }

  // ---------- starting ----------

  async start(me: Principal, input: StartConversationInput) {
    const sender = partyOf(me);
    const { target, topic } = await this.addressee(me, input);
    if (isCaller(me, columnsOf(target))) throw fieldError('to_user_id', 'messages.errors.cannot_message_self');
    await this.requireNotSuspended(me);
    const key = directKey(sender, target);
    const existing = await this.repository.findDirect(key);
    if (existing !== null) {
      const m = await this.repository.membership(existing, sender);
      if (m) {
        // Writing from a request accepts it; writing after declining opens it again.
        if (m.state !== 'active') await this.repository.setState(undefined, existing, sender, 'active');
        if (topic) await this.repository.setTopic(existing, topic);
        const message = await this.send(me, existing, { body: input.body }, []);
        return { data: { conversation: await this.conversation(me, existing), message: message.data } };
      }
    }
    let state: ParticipantState = 'active';
    if (target.kind === 'user') {
      const admitted = await this.admission(me, target.id);
      if (admitted === null) throw cannotDeliver();
      state = admitted;
    }
    await this.limits.consumeForAccount(NEW_CONVERSATIONS_LIMIT, me.userId);
    const { id, sent } = await this.uow.run(async (tx) => {
      const conversationId = await this.repository.createConversation(
        tx,
        { kind: 'direct', title: null, created_by_user_id: me.userId, direct_key: key, topic },
        [
          { party: sender, state: 'active' },
          { party: target, state },
        ],
      );
      const appended = await this.appendAndNotify(tx, me, conversationId, { body: input.body, reply_to_id: null, attachments: [] });
      return { id: conversationId, sent: appended };
    });
    return { data: { conversation: await this.conversation(me, id), message: await this.oneMessage(me, id, sent.id) } };
  }

  /** The party a first message goes to, and the job or course it is about. */
  private async addressee(me: Principal, input: StartConversationInput): Promise<{ target: Party; topic: { type: 'job' | 'course'; id: number; title: string } | null }> {
    if (input.to_user_id !== undefined) {
      if (isSelf(me, input.to_user_id) && me.activeCompanyId === null) throw fieldError('to_user_id', 'messages.errors.cannot_message_self');
      const user = await this.repository.recipient(input.to_user_id);
      if (!user) throw fieldError('to_user_id', 'validation.unknown_reference');
      return { target: { kind: 'user', id: user.id }, topic: null };
    }
    if (input.to_company_id !== undefined) {
      const company = await this.repository.liveCompany(input.to_company_id);
      if (!company) throw fieldError('to_company_id', 'validation.unknown_reference');
      return { target: { kind: 'company', id: company.id }, topic: null };
    }
    const type = input.topic_type!;
    const id = input.topic_id!;
    // The same rule as GET /jobs/:id and GET /courses/:id, in the same words (404): a draft,
    // submitted or rejected course or an unpublished job is not there for the caller.
    if (type === 'job') await this.jobs.requireVisible(me, id);
    else await this.courses.requireVisible(me, id, 'no');
    const topic = await this.repository.topic(type, id);
    if (!topic) throw fieldError('topic_id', 'validation.unknown_reference');
    if (topic.company_id !== null) {
      if (!(await this.repository.liveCompany(topic.company_id))) throw fieldError('topic_id', 'validation.unknown_reference');
      return { target: { kind: 'company', id: topic.company_id }, topic: { type, id, title: topic.title } };
    }
    if (topic.user_id === null || !(await this.repository.recipient(topic.user_id))) throw fieldError('topic_id', 'validation.unknown_reference');
    return { target: { kind: 'user', id: topic.user_id }, topic: { type, id, title: topic.title } };
  }

  async createGroup(me: Principal, input: CreateGroupInput) {
    const members = await this.admitAll(me, input.user_ids, 1);
    await this.requireNotSuspended(me);
    await this.limits.consumeForAccount(NEW_CONVERSATIONS_LIMIT, me.userId);
    const { id, sent } = await this.uow.run(async (tx) => {
      const conversationId = await this.repository.createConversation(
        tx,
        { kind: 'group', title: input.title, created_by_user_id: me.userId, direct_key: null, topic: null },
        [{ party: { kind: 'user', id: me.userId }, state: 'active' }, ...members],
      );
      const appended = await this.appendAndNotify(tx, me, conversationId, { body: input.body, reply_to_id: null, attachments: [] });
      return { id: conversationId, sent: appended };
    });
    return { data: { conversation: await this.conversation(me, id), message: await this.oneMessage(me, id, sent.id) } };
  }

  /** People to put into a group: approved members, not the caller, who did not block them; their states. */
  private async admitAll(me: Principal, userIds: number[], alreadyIn: number) {
    const ids = othersThan(me, userIds);
    if (ids.length === 0) throw fieldError('user_ids', 'messages.errors.group_needs_others');
    if (ids.length + alreadyIn > MAX_GROUP_SIZE) throw fieldError('user_ids', 'messages.errors.group_full', { maximum: MAX_GROUP_SIZE });
    const known = new Set(await this.repository.recipients(ids));
    if (ids.some((id) => !known.has(id))) throw fieldError('user_ids', 'validation.unknown_reference');
    const members: { party: Party; state: ParticipantState }[] = [];
    for (const id of ids) {
      const state = await this.admission(me, id);
      if (state === null) throw fieldError('user_ids', 'messages.errors.cannot_add');
      members.push({ party: { kind: 'user', id }, state });
    }
    return members;
  }

  // ---------- messages ----------

  async send(
    me: Principal,
    conversationId: number,
    input: SendMessageInput,
    uploads: Express.Multer.File[],
  ): Promise<{ data: Message }> {
    if (uploads.length > MAX_MESSAGE_FILES) throw fieldError(MESSAGE_FILES_FIELD, 'messages.errors.too_many_files', { maximum: MAX_MESSAGE_FILES });
    if (input.body === '' && uploads.length === 0) throw fieldError('body', 'messages.errors.empty_message');
    const m = await this.writable(me, conversationId);
    // Sent before under this key (a retry from the offline queue): that message, not a second one.
    const key = input.client_key;
    if (key !== undefined) {
      const earlier = await this.repository.byClientKey(conversationId, me.userId, key);
      if (earlier !== null) return { data: await this.oneMessage(me, conversationId, earlier) };
    }
    if (input.reply_to_id !== undefined) {
      const original = await this.repository.message(conversationId, input.reply_to_id);
      if (!original) throw fieldError('reply_to_id', 'messages.errors.reply_not_found');
    }
    if (m.state === 'request') await this.repository.setState(undefined, conversationId, partyOf(me), 'active');
    const as = (file: Express.Multer.File): StoreOptions => ({
      kind: sniffFileType(file.buffer) === 'pdf' ? 'message_document' : 'message_image',
      owner: me.userId,
      field: MESSAGE_FILES_FIELD,
    });
    // In turn per conversation (conversation-turns.ts): a burst waits in memory, not on the
    // conversation's row lock with a pooled connection each.
    let sent: { id: number };
    try {
      sent = await this.files.storeFor(uploads, as, (stored) =>
        this.turns.run(conversationId, () =>
          this.uow.run((tx) =>
            this.appendAndNotify(tx, me, conversationId, {
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
      const earlier = key !== undefined && isUniqueViolation(err, 'messages_client_key_idx') ? await this.repository.byClientKey(conversationId, me.userId, key) : null;
      if (earlier === null) throw err;
      sent = { id: earlier };
    }
    return { data: await this.oneMessage(me, conversationId, sent.id) };
  }

  /**
   * Stores the message (next sequence number under the conversation's lock) and, in the same
   * transaction, the outbox jobs that tell the others; the live event goes out after the commit.
   */
  private async appendAndNotify(
    tx: Transaction,
    me: Principal,
    conversationId: number,
    m: { body: string; reply_to_id: number | null; attachments: { kind: 'image' | 'document'; file_id: number }[]; client_key?: string | null },
  ): Promise<{ id: number; seq: number }> {
    const sender = partyOf(me);
    const appended = await this.repository.append(tx, conversationId, { sender, sender_user_id: me.userId, ...m });
    const readers = await this.repository.readers(conversationId, tx);
    this.uow.afterCommit(tx, () =>
      this.events.publish(readers, { type: 'message', conversation_id: conversationId, seq: appended.seq, message_id: appended.id }),
    );
    // The bell: one `chat_message` entry per conversation (grouped by the notifications module),
    // for members who have not muted it; a company's conversations show in its inbox only.
    const recipients = await this.repository.recipientsOf(conversationId, sender, tx);
    const body = m.body !== '' ? excerpt(m.body, 140) : '';
    // A company writes as itself: the bell names the company (`company_name`), never the manager.
    const companyName = me.activeCompanyId !== null ? await this.repository.companyName(me.activeCompanyId) : null;
    await this.notifications.publish(
      tx,
      recipients
        .filter((r): r is typeof r & { user_id: number } => r.user_id !== null && !r.muted)
        .map((r) => ({
          user_id: r.user_id,
          kind: 'chat_message' as const,
          actor_user_id: me.activeCompanyId !== null ? null : me.userId,
          partner_company_id: me.activeCompanyId,
          entity_type: 'conversation',
          entity_id: conversationId,
          data: {
            excerpt: body,
            seq: appended.seq,
            request: r.state === 'request' ? 1 : 0,
            ...(companyName !== null ? { company_name: companyName } : {}),
          },
        })),
    );
    // E-mail when still unread after 15 minutes: one job per unread stretch (the dedupe key holds the
    // reader's mark at the time), so a busy conversation sends one mail, not one per message.
    await this.outbox.add(
      tx,
      recipients
        .filter((r): r is typeof r & { user_id: number } => r.user_id !== null && !r.muted && r.state === 'active')
        .map((r) => ({
          name: UNREAD_MAIL_JOB,
          payload: { user_id: r.user_id, conversation_id: conversationId, seq: appended.seq, sender: me.userId },
          dedupeKey: `${UNREAD_MAIL_JOB}:${r.user_id}:${conversationId}:${r.last_read_seq}`,
          userIds: [r.user_id, me.userId],
          delayMs: UNREAD_MAIL_DELAY_MS,
        })),
    );
    return appended;
  }

  async history(me: Principal, conversationId: number, q: HistoryQuery) {
    const m = await this.readable(me, conversationId);
    const rows = await this.repository.history(conversationId, q);
    const hasMore = rows.length > q.limit;
    const page = rows.slice(0, q.limit);
    // Oldest first on the wire, whichever end the page was read from.
    if (q.after === undefined) page.reverse();
    return { data: await this.presentMessages(me, page), meta: { has_more: hasMore, last_seq: m.last_seq } };
  }

  async edit(me: Principal, conversationId: number, messageId: number, body: string) {
    await this.writable(me, conversationId);
    const message = await this.ownMessage(me, conversationId, messageId);
    if (message.deleted_at) throw new AppError('CONFLICT', { message: 'messages.errors.message_deleted' });
    if (Date.now() - message.created_at.getTime() > MESSAGE_EDIT_WINDOW_MS) throw new AppError('CONFLICT', { message: 'messages.errors.edit_window' });
    await this.uow.run(async (tx) => {
      await this.repository.editBody(messageId, body, tx);
      await this.rewriteNotifications(tx, conversationId, messageId, message.seq, { excerpt: excerpt(body, 140) });
    });
    await this.changed(conversationId, message.seq);
    return { data: await this.oneMessage(me, conversationId, messageId) };
  }

  async remove(me: Principal, conversationId: number, messageId: number) {
    await this.readable(me, conversationId);
    const message = await this.ownMessage(me, conversationId, messageId);
    if (!message.deleted_at) {
      const files = await this.uow.run(async (tx) => {
        const removed = await this.repository.deleteForEveryone(messageId, tx);
        await this.rewriteNotifications(tx, conversationId, messageId, message.seq, DELETED_SNAPSHOT);
        return removed;
      });
      await this.files.remove(files);
      await this.changed(conversationId, message.seq);
    }
    return { data: await this.oneMessage(me, conversationId, messageId) };
  }

  /**
   * An edit or a deletion reaches every copy of the text (docs/messages.md, "Edits and deletions"):
   * in the same transaction, the bell's members and entries quoting this message and the
   * notification jobs not yet run; and a job after the outbox lease does it again from the message
   * as it is then, for a notification job that was already running with the old copy.
   */
  private async rewriteNotifications(tx: Transaction, conversationId: number, messageId: number, seq: number, patch: ChatSnapshot): Promise<void> {
    const userIds = await this.repository.everyUser(conversationId, tx);
    await this.bell.rewriteSnapshot(tx, { userIds, kind: 'chat_message', entityType: 'conversation', entityId: conversationId, match: { seq } }, { ...patch });
    await this.outbox.add(tx, {
      name: REWRITE_JOB,
      payload: { conversation_id: conversationId, message_id: messageId },
      delayMs: REWRITE_AGAIN_AFTER_MS,
    });
  }

  /** The rewrite again, later: from the message as it is when the job runs. */
  private async rewriteAgain({ payload, once }: OutboxJobContext<RewriteJob>): Promise<void> {
    const message = await this.repository.message(payload.conversation_id, payload.message_id);
    if (!message) return;
    const patch: ChatSnapshot = message.deleted_at ? DELETED_SNAPSHOT : { excerpt: excerpt(message.body, 140) };
    const userIds = await this.repository.everyUser(payload.conversation_id);
    await once((tx) =>
      this.bell.rewriteSnapshot(tx, { userIds, kind: 'chat_message', entityType: 'conversation', entityId: payload.conversation_id, match: { seq: message.seq } }, { ...patch }),
    );
  }

  private async changed(conversationId: number, seq: number): Promise<void> {
    this.events.publish(await this.repository.readers(conversationId), { type: 'changed', conversation_id: conversationId, seq });
  }

  /** A message of the conversation written by the caller's party: 404 when not there, 403 when someone else's. */
  private async ownMessage(me: Principal, conversationId: number, messageId: number): Promise<MessageRow> {
    const message = await this.repository.message(conversationId, messageId);
    if (!message) throw AppError.notFound();
    if (!isCaller(me, senderOf(message))) throw AppError.forbidden('not_owner');
    return message;
  }

  // ---------- read state, requests, settings ----------

  async markRead(me: Principal, conversationId: number, seq: number) {
    const m = await this.readable(me, conversationId);
    const party = partyOf(me);
    const moved = await this.repository.markRead(conversationId, party, seq);
    if (moved !== null && moved >= m.last_seq && party.kind === 'user') await this.bell.markEntityRead(party.id, 'conversation', conversationId);
    // A request's reader stays unseen: the sender learns nothing until it is accepted.
    if (moved !== null && m.state === 'active') {
      this.events.publish(await this.repository.readers(conversationId), { type: 'read', conversation_id: conversationId, party: partyKey(party), seq: moved });
    } else if (moved !== null) {
      this.events.publish([columnsOf(party)], {
        type: 'read',
        conversation_id: conversationId,
        party: partyKey(party),
        seq: moved,
      });
    }
    return { data: await this.repository.unreadSummary(party) };
  }

  unread(me: Principal) {
    return this.repository.unreadSummary(partyOf(me)).then((data) => ({ data }));
  }

  async decide(me: Principal, conversationId: number, decision: 'accept' | 'decline' | 'block') {
    const m = await this.readable(me, conversationId);
    if (m.state !== 'request') throw new AppError('CONFLICT', { message: 'messages.errors.not_a_request' });
    const party = partyOf(me);
    if (decision === 'accept') {
      await this.repository.setState(undefined, conversationId, party, 'active');
      this.events.publish(await this.repository.readers(conversationId), { type: 'request', conversation_id: conversationId, decision: 'accept' });
      return { data: { state: 'active' as const } };
    }
    // "Block" on a company's request blocks the company (its managers write as it), not a person.
    const other: Party | null =
      m.kind === 'direct'
        ? await this.repository.otherParty(conversationId, party)
        : m.created_by_user_id !== null
          ? { kind: 'user', id: m.created_by_user_id }
          : null;
    await this.uow.run(async (tx) => {
      await this.repository.setState(tx, conversationId, party, 'declined');
      if (decision === 'block' && party.kind === 'user' && other !== null) {
        if (other.kind === 'company') await this.repository.blockCompany(me.userId, other.id, tx);
        else if (!isSelf(me, other.id)) await this.repository.block(me.userId, other.id, tx);
      }
    });
    return { data: { state: 'declined' as const } };
  }

  async setFlags(me: Principal, conversationId: number, flags: { archived?: boolean; muted?: boolean }) {
    await this.readable(me, conversationId);
    await this.repository.setFlags(conversationId, partyOf(me), flags);
    return { data: await this.conversation(me, conversationId) };
  }

  // ---------- groups ----------

  private async ownGroup(me: Principal, conversationId: number): Promise<Membership> {
    const m = await this.readable(me, conversationId);
    if (m.kind !== 'group') throw new AppError('CONFLICT', { message: 'messages.errors.not_a_group' });
    await this.access.requireManages(me.userId, 'conversation', conversationId);
    return m;
  }

  async addParticipants(me: Principal, conversationId: number, userIds: number[]) {
    await this.ownGroup(me, conversationId);
    await this.requireNotSuspended(me);
    const members = await this.admitAll(me, userIds, await this.repository.activeMemberCount(conversationId));
    await this.uow.run((tx) => this.repository.addMembers(tx, conversationId, members));
    return { data: await this.conversation(me, conversationId) };
  }

  async removeParticipant(me: Principal, conversationId: number, userId: number) {
    await this.ownGroup(me, conversationId);
    if (isSelf(me, userId)) throw fieldError('userId', 'messages.errors.remove_self');
    const target = await this.repository.membership(conversationId, { kind: 'user', id: userId });
    if (!target || !READABLE.includes(target.state)) throw AppError.notFound();
    await this.repository.setState(undefined, conversationId, { kind: 'user', id: userId }, 'removed');
    return { data: await this.conversation(me, conversationId) };
  }

  async leave(me: Principal, conversationId: number): Promise<void> {
    const m = await this.readable(me, conversationId);
    if (m.kind !== 'group') throw new AppError('CONFLICT', { message: 'messages.errors.not_a_group' });
    await this.repository.setState(undefined, conversationId, partyOf(me), 'left');
  }

  // ---------- reports ----------

  async report(me: Principal, conversationId: number, messageIds: number[], reason: string): Promise<void> {
    await this.readable(me, conversationId);
    const ids = [...new Set(messageIds)];
    const rows = await this.repository.messagesByIds(conversationId, ids);
    if (rows.length !== ids.length) throw fieldError('message_ids', 'validation.unknown_reference');
    if (rows.some((r) => isCaller(me, senderOf(r)))) throw fieldError('message_ids', 'messages.errors.report_own');
    const senders = new Set(rows.map((r) => r.sender_user_id));
    if (senders.size > 1) throw fieldError('message_ids', 'messages.errors.report_one_sender');
    if (await this.repository.hasOpenReport(me.userId, conversationId, ids)) throw reportOpen();
    // Counted once the report is known to be a new one: a refused report (409, 422) takes no slot.
    await this.limits.consumeForAccount(REPORTS_LIMIT, me.userId);
    await this.uow.run(async (tx) => {
      // One open report per reporter and message: checked again under the reporter's lock.
      await this.repository.lockReporter(tx, me.userId);
      if (await this.repository.hasOpenReport(me.userId, conversationId, ids, tx)) throw reportOpen();
      await this.repository.insertReport(tx, {
        conversation_id: conversationId,
        reporter_user_id: me.userId,
        reported_user_id: rows[0]?.sender_user_id ?? null,
        reason,
        messages: rows.map((r) => ({ id: r.id, seq: r.seq, body: r.body, created_at: r.created_at.toISOString() })),
      });
    });
  }

  // ---------- settings and blocks ----------

  async mySettings(me: Principal) {
    const s = await this.repository.settings(me.userId);
    return { data: { who_can_message: s.who_can_message, suspended_until: s.suspended_until?.toISOString() ?? null } };
  }

  async updateSettings(me: Principal, who: WhoCanMessage) {
    await this.repository.setWhoCanMessage(me.userId, who);
    return this.mySettings(me);
  }

  /** People and companies the caller blocked, newest first. */
  async blocks(me: Principal) {
    const [people, companies] = await Promise.all([this.repository.blocks(me.userId), this.repository.companyBlocks(me.userId)]);
    const all = [
      ...people.map((r) => ({ type: 'user' as const, id: r.id, slug: r.slug, name: `${r.first_name} ${r.last_name}`, at: r.blocked_at })),
      ...companies.map((r) => ({ type: 'company' as const, id: r.id, slug: r.slug, name: r.name, at: r.blocked_at })),
    ].sort((a, b) => b.at.getTime() - a.at.getTime());
    return { data: all.map(({ at, ...r }) => ({ ...r, blocked_at: at.toISOString() })) };
  }

  /** Blocks a company the caller can see (404 otherwise): acting as it, nobody can write to the caller. */
  async blockCompany(me: Principal, companyId: number): Promise<void> {
    await this.access.requireSeesCompany(me.userId, companyId);
    if (await this.access.managesCompany(me.userId, companyId)) throw fieldError('companyId', 'messages.errors.cannot_block_self');
    await this.repository.blockCompany(me.userId, companyId);
  }

  async unblockCompany(me: Principal, companyId: number): Promise<void> {
    await this.repository.unblockCompany(me.userId, companyId);
  }

  async block(me: Principal, userId: number): Promise<void> {
    if (isSelf(me, userId)) throw fieldError('userId', 'messages.errors.cannot_block_self');
    if (!(await this.repository.recipient(userId))) throw AppError.notFound();
    await this.repository.block(me.userId, userId);
  }

  async unblock(me: Principal, userId: number): Promise<void> {
    await this.repository.unblock(me.userId, userId);
  }

  // ---------- moderation (administrators) ----------

  async reports(q: ReportListQuery) {
    const { rows, meta } = await readPage(q, q.status === 'all' ? this.repository.allReports() : this.repository.reports(q.status));
    return { data: rows.map((r) => this.presentReport(r)), meta };
  }

  /**
   * Dismiss, warn, or suspend the sender's messaging for a week. A warning or a suspension tells the
   * sender (an `account_decision` notification, in the decision's transaction); the reporter is not
   * named to them, and a dismissal tells nobody.
   */
  async decideReport(me: Principal, id: number, decision: 'dismiss' | 'warn' | 'suspend') {
    const report = await this.repository.report(id);
    if (!report) throw AppError.notFound();
    if (report.status !== 'open') throw new AppError('CONFLICT', { message: 'messages.errors.report_decided' });
    const status = decision === 'dismiss' ? 'dismissed' : decision === 'warn' ? 'warned' : 'suspended';
    await this.uow.run(async (tx) => {
      await this.repository.decideReport(tx, id, status, me.userId);
      if (status === 'suspended' && report.reported) {
        await this.repository.suspend(report.reported.id, new Date(Date.now() + MESSAGING_SUSPENSION_DAYS * 24 * 3600 * 1000), tx);
      }
      if (status !== 'dismissed' && report.reported) {
        await this.notifications.publish(tx, {
          user_id: report.reported.id,
          kind: 'account_decision',
          actor_user_id: null,
          partner_company_id: null,
          entity_type: null,
          entity_id: null,
          data: { decision: status === 'warned' ? 'messaging_warned' : 'messaging_suspended', report_id: id, days: MESSAGING_SUSPENSION_DAYS },
        });
      }
    });
    return { data: this.presentReport((await this.repository.report(id))!) };
  }

  private presentReport(r: ReportRow): MessageReport {
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

  // ---------- presenting ----------

  async inbox(me: Principal, q: InboxQuery) {
    const page = await readKeyset(
      q.limit,
      (take) => this.repository.inbox(partyOf(me), q.filter, q.cursor, take),
      (last) => encodeInboxCursor({ at: last.last_activity_at.toISOString(), id: last.conversation_id }),
    );
    return { data: await this.presentConversations(me, page.rows), meta: { next_cursor: page.next_cursor } };
  }

  async show(me: Principal, conversationId: number) {
    return { data: await this.conversation(me, conversationId) };
  }

  private async conversation(me: Principal, conversationId: number): Promise<Conversation> {
    const m = await this.readable(me, conversationId);
    const [c] = await this.presentConversations(me, [m]);
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

  private async presentConversations(me: Principal, rows: Membership[]): Promise<Conversation[]> {
    const ids = rows.map((r) => r.conversation_id);
    const [parties, lasts] = await Promise.all([
      this.repository.partiesOf(ids),
      this.repository.lastMessagesOf(rows.map((r) => ({ conversation_id: r.conversation_id, seq: r.last_seq }))),
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

  private async oneMessage(me: Principal, conversationId: number, messageId: number): Promise<Message> {
    const row = await this.repository.message(conversationId, messageId);
    if (!row) throw AppError.notFound();
    const [message] = await this.presentMessages(me, [row]);
    return message!;
  }

  private async presentMessages(me: Principal, rows: MessageRow[]): Promise<Message[]> {
    const replyIds = [...new Set(rows.map((r) => r.reply_to_id).filter((id): id is number => id !== null))];
    const conversationId = rows[0]?.conversation_id;
    const [attachments, replies] = await Promise.all([
      this.repository.attachmentsOf(rows.filter((r) => !r.deleted_at).map((r) => r.id)),
      conversationId === undefined ? Promise.resolve([]) : this.repository.messagesByIds(conversationId, replyIds),
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
