import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { MailService } from '../../common/mail';
import { JobOutbox, type OutboxJob, type OutboxJobContext } from '../../common/outbox';
import { APP_CONFIG, type AppConfig } from '../../config';
import { NotificationPreferencesService } from '../notifications';
import { AddresseesRepository } from './addressees.repository';
import { ConversationsRepository } from './conversations.repository';
import { MessagesRepository } from './messages.repository';
import { type ReaderRow } from './participants.repository';

/** The e-mail about messages still unread after this long (`messages.unread-mail`, through the outbox). */
export const UNREAD_MAIL_JOB = 'messages.unread-mail';
export const UNREAD_MAIL_DELAY_MS = 15 * 60 * 1000;
interface UnreadMailJob {
  user_id: number;
  conversation_id: number;
  seq: number;
  sender: number;
}

/**
 * The jobs of one new message: one per member who reads it actively and has not muted it, due after
 * 15 minutes, one per unread stretch (the dedupe key holds the reader's mark at the time).
 */
export function unreadMailJobs(recipients: readonly ReaderRow[], m: { conversation_id: number; seq: number; sender: number }): OutboxJob[] {
  return recipients
    .filter((r): r is ReaderRow & { user_id: number } => r.user_id !== null && !r.muted && r.state === 'active')
    .map((r) => ({
      name: UNREAD_MAIL_JOB,
      payload: { user_id: r.user_id, conversation_id: m.conversation_id, seq: m.seq, sender: m.sender } satisfies UnreadMailJob,
      dedupeKey: `${UNREAD_MAIL_JOB}:${r.user_id}:${m.conversation_id}:${r.last_read_seq}`,
      userIds: [r.user_id, m.sender],
      delayMs: UNREAD_MAIL_DELAY_MS,
    }));
}

/**
 * The job handler: 15 minutes after a message, if the reader has still not read up to it (and has
 * not muted the conversation or left it) and wants messages by e-mail (the notification settings'
 * "messages" row), one e-mail saying who wrote and how many are unread, never the text; held back to
 * the end of the reader's quiet hours.
 */
@Injectable()
export class UnreadMail implements OnModuleInit {
  constructor(
    private readonly conversations: ConversationsRepository,
    private readonly messages: MessagesRepository,
    private readonly addressees: AddresseesRepository,
    private readonly preferences: NotificationPreferencesService,
    private readonly outbox: JobOutbox,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.outbox.handle<UnreadMailJob>(UNREAD_MAIL_JOB, (job) => this.run(job));
  }

  private async run({ payload, once }: OutboxJobContext<UnreadMailJob>): Promise<void> {
    const m = await this.conversations.membership(payload.conversation_id, { kind: 'user', id: payload.user_id });
    if (!m || m.state !== 'active' || m.muted || m.last_read_seq >= payload.seq) return;
    if (!(await this.preferences.allows(payload.user_id, 'chat_message', 'email'))) return;
    const to = await this.addressees.mailRecipient(payload.user_id);
    if (!to) return;
    const notBefore = await this.preferences.deliverAt(payload.user_id);
    const sender = (await this.messages.senderName(payload.conversation_id, payload.seq)) ?? '';
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
}
