import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { type DigestFrequency, type Locale, notificationMessage, osloToday, toOsloWallClock, translate } from '@legenett/contracts';
import { type AppConfig, InjectConfig } from '../../../config';
import { MailService } from '../../../common/mail';
import { JobOutbox, type OutboxJobContext } from '../../../common/outbox';
import { Scheduler } from '../../../common/queue';
import { UnitOfWork } from '../../../database/unit-of-work';
import { NotificationPreferencesService } from '../notification-preferences.service';
import { NotificationsRepository } from '../notifications.repository';
import { entryOf } from '../notifications.service';
import { type DigestReader, DigestSections, type DigestSectionContent } from './digest-sections';
import { DigestRepository } from './digest.repository';
import { renderDigest } from './digest-template';

export const DIGEST_SWEEP_JOB = 'notifications.digest-sweep';
export const DIGEST_SEND_JOB = 'notifications.digest';

export interface DigestSendJob {
  user_id: number;
  period_key: string;
}

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

const dateText = (locale: Locale, value: string | Date) =>
  new Intl.DateTimeFormat(locale === 'no' ? 'nb-NO' : 'en-GB', { timeZone: 'Europe/Oslo', day: 'numeric', month: 'long', year: 'numeric' }).format(
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value),
  );

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
    this.registerBuiltInSections();
  }

  /**
   * One pass over all users, `batchSize` at a time. Before 07:00 Oslo time it does nothing (the
   * morning's sweep sends). Answers how many digests it claimed.
   */
  async sweep(now = new Date(), batchSize = this.config.digestBatchSize): Promise<number> {
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
          const won = await this.repository.claim(tx, ids, periods[frequency]);
          await this.outbox.add(
            tx,
            won.map((userId) => ({
              name: DIGEST_SEND_JOB,
              payload: { user_id: userId, period_key: periods[frequency] } satisfies DigestSendJob,
              dedupeKey: `digest:${userId}:${periods[frequency]}`,
              userIds: [userId],
            })),
          );
          n += won.length;
        }
        return n;
      });
    }
    if (claimed > 0) this.logger.log(`Digest sweep: ${claimed} digests to send`);
    return claimed;
  }

  /** Renders and writes one digest; nothing when the user turned it off meanwhile or nothing is left to say. */
  private async send({ payload, once }: OutboxJobContext<DigestSendJob>): Promise<void> {
    const recipient = await this.repository.recipient(payload.user_id);
    if (!recipient?.active || recipient.frequency === 'off') return;
    const reader: DigestReader = {
      userId: recipient.user_id,
      locale: recipient.locale,
      countyId: recipient.county_id,
      since: await this.repository.since(recipient.user_id, payload.period_key, recipient.frequency),
      frequency: recipient.frequency,
    };
    const contents = await this.collect(reader);
    if (contents.length === 0) return;
    const unsubscribe = this.preferences.unsubscribeUrl(recipient.user_id, 'digest');
    const period = translate(reader.locale, `notifications_ui.digest.period_${reader.frequency}`);
    const rendered = await renderDigest({
      locale: reader.locale,
      name: recipient.first_name,
      period,
      sections: contents,
      siteUrl: this.config.publicUrl,
      settingsUrl: this.preferences.settingsUrl(),
      unsubscribeUrl: unsubscribe,
    });
    // Read before `once`: inside it the transaction holds a connection, and a second one from the pool
    // per running job can starve the pool.
    const notBefore = await this.preferences.deliverAt(recipient.user_id);
    await once(async (tx) => {
      await this.mail.send(
        {
          to: recipient.email,
          template: 'digest',
          locale: reader.locale,
          userId: recipient.user_id,
          vars: { name: recipient.first_name, period },
          rendered,
          headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          notBefore,
        },
        tx,
      );
    });
  }

  /** Every section's content for this reader, in order; a failing section is left out. */
  async collect(reader: DigestReader): Promise<DigestSectionContent[]> {
    const results = await Promise.all(
        this.sections.all().map(async (s) => {
          try {
            const c = await s.collect(reader);
            return c && c.items.length > 0 ? c : null;
          } catch (err) {
            this.logger.warn(`Digest section ${s.key} failed for user ${reader.userId}: ${err instanceof Error ? err.message : String(err)}`);
            return null;
          }
        }),
      );
    return results.filter((c): c is DigestSectionContent => c !== null);
  }

  private registerBuiltInSections(): void {
    const site = this.config.publicUrl;
    const t = (r: DigestReader, key: string, vars: Record<string, string | number> = {}) => translate(r.locale, `notifications_ui.digest.${key}`, vars);
    this.sections.register({
      key: 'unread',
      order: 10,
      collect: async (r) => {
        const entries = (await this.notifications.page(r.userId, null, 20)).filter((g) => g.unread_count > 0).slice(0, 5);
        return {
          title: t(r, 'unread'),
          items: entries.map((g) => {
            const e = entryOf(g);
            const name = e.actor ? `${e.actor.first_name} ${e.actor.last_name}` : translate(r.locale, 'notifications_ui.someone');
            const { key, vars } = notificationMessage(e, name);
            return { text: translate(r.locale, `notifications_ui.${key}`, vars), url: `${site}/notifications` };
          }),
        };
      },
    });
    this.sections.register({
      key: 'jobs',
      order: 20,
      collect: async (r) => ({
        title: t(r, 'jobs'),
        items: (await this.repository.jobs(r.userId, r.countyId, r.since)).map((j) => ({
          text: j.title,
          url: `${site}/jobs/details/${j.id}`,
          meta: t(r, 'deadline', { date: dateText(r.locale, j.application_deadline) }),
        })),
      }),
    });
    this.sections.register({
      key: 'courses',
      order: 30,
      collect: async (r) => ({
        title: t(r, 'courses'),
        items: (await this.repository.courses(r.userId, r.since)).map((c) => ({
          text: c.title,
          url: `${site}/course/webinares/${c.id}/${c.type}`,
          meta: t(r, 'starts', { date: dateText(r.locale, c.start_at) }),
        })),
      }),
    });
    this.sections.register({
      key: 'petitions',
      order: 40,
      collect: async (r) => ({
        title: t(r, 'petitions'),
        items: (await this.repository.petitions(r.userId, r.since)).map((p) => ({ text: p.title, url: `${site}/petitions/details/${p.id}` })),
      }),
    });
    this.sections.register({
      key: 'posts',
      order: 50,
      collect: async (r) => ({
        title: t(r, 'posts'),
        items: (await this.repository.discussedPosts(r.userId, r.since)).map((p) => ({
          text: `${p.first_name} ${p.last_name}: ${p.body}`,
          url: `${site}/post/${p.id}`,
          meta: t(r, 'comments_count', { count: p.comments_count }),
        })),
      }),
    });
  }
}
