import { Inject, Injectable, Logger, type OnModuleInit, Optional } from '@nestjs/common';
import { type Locale } from '@legenett/contracts';
import { APP_CONFIG, type AppConfig } from '../../config';
import { type Transaction, UnitOfWork } from '../../database/unit-of-work';
import { JobOutbox, type OutboxJobContext } from '../outbox';
import { type MailTemplate, type MailVars, type RenderedMail, renderMail } from './mail-templates';
import { MailRepository, type OutboxRow } from './mail.repository';
import { Storage } from '../storage/storage';
import { MailTransport, type OutgoingMail } from './mail-transport';

export const MAIL_DELIVER_JOB = 'mail.deliver';
/** Delivers up to `MAIL_DELIVER_BATCH` messages written together (`sendMany`: a digest run's). */
export const MAIL_DELIVER_BATCH_JOB = 'mail.deliver-batch';
/** Messages per `mail.deliver-batch` job. */
export const MAIL_DELIVER_BATCH = 100;
/** Messages of a batch on their way to the SMTP pool at once (its connections, `maxConnections`). */
const DELIVER_CONCURRENCY = 5;

/** The extra headers a message was written with (strings only). */
function headersOf(data: Record<string, unknown> | null): Record<string, string> | undefined {
  const raw = data?.headers;
  if (typeof raw !== 'object' || raw === null) return undefined;
  const entries = Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === 'string');
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

export interface SendMail<T extends MailTemplate> {
  to: string;
  template: T;
  locale: Locale;
  vars: MailVars[T];
  /** The account the mail is about, for the admin's outbox view. */
  userId?: number;
  /** Stored files sent along (a press release's PDF); read from storage when the mail is delivered. */
  attachments?: MailAttachment[];
  /** Extra headers (`List-Unsubscribe`, `List-Unsubscribe-Post`), kept with the message and sent with it. */
  headers?: Record<string, string>;
  /** Not delivered before this instant (held back for the end of the recipient's quiet hours). */
  notBefore?: Date;
  /** Ready-made parts (the digest's, from its own template) instead of `template`'s catalogue texts. */
  rendered?: RenderedMail;
}

export type MailAttachment =
  | { filename: string; storage_key: string; content_type: string }
  /** A small text made for this mail (a calendar file): kept in the message row itself. */
  | { filename: string; text: string; content_type: string };

/** An SMS: a short text to a phone number (see `sendSms`). */
export interface SendSms {
  to: string;
  text: string;
  locale: Locale;
  userId?: number;
  /** What it is (a template name), for the admin's outbox view. */
  template: string;
  /**
   * Not delivered before this instant (the end of the recipient's quiet hours): kept with the message
   * as `data.not_before`, for the gateway that will deliver SMS.
   */
  notBefore?: Date;
}

/**
 * Every mail is first written to `outbox_messages` (queued), then delivered by a `mail.deliver`
 * job over SMTP when SMTP_URL is set; without SMTP it stays queued in the outbox, the local
 * stand-in the admin area shows. The message and its job are written in one transaction (the
 * caller's, when given) through the job outbox, so sending never waits on Redis and a committed
 * message always has its delivery job. A failed delivery is recorded with its attempts.
 */
@Injectable()
export class MailService implements OnModuleInit {
  private readonly logger = new Logger('Mail');

  constructor(
    private readonly outbox: MailRepository,
    private readonly jobOutbox: JobOutbox,
    private readonly uow: UnitOfWork,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(MailTransport) private readonly transport: MailTransport | null,
    private readonly storage: Storage,
  ) {}

  /** The files a message carries, read from storage (a file gone since is left out). */
  private async attachmentsOf(data: Record<string, unknown> | null): Promise<OutgoingMail['attachments']> {
    const list = (data?.attachments ?? []) as MailAttachment[];
    const files = await Promise.all(
      list.map(async (a) => {
        if ('text' in a) return { filename: a.filename, content: Buffer.from(a.text, 'utf8'), contentType: a.content_type };
        const object = await this.storage.get(a.storage_key);
        if (!object) return null;
        const chunks: Buffer[] = [];
        for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Buffer));
        return { filename: a.filename, content: Buffer.concat(chunks), contentType: a.content_type };
      }),
    );
    const present = files.filter((f) => f !== null);
    return present.length > 0 ? present : undefined;
  }

  onModuleInit(): void {
    this.jobOutbox.handle<{ id: number }>(MAIL_DELIVER_JOB, (job) => this.deliver(job));
    this.jobOutbox.handle<{ ids: number[] }>(MAIL_DELIVER_BATCH_JOB, (job) => this.deliverBatch(job));
  }

  /** Writes the message (and its delivery job) in `tx` when given, else in a transaction of its own. */
  async send<T extends MailTemplate>(mail: SendMail<T>, tx?: Transaction): Promise<{ id: number }> {
    const message = this.messageOf(mail);
    if (!this.transport) {
      const row = await this.outbox.insert(message, tx);
      this.logger.log(`Mail #${row.id} (${mail.template}) kept in the outbox: SMTP_URL is not set`);
      return { id: row.id };
    }
    const write = async (t: Transaction) => {
      const row = await this.outbox.insert(message, t);
      // The job names no account: the message row holds the address and is erased with it.
      await this.jobOutbox.add(t, { name: MAIL_DELIVER_JOB, payload: { id: row.id }, notBefore: mail.notBefore });
      return { id: row.id };
    };
    return tx ? write(tx) : this.uow.run(write);
  }

  /**
   * `send` for many mails in the caller's transaction (the digest's send batch): the messages in one
   * multi-row insert, and one `mail.deliver-batch` job per `MAIL_DELIVER_BATCH` of them that may go
   * at the same instant. Answers their ids in the order of `mails`.
   */
  async sendMany(mails: readonly SendMail<MailTemplate>[], tx: Transaction): Promise<number[]> {
    if (mails.length === 0) return [];
    const ids = await this.outbox.insertMany(
      mails.map((m) => this.messageOf(m)),
      tx,
    );
    if (!this.transport) {
      this.logger.log(`${ids.length} mails kept in the outbox: SMTP_URL is not set`);
      return ids;
    }
    // One delivery job per MAIL_DELIVER_BATCH messages that may go at the same time (quiet hours).
    const byTime = new Map<number, number[]>();
    ids.forEach((id, i) => {
      const at = mails[i]!.notBefore?.getTime() ?? 0;
      const list = byTime.get(at);
      if (list) list.push(id);
      else byTime.set(at, [id]);
    });
    const jobs = [];
    for (const [at, list] of byTime) {
      for (let i = 0; i < list.length; i += MAIL_DELIVER_BATCH) {
        // The job names no account: the message rows hold the addresses and are erased with them.
        jobs.push({ name: MAIL_DELIVER_BATCH_JOB, payload: { ids: list.slice(i, i + MAIL_DELIVER_BATCH) }, notBefore: at === 0 ? undefined : new Date(at) });
      }
    }
    await this.jobOutbox.add(tx, jobs);
    return ids;
  }

  /** The outbox row of a mail: its parts (rendered here unless given), the extra headers and files. */
  private messageOf<T extends MailTemplate>(mail: SendMail<T>) {
    const rendered = mail.rendered ?? renderMail(mail.template, mail.locale, mail.vars);
    return {
      channel: 'mail' as const,
      to: mail.to,
      user_id: mail.userId ?? null,
      subject: rendered.subject,
      body: rendered.text,
      html: rendered.html,
      template: mail.template,
      data: {
        ...mail.vars,
        ...(mail.attachments ? { attachments: mail.attachments } : {}),
        ...(mail.headers ? { headers: mail.headers } : {}),
      } as Record<string, unknown>,
      locale: mail.locale,
      status: 'queued' as const,
    };
  }

  /**
   * Writes an SMS to the outbox (`channel: 'sms'`). No SMS gateway is connected yet: the message
   * stays queued there, the stand-in the admin area's outbox shows, as mail does without SMTP.
   */
  async sendSms(sms: SendSms, tx?: Transaction): Promise<{ id: number }> {
    const row = await this.outbox.insert(
      {
        channel: 'sms',
        to: sms.to,
        user_id: sms.userId ?? null,
        subject: null,
        body: sms.text,
        html: null,
        template: sms.template,
        data: sms.notBefore ? { not_before: sms.notBefore.toISOString() } : null,
        locale: sms.locale,
        status: 'queued',
      },
      tx,
    );
    return { id: row.id };
  }

  /**
   * Sends a queued message once it is handed over; one already sent or failed is left alone. The sent
   * mark and the job's done mark commit together. A mail whose marks are lost after the SMTP server
   * took it (database away at that moment) is sent again by the retry: at least once, not exactly.
   */
  private async deliver(job: OutboxJobContext<{ id: number }>): Promise<void> {
    if (!this.transport) return;
    const row = await this.outbox.find(job.payload.id);
    if (!row || row.status !== 'queued') return;
    try {
      await this.transmit(this.transport, row);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await this.outbox.markAttemptFailed(row.id, message, job.attempt >= job.maxAttempts);
      throw err;
    }
    await job.once((tx) => this.outbox.markSent(row.id, tx));
  }

  /**
   * Sends the batch's messages still `queued` over the SMTP pool (a few at once), each marked sent as
   * soon as the server took it, so a second run (a retry, a replay) sends only those not sent yet.
   * One that fails is recorded with its attempt, and the job fails after the others for the queue to
   * retry; in the last attempt such messages are marked failed. As with `mail.deliver`: at least
   * once, a mail whose sent mark is lost after the server took it goes again.
   */
  private async deliverBatch(job: OutboxJobContext<{ ids: number[] }>): Promise<void> {
    const transport = this.transport;
    if (!transport) return;
    const rows = await this.outbox.findQueued(job.payload.ids);
    const failures: string[] = [];
    for (let i = 0; i < rows.length; i += DELIVER_CONCURRENCY) {
      await Promise.all(
        rows.slice(i, i + DELIVER_CONCURRENCY).map(async (row) => {
          try {
            await this.transmit(transport, row);
          } catch (err) {
            const message = err instanceof Error ? err.message : String(err);
            failures.push(`#${row.id}: ${message}`);
            await this.outbox.markAttemptFailed(row.id, message, job.attempt >= job.maxAttempts);
            return;
          }
          await this.outbox.markSent(row.id);
        }),
      );
    }
    if (failures.length > 0) throw new Error(`${failures.length} of ${rows.length} mails not delivered (${failures.slice(0, 3).join('; ')})`);
  }

  private async transmit(transport: MailTransport, row: OutboxRow): Promise<void> {
    await transport.send({
      from: this.config.mailFrom,
      to: row.to,
      subject: row.subject ?? '',
      text: row.body,
      html: row.html ?? undefined,
      attachments: await this.attachmentsOf(row.data),
      headers: headersOf(row.data),
    });
  }
}
