import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { type DigestFrequency, notificationMessage, osloToday, toOsloWallClock, translate } from '@legenett/contracts';
import { type AppConfig, InjectConfig } from '../../../config';
import { MailService, type SendMail } from '../../../common/mail';
import { JobOutbox, type OutboxJobContext } from '../../../common/outbox';
import { Scheduler } from '../../../common/queue';
import { UnitOfWork } from '../../../database/unit-of-work';
import { NotificationPreferencesService } from '../notification-preferences.service';
import { NotificationsRepository } from '../notifications.repository';
import { entryOf } from '../notifications.service';
import { contentsByReader, type DigestReader, DigestSections, type DigestSectionContent, digestText } from './digest-sections';
import { DigestRepository } from './digest.repository';
import { renderDigest } from './digest-template';

export const DIGEST_SWEEP_JOB = 'notifications.digest-sweep';
export const DIGEST_SEND_JOB = 'notifications.digest';

/**
 * A send job: the claims of up to `DIGEST_SEND_BATCH_SIZE` readers for one period. `user_ids` is the
 * outbox's form of a job for many accounts: erasing one removes it from the list, the job stays for
 * the rest (OutboxJob.userIds). `user_id` is the form of the version before (one job per reader),
 * still read for jobs written by it.
 */
export type DigestSendJob = { period_key: string } & ({ user_ids: number[] } | { user_id: number });

/** Readers a section without a batch form is asked for at once (one statement each). */
const PER_READER_CONCURRENCY = 4;

/** Digests go from 07:00 Norwegian time: the first sweep of the day (or of the week) after it sends them. */
const MORNING_MINUTE = 7 * 60;

/** `d:2026-11-27` for a daily digest, `w:2026-W48` (ISO week of the Oslo day) for a weekly one. */
export function periodKeyOf(frequency: Exclude<DigestFrequency, 'off'>, now: Date): string {
  const day = osloToday(now);
  if (frequency === 'daily') return `d:${day}`;
  const d = new Date(`${day}T12:00:00Z`);
  const weekday = (d.getUTCDay() + 6) % 7; // Monday 0
  d.setUTCDate(d.getUTCDate() - weekday + 3); // Thursday of this ISO week
  const year = d.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(year, 0, 4));
  firstThursday.setUTCDate(firstThursday.getUTCDate() - ((firstThursday.getUTCDay() + 6) % 7) + 3);
  const week = 1 + Math.round((d.getTime() - firstThursday.getTime()) / (7 * 86_400_000));
  return `w:${year}-W${String(week).padStart(2, '0')}`;
}

/**
 * The e-mail digest (docs/notifications.md, "Digest"): a sweep (scheduled, once across replicas)
 * walks the users in batches by id, claims the period for those due (`digest_runs`, one row per user
 * and period, unique) and writes one send job per claim in the same transaction; each send job
 * renders the sections in the user's language and writes the mail. A sweep run again, or two at
 * once, claims nothing twice, so no one gets two digests for one period.
 */
@Injectable()
export class DigestService implements OnModuleInit {
  private readonly logger = new Logger('Digest');

  constructor(
    private readonly repository: DigestRepository,
    private readonly sections: DigestSections,
    private readonly notifications: NotificationsRepository,
    private readonly preferences: NotificationPreferencesService,
    private readonly mail: MailService,
    private readonly outbox: JobOutbox,
    private readonly scheduler: Scheduler,
    private readonly uow: UnitOfWork,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    // Through the Scheduler: only a process that runs jobs makes the schedule, and without waiting
    // for Redis (an awaited schedule held up start-up for as long as Redis did not answer).
    this.scheduler.every(DIGEST_SWEEP_JOB, this.config.digestSweepMs, () => this.sweep());
    this.outbox.handle<DigestSendJob>(DIGEST_SEND_JOB, (job) => this.send(job));
    this.registerUnreadSection();
  }

  /**
   * One pass over all users, `batchSize` at a time. Before 07:00 Oslo time it does nothing (the
   * morning's sweep sends). Each batch's claims go into send jobs of `sendBatchSize` readers, written
   * in the claims' transaction. Answers how many digests it claimed.
   */
  async sweep(now = new Date(), batchSize = this.config.digestBatchSize, sendBatchSize = this.config.digestSendBatchSize): Promise<number> {
    const wall = toOsloWallClock(now.toISOString());
    if (!wall) return 0;
    const [h = 0, m = 0] = wall.time.split(':').map(Number);
    if (h * 60 + m < MORNING_MINUTE) return 0;
    const periods = { daily: periodKeyOf('daily', now), weekly: periodKeyOf('weekly', now) };
    let after = 0;
    let claimed = 0;
    for (;;) {
      const { lastId, due } = await this.repository.dueBatch(after, batchSize);
      if (lastId === null) break;
      after = lastId;
      if (due.length === 0) continue;
      claimed += await this.uow.run(async (tx) => {
        let n = 0;
        for (const frequency of ['daily', 'weekly'] as const) {
          const ids = due.filter((d) => d.frequency === frequency).map((d) => d.user_id);
          const won = (await this.repository.claim(tx, ids, periods[frequency])).sort((a, b) => a - b);
          const jobs = [];
          for (let i = 0; i < won.length; i += sendBatchSize) {
            const userIds = won.slice(i, i + sendBatchSize);
            jobs.push({
              name: DIGEST_SEND_JOB,
              payload: { user_ids: userIds, period_key: periods[frequency] } satisfies DigestSendJob,
              // A reader is in one job of a period at most (their claim is won once): the first names it.
              dedupeKey: `digest:${periods[frequency]}:${userIds[0]}`,
              userIds,
            });
          }
          await this.outbox.add(tx, jobs);
          n += won.length;
        }
        return n;
      });
    }
    if (claimed > 0) this.logger.log(`Digest sweep: ${claimed} digests to send`);
    return claimed;
  }

  /**
   * Renders and writes the digests of one send job's readers: their recipients, periods and quiet
   * hours in one statement each, every section once for all of them (`collectMany`), then the mails
   * and their delivery jobs in one transaction with the job's done mark (`once`), two multi-row
   * inserts. A reader whose claim is gone (account erased), who turned the digest off, whose account
   * is no longer approved, who came by after the period's start (after the sweep looked), or who has
   * nothing left to read gets none; their claim stays, so the period sends them nothing later either.
   */
  private async send({ payload, once }: OutboxJobContext<DigestSendJob>): Promise<void> {
    const userIds = 'user_ids' in payload ? payload.user_ids : [payload.user_id];
    const recipients = (await this.repository.batchRecipients(userIds, payload.period_key)).filter(
      (r): r is typeof r & { frequency: DigestReader['frequency'] } => r.active && r.frequency !== 'off' && !r.seen_since,
    );
    if (recipients.length === 0) return;
    const readers = recipients.map((r): DigestReader => ({ userId: r.user_id, locale: r.locale, countyId: r.county_id, since: r.since, frequency: r.frequency }));
    const contents = await this.collectMany(readers);
    const notBefore = await this.preferences.deliverAtMany(recipients.map((r) => r.user_id));
    const mails: SendMail<'digest'>[] = [];
    for (const recipient of recipients) {
      const sections = contents.get(recipient.user_id) ?? [];
      if (sections.length === 0) continue;
      const unsubscribe = this.preferences.unsubscribeUrl(recipient.user_id, 'digest');
      const period = translate(recipient.locale, `notifications_ui.digest.period_${recipient.frequency}`);
      const rendered = await renderDigest({
        locale: recipient.locale,
        name: recipient.first_name,
        period,
        sections,
        siteUrl: this.config.publicUrl,
        settingsUrl: this.preferences.settingsUrl(),
        unsubscribeUrl: unsubscribe,
      });
      mails.push({
        to: recipient.email,
        template: 'digest',
        locale: recipient.locale,
        userId: recipient.user_id,
        vars: { name: recipient.first_name, period },
        rendered,
        headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        notBefore: notBefore.get(recipient.user_id),
      });
    }
    if (mails.length === 0) return;
    // Everything is read before `once`: inside it the transaction holds a connection, and a second one
    // from the pool per running job can starve the pool.
    await once(async (tx) => {
      await this.mail.sendMany(mails, tx);
    });
  }

  /** Every section's content for this reader, in order; a failing section is left out. */
  async collect(reader: DigestReader): Promise<DigestSectionContent[]> {
    return (await this.collectMany([reader])).get(reader.userId) ?? [];
  }

  /**
   * Every section's content for these readers, in order, keyed by user id (a reader with nothing has
   * an empty list). A section with a batch form is asked once for all; one without, reader by reader
   * (`PER_READER_CONCURRENCY` at a time). A section that fails is left out of the digests it failed
   * for (logged), never the digests.
   */
  async collectMany(readers: readonly DigestReader[]): Promise<Map<number, DigestSectionContent[]>> {
    const sections = this.sections.all();
    const failed = (key: string, who: string, err: unknown) =>
      this.logger.warn(`Digest section ${key} failed for ${who}: ${err instanceof Error ? err.message : String(err)}`);
    const perSection = await Promise.all(
      sections.map(async (section): Promise<Map<number, DigestSectionContent | null>> => {
        if (section.collectMany) {
          try {
            return await section.collectMany(readers);
          } catch (err) {
            failed(section.key, `${readers.length} readers`, err);
            return new Map();
          }
        }
        if (!section.collect) return new Map();
        const collect = section.collect.bind(section);
        const out = new Map<number, DigestSectionContent | null>();
        for (let i = 0; i < readers.length; i += PER_READER_CONCURRENCY) {
          await Promise.all(
            readers.slice(i, i + PER_READER_CONCURRENCY).map(async (reader) => {
              try {
                out.set(reader.userId, await collect(reader));
              } catch (err) {
                failed(section.key, `user ${reader.userId}`, err);
              }
            }),
          );
        }
        return out;
      }),
    );
    return new Map(
      readers.map((reader) => [
        reader.userId,
        perSection.map((contents) => contents.get(reader.userId) ?? null).filter((c): c is DigestSectionContent => c !== null && c.items.length > 0),
      ]),
    );
  }

  /**
   * The digest's own section, the unread notifications, in one set-based statement over a send
   * batch's readers. The other sections are their modules' (jobs, courses, petitions, posts, alerts:
   * each registers its own in `onModuleInit`, its SQL in its repository).
   */
  private registerUnreadSection(): void {
    const site = this.config.publicUrl;
    this.sections.register({
      key: 'unread',
      order: 10,
      collectMany: async (readers) =>
        contentsByReader(
          readers,
          await this.notifications.unreadOfMany(readers.map((r) => r.userId), 5),
          (r) => digestText(r, 'unread'),
          (r, g) => {
            const e = entryOf(g);
            const name = e.actor ? `${e.actor.first_name} ${e.actor.last_name}` : translate(r.locale, 'notifications_ui.someone');
            const { key, vars } = notificationMessage(e, name);
            return { text: translate(r.locale, `notifications_ui.${key}`, vars), url: `${site}/notifications` };
          },
        ),
    });
  }
}
